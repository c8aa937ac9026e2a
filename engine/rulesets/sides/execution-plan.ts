import type { Combatant, EncounterState, Id, Mark } from '../../core/state';
import { displayOf } from '../../core/display';
import { isFailure } from '../../core/checks';
import type { Failure } from '../../result';
import { fightOf } from './fight';
import type { Weapon } from './gear';
import { MORTALLY_INJURED, UNCONSCIOUS } from './health';
import { oddsOfRoll } from './odds';
import { bonusOf, type Bonus, type BonusPart } from './opposed';
import { planAttack } from './plan';
import { sidesSettings } from './settings';
import { damageBonus, highestTotal } from './shock';

// An execution attack before any die is rolled. Ranged: "a DEX/Shoot check … a +4 bonus for an
// attack within 10', and +2 for an attack within the weapon's normal range" (the nearer one, not
// both), against the fight's difficulty, whatever the AC; melee: "automatically hitting", once
// "within melee range of the victim". Then "a Physical saving throw at a penalty equal to the
// assailant's combat skill" (the Shoot of the check, or the melee weapon's skill): failed, 0 HP and
// Mortally Injured, or knocked out by a non-lethal weapon; saved, "maximum damage from the hit".
// The execute form shows this plan; `sides/execute` rolls it.

/** The distance bonuses of a ranged execution (off the map the GM ticks which applies). */
export const EXECUTION_DISTANCE = {
  within10: { label: 'Within 10 ft', feet: 10, amount: 4 },
  withinRange: { label: 'Within normal range', amount: 2 },
} as const;

export interface ExecutionAsked {
  attackerId: Id;
  targetId: Id;
  weaponId: Id;
  /** Off the map, the GM's say on the distance; on it the map decides. */
  within10?: boolean;
  withinRange?: boolean;
}

export interface ExecutionPlan {
  attacker: Combatant;
  target: Combatant;
  weapon: Weapon;
  ranged: boolean;
  /** Feet between them on the map; null off it, when the distance is the GM's to tick. */
  feet: number | null;
  /** A ranged execution's DEX/Shoot check; null in melee, which hits. */
  check: { bonus: Bonus; dice: string; difficulty: number; chance: number } | null;
  /** The victim's Physical save: a d20 less the penalty must reach the save score. */
  save: { penalty: BonusPart; score: number; needs: number; chance: number };
  /** What a failed save leaves on the victim. */
  failMark: Mark;
  /** What a saved one still takes: the hit's maximum. */
  maxDamage: number;
  /** Out of reach, past long range, a bow with a foe in melee range: the GM may rule otherwise. */
  objection: Failure | null;
}

// What the attack's own plan objects to that an execution meets too (not the dual wielding it doesn't use).
const EXECUTION_OBJECTIONS = new Set(['sides/reach', 'sides/range', 'sides/bow-in-melee']);

/** The execution as it will be rolled, or why it can't be made at all (an unknown weapon or character). */
export function planExecution(state: EncounterState, asked: ExecutionAsked): ExecutionPlan | Failure {
  const attack = planAttack(state, { attackerId: asked.attackerId, targetId: asked.targetId, weaponId: asked.weaponId }, fightOf(state).swarms);
  if (isFailure(attack)) return attack;
  const { attacker, target, weapon, feet } = attack;
  const settings = sidesSettings(state.settings);
  const ranged = weapon.use !== 'melee';
  let check: ExecutionPlan['check'] = null;
  if (ranged) {
    const close = feet !== null ? feet <= EXECUTION_DISTANCE.within10.feet : asked.within10 === true;
    const near = feet !== null ? feet <= weapon.range : asked.withinRange !== false;
    const distance = close ? [EXECUTION_DISTANCE.within10] : near ? [EXECUTION_DISTANCE.withinRange] : [];
    const bonus = bonusOf([{ label: 'DEX', amount: attacker.stats.dex ?? 0 }, { label: 'Shoot', amount: attacker.stats.shoot ?? 0 }, ...distance.map((d) => ({ label: d.label, amount: d.amount }))]);
    check = { bonus, dice: settings.checkDice, difficulty: settings.executionDifficulty, chance: oddsOfRoll(settings.checkDice, bonus.total, settings.executionDifficulty, 'at-least') };
  }
  // The combat skill the execution was made with: the check's Shoot, or the melee weapon's skill.
  const skill = ranged ? 'shoot' : weapon.skill;
  const penalty = { label: skill.charAt(0).toUpperCase() + skill.slice(1), amount: Math.max(attacker.stats[skill] ?? 0, 0) };
  const score = target.stats.save ?? 15;
  const save = { penalty, score, needs: score + penalty.amount, chance: oddsOfRoll('1d20', -penalty.amount, score, 'at-least') };
  const party = displayOf(state).playerFactions.includes(target.factionId);
  const failMark = weapon.nonLethal ? UNCONSCIOUS : settings.atZero === 'enemies-die' && !party ? 'dead' : MORTALLY_INJURED;
  const maxDamage = Math.max(0, highestTotal(weapon.damage) + damageBonus(attacker, weapon, attack.attribute));
  const objection = attack.objection && EXECUTION_OBJECTIONS.has(attack.objection.code) ? attack.objection : null;
  return { attacker, target, weapon, ranged, feet, check, save, failMark, maxDamage, objection };
}
