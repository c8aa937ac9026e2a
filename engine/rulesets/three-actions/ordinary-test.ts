import * as v from 'valibot';
import type { RandomSource } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { roll as rollSchema, whole } from '../../core/stored-event-parts';
import type { EncounterState } from '../../core/state';
import { logDice, type LogDice } from '../../core/log-dice';
import { failure, type Result } from '../../result';
import { threeActionsSettings } from './settings';

// An ordinary test (a dodge, a fortify, a resuscitation, the killing strike's): the luck die rolls
// beside it, and a luck roll of 20 or more (the setting *Luck bonus on a test from*) adds +4. "The
// luck die modifies an attack differently than a normal test. Instead of adding a +4 when the luck
// die rolls a 20 or greater…": attacks (`attack.ts`) and the death test, itself a luck test, don't
// come here.

/** What the luck die adds to an ordinary test that reaches the threshold. */
export const LUCK_BONUS = 4;

/** The luck die rolled beside a test, and what it added (0 or 4). */
export interface TestLuck {
  roll: Roll;
  bonus: number;
}

/** The test and its luck: the total the test reaches is `roll.total + luck.bonus`. */
export interface OrdinaryTest {
  roll: Roll;
  luck: TestLuck;
  total: number;
}

/** How an event stores the luck beside a test (absent in logs from before it was rolled). */
export const TEST_LUCK = v.object({ roll: rollSchema, bonus: whole(0, LUCK_BONUS) });
export const TEST_LUCK_SCHEMA = v.optional(TEST_LUCK);

/**
 * Rolls `notation` (or reads the dice typed at the table), then the luck die (or the luck typed);
 * each refusal names which of the two was wrong.
 */
export function rollOrdinaryTest(state: EncounterState, notation: string, source: RandomSource, typed: unknown, typedLuck: unknown): Result<OrdinaryTest> {
  const test = Array.isArray(typed) ? manualRoll(notation, typed as number[]) : rollNotation(notation, source);
  if (!test.ok) return test;
  const luck = rollTestLuck(state, source, typedLuck);
  if (!luck.ok) return luck;
  return { ok: true, value: { roll: test.value, luck: luck.value, total: test.value.total + luck.value.bonus } };
}

/** The luck die beside a test whose dice roll otherwise (with advantage): rolled, or as typed. */
export function rollTestLuck(state: EncounterState, source: RandomSource, typedLuck: unknown): Result<TestLuck> {
  const settings = threeActionsSettings(state.settings);
  if (typedLuck !== undefined && typeof typedLuck !== 'number') return failure('input/luck', `The luck die is one number (${settings.luckDie}).`);
  const luck = typeof typedLuck === 'number' ? manualRoll(settings.luckDie, [typedLuck]) : rollNotation(settings.luckDie, source);
  if (!luck.ok) return failure('input/luck', `The luck die: ${luck.message}`);
  return { ok: true, value: { roll: luck.value, bonus: luck.value.total >= settings.luckBonusFrom ? LUCK_BONUS : 0 } };
}

/** The test's total in the log's words: "9", or "7 +4 luck" when the luck die added to it. */
export const testTotal = (rolled: Roll, luck: TestLuck | undefined): string => (luck && luck.bonus > 0 ? `${rolled.total} +${luck.bonus} luck` : String(rolled.total));

/** The luck die among the log's dice, when one was rolled. */
export const luckDice = (who: string, luck: TestLuck | undefined): LogDice[] => (luck ? [logDice(who, 'luck', luck.roll)] : []);
