import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import { statOf } from '../../core/effects';
import type { Combatant, EncounterState, Id, Track } from '../../core/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { weaponToHand } from './hands';
import { ownTurnRefusal } from './own-turn';
import { surroundingsOf, type ReadFrom, type Surroundings } from './surroundings';
import { openingAttackEvents, opensWithRefusal } from './opening';
import { afterDamage } from './blow';
import { asksAfterHit } from './defend';
import { kindOf, reductionFor, type DamageType, type Reduction, type Weapon } from './gear';
import { damaged, isUnconscious } from './health';
import { BEHIND_COVER, isUnder, PRONE, READIED } from './conditions';
import { attacksThisRound, personOf } from './person';
import { hasReaction } from './reactions';
import { readiedOf, readiedRefusal } from './ready';
import { threeActionsSettings } from './settings';

// An attack: the weapon's test (attribute die + combat skill die + proficiency) against the
// target's evasion, a tie hitting; −2 for each attack the attacker made before it this round;
// advantage for a sneak attack and for a flanked target (double for both); the size difference
// moving the target's evasion and deflection. The luck die rolls beside it: at or above the
// weapon's critical threshold the attack can't miss and deals critical damage; at 1 or less a
// thrown or shot weapon strays onto someone within 1 m of the target. Damage is the test's result
// plus the weapon's damage, less the target's deflection of the damage's kind (physical or
// elemental; typeless, neither unless the GM names one), at least 1.

export type AttackCommand = {
  type: 'three-actions/attack';
  attackerId: Id;
  targetId: Id;
  weaponId: Id;
  /** The target can't see the attacker. */
  sneak?: boolean;
  /**
   * The target is surrounded on two opposite sides (the attacker need not be one of them). Where a
   * grid map can tell, the squares say it: the GM's word against them is refused unless ruled.
   */
  flank?: boolean;
  /** Who stands within 1 m of the target, where a stray shot may land; where a grid map can tell, as `flank`. */
  nearTarget?: Id[];
  /** Dice rolled at the table: the test's (one value per die) and the luck die's. */
  dice?: { test?: number[]; luck?: number };
  /** Typeless damage only: the deflection the GM rules reduces it (the text: "normally" neither does). */
  typelessReducedBy?: 'physical' | 'elemental';
  gmRuling?: boolean;
};

/** The amount of the reduction among the target's deflections (as this attacker finds them). */
export function reducedBy(defences: { deflection: number; elementalDeflection: number }, reduction: Reduction): number {
  return reduction === 'physical' ? defences.deflection : reduction === 'elemental' ? defences.elementalDeflection : 0;
}

/** What the attack will be before any die is rolled. */
export interface AttackPlan {
  attacker: Combatant;
  target: Combatant;
  weapon: Weapon;
  /** The target is flanked (as the grid shows, or as the GM said where it can't tell or ruled). */
  flank: boolean;
  /** Who stands round the target and who said so: flanked, within 1 m, what the map shows. */
  surroundings: Surroundings;
  /** Advantages less disadvantages: sneak, flank and a melee blow at someone prone for; cover and lying prone against ranged attacks (−1 each). */
  edge: number;
  /** What gives the edge, in words for the form and the log ("sneak", "behind cover"). */
  edgeFrom: string[];
  /** The multiple-attack penalty: −2 for each earlier attack this round. */
  penalty: number;
}

/**
 * The target's evasion and deflections (physical, elemental) as this attacker finds them: their
 * conditions (Guarding) counted, moved by the size difference.
 */
export function defencesAgainst(attacker: Combatant, target: Combatant): { evasion: number; deflection: number; elementalDeflection: number; sizeDifference: number } {
  const difference = (attacker.stats.size ?? 4) - (target.stats.size ?? 4);
  const moved = (stat: string) => Math.max(0, statOf(target, stat) - difference);
  // Someone added before there were two deflections has one, which met elemental damage too.
  const elemental = target.stats.elementalDeflection === undefined ? 'deflection' : 'elementalDeflection';
  return { evasion: statOf(target, 'evasion') + difference, deflection: moved('deflection'), elementalDeflection: moved(elemental), sizeDifference: difference };
}

