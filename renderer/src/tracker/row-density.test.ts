import { describe, expect, it } from 'vitest';
import { drawnRows, FIRST_DRAWN, FULL_ROW, rowDensity, SPARE_ROWS } from './row-density';

describe('the turn order rows', () => {
  it('stay full while every row fits the panel', () => {
    expect(rowDensity(6, 6 * FULL_ROW + 56)).toBe('full');
    expect(rowDensity(1, 300)).toBe('full');
  });

  it('go to one line each when the full rows would overflow the panel', () => {
    expect(rowDensity(7, 6 * FULL_ROW + 56)).toBe('compact');
    expect(rowDensity(20, 560)).toBe('compact');
  });

  it('go to one line each sooner when a full row is measured taller (a ruleset with four tracks)', () => {
    expect(rowDensity(6, 6 * FULL_ROW + 56, 150)).toBe('compact');
    expect(rowDensity(3, 3 * 150 + 56, 150)).toBe('full');
    // Never counted shorter than the least a full row takes.
    expect(rowDensity(7, 6 * FULL_ROW + 56, 20)).toBe('compact');
  });

  it('stay full before the panel is measured', () => {
    expect(rowDensity(40, 0)).toBe('full');
  });
});

describe('the turn order rows drawn', () => {
  const compact = { density: 'compact' as const, count: 1_000, height: 600, rowSize: 30 };

  it('are all of them while rows are full, and no more than a tall screen holds before the list is measured', () => {
    expect(drawnRows({ density: 'full', count: 12, scrollTop: 0, height: 900, rowSize: 30 })).toEqual({ first: 0, last: 12 });
    expect(drawnRows({ density: 'full', count: 1_000, scrollTop: 0, height: 0, rowSize: 30 })).toEqual({ first: 0, last: FIRST_DRAWN });
  });

  it('are one-line rows in view and a few either side', () => {
    expect(drawnRows({ ...compact, scrollTop: 0 })).toEqual({ first: 0, last: 20 + SPARE_ROWS });
    expect(drawnRows({ ...compact, scrollTop: 3_000 })).toEqual({ first: 100 - SPARE_ROWS, last: 120 + SPARE_ROWS });
    expect(drawnRows({ ...compact, scrollTop: 29_400 })).toEqual({ first: 980 - SPARE_ROWS, last: 1_000 });
  });

  it('still reach the end of a list that shrank under a view scrolled far down', () => {
    // Looking back at a step with 300 rows while scrolled near the end of 1,000.
    const { first, last } = drawnRows({ ...compact, count: 300, scrollTop: 29_400 });
    expect(last).toBe(300);
    expect(first).toBe(280 - SPARE_ROWS);
  });
});
