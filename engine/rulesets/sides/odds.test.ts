import { describe, expect, it } from 'vitest';
import { oddsOfRoll, opposedOdds, percent } from './odds';

describe('the odds the screens show', () => {
  it('works out an opposed check with ties rolled again', () => {
    expect(opposedOdds('2d6', 0, 0)).toBeCloseTo(0.5, 10);
    // +1 against 0 on 2d6: of 1296 pairs of rolls, 721 win, 140 tie (rolled again) and 435 lose.
    expect(opposedOdds('2d6', 1, 0)).toBeCloseTo(721 / 1156, 10);
    expect(opposedOdds('1d20', 0, 19)).toBeCloseTo(0, 10);
  });

  it('works out a roll at most or at least a score', () => {
    expect(oddsOfRoll('2d6', 0, 7, 'at-most')).toBeCloseTo(21 / 36, 10);
    expect(oddsOfRoll('1d20', 0, 15, 'at-least')).toBeCloseTo(0.3, 10);
    expect(percent(21 / 36)).toBe('58%');
  });
});
