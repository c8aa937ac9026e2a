import { describe, expect, it } from 'vitest';
import { manualRoll, parseNotation, randomFrom, rollFormula, rollNotation, seedState, type Formula, type Roll } from '../index';
import { forcedDice } from '../test-support';

function formula(text: string): Formula {
  const result = parseNotation(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function manual(text: string, values: number[]): Roll {
  const result = manualRoll(text, values);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('rollFormula', () => {
  it('adds dice and numbers, keeping every die for the log', () => {
    const roll = rollFormula(formula('2d6+1'), forcedDice([4, 5]));
    expect(roll.total).toBe(10);
    expect(roll.manual).toBe(false);
    expect(roll.notation).toBe('2d6+1');
    expect(roll.terms[0]?.dice).toEqual([
      { sides: 6, value: 4, kept: true },
      { sides: 6, value: 5, kept: true },
    ]);
    expect(roll.terms[1]).toMatchObject({ dice: [], subtotal: 1 });
  });

  it('subtracts dice and numbers with a minus sign', () => {
    const roll = rollFormula(formula('d8-d6-2'), forcedDice([7, 3]));
    expect(roll.terms.map((t) => t.subtotal)).toEqual([7, -3, -2]);
    expect(roll.total).toBe(2);
  });

  it('keeps the highest dice for kh and marks the rest as dropped', () => {
    const roll = rollFormula(formula('4d6kh3'), forcedDice([2, 6, 1, 5]));
    expect(roll.terms[0]?.dice.map((d) => d.kept)).toEqual([true, true, false, true]);
    expect(roll.total).toBe(13);
  });

  it('keeps the lowest dice for kl', () => {
    const roll = rollFormula(formula('4d6kl1'), forcedDice([4, 2, 6, 3]));
    expect(roll.terms[0]?.dice.map((d) => d.kept)).toEqual([false, true, false, false]);
    expect(roll.total).toBe(2);
  });

  it('keeps exactly n dice when some are equal (the earliest ones)', () => {
    const roll = rollFormula(formula('3d6kh2'), forcedDice([5, 5, 5]));
    expect(roll.terms[0]?.dice.map((d) => d.kept)).toEqual([true, true, false]);
    expect(roll.total).toBe(10);
  });

  it('always keeps n dice and their sum (random check)', () => {
    const source = randomFrom(seedState(11));
    for (let i = 0; i < 500; i++) {
      const roll = rollFormula(formula('5d10kh2+3d4kl1'), source);
      const [high, low] = roll.terms;
      const highs = high?.dice.map((d) => d.value).sort((a, b) => b - a) ?? [];
      const lows = low?.dice.map((d) => d.value).sort((a, b) => a - b) ?? [];
      expect(high?.dice.filter((d) => d.kept)).toHaveLength(2);
      expect(low?.dice.filter((d) => d.kept)).toHaveLength(1);
      expect(roll.total).toBe((highs[0] ?? 0) + (highs[1] ?? 0) + (lows[0] ?? 0));
    }
  });
});

describe('rollNotation', () => {
  it('parses and rolls in one go', () => {
    const result = rollNotation('3d6kh2', forcedDice([1, 6, 4]));
    expect(result).toMatchObject({ ok: true, value: { total: 10, manual: false } });
  });

  it('refuses bad notation without drawing a die', () => {
    const dice = forcedDice([1, 2, 3]);
    expect(rollNotation('2d6*2', dice)).toMatchObject({ ok: false, code: 'dice/bad-notation' });
    expect(dice.used()).toBe(0);
  });
});

describe('manualRoll: dice rolled at the table', () => {
  it('totals the entered dice and marks the roll as manual', () => {
    const roll = manual('2d6+1', [3, 6]);
    expect(roll.total).toBe(10);
    expect(roll.manual).toBe(true);
    expect(roll.terms[0]?.dice.map((d) => d.value)).toEqual([3, 6]);
  });

  it('applies keep rules to entered dice', () => {
    expect(manual('2d20kh1', [4, 17]).total).toBe(17);
    expect(manual('2d20kl1', [4, 17]).total).toBe(4);
  });

  it('assigns the values to the groups in order', () => {
    const roll = manual('d8+d4', [8, 1]);
    expect(roll.terms.map((t) => t.subtotal)).toEqual([8, 1]);
  });

  it('refuses the wrong number of dice, saying how many are needed', () => {
    for (const values of [[3], [1, 2, 3], []]) {
      const result = manualRoll('2d6', values);
      expect(result).toMatchObject({ ok: false, code: 'dice/manual-count' });
      expect(!result.ok && result.message).toContain('needs 2 dice');
    }
  });

  it('refuses values a die cannot show, naming the die', () => {
    const cases: [string, number[]][] = [
      ['2d6', [0, 3]],
      ['2d6', [3, 7]],
      ['d20', [-1]],
      ['d20', [2.5]],
      ['d20', [Number.NaN]],
      ['d8+d4', [2, 5]],
    ];
    for (const [text, values] of cases) {
      const result = manualRoll(text, values);
      expect(result, `${text} ${values.join(',')}`).toMatchObject({ ok: false, code: 'dice/manual-range' });
    }
    const result = manualRoll('d8+d4', [2, 5]);
    expect(!result.ok && result.message).toContain('d4');
  });

  it('refuses a missing value instead of totalling NaN', () => {
    const result = manualRoll('2d6', [undefined as unknown as number, 3]);
    expect(result).toMatchObject({ ok: false, code: 'dice/manual-range' });
  });

  it('refuses bad notation', () => {
    expect(manualRoll('2d', [1, 2])).toMatchObject({ ok: false, code: 'dice/bad-notation' });
  });
});
