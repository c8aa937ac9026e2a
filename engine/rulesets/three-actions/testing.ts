// Set-up shared by Three Actions' tests: an encounter under the ruleset and its characters. Not
// part of the ruleset's surface.
import '../builtin';
import type { Command } from '../../encounter/commands';
import { createEncounter, type Encounter } from '../../encounter/encounter';
import type { Id } from '../../encounter/state';
import { HEROES, idOf, run } from '../../test-support';

/** A new Three Actions encounter with the default factions (f1 the players', f2 the enemies). */
export function newThreeActions(seed = 1): Encounter {
  const created = createEncounter({ id: 'ta', name: 'Three actions', rulesetId: 'three-actions', seed });
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
