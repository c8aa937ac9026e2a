import type { Combatant } from '../../core/state';
import { zonesPerson } from './slice';

// "Hide behind a nearby character. Choose a nearby character, who must agree with the action."
// The engine can't hear them agree, so it reads who would from the fight: the target's own side
// would, an enemy would not. "Finally, they can hide behind the grabbed character as a reaction to
// an attack. The grabbed character has no option": someone the target holds is never asked. The
// GM may rule that an enemy goes along with it (a bribe, a trick).

/** Whether `helper` goes along with `target` hiding behind them, as the fight shows it. */
export function agreesToHide(target: Pick<Combatant, 'id' | 'factionId'>, helper: Combatant): boolean {
  return helper.factionId === target.factionId || zonesPerson(helper).grabbedBy === target.id;
}

/** Why `helper` won't be hidden behind, in a sentence; null when they go along with it. */
export function unwillingHelper(target: Pick<Combatant, 'id' | 'factionId' | 'name'>, helper: Combatant): string | null {
  if (agreesToHide(target, helper)) return null;
  return `${helper.name} is not on ${target.name}'s side and won't agree to be hidden behind; only a friend, or someone ${target.name} holds, can be. As GM you may rule otherwise.`;
}
