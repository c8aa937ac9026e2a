import type { RandomSource } from '../../dice/random';
import { EventChain } from '../../encounter/chain';
import { checkCombatant, isFailure } from '../../core/checks';
import { statOf } from '../../core/effects';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { planCheck, ranksOf, type CheckPlan } from './checks';
import { DEFENDING, isUnder } from './conditions';
import { chooseDefence, defenceWords, type DefenceChoice } from './defence';
import { offTurnRefusal } from './engagement';
import { inflictRanks } from './inflict';
import { rollAttack } from './attack-roll';
import { ranksSettings } from './settings';
import { spendAction } from './spend';
import { spentAdvantages } from './advantage-buy';
import { skillOf, UNARMED, weaponsOf, type SkillInUse } from './sheet';
import { checkObject, objectProblem, type ShiftObject } from './shift-object';
import { ATTACK_SKILL, REACH, SHIFT_REACH, SKILLS, type AttackKind, type SkillKey } from './tables';
import { endReadied, readiedOf, readiers } from './readied';
import { isOutOfFight } from '../../core/health';
import { findRuleset } from '../../core/registry';
import { TRIGGER_ATTACK_ASKED, type AttackHeldEvent, type HeldAttack } from './trigger-names';
import type { RanksCommandOf } from './commands';

// An attack: "a character rolls their skill dice against their opponent's resistance", the fixed
// value of the defence the defender's own weapon (or bare hands) gives against it (`defence.ts`).
// On the defensive they may roll a check with any relevant skill + 10; the better of it and the
// fixed value stands. It must be within the weapon's reach. A heavy object knocked over or hurled
// (up to 15 ft) is a shift attack: Lifting: shift, which must shift the object first. The first
// rank of the result makes a damage roll, each further rank adds 1D; the damage roll is resisted
// by Strength with armour, and its ranks land on the damage track.

/** What the attack is made with: a weapon of the attacker's (or bare hands), or a shifted object. */
export interface AttackWith {
  name: string;
  kind: AttackKind;
  damage: number;
  damageBonus: number;
  reach: { min: number; max: number };
}

/** What the GM gives beside the weapon: the room the defender has, their choices, a shifted object. */
export interface AttackOptions {
  /** Feet of space around the defender (null: not given, taken as enough). */
  clearance?: number | null;
  /** The defender's pick of defence: a weapon of theirs or `BARE_HANDS` (null: the best that can meet it). */
  defenceId?: string | null;
  /** On the defensive, the skill of their check (undefined: the defence's own; null: they don't roll). */
  defensive?: SkillKey | null;
  /** A heavy object knocked over or hurled instead of a weapon. */
  object?: ShiftObject | null;
}

/** A reason the attack can't be made as it stands, which the GM may rule past. */
export interface AttackProblem {
  code: 'ranks/reach' | 'ranks/shift-damage' | 'ranks/cannot-defend';
  message: string;
}

/** What an attack will be before any die is rolled: the form shows it. */
export interface AttackPlan {
  weapon: AttackWith;
  object: ShiftObject | null;
  skill: SkillInUse;
  check: CheckPlan;
  /** The defence that stands (and the defender's others), in a sentence, and the defensive check they would roll. */
  defence: DefenceChoice & { defending: boolean; readied: boolean; check: SkillInUse | null; words: string };
  problems: AttackProblem[];
  /** What resists the damage roll: the target's Strength (as their conditions leave it) and armour. */
  resist: number;
}

function reachProblem(attacker: Combatant, target: Combatant, weapon: AttackWith, distance: number | null): AttackProblem | null {
  const { min, max } = weapon.reach;
  if (distance === null || (distance >= min && distance <= max)) return null;
  const its = weapon.kind === 'object' ? `the ${weapon.name}` : `${attacker.name}'s ${weapon.name}`;
  if (distance < min) return { code: 'ranks/reach', message: `${target.name} is too close for ${its} (${distance} ft; it needs at least ${min} ft).` };
  return { code: 'ranks/reach', message: `${target.name} is out of reach of ${its} (${distance} ft; it reaches ${max} ft).` };
}

