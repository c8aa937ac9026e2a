import type { Combatant, EncounterState } from '../../encounter/state';
import { failure, type Failure } from '../../result';
import { HOLDING, isUnder } from './conditions';

// What the bare action buttons may not do: attacks go through the attack form (which rolls them
// and asks for answers), and out of turn only an Instant may be taken, or anything on a held action.

const ATTACKS = new Set(['melee', 'ranged', 'swarm', 'charge', 'snap']);
// Screening names its ward: the screen command takes it.
const OWN = new Set(['screen']);
const INSTANTS = new Set(['total-defence', 'snap']);

export function sidesRefusal(state: EncounterState, c: Combatant, actionId: string): Failure | null {
  if (ATTACKS.has(actionId)) return failure('sides/attack-form', 'Attacks are rolled from the attack form (A), which asks for snap attacks and total defence before the damage.');
  if (OWN.has(actionId)) return failure('sides/screen-form', 'Screen an ally from the turn panel\'s Screen button, naming the ally.');
  if (state.activeId !== c.id && !INSTANTS.has(actionId) && !isUnder(c, HOLDING)) return failure('sides/not-acting', `It isn't ${c.name}'s turn: out of turn only an Instant action (total defence, a snap attack) may be taken, or a held action.`);
  return null;
}
