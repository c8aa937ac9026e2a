import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { isFailure } from '../../core/checks';
import { eventId, listOf, rngState, roll, text, whole, count } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { logDice } from '../../core/log-dice';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Failure, type Result } from '../../result';
import { attackEvents, planAttack, rollWithEdge, type AttackPlan } from './attack';
import { carryOver, type Carried } from './carry-over';
import { actionsLeft, ownTurnRefusal } from './own-turn';
import { opensWithRefusal } from './opening';
import { isUnconscious } from './health';
import { threeActionsSettings } from './settings';
import { luckDice, rollTestLuck, TEST_LUCK_SCHEMA, type TestLuck } from './ordinary-test';

// The killing strike: someone unconscious may be killed outright with three actions (the
// "activity" of a whole turn) and a test with advantage, the attacker's combat skill against the
// victim's constitution. A failure is a sneak attack instead. Begun with fewer than three actions
// left, it is carried over: the test comes when the third action is spent, on a later turn.

export type KillingStrikeCommand = {
  type: 'three-actions/killing-strike';
  attackerId: Id;
  targetId: Id;
  /** The weapon struck with (the sneak attack a failure becomes uses it). */
  weaponId: Id;
  /** The attacker's combat skill, as dice ("d6"). */
  skill: string;
  /** Dice rolled at the table: the first roll of the test's, and the luck die's beside it. */
  dice?: { test?: number[]; luck?: number };
  /** The GM rules past the starter's opening action. */
  gmRuling?: boolean;
};

export type KillingStrikeEvent = {
  type: 'three-actions/killing-strike';
  attackerId: Id;
  targetId: Id;
  weapon: string;
  tests: Roll[];
  kept: number;
  modifier: number;
  /** The luck die beside the test (absent in older logs): +4 at the setting's threshold, counted in `result`. */
  luck?: TestLuck;
  result: number;
  constitution: number;
  success: boolean;
  rng: RandomState;
};

/** Whether a killing strike could be made at this character: unconscious, and not dead. */
export const mayBeStruckDown = (c: Combatant): boolean => isUnconscious(c) && !c.marks.includes('dead');

function strikeRefusal(state: EncounterState, attacker: Combatant, target: Combatant, left: number): Failure | null {
  // Fewer than three actions left: begun with them and carried over; none, and nothing can be begun.
  const refused = ownTurnRefusal(state, attacker, left > 0 && left < 3 ? 'one' : 'three', { turn: 'a killing strike takes a whole turn\'s three actions', spent: `${attacker.name} has no actions left this turn to begin a killing strike.` });
  if (refused) return refused;
  if (!mayBeStruckDown(target)) return failure('three-actions/not-unconscious', `${target.name} isn't lying unconscious; a killing strike is for someone who is.`);
  return null;
}

/** Decides `three-actions/killing-strike`. */
export function decideKillingStrike(state: EncounterState, asked: KillingStrikeCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Killing strikes are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  // A failure is a sneak attack with the same weapon: the plan checks the weapon and both sides now.
  const plan = planAttack(state, { attackerId: asked.attackerId, targetId: asked.targetId, weaponId: asked.weaponId, sneak: true });
  if (isFailure(plan)) return plan;
  const left = actionsLeft(state, plan.attacker.id);
  const refused = strikeRefusal(state, plan.attacker, plan.target, left);
  if (refused) return refused;
  // A whole turn's activity (the table's short task), not what a fight is started with unless so named.
  const opening = opensWithRefusal(state, plan.attacker, 'short-task');
  if (opening && asked.gmRuling !== true) return opening;
  if (typeof asked.skill !== 'string' || !/d/i.test(asked.skill) || asked.skill.trim().length > 40) return failure('input/skill', 'Give the combat skill as dice ("d6"), in up to 40 characters.');
  if (left < 3) return { ok: true, value: [carryOver(plan.attacker, `a killing strike at ${plan.target.name}`, 3, left, { kind: 'strike', targetId: plan.target.id, weaponId: plan.weapon.id, skill: asked.skill.trim() })] };
  const struck = strikeEvents(state, plan, asked.skill, asked.dice, random());
  if (!struck.ok) return struck;
  const spent: EncounterEvent = { type: 'action-used', combatantId: plan.attacker.id, actionId: 'short-task', spends: 'three', note: 'a killing strike', ...(opening ? { ruling: true as const } : {}) };
  return { ok: true, value: [spent, ...struck.value] };
}