export function planAttack(state: EncounterState, attacker: Combatant, target: Combatant, weaponId: string | null, distance: number | null, options: AttackOptions = {}): AttackPlan | Failure {
  const settings = ranksSettings(state.settings);
  const object = options.object ?? null;
  let weapon: AttackWith;
  let skillKey: SkillKey;
  if (object) {
    weapon = { name: object.name, kind: 'object', damage: object.dice, damageBonus: 0, reach: { min: 0, max: SHIFT_REACH } };
    skillKey = 'shift';
  } else {
    const w = weaponId === null ? UNARMED : weaponsOf(attacker).find((x) => x.id === weaponId);
    if (!w) return failure('ranks/weapon', `${attacker.name} has no such weapon; pick one of theirs, or bare hands.`);
    weapon = { name: w.name, kind: w.category, damage: w.damage, damageBonus: w.damageBonus, reach: REACH[w.category] };
    skillKey = ATTACK_SKILL[w.category].attack;
  }
  const skill = skillOf(attacker, skillKey, settings.die);
  const choice = chooseDefence(target, weapon.kind, { distance, clearance: options.clearance ?? null }, settings, options.defenceId ?? null);
  if (isFailure(choice)) return choice;
  const defending = isUnder(target, DEFENDING);
  const readied = !defending && readiedOf(state, target) === 'defend';
  const problems: AttackProblem[] = [];
  const reach = reachProblem(attacker, target, weapon, distance);
  if (reach) problems.push(reach);
  const tooMuch = object ? objectProblem(object) : null;
  if (tooMuch) problems.push({ code: 'ranks/shift-damage', message: tooMuch });
  if (choice.refusal) problems.push({ code: 'ranks/cannot-defend', message: choice.refusal });
  // A defensive check comes only on the defensive (or with a defence readied); the defender may pick
  // its skill ("any relevant skill") or not roll. With nothing to defend with there is none: "in
  // order to defend … for both full actions and fixed values … a character must have distance and clearance".
  let check: SkillInUse | null = null;
  if ((defending || readied) && options.defensive !== null) {
    if (options.defensive !== undefined) check = skillOf(target, options.defensive, settings.die);
    else if (choice.used) check = choice.used.skill;
    if (options.defensive !== undefined && !choice.used) problems.push({ code: 'ranks/cannot-defend', message: `Nothing of ${target.name}'s can meet this attack here, so no defensive check either.` });
  }
  return {
    weapon,
    object,
    skill,
    check: planCheck(attacker, skill.dice, [skill.attribute, skill.key], settings),
    defence: { ...choice, defending, readied, check, words: defenceWords(target, weapon.kind, choice) },
    problems,
    resist: statOf(target, 'strength') + (target.stats.armour ?? 0),
  };
}

/** A number of feet as sent (null: not given), or the refusal saying what to send. */
function feet(raw: unknown, code: string, what: string): number | null | Failure {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || raw > 10_000) return failure(code, `The ${what} is a number of feet from 0 up, or left out.`);
  return Math.round(raw);
}

/** The command's choices beside the weapon, checked. */
function attackOptions(state: EncounterState, cmd: RanksCommandOf<'ranks/attack'>, target: Combatant): AttackOptions | Failure {
  const clearance = feet(cmd.clearance, 'ranks/clearance', 'clearance');
  if (isFailure(clearance)) return clearance;
  if (cmd.defenceId !== undefined && cmd.defenceId !== null && typeof cmd.defenceId !== 'string') return failure('ranks/defence', 'The defence is a weapon of the defender\'s, bare hands, or left to the table.');
  let defensive: SkillKey | null | undefined;
  if (cmd.defensive === null) defensive = null;
  else if (cmd.defensive !== undefined) {
    defensive = SKILLS.find((s) => s.key === cmd.defensive)?.key;
    if (!defensive) return failure('ranks/skill', 'Name one of the text\'s skills for the defensive check, or none.');
    if (!isUnder(target, DEFENDING) && readiedOf(state, target) !== 'defend') return failure('ranks/not-defensive', `${target.name} isn't on the defensive: their fixed value stands (going on the defensive is a full action, Defend).`);
  }
  const object = cmd.object === undefined || cmd.object === null ? null : checkObject(cmd.object);
  if (isFailure(object)) return object;
  return { clearance, defenceId: typeof cmd.defenceId === 'string' ? cmd.defenceId : null, defensive, object };
}

/**
 * Decides `ranks/attack` ({ attackerId, targetId, weaponId: null for bare hands, distance and
 * clearance in feet or null, defenceId, defensive, object: a shifted object, gmRuling }).
 */
