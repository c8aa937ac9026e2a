import { describe, expect, it } from 'vitest';
import { DICE_LIMITS, formatTerms, parseNotation, type Formula } from '../index';

function parsed(text: string): Formula {
  const result = parseNotation(text);
  if (!result.ok) throw new Error(`${text} should parse: ${result.message}`);
  return result.value;
}

describe('parseNotation: what the GM may type', () => {
  it('reads dice plus a number', () => {
    expect(parsed('2d6+1')).toEqual({
      notation: '2d6+1',
      terms: [
        { kind: 'dice', sign: 1, count: 2, sides: 6, keep: null },
        { kind: 'constant', sign: 1, value: 1 },
      ],
    });
  });

  it('reads a single die with the count left out', () => {
    expect(parsed('d20').terms).toEqual([{ kind: 'dice', sign: 1, count: 1, sides: 20, keep: null }]);
    expect(parsed('d4').terms).toEqual([{ kind: 'dice', sign: 1, count: 1, sides: 4, keep: null }]);
  });

  it('reads keep-highest and keep-lowest', () => {
    expect(parsed('3d6kh2').terms).toEqual([{ kind: 'dice', sign: 1, count: 3, sides: 6, keep: { which: 'highest', n: 2 } }]);
    expect(parsed('4d6kl1').terms).toEqual([{ kind: 'dice', sign: 1, count: 4, sides: 6, keep: { which: 'lowest', n: 1 } }]);
  });

  it('reads sums and differences of several dice groups and numbers', () => {
    expect(parsed('d8+d6-2').terms).toEqual([
      { kind: 'dice', sign: 1, count: 1, sides: 8, keep: null },
      { kind: 'dice', sign: 1, count: 1, sides: 6, keep: null },
      { kind: 'constant', sign: -1, value: 2 },
    ]);
    expect(parsed('2d6-1d4+3').terms.map((t) => t.sign)).toEqual([1, -1, 1]);
  });

  it('ignores case', () => {
    expect(parsed('2D6KH1')).toEqual(parsed('2d6kh1'));
    expect(parsed('4D6Kl1')).toEqual(parsed('4d6kl1'));
    expect(parsed('D20+2')).toEqual(parsed('d20+2'));
  });

  it('gives a canonical notation for the log: lower case, no spaces, no "1" before a single die', () => {
    expect(parsed('  2D6 + 1 ').notation).toBe('2d6+1');
    expect(parsed('1d20').notation).toBe('d20');
    expect(parsed('1D8 - 2').notation).toBe('d8-2');
    expect(parsed('4d6KH3').notation).toBe('4d6kh3');
  });

  it('formats terms back into the notation they came from', () => {
    for (const text of ['2d6+1', 'd20', '3d6kh2', '4d6kl1', 'd8+d6-2', '2d20kl1-3']) {
      expect(formatTerms(parsed(text).terms)).toBe(text);
    }
  });

  it('accepts the limits themselves', () => {
    expect(parseNotation(`${DICE_LIMITS.maxCount}d${DICE_LIMITS.maxSides}`).ok).toBe(true);
    expect(parseNotation(`d${DICE_LIMITS.minSides}`).ok).toBe(true);
    expect(parseNotation(`d6+${DICE_LIMITS.maxConstant}`).ok).toBe(true);
  });
});

describe('parseNotation: refusals say what went wrong', () => {
  // Each bad input with a fragment the message must contain, so the GM learns how to fix it.
  const cases: [string, string][] = [
    ['', 'like 2d6+1'],
    ['   ', 'like 2d6+1'],
    ['2d', 'like 2d6+1'],
    ['d', 'like 2d6+1'],
    ['abc', 'like 2d6+1'],
    ['2d6*2', 'other than + and -'],
    ['2d6/2', 'other than + and -'],
    ['(1d4)', 'other than + and -'],
    ['d20 d20', 'other than + and -'],
    ['2d6++1', 'other than + and -'],
    ['2d6+', 'ends with + or -'],
    ['d20-', 'ends with + or -'],
    ['1d1', '2 to 1000 sides'],
    ['d1001', '2 to 1000 sides'],
    ['0d6', 'between 1 and 100'],
    ['101d6', 'between 1 and 100'],
    ['3d6kh4', 'keep between 1 and 3'],
    ['3d6kl0', 'keep between 1 and 3'],
    ['5', 'no dice'],
    ['5+3', 'no dice'],
    ['d6+10001', 'too large'],
    ['d20.5', 'like 2d6+1'],
    ['2d6k1', 'like 2d6+1'],
  ];

  it.each(cases)('refuses %j', (text, fragment) => {
    const result = parseNotation(text);
    expect(result).toMatchObject({ ok: false, code: 'dice/bad-notation' });
    if (!result.ok) expect(result.message).toContain(fragment);
  });

  it('refuses very long input before reading it', () => {
    const long = Array.from({ length: 100 }, () => 'd6').join('+');
    expect(long.length).toBeGreaterThan(200);
    const result = parseNotation(long);
    expect(result).toMatchObject({ ok: false, code: 'dice/bad-notation' });
    if (!result.ok) expect(result.message).toContain('200 characters');
  });

  it('names the offending text in the message', () => {
    const result = parseNotation('101d6');
    expect(!result.ok && result.message).toContain('"101d6"');
  });
});
