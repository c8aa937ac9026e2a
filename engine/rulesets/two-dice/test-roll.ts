import type { Edge } from '../../dice/checks';
import type { RandomSource } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import type { Result } from '../../result';
import type { TwoDiceSettings } from './settings';

// A test: 2d6 against a difficulty, at advantage or disadvantage as the setting rolls them. The
// GM may type in the dice rolled at the table instead.

/** Advantages and disadvantages cancel one for one; what is left decides. */
export function netEdge(advantages: number, disadvantages: number): Edge {
  return advantages > disadvantages ? 'advantage' : disadvantages > advantages ? 'disadvantage' : 'normal';
}

/** The dice of a test at this edge, plus a flat bonus: "2d6", "3d6kh2", "2d6-2+1". */
export function testNotation(edge: Edge, bonus: number, settings: Pick<TwoDiceSettings, 'edgeDice'>): string {
  const extra = settings.edgeDice === 'extra-die';
  const dice = edge === 'normal' ? '2d6' : extra ? (edge === 'advantage' ? '3d6kh2' : '3d6kl2') : edge === 'advantage' ? '2d6+2' : '2d6-2';
  return bonus === 0 ? dice : `${dice}${bonus > 0 ? '+' : '-'}${Math.abs(bonus)}`;
}

/** A test as rolled. */
export interface TestResult {
  roll: Roll;
  difficulty: number;
  edge: Edge;
  success: boolean;
}

/** Whether a total passes a difficulty (meeting it passes unless the setting says it must beat it). */
export function passes(total: number, difficulty: number, settings: Pick<TwoDiceSettings, 'meetSucceeds'>): boolean {
  return settings.meetSucceeds ? total >= difficulty : total > difficulty;
}

/** Rolls a test, or reads the dice the GM typed in (`dice`: one value per die). */
export function rollTest(
  random: RandomSource,
  test: { edge: Edge; difficulty: number; bonus?: number; dice?: readonly number[] },
  settings: Pick<TwoDiceSettings, 'edgeDice' | 'meetSucceeds'>,
): Result<TestResult> {
  const notation = testNotation(test.edge, test.bonus ?? 0, settings);
  const roll = test.dice ? manualRoll(notation, test.dice) : rollNotation(notation, random);
  if (!roll.ok) return roll;
  return { ok: true, value: { roll: roll.value, difficulty: test.difficulty, edge: test.edge, success: passes(roll.value.total, test.difficulty, settings) } };
}

/** The sum of a roll's kept dice, without flat bonuses (a critical reads the dice). */
export function diceSum(roll: Roll): number {
  return roll.terms.reduce((sum, t) => sum + t.dice.reduce((s, d) => s + (d.kept ? d.value : 0), 0) * t.sign, 0);
}

/** Dice typed in by the GM, if the field holds a list of whole numbers; undefined when absent. */
export function typedDice(value: unknown): readonly number[] | undefined | 'bad' {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) && value.every((d) => Number.isInteger(d)) ? (value as number[]) : 'bad';
}
