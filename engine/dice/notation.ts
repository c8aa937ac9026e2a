import { createDiceRoller, withPlugins } from '@airjp73/dice-notation';
import { failure, type Result } from '../result';

/** One die group of a formula: `4d6kh3` is `{ count: 4, sides: 6, keep: { which: 'highest', n: 3 } }`. */
export interface DiceTerm {
  kind: 'dice';
  sign: 1 | -1;
  count: number;
  sides: number;
  keep: { which: 'highest' | 'lowest'; n: number } | null;
}

/** A flat number added to or taken from the total. */
export interface ConstantTerm {
  kind: 'constant';
  sign: 1 | -1;
  value: number;
}

export type Term = DiceTerm | ConstantTerm;

/** A parsed formula: a sum of dice groups and numbers, with its normalised notation. */
export interface Formula {
  notation: string;
  terms: Term[];
}

export const DICE_LIMITS = { maxCount: 100, minSides: 2, maxSides: 1000, maxConstant: 10_000 } as const;

interface RawDice {
  count: number;
  sides: number;
  keep: DiceTerm['keep'];
}

// The library parses the operators and numbers; this rule teaches it `d20` (count left out) and
// keep-highest / keep-lowest. Rolling is ours: the library only tokenises.
const diceRule = {
  regex: /\d*[dD]\d+(?:[kK][hHlL]\d+)?/,
  typeConstant: 'Dice',
  tokenize: (raw: string): RawDice => {
    const m = /^(\d*)[dD](\d+)(?:[kK]([hHlL])(\d+))?$/.exec(raw);
    if (!m) throw new Error(`unreadable dice "${raw}"`);
    const which = m[3]?.toLowerCase() === 'l' ? 'lowest' : 'highest';
    return {
      count: m[1] ? Number(m[1]) : 1,
      sides: Number(m[2]),
      keep: m[4] === undefined ? null : { which, n: Number(m[4]) },
    };
  },
  roll: () => [],
  calculateValue: () => 0,
};

const parser = createDiceRoller(withPlugins(diceRule));

const EXAMPLES = 'like 2d6+1, d20, 4d6kh3 or 3d8-2';

const fail = (message: string) => failure('dice/bad-notation', message);

function describe(term: Term): string {
  if (term.kind === 'constant') return String(term.value);
  const keep = term.keep ? `k${term.keep.which === 'highest' ? 'h' : 'l'}${term.keep.n}` : '';
  return `${term.count === 1 ? '' : term.count}d${term.sides}${keep}`;
}

/** Joins terms back into the canonical notation shown in the log (`2d6+1`, `d20-2`). */
export function formatTerms(terms: readonly Term[]): string {
  return terms
    .map((t, i) => (t.sign < 0 ? '-' : i === 0 ? '' : '+') + describe(t))
    .join('');
}

function checkDice(d: RawDice, text: string): string | null {
  if (d.count < 1 || d.count > DICE_LIMITS.maxCount) {
    return `"${text}" rolls ${d.count} dice; use between 1 and ${DICE_LIMITS.maxCount} in one group.`;
  }
  if (d.sides < DICE_LIMITS.minSides || d.sides > DICE_LIMITS.maxSides) {
    return `"${text}" has ${d.sides}-sided dice; dice need ${DICE_LIMITS.minSides} to ${DICE_LIMITS.maxSides} sides.`;
  }
  if (d.keep && (d.keep.n < 1 || d.keep.n > d.count)) {
    return `"${text}" keeps ${d.keep.n} of ${d.count} dice; keep between 1 and ${d.count}.`;
  }
  return null;
}

/**
 * Reads dice notation: sums and differences of dice groups (`NdS`, `dS`, `NdSkhK`, `NdSklK`) and
 * whole numbers. Anything else is refused with a sentence that says what would work.
 */
export function parseNotation(text: string): Result<Formula> {
  const source = text.trim();
  if (source === '') return fail(`Type a roll ${EXAMPLES}.`);
  if (source.length > 200) return fail('That roll is too long; keep it under 200 characters.');
  let tokens: ReturnType<typeof parser.tokenize>;
  try {
    tokens = parser.tokenize(source);
  } catch {
    return fail(`Can't read "${source}" as dice; write it ${EXAMPLES}.`);
  }
  const terms: Term[] = [];
  let sign: 1 | -1 = 1;
  let expectValue = true;
  for (const token of tokens) {
    if (token.type === 'Operator' && !expectValue && (token.operator === '+' || token.operator === '-')) {
      sign = token.operator === '-' ? -1 : 1;
      expectValue = true;
    } else if (token.type === 'DiceRoll' && expectValue && token.detailType === 'Dice') {
      const raw = token.detail as RawDice;
      const problem = checkDice(raw, token.content);
      if (problem) return fail(problem);
      terms.push({ kind: 'dice', sign, ...raw });
      expectValue = false;
    } else if (token.type === 'DiceRoll' && expectValue && typeof token.detail === 'number') {
      if (token.detail > DICE_LIMITS.maxConstant) return fail(`${token.detail} is too large a number for a roll.`);
      terms.push({ kind: 'constant', sign, value: token.detail });
      expectValue = false;
    } else {
      return fail(`"${source}" uses something other than + and - between dice and numbers; write it ${EXAMPLES}.`);
    }
  }
  // A dangling operator ("2d6+") would otherwise be dropped silently and roll something the GM
  // did not finish typing.
  if (expectValue && terms.length > 0) return fail(`"${source}" ends with + or -; finish it ${EXAMPLES}.`);
  if (!terms.some((t) => t.kind === 'dice')) return fail(`"${source}" has no dice in it; write it ${EXAMPLES}.`);
  return { ok: true, value: { notation: formatTerms(terms), terms } };
}