// Advantage and disadvantage from how the attack is made and where the target is.
function edgesOf(target: Combatant, weapon: Weapon, sneak: boolean, flank: boolean): { edge: number; from: string[] } {
  const ranged = weapon.delivery !== 'melee';
  const parts: [boolean, number, string][] = [
    [sneak, 1, 'sneak'],
    [flank, 1, 'flanked'],
    [ranged && isUnder(target, BEHIND_COVER), -1, 'behind cover'],
    [isUnder(target, PRONE), ranged ? -1 : 1, 'prone'],
  ];
  const on = parts.filter(([yes]) => yes);
  return { edge: on.reduce((n, [, d]) => n + d, 0), from: on.map(([, , word]) => word) };
}

export function planAttack(state: EncounterState, cmd: Omit<AttackCommand, 'type' | 'dice'>): AttackPlan | Failure {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('three-actions/self', `${attacker.name} can't attack themselves; pick another target.`);
  const weapon = weaponToHand(attacker, cmd.weaponId);
  if (isFailure(weapon)) return weapon;
  // Flanked and who is within 1 m: as the squares show where a grid map can tell, else as the GM says.
  const around = surroundingsOf(state, attacker, target, cmd, weapon.delivery !== 'melee');
  const { edge, from } = edgesOf(target, weapon, cmd.sneak === true, around.flank);
  return { attacker, target, weapon, flank: around.flank, surroundings: around, edge, edgeFrom: from, penalty: -2 * attacksThisRound(state, attacker) };
}

function roll(notation: string, random: RandomSource, typed: readonly number[] | undefined): Result<Roll> {
  return typed ? manualRoll(notation, typed) : rollNotation(notation, random);
}

/** The attack as rolled. */
export type AttackedEvent = {
  type: 'three-actions/attacked';
  attackerId: Id;
  /** Who was aimed at, and who was struck (another, when a stray shot landed elsewhere). */
  aimedAtId: Id;
  targetId: Id;
  weapon: string;
  luck: Roll;
  /** A stray shot among several near the target: the die that picked who it struck instead (none when one stood there). */
  stray: Roll | null;
  /** Every roll of the test (one more per advantage when advantage rerolls); `kept` is the one used. */
  tests: Roll[];
  kept: number;
  /** Everything added to the kept test: the multiple-attack penalty, and +2 an advantage where the setting says so. */
  modifier: number;
  result: number;
  evasion: number;
  critical: boolean;
  hit: boolean;
  /** Damage before deflection (0 on a miss), and the deflection against it (0 for typeless). */
  raw: number;
  deflection: number;
  damageType: DamageType;
  /** Which deflection reduces it (absent in attacks recorded before there were two: the damage type's kind). */
  reduction?: Reduction;
  /** From a non-lethal weapon (carried into a defended blow). */
  nonLethal?: true;
  /** Whether the target was flanked, and who said so (absent in older logs). */
  flank?: boolean;
  flankFrom?: ReadFrom;
  /** A thrown or shot weapon: who stood within 1 m of the target, and who said so (absent for a blow, and in older logs). */
  near?: Id[];
  nearFrom?: ReadFrom;
  /** The hit waits for the target to block, parry or take it (a prompt); the damage lands then. */
  awaitsDefence: boolean;
  /** Damage taken now, and the target's tracks after it (0 and null on a miss or while the defence is awaited). */
  damage: number;
  tracks: Record<string, Track> | null;
  rng: RandomState;
  /** Paid for otherwise than with one of the turn's actions (`AttackPaid`); absent: an action of the attacker's turn. */
  paid?: AttackPaid;
  ruling?: true;
};

/**
 * How an attack is paid for: one of the turn's actions (absent), the reaction a readied attack
 * takes, the action an ally's command gave, or nothing more (the sneak attack a failed killing
 * strike becomes, its three actions already spent).
 */
export type AttackPaid = 'reaction' | 'order' | 'strike';

