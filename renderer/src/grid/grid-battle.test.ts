import { describe, expect, it } from 'vitest';
import { compileGrid, emptyGridMap, type Combatant } from '../../../engine/index';
import { centreOf, coverMark, coverWords, sightsFrom, squareUnder } from './grid-battle';

const someone = (id: string, square: Combatant['square']): Combatant =>
  ({ id, name: id, factionId: 'f1', stats: {}, tracks: {}, conditions: [], notes: '', concealed: false, initiative: null, zoneId: null, borderId: null, square, marks: [], resources: [], templateId: null }) as Combatant;

describe('the grid battle map', () => {
  it('puts a token in the middle of its squares, and a dropped one on the squares under it', () => {
    expect(centreOf({ x: 2, y: 3, size: 1 })).toEqual([2.5, 3.5]);
    expect(centreOf({ x: 2, y: 3, size: 2 })).toEqual([3, 4]);
    expect(squareUnder([2.7, 3.2], 1, { width: 10, height: 10 })).toEqual({ x: 2, y: 3 });
    expect(squareUnder([3.1, 4.2], 2, { width: 10, height: 10 })).toEqual({ x: 2, y: 3 });
    expect(squareUnder([9.9, 0], 2, { width: 10, height: 10 })).toEqual({ x: 8, y: 0 });
  });

  it('says what the picked character sees of the others, in words and marks', () => {
    const grid = compileGrid({ ...emptyGridMap(6, 3), rows: ['......', '..#...', '......'] });
    const ann = someone('ann', { x: 0, y: 1, size: 1 });
    const behind = someone('behind', { x: 3, y: 1, size: 1 });
    const open = someone('open', { x: 0, y: 2, size: 1 });
    const off = someone('off', null);
    const sights = sightsFrom(grid, ann, [ann, behind, open, off]);
    expect([...sights.keys()]).toEqual(['behind', 'open']);
    expect(coverWords(sights.get('open')!)).toBe('no cover');
    expect(coverMark(sights.get('open')!)).toBe('clear');
    // Straight behind the pillar, in the same row: every line would have to bend round it.
    expect(coverWords(sights.get('behind')!)).toBe('not seen');
    expect(coverWords({ sees: true, cover: 'half', cornersSeen: 3, corners: 4 })).toBe('half cover (3 of 4 corners seen)');
    expect(coverWords({ sees: false, cover: null, cornersSeen: 0, corners: 4 })).toBe('not seen');
    expect(coverMark({ sees: true, cover: 'half', cornersSeen: 2, corners: 4 })).toBe('½');
  });
});
