import type { Edge } from '../../dice/checks';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../core/checks';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id, Track } from '../../core/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { hasTrait } from '../../core/fields';
import { markedOut } from '../../core/health';
import { withTrackValue } from '../../core/tracks';
import { ARMOUR } from './armour';
import { CATEGORY_LABEL, skillWith, type Skill, type Weapon, type WeaponCategory } from './kit';
import { personOf } from './person';
import { twoDiceSettings, type TwoDiceSettings } from './settings';
import { diceSum, netEdge, rollTest, typedDice } from './test-roll';
import { actionUsed, ranThisTurn, usedWords } from './turn';
import { hindered } from './hindrance';

// An attack: a test against the difficulty, at disadvantage without proficiency and at advantage
// with mastery. A hit deals 1 (light melee, ranged) or 2 (heavy melee); a critical adds 1; a
// target with damage reduction makes the attacker roll again, and a failure takes the reduction
// off the damage, down to nothing if it must. Untrained unarmed attacks deal no damage.

/** The weapon an attack is made with, or bare hands. */
export type AttackWeapon = Weapon | { id: null; name: 'Unarmed'; category: 'unarmed'; subclass: '' };
const UNARMED: AttackWeapon = { id: null, name: 'Unarmed', category: 'unarmed', subclass: '' };

/** Damage by category; trained unarmed hits as a light weapon. */
const BASE_DAMAGE: Readonly<Record<WeaponCategory, number>> = { 'light-melee': 1, 'heavy-melee': 2, ranged: 1, unarmed: 1 };

/** What the GM asks for. `skill` is the GM's ruling on whether a proficiency covers the weapon. */
export type AttackCommand = {
  type: 'two-dice/attack';
  attackerId: Id;
  targetId: Id;
  /** One of the attacker's weapons; null or absent for bare hands. */
  weaponId?: Id | null;
  skill?: Skill;
  /** A Difficult test rather than a normal one (the GM's call). */
  difficult?: boolean;
  /** Advantage or disadvantage from the situation, beside the weapon's and the armour's. */
  situation?: Edge;
  /** Dice rolled at the table, one value per die, instead of rolling here. */
  dice?: { attack?: number[]; critical?: number[]; reduction?: number[] };
  gmRuling?: boolean;
};

/** What an attack will be, before any die is rolled: what the form shows and the roll uses. */
export interface AttackPlan {
  attacker: Combatant;
  target: Combatant;
  weapon: AttackWeapon;
  skill: Skill;
  /** Why the skill is what it is ("proficient with one-handed swords", "no proficiency covers it"). */
  skillWhy: string;
  edge: Edge;
  /** Each advantage and disadvantage, in words. */
  edges: { edge: 'advantage' | 'disadvantage'; why: string }[];
  difficulty: number;
  /** Damage on a hit before a critical and reduction; 0 for untrained unarmed. */
  damage: number;
  /** The target's damage reduction. */
  reduction: number;
}

