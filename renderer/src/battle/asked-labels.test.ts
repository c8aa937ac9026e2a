import { describe, expect, it } from 'vitest';
import { labelBox, labelsAbove } from './asked-labels';

// Squares of 1 map unit, 40 screen pixels each: tokens of radius 0.4.
const px = 1 / 40;

describe("where a question's labels go", () => {
  it('puts a label under its token, clear of its rings', () => {
    const box = labelBox('may strike', 0.4, px, false);
    expect(box.cy).toBeGreaterThan(0.4 * 1.62);
    expect(box.size).toBeCloseTo(12 / 40);
    expect(labelBox('may strike', 0.4, px, true).cy).toBe(-box.cy);
  });

  it('puts the second of two side by side over its token, so the labels do not overlap', () => {
    const tokens = [
      { id: 'a', at: [5.5, 6.5] as const, r: 0.4 },
      { id: 'b', at: [6.5, 6.5] as const, r: 0.4 },
    ];
    expect([...labelsAbove(tokens, [{ id: 'b', text: 'moves out of reach' }, { id: 'a', text: 'may strike' }], px)]).toEqual(['a']);
  });

  it('puts a label over its token when under it stands another token', () => {
    const tokens = [
      { id: 'a', at: [5.5, 5.5] as const, r: 0.4 },
      { id: 'b', at: [5.5, 6.5] as const, r: 0.4 },
    ];
    expect([...labelsAbove(tokens, [{ id: 'a', text: 'may strike' }], px)]).toEqual(['a']);
    // Nobody under it: under, as usual.
    expect([...labelsAbove(tokens, [{ id: 'b', text: 'may strike' }], px)]).toEqual([]);
  });
});
