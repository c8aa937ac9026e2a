import { bumpSerial } from '../../core/checks';
import { spendMovement } from '../../core/budget';
import type { Combatant, EncounterState, Id } from '../../core/state';
import type { ZoneSpaceEvent } from '../../core/maps/zone-events';
import type { Border } from '../../core/maps/zone-state';
import { bordersFromZones } from './borders';

// How the zones' events change the state: the zone list, a drawn map laid out or taken away, who
// stands where, and moves on a turn (which spend its movement). Everything is already in the event.

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

export function applyZonesEvent(state: EncounterState, event: ZoneSpaceEvent): EncounterState {
  switch (event.type) {
    case 'moved': {
      // Logs from before borders moved a whole zone at a time, never onto a border.
      const movers = [event.combatantId, ...event.carried];
      const to = { zoneId: event.to, borderId: event.toBorder ?? null };
      const moved = { ...state, combatants: state.combatants.map((c) => (movers.includes(c.id) ? { ...c, ...to } : c)) };
      return spendMovement(moved, event.halves ?? 2);
    }
    case 'zones-set': {
      // A plain zone list replaces any drawn map; its borders are two-way, derived from the neighbours.
      const serial = bumpSerial(state.serial, ...event.zones.map((z) => z.id));
      return withField({ ...state, serial }, { zones: event.zones, borders: bordersFromZones(event.zones), map: null }, event.moved);
    }
    case 'map-set':
      return withField(state, { zones: event.zones, borders: event.borders, map: event.map }, event.unplaced);
    case 'map-cleared':
      return withField(state, { zones: [], borders: [], map: null }, state.combatants.map((c) => c.id));
    case 'zone-set':
      // Older logs have no borderId: placing someone in a zone put them off any border.
      return update(state, event.combatantId, (c) => ({ ...c, zoneId: event.zoneId, borderId: event.borderId ?? null }));
  }
}
