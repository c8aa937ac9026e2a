import { describe, expect, it } from 'vitest';
import { durationOf } from './duration';

describe('the duration fields as a command', () => {
  it('gives no duration for empty rounds, dice as typed, a count as a number, and drops what an ending does not use', () => {
    expect(durationOf({ rounds: '  ', endsOn: 'turn-start', anchorId: 'c1' })).toBeUndefined();
    expect(durationOf({ rounds: '1d4', endsOn: 'round-end', anchorId: 'c1' })).toEqual({ rounds: '1d4', endsOn: 'round-end' });
    expect(durationOf({ rounds: ' 2 ', endsOn: 'turn-end', anchorId: 'c1' })).toEqual({ rounds: 2, endsOn: 'turn-end', anchorId: 'c1' });
    expect(durationOf({ rounds: '', endsOn: 'fight-end', anchorId: 'c1' })).toEqual({ endsOn: 'fight-end' });
  });
});
