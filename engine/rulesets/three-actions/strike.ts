import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { eventId, listOf, rngState, roll, text, whole, count } from '../../encounter/event-checks/common';
import type { EncounterEvent } from '../../encounter/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { logDice } from '../../log/dice';
import { told, type Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import { failure, type Failure, type Result } from '../../result';
import { attackEvents, planAttack, rollWithEdge } from './attack';
import { ownTurnRefusal } from './own-turn';
import { opensWithRefusal } from './opening';
import { isUnconscious } from './health';
import { threeActionsSettings } from './settings';
import { luckDice, rollTestLuck, TEST_LUCK_SCHEMA, type TestLuck } from './ordinary-test';

// The killing strike: someone unconscious may be killed outright with three actions (the
// "activity" of a whole turn) and a test with advantage, the attacker's combat skill against the
// victim's constitution. A failure is a sneak attack instead.

export interface KillingStrikeCommand {
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
}

export interface KillingStrikeEvent {
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
}

/** Whether a killing strike could be made at this character: unconscious, and not dead. */
export const mayBeStruckDown = (c: Combatant): boolean => isUnconscious(c) && !c.marks.includes('dead');

function strikeRefusal(state: EncounterState, attacker: Combatant, target: Combatant): Failure | null {
  const refused = ownTurnRefusal(state, attacker, 'three', { turn: 'a killing strike takes a whole turn\'s three actions', spent: `A killing strike takes all three actions; ${attacker.name} has spent some this turn.` });
  if (refused) return refused;
  if (!mayBeStruckDown(target)) return failure('three-actions/not-unconscious', `${target.name} isn't lying unconscious; a killing strike is for someone who is.`);
  return null;
}

/** Decides `three-actions/killing-strike`. */
export function decideKillingStrike(state: EncounterState, cmd: RulesetCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Killing strikes are made during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const asked = cmd as unknown as KillingStrikeCommand;
  // A failure is a sneak attack with the same weapon: the plan checks the weapon and both sides now.
  const plan = planAttack(state, { attackerId: asked.attackerId, targetId: asked.targetId, weaponId: asked.weaponId, sneak: true });
  if (isFailure(plan)) return plan;
  const refused = strikeRefusal(state, plan.attacker, plan.target);
  if (refused) return refused;
  // A whole turn's activity (the table's short task), not what a fight is started with unless so named.
  const opening = opensWithRefusal(state, plan.attacker, 'short-task');
  if (opening && asked.gmRuling !== true) return opening;
  if (typeof asked.skill !== 'string' || !/d/i.test(asked.skill)) return failure('input/skill', 'Give the combat skill as dice ("d6").');
  const source = random();
  const test = rollWithEdge(asked.skill.trim(), 1, threeActionsSettings(state.settings).advantage, source, asked.dice?.test);
  if (isFailure(test)) return failure('input/skill', `Combat skill: ${test.message}`);
  const luck = rollTestLuck(state, source, asked.dice?.luck);
  if (!luck.ok) return luck;
  const result = (test.tests[test.kept]?.total ?? 0) + test.modifier + luck.value.bonus;
  const constitution = plan.target.stats.constitution ?? 0;
  const success = result >= constitution;
  const strike: KillingStrikeEvent = { type: 'three-actions/killing-strike', attackerId: plan.attacker.id, targetId: plan.target.id, weapon: plan.weapon.name, tests: test.tests, kept: test.kept, modifier: test.modifier, luck: luck.value, result, constitution, success, rng: source.state() };
  const spent: EncounterEvent = { type: 'action-used', combatantId: plan.attacker.id, actionId: 'short-task', spends: 'three', note: 'a killing strike', ...(opening ? { ruling: true as const } : {}) };
  if (success) return { ok: true, value: [spent, strike as unknown as EncounterEvent] };
  const sneak = attackEvents(state, plan, {}, source, 'strike', false);
  if (!sneak.ok) return sneak;
  return { ok: true, value: [spent, strike as unknown as EncounterEvent, ...sneak.value] };
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
  const lucky = e.luck && e.luck.bonus > 0 ? `, +${e.luck.bonus} luck` : '';
  const score = `${e.result}${lucky} against constitution ${e.constitution}`;
  return e.success
    ? told(`${attacker} strikes ${target} down where they lie with ${e.weapon} (${score}): ${target} is dead.`, [e.attackerId, e.targetId], dice, [`${attacker} kills ${target}`])
    : told(`${attacker}'s killing strike at ${target} fails (${score}); it lands as a sneak attack instead.`, [e.attackerId, e.targetId], dice);
}
