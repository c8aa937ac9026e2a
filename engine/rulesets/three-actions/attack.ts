import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import type { EncounterEvent } from '../../encounter/events';
import { openPrompt } from '../../encounter/prompts';
import { statOf } from '../../encounter/effects';
import type { Combatant, EncounterState, Id, Track } from '../../encounter/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import { ownTurnRefusal } from './own-turn';
import { openingAttackEvents, opensWithRefusal } from './opening';
import { flankedOnGrid, nextTo } from './grid-reading';
import { afterDamage } from './blow';
import { asksAfterHit } from './defend';
import type { DamageType, Weapon } from './gear';
import { damaged, isUnconscious } from './health';
import { BEHIND_COVER, isUnder, PRONE, READIED } from './conditions';
import { attacksThisRound, personOf } from './person';
import { hasReaction } from './reactions';
import { threeActionsSettings } from './settings';

// An attack: the weapon's test (attribute die + combat skill die + proficiency) against the
// target's evasion, a tie hitting; −2 for each attack the attacker made before it this round;
// advantage for a sneak attack and for a flanked target (double for both); the size difference
// moving the target's evasion and deflection. The luck die rolls beside it: at or above the
// weapon's critical threshold the attack can't miss and deals critical damage; at 1 or less a
// thrown or shot weapon strays onto someone within 1 m of the target. Damage is the test's result
// plus the weapon's damage, less deflection (physical and elemental), at least 1.

export interface AttackCommand {
  type: 'three-actions/attack';
  attackerId: Id;
  targetId: Id;
  weaponId: Id;
  /** The target can't see the attacker. */
  sneak?: boolean;
  /** The target is surrounded on two opposite sides (the attacker need not be one of them); on the grid, read from the squares unless given. */
  flank?: boolean;
  /** Who stands within 1 m of the target, where a stray shot may land; on the grid, read from the squares unless given. */
  nearTarget?: Id[];
  /** Dice rolled at the table: the test's (one value per die) and the luck die's. */
  dice?: { test?: number[]; luck?: number };
  gmRuling?: boolean;
}

/** What the attack will be before any die is rolled. */
export interface AttackPlan {
  attacker: Combatant;
  target: Combatant;
  weapon: Weapon;
  /** The target is flanked (as the GM said, or as the grid shows). */
  flank: boolean;
  /** Advantages less disadvantages: sneak, flank and a melee blow at someone prone for; cover and lying prone against ranged attacks (−1 each). */
  edge: number;
  /** What gives the edge, in words for the form and the log ("sneak", "behind cover"). */
  edgeFrom: string[];
  /** The multiple-attack penalty: −2 for each earlier attack this round. */
  penalty: number;
}