/** Decides `three-actions/attack`. */
export function decideAttack(state: EncounterState, asked: AttackCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Attacks are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const plan = planAttack(state, asked);
  if (isFailure(plan)) return plan;
  const ruled = typelessRuling(plan.weapon, asked.typelessReducedBy);
  if (ruled) return ruled;
  const { attacker } = plan;
  // Out of turn: a readied attack (the reaction) or an ally's command.
  const paid = outOfTurn(state, attacker);
  // Readied for something else: not an attack, unless the GM rules it (then the readied reaction all the same).
  const other = paid === null && state.activeId !== attacker.id && readiedOf(attacker) ? readiedRefusal(state, attacker, 'attack') : null;
  // On one's own turn, its rules (an extended action under way first): the GM may rule otherwise.
  const objection = paid || other ? other : ownTurnRefusal(state, attacker, 'one', { turn: 'an attack takes one of their actions (out of turn: a readied attack, or on an ally\'s command)', spent: `${attacker.name} has no action left this turn.` });
  // The starter's first turn opens with the action that started the fight (when not an attack).
  const refusal = objection ? ruleRefusal(objection.code, objection.message) : paid || other ? null : opensWithRefusal(state, attacker, 'attack');
  if (refusal && asked.gmRuling !== true) return refusal;
  // The GM's word on the flank or who is within 1 m against what the squares show: only as a ruling.
  if (plan.surroundings.against) return ruleRefusal('three-actions/map-shows', plan.surroundings.against);
  const pay = paid ?? (other?.overridable ? 'reaction' : undefined);
  const rolled = attackEvents(state, plan, asked, random(), pay, refusal !== null);
  if (!rolled.ok) return rolled;
  const readied = pay === 'reaction' ? attacker.conditions.filter((k) => k.name === READIED.name) : [];
  const spent: EncounterEvent[] =
    pay === 'reaction'
      ? [
          { type: 'action-used', combatantId: attacker.id, actionId: 'attack', spends: 'reaction', note: 'the readied attack' } as EncounterEvent,
          ...readied.map((k): EncounterEvent => ({ type: 'condition-removed', combatantId: attacker.id, conditionId: k.id })),
        ]
      : [];
  // The starter's opening attack at someone of another team, nobody named: that team goes next.
  const opening = paid ? [] : openingAttackEvents(state, attacker, plan.target);
  return { ok: true, value: [...opening, ...spent, ...rolled.value] };
}

// The GM may rule which deflection typeless damage meets; other damage has its own.
function typelessRuling(weapon: Weapon, given: unknown): Failure | null {
  if (given === undefined) return null;
  if (given !== 'physical' && given !== 'elemental') return failure('three-actions/reduced-by', 'Typeless damage is reduced by physical or elemental deflection, or (leave it out) by neither.');
  if (kindOf(weapon.damageType) !== 'typeless') return failure('three-actions/reduced-by', `${weapon.name}'s damage is ${kindOf(weapon.damageType)}: its own deflection reduces it. Only typeless damage takes the GM's choice.`);
  return null;
}

/**
 * How someone not acting now may still attack: with the reaction they readied it on, or with the
 * action the acting character's command gave them; null when neither.
 */
export function outOfTurn(state: EncounterState, attacker: Combatant): AttackPaid | null {
  if (state.activeId === attacker.id || isUnconscious(attacker)) return null;
  const order = personOf(attacker).order;
  if (order && order.round === state.round && order.by === state.activeId) return 'order';
  return readiedOf(attacker)?.actionId === 'attack' && hasReaction(state, attacker) ? 'reaction' : null;
}

/**
 * The attack rolled: the luck die, a stray shot, the test (rolled again for each advantage or
 * disadvantage where the setting says so), the hit and its damage, and what follows from the
 * damage. `paid` says how it was paid for when not by one of the turn's actions.
 */
