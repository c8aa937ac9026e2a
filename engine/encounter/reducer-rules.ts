import type { EventOf } from '../core/events';
import type { Combatant, EncounterState, Id, Mark } from '../core/state';

// How setup and override events change the state: marks, traits, the initiative holder, and
// settings (the space's: `space/events.ts`). Everything is already in the event.

export type RulesEvent = EventOf<
  | 'mark-set'
  | 'trait-set'
  | 'initiative-faction-set'
  | 'team-order-set'
  | 'setting-set'
>;

function update(state: EncounterState, id: Id, change: (c: Combatant) => Combatant): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? change(c) : c)) };
}

function withMark(c: Combatant, mark: Mark, on: boolean): Combatant {
  const marks = c.marks.filter((m) => m !== mark);
  return { ...c, marks: on ? [...marks, mark] : marks };
}

export function applyRulesEvent(state: EncounterState, event: RulesEvent): EncounterState {
  switch (event.type) {
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
    case 'team-order-set':
      return { ...state, sideOrder: [...event.order] };
    case 'setting-set':
      return { ...state, settings: { ...state.settings, [event.key]: event.value } };
  }
}