/** The target's evasion and deflection as this attacker finds them: their conditions (Guarding) counted, moved by the size difference. */
export function defencesAgainst(attacker: Combatant, target: Combatant): { evasion: number; deflection: number; sizeDifference: number } {
  const difference = (attacker.stats.size ?? 4) - (target.stats.size ?? 4);
  return { evasion: statOf(target, 'evasion') + difference, deflection: Math.max(0, statOf(target, 'deflection') - difference), sizeDifference: difference };
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

export function planAttack(state: EncounterState, cmd: Omit<AttackCommand, 'type' | 'dice' | 'nearTarget'>): AttackPlan | Failure {
  const attacker = checkCombatant(state, cmd.attackerId);
  if (isFailure(attacker)) return attacker;
  const target = checkCombatant(state, cmd.targetId);
  if (isFailure(target)) return target;
  if (target.id === attacker.id) return failure('three-actions/self', `${attacker.name} can't attack themselves; pick another target.`);
  const weapon = personOf(attacker).gear.find((g): g is Weapon => g.kind === 'weapon' && g.id === cmd.weaponId);
  if (!weapon) return failure('three-actions/weapon', `${attacker.name} carries no such weapon; pick one of theirs.`);
  // Flanked as the GM says, else as the grid shows (foes on two opposite sides of the target).
  const flank = typeof cmd.flank === 'boolean' ? cmd.flank : (flankedOnGrid(state, target) ?? false);
  const { edge, from } = edgesOf(target, weapon, cmd.sneak === true, flank);
  return { attacker, target, weapon, flank, edge, edgeFrom: from, penalty: -2 * attacksThisRound(state, attacker) };
}

function roll(notation: string, random: RandomSource, typed: readonly number[] | undefined): Result<Roll> {
  return typed ? manualRoll(notation, typed) : rollNotation(notation, random);
}

/** The attack as rolled. */
export interface AttackedEvent {
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
  /** From a non-lethal weapon (carried into a defended blow). */
  nonLethal?: true;
  /** The hit waits for the target to block, parry or take it (a prompt); the damage lands then. */
  awaitsDefence: boolean;
  /** Damage taken now, and the target's tracks after it (0 and null on a miss or while the defence is awaited). */
  damage: number;
  tracks: Record<string, Track> | null;
  rng: RandomState;
  /** Paid for otherwise than with one of the turn's actions (`AttackPaid`); absent: an action of the attacker's turn. */
  paid?: AttackPaid;
  ruling?: true;
}

/**
 * How an attack is paid for: one of the turn's actions (absent), the reaction a readied attack
 * takes, the action an ally's command gave, or nothing more (the sneak attack a failed killing
 * strike becomes, its three actions already spent).
 */
export type AttackPaid = 'reaction' | 'order' | 'strike';

/** Decides `three-actions/attack`. */
export function decideAttack(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Attacks are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const asked = cmd as unknown as AttackCommand;
  const plan = planAttack(state, asked);
  if (isFailure(plan)) return plan;
  const { attacker } = plan;
  // Out of turn: a readied attack (the reaction) or an ally's command.
  const paid = outOfTurn(state, attacker);
  // On one's own turn, its rules (an extended action under way first): the GM may rule otherwise.
  const objection = paid ? null : ownTurnRefusal(state, attacker, 'one', { turn: 'an attack takes one of their actions (out of turn: a readied attack, or on an ally\'s command)', spent: `${attacker.name} has no action left this turn.` });
  // The starter's first turn opens with the action that started the fight (when not an attack).
  const refusal = objection ? ruleRefusal(objection.code, objection.message) : paid ? null : opensWithRefusal(state, attacker, 'attack');
  if (refusal && asked.gmRuling !== true) return refusal;
  const rolled = attackEvents(state, plan, asked, random(), paid ?? undefined, refusal !== null);
  if (!rolled.ok) return rolled;
  const readied = paid === 'reaction' ? attacker.conditions.filter((k) => k.name === READIED.name) : [];
  const spent: EncounterEvent[] =
    paid === 'reaction'
      ? [
          { type: 'action-used', combatantId: attacker.id, actionId: 'attack', spends: 'reaction', note: 'the readied attack' } as EncounterEvent,
          ...readied.map((k): EncounterEvent => ({ type: 'condition-removed', combatantId: attacker.id, conditionId: k.id })),
        ]
      : [];
  // The starter's opening attack at someone of another team, nobody named: that team goes next.
  const opening = paid ? [] : openingAttackEvents(state, attacker, plan.target);
  return { ok: true, value: [...opening, ...spent, ...rolled.value] };
}

/**
 * How someone not acting now may still attack: with the reaction they readied it on, or with the
 * action the acting character's command gave them; null when neither.
 */
export function outOfTurn(state: EncounterState, attacker: Combatant): AttackPaid | null {
  if (state.activeId === attacker.id || isUnconscious(attacker)) return null;
  const order = personOf(attacker).order;
  if (order && order.round === state.round && order.by === state.activeId) return 'order';
  return isUnder(attacker, READIED) && hasReaction(state, attacker) ? 'reaction' : null;
}

/**
 * The attack rolled: the luck die, a stray shot, the test (rolled again for each advantage or
 * disadvantage where the setting says so), the hit and its damage, and what follows from the
 * damage. `paid` says how it was paid for when not by one of the turn's actions.
 */
export function attackEvents(state: EncounterState, plan: AttackPlan, asked: Pick<AttackCommand, 'dice' | 'nearTarget'>, source: RandomSource, paid: AttackPaid | undefined, ruling: boolean): Result<EncounterEvent[]> {
  const { attacker, weapon } = plan;
  const settings = threeActionsSettings(state.settings);
  const typed = asked.dice ?? {};
  const luck = roll(settings.luckDie, source, typeof typed.luck === 'number' ? [typed.luck] : undefined);
  if (!luck.ok) return luck;
  // A luck roll of 1 or less sends a thrown or shot weapon onto someone within 1 m of the target.
  let target = plan.target;
  let stray: Roll | null = null;
  // Who is within 1 m: as the GM says, else read from the grid.
  const given = Array.isArray(asked.nearTarget) ? asked.nearTarget.map((id) => state.combatants.find((c) => c.id === id)).filter((c): c is Combatant => c !== undefined) : null;
  const near = (given ?? nextTo(state, plan.target, [attacker.id]) ?? []).filter((c) => c.id !== attacker.id && c.id !== plan.target.id);
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
  const { evasion, deflection } = defencesAgainst(attacker, target);
  const critical = luck.value.total >= weapon.critOn;
  const hit = critical || result >= evasion;
  const raw = hit ? Math.max(0, result + (critical ? weapon.critDamage : weapon.damage)) : 0;
  const reduced = weapon.damageType === 'typeless' ? 0 : deflection;
  // A target who may defend (or an ally who may step in) chooses before the damage lands; otherwise it lands now.
  const awaitsDefence = hit && asksAfterHit(state, target, attacker.id, settings.everyHitAsks);
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
    ...(weapon.nonLethal ? { nonLethal: true as const } : {}),
    awaitsDefence,
    damage,
    tracks,
    rng: source.state(),
    ...(paid ? { paid } : {}),
    ...(ruling ? { ruling: true as const } : {}),
  };
  const follows = tracks ? afterDamage(state, target, tracks, damage, undefined, weapon.nonLethal) : [];
  return { ok: true, value: [event as unknown as EncounterEvent, ...follows] };
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
