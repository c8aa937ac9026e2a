import { failure, type Result } from '../result';
import { parseNotation, type DiceTerm, type Formula } from './notation';
import type { RandomSource } from './random';

/** One die as it landed; `kept` is false for dice dropped by keep-highest / keep-lowest. */
export interface Die {
  sides: number;
  value: number;
  kept: boolean;
}

/** A term of a roll with its dice: constants carry no dice. */
export interface RolledTerm {
  notation: string;
  sign: 1 | -1;
  dice: Die[];
  subtotal: number;
}

/** A finished roll: every die, every term and the total, so the log can show all of it. */
export interface Roll {
  notation: string;
  terms: RolledTerm[];
  total: number;
  /** True when the GM typed the dice in instead of rolling them. */
  manual: boolean;
}

function keptFlags(term: DiceTerm, values: readonly number[]): boolean[] {
  if (!term.keep) return values.map(() => true);
  const order = values.map((v, i) => ({ v, i }));
  // Stable sort so equal dice keep the earliest ones, which makes the display predictable.
  order.sort((a, b) => (term.keep?.which === 'highest' ? b.v - a.v : a.v - b.v) || a.i - b.i);
  const kept = new Set(order.slice(0, term.keep.n).map((o) => o.i));
  return values.map((_, i) => kept.has(i));
}

function assemble(formula: Formula, diceValues: readonly number[][], manual: boolean): Roll {
  let cursor = 0;
  const terms = formula.terms.map((term): RolledTerm => {
    if (term.kind === 'constant') {
      return { notation: String(term.value), sign: term.sign, dice: [], subtotal: term.sign * term.value };
    }
    const values = diceValues[cursor++] ?? [];
    const kept = keptFlags(term, values);
    const dice = values.map((value, i) => ({ sides: term.sides, value, kept: kept[i] ?? true }));
    const sum = dice.reduce((acc, d) => acc + (d.kept ? d.value : 0), 0);
    const keep = term.keep ? `k${term.keep.which === 'highest' ? 'h' : 'l'}${term.keep.n}` : '';
    return { notation: `${term.count}d${term.sides}${keep}`, sign: term.sign, dice, subtotal: term.sign * sum };
  });
  return { notation: formula.notation, terms, total: terms.reduce((acc, t) => acc + t.subtotal, 0), manual };
}

/** Rolls every die of a parsed formula from the given source. */
export function rollFormula(formula: Formula, random: RandomSource): Roll {
  const values = formula.terms
    .filter((t): t is DiceTerm => t.kind === 'dice')
    .map((t) => Array.from({ length: t.count }, () => random.int(1, t.sides)));
  return assemble(formula, values, false);
}

/** Parses and rolls notation; bad notation comes back as a failure with a sentence for the GM. */
export function rollNotation(text: string, random: RandomSource): Result<Roll> {
  const parsed = parseNotation(text);
  return parsed.ok ? { ok: true, value: rollFormula(parsed.value, random) } : parsed;
}

/**
 * A roll whose dice the GM entered by hand (physical dice at the table). The values must fit the
 * formula exactly: one number per die, each within the die's faces.
 */
export function manualRoll(text: string, values: readonly number[]): Result<Roll> {
  const parsed = parseNotation(text);
  if (!parsed.ok) return parsed;
  const diceTerms = parsed.value.terms.filter((t): t is DiceTerm => t.kind === 'dice');
  const needed = diceTerms.reduce((acc, t) => acc + t.count, 0);
  if (values.length !== needed) {
    return failure('dice/manual-count', `${parsed.value.notation} needs ${needed} dice; you entered ${values.length}.`);
  }
  const groups: number[][] = [];
  let cursor = 0;
  for (const term of diceTerms) {
    const group = values.slice(cursor, cursor + term.count);
    cursor += term.count;
    // findIndex, not find: a missing value (undefined, an empty field) is bad too, and `find`
    // would hand it back as "nothing found" and let a NaN total through.
    const at = group.findIndex((v) => !Number.isInteger(v) || v < 1 || v > term.sides);
    if (at >= 0) {
      return failure('dice/manual-range', `${String(group[at])} can't come up on a d${term.sides}; enter a whole number from 1 to ${term.sides}.`);
    }
    groups.push(group);
  }
  return { ok: true, value: assemble(parsed.value, groups, true) };
}
