import { describe, expect, it } from 'vitest';
import { parseNotation, randomFrom, rollFormula, rollNotation, seedState, type Formula, type RandomSource } from '../index';

function draws(source: RandomSource, n: number, sides = 20): number[] {
  return Array.from({ length: n }, () => source.int(1, sides));
}

function formula(text: string): Formula {
  const result = parseNotation(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('seeded random source', () => {
  it('gives the same sequence for the same seed', () => {
    expect(draws(randomFrom(seedState(7)), 50)).toEqual(draws(randomFrom(seedState(7)), 50));
  });

  it('gives different sequences for different seeds', () => {
    const seqs = [1, 2, 3, 42, -5].map((seed) => draws(randomFrom(seedState(seed)), 20).join(','));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('continues exactly where a saved state left off', () => {
    const source = randomFrom(seedState(99));
    draws(source, 13);
    const resumed = randomFrom(source.state());
    expect(draws(resumed, 30)).toEqual(draws(source, 30));
  });

  it('never changes the state it was started from', () => {
    const state = Object.freeze([...seedState(5)]);
    const copy = [...state];
    const first = draws(randomFrom(state), 10);
    expect(state).toEqual(copy);
    // Starting again from the same state gives the same dice: nothing advanced it.
    expect(draws(randomFrom(state), 10)).toEqual(first);
  });

  it('advances its state with every draw', () => {
    const source = randomFrom(seedState(5));
    const before = source.state();
    source.int(1, 6);
    expect(source.state()).not.toEqual(before);
  });

  it('treats seeds as 32-bit integers, as documented', () => {
    expect(seedState(2 ** 32 + 5)).toEqual(seedState(5));
  });

  it('only draws values inside the asked range', () => {
    const source = randomFrom(seedState(3));
    for (const [min, max] of [[1, 2], [1, 6], [1, 20], [1, 1000], [-3, 3]] as const) {
      for (let i = 0; i < 500; i++) {
        const v = source.int(min, max);
        expect(Number.isInteger(v) && v >= min && v <= max).toBe(true);
      }
    }
  });
});

describe('distribution over many rolls (fixed seed)', () => {
  const N = 60_000;

  it('lands on every face of a d6 about a sixth of the time', () => {
    const source = randomFrom(seedState(2024));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < N; i++) counts[source.int(1, 6) - 1]! += 1;
    // Expected 10,000 each with a standard deviation near 91; 4% (400) is over four of them.
    for (const c of counts) expect(Math.abs(c - N / 6)).toBeLessThan((N / 6) * 0.04);
  });

  it('averages 7 on 2d6', () => {
    const source = randomFrom(seedState(77));
    const f = formula('2d6');
    let sum = 0;
    for (let i = 0; i < N; i++) sum += rollFormula(f, source).total;
    // Standard error of the mean is about 0.01.
    expect(sum / N).toBeCloseTo(7, 1);
  });

  it('averages about 12.24 on 4d6kh3', () => {
    const source = randomFrom(seedState(1234));
    const f = formula('4d6kh3');
    let sum = 0;
    for (let i = 0; i < N; i++) sum += rollFormula(f, source).total;
    // The exact mean is 15869 / 1296 = 12.2446; standard error about 0.012.
    expect(Math.abs(sum / N - 15869 / 1296)).toBeLessThan(0.05);
  });

  it('comes up 20 on a d20 about 5% of the time', () => {
    const source = randomFrom(seedState(8));
    let twenties = 0;
    for (let i = 0; i < N; i++) if (source.int(1, 20) === 20) twenties++;
    expect(Math.abs(twenties / N - 0.05)).toBeLessThan(0.005);
  });
});

describe('golden values', () => {
  // Regression guard: these are the first d20s for seed 42, computed once by running the engine
  // and checked to be plausible (whole numbers 1–20, not all alike). If the generator, the seeding
  // or the way a die is drawn changes, old logs would still replay (dice live in the events) but
  // the same seed would give a different fight; this test makes that change deliberate.
  const FIRST_D20S_SEED_42 = [6, 6, 16, 1, 15, 5, 13, 8, 20, 14];

  it('pins the first d20s of seed 42', () => {
    expect(FIRST_D20S_SEED_42.every((v) => Number.isInteger(v) && v >= 1 && v <= 20)).toBe(true);
    expect(draws(randomFrom(seedState(42)), 10)).toEqual(FIRST_D20S_SEED_42);
  });

  it('rolls the same d20s through the notation', () => {
    const source = randomFrom(seedState(42));
    const totals = Array.from({ length: 5 }, () => {
      const roll = rollNotation('d20', source);
      if (!roll.ok) throw new Error(roll.message);
      return roll.value.total;
    });
    expect(totals).toEqual(FIRST_D20S_SEED_42.slice(0, 5));
  });
});
