import type { RandomSource } from '../../dice/random';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { statOf } from '../../encounter/effects';
import type { EncounterEvent } from '../../encounter/events';
import type { Combatant, EncounterState } from '../../encounter/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { outcomeOf, planCheck, rollCheck, type CheckPlan } from './checks';
import { DEFENDING, isUnder } from './conditions';
import { engagedOpponents, holdsAction } from './engagement';
import { inflictRanks } from './inflict';
import { ATTACKED, type AttackedEvent, type Resistance } from './attack-event';
import { ranksSettings, type RanksSettings } from './settings';
import { spendAction } from './spend';
import { spentAdvantages } from './advantage-buy';
import { skillOf, UNARMED, weaponsOf, type SkillInUse, type WeaponEntry } from './sheet';
import { ATTACK_SKILL, DEFENCE, DEFENSIVE_BONUS, REACH, READIED_DEFENCE_BONUS } from './tables';
import { endReadied, readiedOf } from './readied';

// An attack: "a character rolls their skill dice against their opponent's resistance", the fixed
// value of the defending skill unless the defender went on the defensive (a defensive check + 10,
// rolled only when the attack beats the fixed value). It must be within the weapon's reach. The
// first rank of the result makes a damage roll, each further rank adds 1D; the damage roll is
// resisted by Strength with armour, and its ranks land on the damage track.

/** What an attack will be before any die is rolled: the form shows it. */
export interface AttackPlan {
  weapon: WeaponEntry;
  skill: SkillInUse;
  check: CheckPlan;
  /** The skill the defender resists with and its fixed value, whether they are on the defensive. */
  defence: { skill: SkillInUse; defending: boolean };
  /** Why the attack can't be made as it stands (out of reach), or null. */
  problem: string | null;
  /** What resists the damage roll: the target's Strength (as their conditions leave it) and armour. */
  resist: number;
}

/** The defence against a weapon: its category's defence skill, or bare-handed block when a martial or long weapon has no room. */
function defenceSkill(target: Combatant, weapon: WeaponEntry, distance: number | null, settings: RanksSettings): SkillInUse {
  const key = ATTACK_SKILL[weapon.category].defence;
  // Deflecting with a martial or long weapon needs 5 ft of distance: closer, the defender blocks.
  const needs = key === 'deflect' ? DEFENCE.martial.distance : 0;
  return skillOf(target, distance !== null && distance < needs ? 'block' : key, settings.die);
}

export function planAttack(state: EncounterState, attacker: Combatant, target: Combatant, weaponId: string | null, distance: number | null): AttackPlan | Failure {
  const settings = ranksSettings(state.settings);
  const weapon = weaponId === null ? UNARMED : weaponsOf(attacker).find((w) => w.id === weaponId);
  if (!weapon) return failure('ranks/weapon', `${attacker.name} has no such weapon; pick one of theirs, or bare hands.`);
  const skill = skillOf(attacker, ATTACK_SKILL[weapon.category].attack, settings.die);
  const reach = REACH[weapon.category];
  const problem =
    distance === null || (distance >= reach.min && distance <= reach.max)
      ? null
      : distance < reach.min
        ? `${target.name} is too close for ${attacker.name}'s ${weapon.name} (${distance} ft; it needs at least ${reach.min} ft).`
        : `${target.name} is out of reach of ${attacker.name}'s ${weapon.name} (${distance} ft; it reaches ${reach.max} ft).`;
  return {
    weapon,
    skill,
    check: planCheck(attacker, skill.dice, [skill.attribute, skill.key], settings),
    defence: { skill: defenceSkill(target, weapon, distance, settings), defending: isUnder(target, DEFENDING) },
    problem,
    resist: statOf(target, 'strength') + (target.stats.armour ?? 0),
  };
}

/** Decides `ranks/attack` ({ attackerId, targetId, weaponId: null for bare hands, distance in feet or null, gmRuling }). */
export function decideAttack(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('ranks/target', `${attacker.name} can't attack themselves.`);
  if (cmd.distance !== undefined && cmd.distance !== null && (typeof cmd.distance !== 'number' || !Number.isFinite(cmd.distance) || cmd.distance < 0 || cmd.distance > 10_000)) {
    return failure('ranks/distance', 'The distance is a number of feet from 0 up, or left out.');
  }
  const distance = typeof cmd.distance === 'number' ? Math.round(cmd.distance) : null;
  const plan = planAttack(state, attacker, target, typeof cmd.weaponId === 'string' ? cmd.weaponId : null, distance);
  if (isFailure(plan)) return plan;
  const ruling = cmd.gmRuling === true;
  if (plan.problem && !ruling) return ruleRefusal('ranks/reach', plan.problem);
  // Out of turn, an attack answers an engaged opponent's action.
  const acting = state.combatants.find((c) => c.id === state.activeId);
  if (state.activeId !== attacker.id && acting && !engagedOpponents(state, attacker).some((c) => c.id === acting.id) && !holdsAction(attacker) && !ruling) {
    return ruleRefusal('ranks/not-engaged', `${attacker.name} isn't engaged with ${acting.name}: out of turn they attack only to respond to an engaged opponent.`);
  }
  const spent = spendAction(state, attacker, 'attack', 'full', `at ${target.name}`);
  if (isFailure(spent)) return spent;
  const chain = new EventChain(state).push(...spent.value);
  strike(chain, attacker, target, plan, random(), ruling);
  return { ok: true, value: chain.events };
}