export function decideAttack(state: EncounterState, cmd: RanksCommandOf<'ranks/attack'>, random: () => RandomSource): Result<EncounterEvent[]> {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('ranks/target', `${attacker.name} can't attack themselves.`);
  const distance = feet(cmd.distance, 'ranks/distance', 'distance');
  if (isFailure(distance)) return distance;
  const options = attackOptions(state, cmd, target);
  if (isFailure(options)) return options;
  const plan = planAttack(state, attacker, target, typeof cmd.weaponId === 'string' ? cmd.weaponId : null, distance, options);
  if (isFailure(plan)) return plan;
  const ruling = cmd.gmRuling === true;
  const problem = plan.problems[0];
  if (problem && !ruling) return ruleRefusal(problem.code, problem.message);
  // Out of turn, an attack answers an engaged opponent's action (or uses an action held for later).
  const offTurn = offTurnRefusal(state, attacker);
  if (offTurn && !ruling) return ruleRefusal(offTurn.code, offTurn.message);
  const spent = spendAction(state, attacker, 'attack', 'full', `at ${target.name}`);
  if (isFailure(spent)) return spent;
  // Those holding an attack or a check ready for an attack are asked first: "a readied action is
  // considered to be immediately prior to the triggering action". The attack waits, checked, and is
  // planned and paid for again once it goes on (`resolveHeldAttack`).
  const ready = readiers(state, attacker, 'attack');
  if (ready.length > 0) {
    const attack: HeldAttack = { targetId: target.id, weaponId: typeof cmd.weaponId === 'string' ? cmd.weaponId : null, distance, clearance: options.clearance ?? null, defenceId: options.defenceId ?? null, ...(options.defensive !== undefined ? { defensive: options.defensive } : {}), object: options.object ?? null, gmRuling: ruling };
    const asked: AttackHeldEvent = { type: TRIGGER_ATTACK_ASKED, moverId: attacker.id, attack, readierIds: ready.map((c) => c.id) };
    return { ok: true, value: [asked] };
  }
  const chain = new EventChain(state).push(...spent.value);
  strike(chain, attacker, target, plan, random(), ruling);
  return { ok: true, value: chain.events };
}

/**
 * An attack held while those holding something ready answered, now going on: planned again on the
 * state it lands on (a readied strike may have changed it), paid for and rolled. A target no longer
 * in the fight is attacked no more.
 */
export function resolveHeldAttack(state: EncounterState, attackerId: Id, held: HeldAttack, random: () => RandomSource): Result<EncounterEvent[]> {
  const attacker = checkCombatant(state, attackerId);
  if (isFailure(attacker)) return attacker;
  const target = state.combatants.find((c) => c.id === held.targetId);
  if (!target || isOutOfFight(findRuleset(state.rulesetId), target)) return { ok: true, value: [] };
  const options: AttackOptions = { clearance: held.clearance, defenceId: held.defenceId, ...(held.defensive !== undefined ? { defensive: held.defensive } : {}), object: held.object };
  const plan = planAttack(state, attacker, target, held.weaponId, held.distance, options);
  if (isFailure(plan)) return plan;
  const problem = plan.problems[0];
  if (problem && !held.gmRuling) return ruleRefusal(problem.code, problem.message);
  const spent = spendAction(state, attacker, 'attack', 'full', `at ${target.name}`);
  if (isFailure(spent)) return spent;
  const chain = new EventChain(state).push(...spent.value);
  strike(chain, attacker, target, plan, random(), held.gmRuling);
  return { ok: true, value: chain.events };
}

/**
 * The attack's events pushed onto `chain`, however it was paid for (the full action, or a readied
 * attack set off): the roll, a readied defence it uses up, the damage ranks it lands, and the
 * fatigue of failing to shift an object (a movement check: "the movement may still occur, but the
 * character suffers a fatigue condition equal to the negative result points").
 */
export function strike(chain: EventChain, attacker: Combatant, target: Combatant, plan: AttackPlan, source: RandomSource, ruling: boolean): void {
  const defender = chain.state.combatants.find((c) => c.id === target.id) ?? target;
  const event = rollAttack(chain.state, attacker, defender, plan, source, ruling);
  chain.push(event);
  chain.push(...spentAdvantages(chain.state, attacker.id), ...(event.resistance.rolls.length > 0 ? spentAdvantages(chain.state, target.id) : []));
  // A readied defence answers the first attack that comes, and is gone.
  if (event.resistance.kind === 'readied') chain.push(...endReadied(chain.state, target.id));
  const hurt = chain.state.combatants.find((c) => c.id === target.id);
  if (event.damage && event.damage.ranks > 0 && hurt) chain.push(...inflictRanks(chain.state, hurt, 'damage', event.damage.ranks));
  const tired = chain.state.combatants.find((c) => c.id === attacker.id);
  if (event.object && !event.object.moved && tired) chain.push(...inflictRanks(chain.state, tired, 'fatigue', ranksOf(-event.points, ranksSettings(chain.state.settings))));
}
