import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Failure } from '../../result';
import { surprised } from './acting';
import { HOLDING, isUnder } from './conditions';

// What the bare action buttons may not do: attacks go through the attack form (which rolls them
// and asks for answers), and out of turn only an Instant may be taken, or anything on a held action.

const ATTACKS = new Set(['melee', 'ranged', 'swarm', 'charge', 'snap']);
// Screening names its ward, reloading its weapon (whose kind sets the cost): their own commands
// take them. Readying, stowing, dropping and picking up are taken bare for any item that isn't one
// of the character's tracked weapons ("Ready an item for use from their pack", "Scoop up a dropped
// item": a torch, a key, a potion), counted as the table says; a tracked weapon's own commands
// (`items.ts`) also move it.
const OWN: Readonly<Record<string, string>> = {
  screen: "Screen an ally from the turn panel's Screen button, naming the ally.",
  reload: "Reload from the turn panel's Reload button, naming the weapon: its kind sets what it takes.",
  'break-free': "Break free from the turn panel's Break free button: it rolls against each grappler.",
  drag: "Drag or throw from the turn panel's grapple buttons: they roll the check.",
};
const INSTANTS = new Set(['total-defence', 'snap']);

export function sidesRefusal(state: EncounterState, c: Combatant, actionId: string): Failure | null {
  if (ATTACKS.has(actionId)) return failure('sides/attack-form', 'Attacks are rolled from the attack form (T), which asks for snap attacks and total defence before the damage.');
  const own = OWN[actionId];
  if (own) return failure('sides/own-form', own);
  if (surprised(state, c)) return failure('sides/surprised', `${c.name}'s side was caught unawares: they do nothing in the surprise round.`);
  if (state.activeId !== c.id && !INSTANTS.has(actionId) && !isUnder(c, HOLDING)) return failure('sides/not-acting', `It isn't ${c.name}'s turn: out of turn only an Instant action (total defence, a snap attack) may be taken, or a held action.`);
  return null;
}