/** The attack's plan, or why it can't be made as asked. Refusals of the rules (not acting, spent) are the GM's to overrule. */
export function planAttack(state: EncounterState, cmd: Omit<AttackCommand, 'type' | 'dice'>): AttackPlan | Failure {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('two-dice/self', `${attacker.name} can't attack themselves; pick another target.`);
  const out = markedOut(target);
  if (out && out.how === 'dead') return failure('two-dice/target-dead', `${target.name} is dead already.`);
  const kit = personOf(attacker);
  let weapon: AttackWeapon = UNARMED;
  if (cmd.weaponId !== undefined && cmd.weaponId !== null) {
    const found = kit.weapons.find((w) => w.id === cmd.weaponId);
    if (!found) return failure('two-dice/weapon', `${attacker.name} carries no such weapon; pick one of theirs, or attack unarmed.`);
    weapon = found;
  }
  const settings = twoDiceSettings(state.settings);
  const trainedUnarmed = hasTrait(attacker, 'unarmedFighter');
  // Bare hands, or anything carried as an unarmed weapon (knuckles): the Unarmed Fighter trait is the skill.
  const unarmed = weapon.category === 'unarmed';
  const fromKit =
    unarmed
      ? { skill: (trainedUnarmed ? 'proficient' : 'none') as Skill, why: trainedUnarmed ? 'an Unarmed Fighter' : 'untrained unarmed' }
      : (() => {
          const found = skillWith(kit, weapon as Weapon);
          return { skill: found.skill, why: found.by ? `${found.skill === 'mastery' ? 'mastery of' : 'proficient with'} ${found.by.name.toLowerCase()}` : `no proficiency covers ${weapon.name}` };
        })();
  if (cmd.skill !== undefined && !['none', 'proficient', 'mastery'].includes(cmd.skill)) return failure('input/choice', 'Skill with the weapon is none, proficient or mastery.');
  const skill = cmd.skill ?? fromKit.skill;
  const skillWhy = cmd.skill !== undefined && cmd.skill !== fromKit.skill ? `the GM rules: ${skill === 'none' ? 'no proficiency' : skill}` : fromKit.why;
  const edges: AttackPlan['edges'] = [];
  if (skill === 'none' && !unarmed) edges.push({ edge: 'disadvantage', why: skillWhy });
  if (skill === 'mastery') edges.push({ edge: 'advantage', why: skillWhy });
  const armour = hindered(attacker, 'attack', settings);
  if (armour) edges.push({ edge: 'disadvantage', why: armour });
  if (cmd.situation === 'advantage' || cmd.situation === 'disadvantage') edges.push({ edge: cmd.situation, why: 'the situation' });
  const edge = netEdge(edges.filter((e) => e.edge === 'advantage').length, edges.filter((e) => e.edge === 'disadvantage').length);
  const untrainedUnarmed = unarmed && !trainedUnarmed;
  return {
    attacker,
    target,
    weapon,
    skill,
    skillWhy,
    edge,
    edges,
    difficulty: cmd.difficult === true ? settings.hardDifficulty : settings.difficulty,
    damage: untrainedUnarmed ? 0 : BASE_DAMAGE[weapon.category],
    reduction: reductionOf(target),
  };
}

/** A character's damage reduction: their armour's plus any natural protection. */
export function reductionOf(c: Combatant): number {
  return ARMOUR[personOf(c).armour].reduction + (c.stats.dr ?? 0);
}

/** Why the rules refuse this attacker now (the GM may overrule), or null. */
function turnRefusal(state: EncounterState, attacker: Combatant): Failure | null {
  if (state.activeId !== attacker.id) return ruleRefusal('two-dice/not-acting', `It isn't ${attacker.name}'s turn; attacks are made on one's own turn.`);
  if ((attacker.tracks.hp?.value ?? 1) <= 0 || personOf(attacker).stable) return ruleRefusal('two-dice/unconscious', `${attacker.name} is unconscious and can't attack.`);
  const used = actionUsed(state, attacker.id);
  if (used) return ruleRefusal('two-dice/turn-used', `${attacker.name} has already ${usedWords(used)} this turn; a turn holds one attack, evasion or extrication.`);
  if (ranThisTurn(state, attacker)) return ruleRefusal('two-dice/ran', `${attacker.name} advanced more than a normal move this turn, which ends the turn: no attack.`);
  return null;
}

/** The dice of the attack's steps, as the event keeps them. */
export interface AttackRolls {
  attack: Roll;
  difficulty: number;
  hit: boolean;
  /** The 2d6 rolled after the hit for a critical; null on a miss, with no damage to add to, or when the attack's own dice are read. */
  critical: Roll | null;
  isCritical: boolean;
  /** The roll past damage reduction; null when there was none to roll past. */
  reductionRoll: Roll | null;
  /** Points taken off by reduction (0 when the roll got past it). */
  reduced: number;
  damage: number;
}

