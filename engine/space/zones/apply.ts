import type { EventOf } from '../../encounter/events';
import type { Border, Combatant, EncounterState, Id } from '../../encounter/state';
import { bordersFromZones } from './borders';

// How the zones' events change the state: the zone list, a drawn map laid out or taken away, and
// who stands where. Everything is already in the event.

export type ZonesEvent = EventOf<'zones-set' | 'zone-set' | 'map-set' | 'map-cleared'>;

function update(state: EncounterState, id: Id, change: (c: Combatant) => Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? change(c) : c)) };
}

/**
 * New zones and borders: whoever is listed (`unplaced`) stands nowhere, and whoever stood on a
 * border that is gone steps off it into their zone.
 */
function withField(state: EncounterState, field: Pick<EncounterState, 'zones' | 'borders' | 'map'>, unplaced: readonly Id[]): EncounterState {
  const kept = new Set(field.borders.map((b: Border) => b.id));
  return {
    ...state,
    ...field,
    combatants: state.combatants.map((c) => {
      if (unplaced.includes(c.id)) return { ...c, zoneId: null, borderId: null };
      return c.borderId && !kept.has(c.borderId) ? { ...c, borderId: null } : c;
    }),
  };
}

export function applyZonesEvent(state: EncounterState, event: ZonesEvent): EncounterState {
  switch (event.type) {
    case 'zones-set':
      // A plain zone list replaces any drawn map; its borders are two-way, derived from the neighbours.
      return withField(state, { zones: event.zones, borders: bordersFromZones(event.zones), map: null }, event.moved);
    case 'map-set':
      return withField(state, { zones: event.zones, borders: event.borders, map: event.map }, event.unplaced);
    case 'map-cleared':
      return withField(state, { zones: [], borders: [], map: null }, state.combatants.map((c) => c.id));
    case 'zone-set':
      // Older logs have no borderId: placing someone in a zone put them off any border.
      return update(state, event.combatantId, (c) => ({ ...c, zoneId: event.zoneId, borderId: event.borderId ?? null }));
  }
}
