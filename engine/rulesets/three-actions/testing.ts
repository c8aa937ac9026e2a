// Set-up shared by Three Actions' tests: an encounter under the ruleset and its characters. Not
// part of the ruleset's surface.
import '../builtin';
import type { Command } from '../../core/commands';
import { createEncounter, type Encounter } from '../../encounter/encounter';
import type { EncounterEvent } from '../../core/events';
import type { Id } from '../../core/state';
import { HEROES, idOf, run } from '../../test-support';
import type { ThreeActionsEvent } from './events';
import { BUILTIN_RULESETS } from '../../all-rulesets';

type Of<T extends ThreeActionsEvent['type']> = Extract<ThreeActionsEvent, { type: T }>;

/** Whether an event is Three Actions' event of type `type`, read as that event. */
export const isEvent = <T extends ThreeActionsEvent['type']>(e: EncounterEvent | undefined, type: T): e is Of<T> => e?.type === type;

/** A step's first event, read as the Three Actions event of type `type` (a test fails if it is another). */
export function firstEvent<T extends ThreeActionsEvent['type']>(events: readonly EncounterEvent[], type: T): Of<T> {
  const first = events[0];
  if (!isEvent(first, type)) throw new Error(`expected a ${type} event first, got ${first?.type ?? 'none'}`);
  return first;
}

/** The first of the events of type `type` (a test fails without one). */
export function eventOf<T extends ThreeActionsEvent['type']>(events: readonly EncounterEvent[], type: T): Of<T> {
  const found = events.find((e): e is Of<T> => isEvent(e, type));
  if (!found) throw new Error(`no ${type} event`);
  return found;
}

/** A new Three Actions encounter with the default factions (f1 the players', f2 the enemies). */
export function newThreeActions(seed = 1): Encounter {
  const created = createEncounter({ id: 'ta', name: 'Three actions', rulesetId: 'three-actions', seed }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  return created.encounter;
}

/** Adds a Three Actions character. */
export function addTA(name: string, options: { factionId?: Id; endurance?: number; health?: number; stamina?: number; constitution?: number; traits?: string[]; quantity?: number } = {}): Command {
  return {
    type: 'add-combatant',
    name,
    factionId: options.factionId ?? HEROES,
    stats: { constitution: options.constitution ?? 4 },
    tracks: { endurance: options.endurance ?? 12, health: options.health ?? 12, stamina: options.stamina ?? 3, focus: 3 },
    quantity: options.quantity ?? 1,
    ...(options.traits ? { traits: options.traits } : {}),
  };
}

/** `name` takes their turn and ends it. */
export function turnOf(e: Encounter, name: string): Encounter {
  return run(e, { type: 'take-turn', combatantId: idOf(e, name) }, { type: 'end-turn' });
}