/**
 * The attack's events pushed onto `chain`, however it was paid for (the full action, or a readied
 * attack set off): the roll, a readied defence it uses up, and the damage ranks it lands.
 */
export function strike(chain: EventChain, attacker: Combatant, target: Combatant, plan: AttackPlan, source: RandomSource, ruling: boolean): void {
  const defender = chain.state.combatants.find((c) => c.id === target.id) ?? target;
  const event = rollAttack(chain.state, attacker, defender, plan, source, ruling);
  chain.push(event as unknown as EncounterEvent);
  chain.push(...spentAdvantages(chain.state, attacker.id), ...(event.resistance.rolls.length > 0 ? spentAdvantages(chain.state, target.id) : []));
  // A readied defence answers the first attack that comes, and is gone.
  if (event.resistance.kind === 'readied') chain.push(...endReadied(chain.state, target.id));
  const hurt = chain.state.combatants.find((c) => c.id === target.id);
  if (event.damage && event.damage.ranks > 0 && hurt) chain.push(...inflictRanks(chain.state, hurt, 'damage', event.damage.ranks));
}

/** The attack rolled: the check, the resistance, and on a hit with ranks the damage roll against Strength and armour. */
function rollAttack(state: EncounterState, attacker: Combatant, target: Combatant, plan: AttackPlan, source: RandomSource, ruling: boolean): AttackedEvent {
  const settings = ranksSettings(state.settings);
  const attack = rollCheck(plan.check, source);
  const fixed = plan.defence.skill.fixed;
  let resistance: Resistance = { kind: 'fixed', skill: plan.defence.skill.key, value: fixed, rolls: [] };
  // "If the attack roll is not equal to the fixed value … there is no need to make an ability
  // check": on the defensive, the check comes once the attack would succeed against the fixed value.
  if (plan.defence.defending && outcomeOf(attack.total, fixed, settings).success) {
    const defence = rollCheck(planCheck(target, plan.defence.skill.dice, [plan.defence.skill.attribute, plan.defence.skill.key], settings), source);
    resistance = { kind: 'defending', skill: plan.defence.skill.key, value: defence.total + DEFENSIVE_BONUS, rolls: defence.rolls };
  } else if (!plan.defence.defending && readiedOf(state, target) === 'defend') {
    // "The final defensive value is equal to the greater of the fixed value or the ability check" (+5).
    const defence = rollCheck(planCheck(target, plan.defence.skill.dice, [plan.defence.skill.attribute, plan.defence.skill.key], settings), source);
    resistance = { kind: 'readied', skill: plan.defence.skill.key, value: Math.max(fixed, defence.total + READIED_DEFENCE_BONUS), rolls: defence.rolls };
  }
  const outcome = outcomeOf(attack.total, resistance.value, settings);
  let damage: AttackedEvent['damage'] = null;
  if (outcome.success && outcome.ranks > 0) {
    const dice = plan.weapon.damage + outcome.ranks - 1;
    const roll = rollCheck(planCheck({ conditions: [] }, { dice, bonus: plan.weapon.damageBonus }, undefined, settings), source);
    const resist = plan.resist;
    const landed = outcomeOf(roll.total, resist, settings);
    damage = { dice, rolls: roll.rolls, total: roll.total, resist, ranks: landed.success ? landed.ranks : 0 };
  }
  return {
    type: ATTACKED,
    attackerId: attacker.id,
    targetId: target.id,
    weapon: plan.weapon.name,
    skill: plan.skill.key,
    rolls: attack.rolls,
    total: attack.total,
    resistance,
    success: outcome.success,
    points: outcome.points,
    ranks: outcome.success ? outcome.ranks : 0,
    damage,
    rng: source.state(),
    ...(ruling ? { ruling: true as const } : {}),
  };
}
