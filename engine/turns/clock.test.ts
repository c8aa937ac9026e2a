import { describe, expect, it } from 'vitest';
import { elapsedAt, fightClock } from './clock';

describe('the fight clock', () => {
  it('starts round 1 at 0:00 and adds a round length per round', () => {
    expect(elapsedAt(5, 1)).toBe('0:00');
    expect(elapsedAt(5, 2)).toBe('0:05');
    expect(elapsedAt(5, 13)).toBe('1:00');
    expect(elapsedAt(6, 101)).toBe('10:00');
  });

  it('says nothing for untimed rounds or before round 1', () => {
    expect(fightClock(undefined, 3)).toBeNull();
    expect(fightClock(5, 0)).toBeNull();
    expect(fightClock(5, 3)).toBe('0:10');
  });
});
