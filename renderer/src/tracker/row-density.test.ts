import { describe, expect, it } from 'vitest';
import { FULL_ROW, rowDensity } from './row-density';

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
