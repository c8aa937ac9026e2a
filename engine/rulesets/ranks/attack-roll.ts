import type { RandomSource } from '../../dice/random';
import type { Combatant, EncounterState } from '../../core/state';
import type { AttackPlan } from './attack';
import { ATTACKED, type AttackedEvent, type Resistance } from './attack-event';
import { outcomeOf, planCheck, rollCheck } from './checks';
import { ranksSettings } from './settings';
import { bandOf } from './shift-object';
import { DEFENSIVE_BONUS, READIED_DEFENCE_BONUS } from './tables';

// The attack's dice: the attack check; for a shift attack, whether it shifts the object at all;
// what resists it (the fixed value, or the better of it and a defensive check); and on a hit with
// ranks the damage roll against Strength and armour.

/** What resists before any defensive check: the fixed value of the defence that stands, or the value with none. */
function fixedResistance(plan: AttackPlan): Resistance {
  const d = plan.defence;
  return { kind: 'fixed', skill: d.skill, value: d.fixed, rolls: [], ...(d.used ? { with: d.used.name } : { undefended: true as const }) };
}

/**
 * The resistance after the defender's choice. On the defensive, "they may make a defensive ability
 * check and add +10"; "if the attack roll is not equal to the fixed value … there is no need to
 * make an ability check", so it is rolled only when the attack would beat the fixed value; and as
 * the check is theirs to make, it never leaves them worse off than the fixed value: the better stands.
 * A readied defence: "the greater of the fixed value or the ability check" (+5).
 */
function resistanceOf(state: EncounterState, target: Combatant, plan: AttackPlan, attackTotal: number, source: RandomSource): Resistance {
  const settings = ranksSettings(state.settings);
  const fixed = fixedResistance(plan);
  const d = plan.defence;
  const skill = d.check;
  if (!skill) return fixed;
  const beaten = outcomeOf(attackTotal, d.fixed, settings).success;
  if (d.defending && !beaten) return fixed;
  const bonus = d.defending ? DEFENSIVE_BONUS : READIED_DEFENCE_BONUS;
  const roll = rollCheck(planCheck(target, skill.dice, [skill.attribute, skill.key], settings), source);
  const check = roll.total + bonus;
  return { ...fixed, kind: d.defending ? 'defending' : 'readied', skill: skill.key, value: Math.max(d.fixed, check), rolls: roll.rolls, fixed: d.fixed, check };
}

/** The attack rolled: the check, the resistance, and on a hit with ranks the damage roll against Strength and armour. */
export function rollAttack(state: EncounterState, attacker: Combatant, target: Combatant, plan: AttackPlan, source: RandomSource, ruling: boolean): AttackedEvent {
  const settings = ranksSettings(state.settings);
  const attack = rollCheck(plan.check, source);
  const base = { type: ATTACKED, attackerId: attacker.id, targetId: target.id, weapon: plan.weapon.name, skill: plan.skill.key, rolls: attack.rolls, total: attack.total } as const;
  // A shift attack first shifts the object: no check is needed for it when the fixed value meets its difficulty.
  if (plan.object) {
    const shifting = outcomeOf(attack.total, plan.object.difficulty, settings);
    if (plan.skill.fixed < plan.object.difficulty && !shifting.success) {
      return { ...base, resistance: fixedResistance(plan), success: false, points: shifting.points, ranks: 0, damage: null, object: { difficulty: plan.object.difficulty, moved: false }, rng: source.state(), ...(ruling ? { ruling: true as const } : {}) };
    }
  }
  const resistance = resistanceOf(state, target, plan, attack.total, source);
  const outcome = outcomeOf(attack.total, resistance.value, settings);
  let damage: AttackedEvent['damage'] = null;
  if (outcome.success && outcome.ranks > 0) {
    const wanted = plan.weapon.damage + outcome.ranks - 1;
    // A shifted object does at most its band's dice (or what the GM ruled it does).
    const dice = plan.object ? Math.min(wanted, Math.max(plan.weapon.damage, bandOf(plan.object.difficulty).shiftDice)) : wanted;
    const roll = rollCheck(planCheck({ conditions: [] }, { dice, bonus: plan.weapon.damageBonus }, undefined, settings), source);
    const landed = outcomeOf(roll.total, plan.resist, settings);
    damage = { dice, rolls: roll.rolls, total: roll.total, resist: plan.resist, ranks: landed.success ? landed.ranks : 0 };
  }
  return {
    ...base,
    resistance,
    success: outcome.success,
    points: outcome.points,
    ranks: outcome.success ? outcome.ranks : 0,
    damage,
    ...(plan.object ? { object: { difficulty: plan.object.difficulty, moved: true } } : {}),
    rng: source.state(),
    ...(ruling ? { ruling: true as const } : {}),
  };
}
