import { describe, expect, it } from 'vitest';
import { draftOf, durationOf, quickCondition, roundsLeft } from './duration';

describe('the duration fields as a command', () => {
  it('gives no duration for empty rounds, dice as typed, a count as a number, and drops what an ending does not use', () => {
    expect(durationOf({ rounds: '  ', endsOn: 'turn-start', anchorId: 'c1' })).toBeUndefined();
    expect(durationOf({ rounds: '1d4', endsOn: 'round-end', anchorId: 'c1' })).toEqual({ rounds: '1d4', endsOn: 'round-end' });
    expect(durationOf({ rounds: ' 2 ', endsOn: 'turn-end', anchorId: 'c1' })).toEqual({ rounds: 2, endsOn: 'turn-end', anchorId: 'c1' });
    expect(durationOf({ rounds: '', endsOn: 'fight-end', anchorId: 'c1' })).toEqual({ endsOn: 'fight-end' });
  });
});

describe('a duration shown in the fields', () => {
  it('comes back as the same duration from every kind of ending', () => {
    for (const duration of [
      { rounds: 2, endsOn: 'turn-end', anchorId: 'c2' },
      { rounds: '1d4', endsOn: 'round-end' },
      { endsOn: 'fight-end' },
      { endsOn: 'scene-end' },
      { endsOn: 'next-action', anchorId: 'c3', slot: 'full' },
    ] as const) {
      expect(durationOf(draftOf(duration))).toEqual(duration);
    }
  });

  it('counts rounds only for the endings that come round again', () => {
    expect(roundsLeft({ remaining: 3, endsOn: 'round-end' })).toBe(3);
    expect(roundsLeft({ remaining: 1, endsOn: 'scene-end' })).toBeNull();
    expect(roundsLeft({ remaining: 1, endsOn: 'next-action', anchorId: 'c1', slot: 'full' })).toBeNull();
    expect(roundsLeft(null)).toBeNull();
  });
});

describe('a condition typed in one go', () => {
  it('splits "Stunned 2" into the name and its rounds, dice too', () => {
    expect(quickCondition('Stunned 2')).toEqual({ name: 'Stunned', rounds: '2' });
    expect(quickCondition('  On fire 1d4 ')).toEqual({ name: 'On fire', rounds: '1d4' });
    expect(quickCondition('Blessed d6')).toEqual({ name: 'Blessed', rounds: 'd6' });
  });

  it('keeps a name without rounds, or a name that is only a number, whole', () => {
    expect(quickCondition('Prone')).toEqual({ name: 'Prone', rounds: null });
    expect(quickCondition('42')).toEqual({ name: '42', rounds: null });
    expect(quickCondition('Mark of 3 moons')).toEqual({ name: 'Mark of 3 moons', rounds: null });
  });
});
