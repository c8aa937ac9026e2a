import { parseNotation, type Formula } from './notation';
import type { RandomSource } from './random';
import { rollFormula, type Roll } from './roll';

/** Advantage rolls two d20 and keeps the higher, disadvantage keeps the lower. */
export type Edge = 'normal' | 'advantage' | 'disadvantage';

// `better` is the die that helps: the higher for roll-over checks, the lower for roll-under saves.
function d20Formula(edge: Edge, modifier: number, better: 'h' | 'l'): Formula {
  const worse = better === 'h' ? 'l' : 'h';
  const dice = edge === 'normal' ? 'd20' : `2d20k${edge === 'advantage' ? better : worse}1`;
  const mod = modifier === 0 ? '' : modifier > 0 ? `+${modifier}` : `${modifier}`;
  const parsed = parseNotation(dice + mod);
  // The notation is built from fixed pieces and a whole number, so it always parses.
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

/** A d20 roll with advantage, disadvantage or neither, plus a modifier. */
export function rollD20(random: RandomSource, edge: Edge = 'normal', modifier = 0): Roll {
  return rollFormula(d20Formula(edge, Math.trunc(modifier), 'h'), random);
}

/** The outcome of a roll-under save: the d20 must come up equal to or below the score. */
export interface SaveResult {
  roll: Roll;
  score: number;
  passed: boolean;
}

/**
 * A roll-under d20 save: a result equal to or below the score passes. Advantage keeps the lower
 * of two dice, because low is good here.
 */
export function rollUnderSave(random: RandomSource, score: number, edge: Edge = 'normal'): SaveResult {
  const roll = rollFormula(d20Formula(edge, 0, 'l'), random);
  return { roll, score, passed: roll.total <= score };
}

/** The chance (0–1) that a roll-under d20 save against this score passes. */
export function rollUnderChance(score: number, edge: Edge = 'normal'): number {
  const p = Math.min(20, Math.max(0, Math.floor(score))) / 20;
  if (edge === 'advantage') return 1 - (1 - p) ** 2;
  if (edge === 'disadvantage') return p * p;
  return p;
}