/** The killing strike carried over from an earlier turn, finished: the weapon still carried, the victim still lying unconscious. */
export function finishKillingStrike(state: EncounterState, attacker: Combatant, what: Extract<Carried, { kind: 'strike' }>, typed: KillingStrikeCommand['dice'], random: () => RandomSource): Result<EncounterEvent[]> {
  const plan = planAttack(state, { attackerId: attacker.id, targetId: what.targetId, weaponId: what.weaponId, sneak: true });
  if (isFailure(plan)) return plan;
  if (!mayBeStruckDown(plan.target)) return failure('three-actions/not-unconscious', `${plan.target.name} isn't lying unconscious any more: the killing strike can't be made. Give it up (it costs nothing).`);
  return strikeEvents(state, plan, what.skill, typed, random());
}

/** The test with advantage (the luck die beside it) against the constitution; a failure becomes the sneak attack, paid for already. */
function strikeEvents(state: EncounterState, plan: AttackPlan, skill: string, typed: KillingStrikeCommand['dice'], source: RandomSource): Result<EncounterEvent[]> {
  const test = rollWithEdge(skill.trim(), 1, threeActionsSettings(state.settings).advantage, source, typed?.test);
  if (isFailure(test)) return failure('input/skill', `Combat skill: ${test.message}`);
  const luck = rollTestLuck(state, source, typed?.luck);
  if (!luck.ok) return luck;
  const result = (test.tests[test.kept]?.total ?? 0) + test.modifier + luck.value.bonus;
  const constitution = plan.target.stats.constitution ?? 0;
  const success = result >= constitution;
  const strike: KillingStrikeEvent = { type: 'three-actions/killing-strike', attackerId: plan.attacker.id, targetId: plan.target.id, weapon: plan.weapon.name, tests: test.tests, kept: test.kept, modifier: test.modifier, luck: luck.value, result, constitution, success, rng: source.state() };
  if (success) return { ok: true, value: [strike] };
  const sneak = attackEvents(state, plan, {}, source, 'strike', false);
  if (!sneak.ok) return sneak;
  return { ok: true, value: [strike, ...sneak.value] };
}

export const KILLING_STRIKE_SCHEMA = v.object({
  attackerId: eventId,
  targetId: eventId,
  weapon: text(64),
  tests: listOf(roll, 5),
  kept: whole(0, 4),
  modifier: count,
  luck: TEST_LUCK_SCHEMA,
  result: count,
  constitution: count,
  success: v.boolean(),
  rng: rngState,
});

/** A strike that succeeds kills; one that fails leaves the sneak attack after it to do what it does. */
export function applyKillingStrike(state: EncounterState, e: KillingStrikeEvent): EncounterState {
  return {
    ...state,
    rng: e.rng,
    combatants: state.combatants.map((c) => (c.id === e.targetId && e.success && !c.marks.includes('dead') ? { ...c, marks: [...c.marks, 'dead'] } : c)),
  };
}

export function tellKillingStrike(e: KillingStrikeEvent, v: Voice): Told | null {
  const attacker = v.who(e.attackerId);
  const target = v.who(e.targetId);
  if (attacker === null || target === null) return null;
  const dice = [...e.tests.map((t, i) => logDice(attacker, `killing strike${e.tests.length > 1 && i === e.kept ? ' (kept)' : ''}`, t)), ...luckDice(attacker, e.luck)];
  // The result counts the luck's +4 already: shown as the test's own total and what luck added, as elsewhere.
  const bonus = e.luck?.bonus ?? 0;
  const score = `${bonus > 0 ? `${e.result - bonus} +${bonus} luck` : e.result} against constitution ${e.constitution}`;
  return e.success
    ? told(`${attacker} strikes ${target} down where they lie with ${e.weapon} (${score}): ${target} is dead.`, [e.attackerId, e.targetId], dice, [`${attacker} kills ${target}`])
    : told(`${attacker}'s killing strike at ${target} fails (${score}); it lands as a sneak attack instead.`, [e.attackerId, e.targetId], dice);
}
