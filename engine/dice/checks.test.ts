import { describe, expect, it } from 'vitest';
import { randomFrom, rollD20, rollUnderChance, rollUnderSave, seedState, type Roll } from '../index';
import { forcedDice } from '../test-support';

const diceOf = (roll: Roll) => roll.terms.flatMap((t) => t.dice);

describe('rollD20', () => {
  it('rolls one d20 plus the modifier normally', () => {
    const roll = rollD20(forcedDice([12]), 'normal', 3);
    expect(roll.total).toBe(15);
    expect(roll.notation).toBe('d20+3');
    expect(rollD20(forcedDice([12]), 'normal', -4).total).toBe(8);
  });

  it('keeps the higher of two d20 with advantage', () => {
    expect(rollD20(forcedDice([5, 17]), 'advantage').total).toBe(17);
    expect(rollD20(forcedDice([17, 5]), 'advantage', 2).total).toBe(19);
  });

  it('keeps the lower of two d20 with disadvantage', () => {
    expect(rollD20(forcedDice([5, 17]), 'disadvantage').total).toBe(5);
    expect(rollD20(forcedDice([17, 5]), 'disadvantage', 2).total).toBe(7);
  });

  it('with advantage is never below either die, and with disadvantage never above (random check)', () => {
    const source = randomFrom(seedState(21));
    for (let i = 0; i < 2000; i++) {
      const adv = diceOf(rollD20(source, 'advantage'));
      expect(adv).toHaveLength(2);
      expect(rollTotal(adv)).toBe(Math.max(...adv.map((d) => d.value)));
      const dis = diceOf(rollD20(source, 'disadvantage'));
      expect(rollTotal(dis)).toBe(Math.min(...dis.map((d) => d.value)));
    }
    function rollTotal(dice: { value: number; kept: boolean }[]) {
      return dice.filter((d) => d.kept).reduce((a, d) => a + d.value, 0);
    }
  });

  it('averages higher with advantage than without, and lower with disadvantage', () => {
    const source = randomFrom(seedState(4));
    const mean = (edge: 'normal' | 'advantage' | 'disadvantage') => {
      let sum = 0;
      for (let i = 0; i < 20_000; i++) sum += rollD20(source, edge).total;
      return sum / 20_000;
    };
    // Exact means: 10.5, 13.825 and 7.175.
    expect(mean('normal')).toBeCloseTo(10.5, 0);
    expect(mean('advantage')).toBeCloseTo(13.825, 0);
    expect(mean('disadvantage')).toBeCloseTo(7.175, 0);
  });
});

describe('rollUnderSave', () => {
  it('passes on a roll equal to the score and fails above it', () => {
    expect(rollUnderSave(forcedDice([11]), 11)).toMatchObject({ passed: true, score: 11 });
    expect(rollUnderSave(forcedDice([12]), 11).passed).toBe(false);
    expect(rollUnderSave(forcedDice([1]), 11).passed).toBe(true);
  });

  it('keeps the LOWER die with advantage, because low is good here', () => {
    const save = rollUnderSave(forcedDice([4, 16]), 10, 'advantage');
    expect(save.roll.total).toBe(4);
    expect(save.passed).toBe(true);
  });

  it('keeps the HIGHER die with disadvantage', () => {
    const save = rollUnderSave(forcedDice([4, 16]), 10, 'disadvantage');
    expect(save.roll.total).toBe(16);
    expect(save.passed).toBe(false);
  });

  it('passes about as often as rollUnderChance says', () => {
    const source = randomFrom(seedState(31));
    for (const edge of ['normal', 'advantage', 'disadvantage'] as const) {
      let passed = 0;
      for (let i = 0; i < 20_000; i++) if (rollUnderSave(source, 12, edge).passed) passed++;
      expect(Math.abs(passed / 20_000 - rollUnderChance(12, edge))).toBeLessThan(0.015);
    }
  });
});

describe('rollUnderChance', () => {
  it('is score / 20 for a plain roll', () => {
    expect(rollUnderChance(10)).toBe(0.5);
    expect(rollUnderChance(1)).toBe(0.05);
    expect(rollUnderChance(20)).toBe(1);
  });

  it('is 1 - (1 - p)² with advantage and p² with disadvantage', () => {
    expect(rollUnderChance(10, 'advantage')).toBeCloseTo(0.75, 10);
    expect(rollUnderChance(10, 'disadvantage')).toBeCloseTo(0.25, 10);
    expect(rollUnderChance(4, 'advantage')).toBeCloseTo(0.36, 10);
    expect(rollUnderChance(4, 'disadvantage')).toBeCloseTo(0.04, 10);
  });

  it('clamps scores outside the die and rounds fractional scores down', () => {
    expect(rollUnderChance(0)).toBe(0);
    expect(rollUnderChance(-3, 'advantage')).toBe(0);
    expect(rollUnderChance(25)).toBe(1);
    expect(rollUnderChance(25, 'disadvantage')).toBe(1);
    // A d20 can't land between 10 and 11, so 10.7 passes exactly as often as 10.
    expect(rollUnderChance(10.7)).toBe(0.5);
  });
});
