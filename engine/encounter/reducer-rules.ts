import type { EventOf } from './events';
import { bordersFromZones } from '../map/borders';
import type { Border, Combatant, EncounterState, Id, Mark } from './state';

// How setup and override events change the state: zones and maps, marks, the initiative holder,
// and settings. Everything is already in the event.

export type RulesEvent = EventOf<
  | 'zones-set'
  | 'zone-set'
  | 'map-set'
  | 'map-cleared'
  | 'mark-set'
  | 'trait-set'
  | 'initiative-faction-set'
  | 'setting-set'
>;

function update(state: EncounterState, id: Id, change: (c: Combatant) => Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? change(c) : c)) };
}

function withMark(c: Combatant, mark: Mark, on: boolean): Combatant {
  const marks = c.marks.filter((m) => m !== mark);
  return { ...c, marks: on ? [...marks, mark] : marks };
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



export function applyRulesEvent(state: EncounterState, event: RulesEvent): EncounterState {
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
    case 'mark-set':
      return update(state, event.combatantId, (c) => withMark(c, event.mark, event.on));
    case 'trait-set':
      return update(state, event.combatantId, (c) => {
        const traits = (c.traits ?? []).filter((t) => t !== event.trait);
        return { ...c, traits: event.on ? [...traits, event.trait] : traits };
      });
    case 'initiative-faction-set':
      // Null: unclear who started it, so it is drawn at random when combat starts.
      return { ...state, initiativeFactionId: event.factionId ?? null, initiativePreset: event.factionId ?? null };
    case 'setting-set':
      return { ...state, settings: { ...state.settings, [event.key]: event.value } };
  }
}