export function attackEvents(state: EncounterState, plan: AttackPlan, asked: Pick<AttackCommand, 'dice' | 'typelessReducedBy'>, source: RandomSource, paid: AttackPaid | undefined, ruling: boolean): Result<EncounterEvent[]> {
  const { attacker, weapon } = plan;
  const settings = threeActionsSettings(state.settings);
  const typed = asked.dice ?? {};
  const luck = roll(settings.luckDie, source, typeof typed.luck === 'number' ? [typed.luck] : undefined);
  if (!luck.ok) return luck;
  // A luck roll of 1 or less sends a thrown or shot weapon onto someone within 1 m of the target.
  let target = plan.target;
  let stray: Roll | null = null;
  // Who is within 1 m: as the squares show where the map can tell, else as the GM says.
  const near = plan.surroundings.near.map((id) => state.combatants.find((c) => c.id === id)).filter((c): c is Combatant => c !== undefined);
  if (luck.value.total <= 1 && weapon.delivery !== 'melee' && near.length > 0) {
    // One near the target: it strikes them; several: a die picks.
    if (near.length > 1) {
      const picked = rollNotation(`d${near.length}`, source);
      if (!picked.ok) return picked;
      stray = picked.value;
    }
    target = near[(stray?.total ?? 1) - 1] ?? target;
  }
  const edged = rollWithEdge(weapon.test, plan.edge, settings.advantage, source, typed.test);
  if (isFailure(edged)) return edged;
  const { tests, kept } = edged;
  const modifier = plan.penalty + edged.modifier;
  const result = (tests[kept]?.total ?? 0) + modifier;
  const defences = defencesAgainst(attacker, target);
  const { evasion } = defences;
  const critical = luck.value.total >= weapon.critOn;
  const hit = critical || result >= evasion;
  const raw = hit ? Math.max(0, result + (critical ? weapon.critDamage : weapon.damage)) : 0;
  const reduction = reductionFor(weapon.damageType, asked.typelessReducedBy);
  const reduced = reducedBy(defences, reduction);
  // A target who may defend (or an ally who may step in) chooses before the damage lands; otherwise it lands now.
  const awaitsDefence = hit && asksAfterHit(state, target, attacker.id);
  const damage = hit && !awaitsDefence ? Math.max(1, raw - reduced) : 0;
  const tracks = damage > 0 ? damaged(target, damage) : null;
  const event: AttackedEvent = {
    type: 'three-actions/attacked',
    attackerId: attacker.id,
    aimedAtId: plan.target.id,
    targetId: target.id,
    weapon: weapon.name,
    luck: luck.value,
    stray,
    tests,
    kept,
    modifier,
    result,
    evasion,
    critical,
    hit,
    raw,
    deflection: reduced,
    damageType: weapon.damageType,
    reduction,
    ...(weapon.nonLethal ? { nonLethal: true as const } : {}),
    flank: plan.flank,
    flankFrom: plan.surroundings.flankFrom,
    ...(weapon.delivery !== 'melee' ? { near: plan.surroundings.near, nearFrom: plan.surroundings.nearFrom } : {}),
    awaitsDefence,
    damage,
    tracks,
    rng: source.state(),
    ...(paid ? { paid } : {}),
    ...(ruling ? { ruling: true as const } : {}),
  };
  const follows = tracks ? afterDamage(state, target, tracks, damage, undefined, weapon.nonLethal) : [];
  return { ok: true, value: [event, ...follows] };
}

/**
 * A test with advantage or disadvantage (`edge` above or below 0), as the setting has it: rolled
 * once more for each and the best (or worst) kept, or ±2 each. Dice typed at the table stand for
 * the first roll.
 */
export function rollWithEdge(notation: string, edge: number, how: 'reroll' | 'plus-two', source: RandomSource, typed: readonly number[] | undefined): { tests: Roll[]; kept: number; modifier: number } | Failure {
  const extra = how === 'reroll' ? Math.min(4, Math.abs(edge)) : 0;
  const tests: Roll[] = [];
  for (let i = 0; i <= extra; i++) {
    const t = roll(notation, source, i === 0 && Array.isArray(typed) ? typed : undefined);
    if (!t.ok) return t;
    tests.push(t.value);
  }
  const better = (a: Roll, b: Roll) => (edge >= 0 ? a.total > b.total : a.total < b.total);
  const kept = tests.reduce((best, t, i) => (better(t, tests[best] ?? t) ? i : best), 0);
  return { tests, kept, modifier: how === 'plus-two' ? 2 * edge : 0 };
}