/** Rolls the attack's steps by the plan: the test, then on a hit the critical and the roll past reduction. */
export function rollAttack(plan: AttackPlan, settings: TwoDiceSettings, random: RandomSource, dice: AttackCommand['dice'] = {}): Result<AttackRolls> {
  const typed = { attack: typedDice(dice.attack), critical: typedDice(dice.critical), reduction: typedDice(dice.reduction) };
  if (Object.values(typed).includes('bad')) return failure('input/dice', 'Dice typed in are lists of whole numbers, one per die.');
  const test = rollTest(random, { edge: plan.edge, difficulty: plan.difficulty, dice: typed.attack as readonly number[] | undefined }, settings);
  if (!test.ok) return test;
  const miss: AttackRolls = { attack: test.value.roll, difficulty: plan.difficulty, hit: false, critical: null, isCritical: false, reductionRoll: null, reduced: 0, damage: 0 };
  if (!test.value.success) return { ok: true, value: miss };
  if (plan.damage === 0) return { ok: true, value: { ...miss, hit: true } };
  // A critical reads a 2d6: the attack's own dice, or (as the text has it) a roll after the hit.
  let critical: Roll | null = null;
  if (settings.critRoll === 'separate') {
    const r = rollTest(random, { edge: 'normal', difficulty: settings.critOn, dice: typed.critical as readonly number[] | undefined }, settings);
    if (!r.ok) return r;
    critical = r.value.roll;
  }
  const isCritical = diceSum(critical ?? test.value.roll) >= settings.critOn;
  const bonus = isCritical ? 1 : 0;
  let reductionRoll: Roll | null = null;
  let reduced = 0;
  if (plan.reduction > 0) {
    const r = rollTest(random, { edge: 'normal', difficulty: settings.drDifficulty, dice: typed.reduction as readonly number[] | undefined }, settings);
    if (!r.ok) return r;
    reductionRoll = r.value.roll;
    if (!r.value.success) reduced = plan.reduction;
  }
  // The reduction takes what it can; the critical point comes before it or after, as the setting says.
  const damage = settings.critBeforeReduction ? Math.max(0, plan.damage + bonus - reduced) : Math.max(0, plan.damage - reduced) + bonus;
  const taken = settings.critBeforeReduction ? Math.min(reduced, plan.damage + bonus) : Math.min(reduced, plan.damage);
  return { ok: true, value: { ...miss, hit: true, critical, isCritical, reductionRoll, reduced: taken, damage } };
}

/** The attack's event, as it lands: the tracks after the damage. */
export type AttackedEvent = {
  type: 'two-dice/attacked';
  attackerId: Id;
  targetId: Id;
  weapon: string;
  category: WeaponCategory;
  skill: Skill;
  edge: Edge;
  rolls: AttackRolls;
  /** The target's reduction at the time (0 when none). */
  reduction: number;
  /** The target's tracks after the damage; null when none was dealt. */
  tracks: Record<string, Track> | null;
  rng: RandomState;
  ruling?: true;
};

/** Decides `two-dice/attack`. */
export function decideAttack(state: EncounterState, asked: AttackCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('two-dice/not-running', 'Attacks are made during the fight; start combat first.');
  // A question the fight waits for (a stabilisation test) comes first.
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const plan = planAttack(state, asked);
  if (isFailure(plan)) return plan;
  const refusal = turnRefusal(state, plan.attacker);
  if (refusal && asked.gmRuling !== true) return refusal;
  const settings = twoDiceSettings(state.settings);
  const source = random();
  const rolls = rollAttack(plan, settings, source, isRecordOrUndefined(asked.dice) ? asked.dice : {});
  if (!rolls.ok) return rolls;
  const tracks = rolls.value.damage > 0 ? withTrackValue(plan.target, 'hp', (hp) => hp.value - rolls.value.damage) : null;
  const event: AttackedEvent = {
    type: 'two-dice/attacked',
    attackerId: plan.attacker.id,
    targetId: plan.target.id,
    weapon: plan.weapon.name,
    category: plan.weapon.category,
    skill: plan.skill,
    edge: plan.edge,
    rolls: rolls.value,
    reduction: plan.reduction,
    tracks,
    rng: source.state(),
    ...(refusal ? { ruling: true as const } : {}),
  };
  return { ok: true, value: [event] };
}

function isRecordOrUndefined(value: unknown): value is AttackCommand['dice'] {
  return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));
}

/** The category's name, for the log and the form. */
export const categoryName = (c: WeaponCategory): string => CATEGORY_LABEL[c].toLowerCase();
