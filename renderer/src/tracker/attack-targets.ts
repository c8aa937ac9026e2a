import { isOutOfFight, type Combatant, type EncounterState, type Ruleset } from '../../../engine/index';

/**
 * Whom an attack form offers, in the order the number keys pick them: the attacker's foes first,
 * then their allies, the fallen after those standing; the dead and the attacker left out.
 */
export function attackTargets(state: EncounterState | null, ruleset: Ruleset | undefined, attacker: Combatant): Combatant[] {
  const others = (state?.combatants ?? []).filter((c) => c.id !== attacker.id && !c.marks.includes('dead'));
  const rank = (c: Combatant) => (c.factionId !== attacker.factionId ? 0 : 1) + (isOutOfFight(ruleset, c) ? 2 : 0);
  return [...others].sort((a, b) => rank(a) - rank(b));
}
