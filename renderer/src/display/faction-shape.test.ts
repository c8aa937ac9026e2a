import { describe, expect, it } from 'vitest';
import { markImage, shapeAt, shapeOf, shapePath } from './faction-shape';

describe("a side's shape", () => {
  it('gives the first six sides six different shapes, in list order, then comes round again', () => {
    const six = [0, 1, 2, 3, 4, 5].map(shapeAt);
    expect(new Set(six).size).toBe(6);
    expect(six[0]).toBe('circle');
    expect(shapeAt(6)).toBe(six[0]);
  });

  it("follows the side's place in the fight's list, and a side not in it gets the circle", () => {
    const sides = [{ id: 'f1' }, { id: 'f2' }, { id: 'f9' }];
    expect(['f1', 'f2', 'f9'].map((id) => shapeOf(sides, id))).toEqual([shapeAt(0), shapeAt(1), shapeAt(2)]);
    expect(shapeOf(sides, 'gone')).toBe('circle');
    expect(shapeOf(sides, undefined)).toBe('circle');
  });

  it('draws every shape as a closed path of finite numbers that stays within about its radius', () => {
    for (let i = 0; i < 6; i++) {
      const d = shapePath(shapeAt(i), 10);
      expect(d).toMatch(/^M .* Z$/);
      const numbers = d.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      expect(numbers.length).toBeGreaterThan(3);
      expect(numbers.every((n) => Number.isFinite(n) && Math.abs(n) <= 12)).toBe(true);
    }
  });
});

describe("a side's mark as a CSS image", () => {
  const svgOf = async (image: string) => {
    const address = /^url\("(blob:[^"]+)"\)$/.exec(image)?.[1];
    expect(address).toBeDefined();
    return (await fetch(address ?? '')).text();
  };

  it('draws the shape in the side colour with its outline, one image per shape and colour', async () => {
    const image = markImage('triangle', '#c0392b');
    const svg = await svgOf(image);
    expect(svg).toContain(`d="${shapePath('triangle', 1)}"`);
    expect(svg).toContain('fill="#c0392b"');
    expect(svg).toContain('stroke="#f2f4f8"');
    expect(markImage('triangle', '#c0392b')).toBe(image);
    expect(markImage('square', '#c0392b')).not.toBe(image);
  });

  it('draws a colour that is not a plain one in grey', async () => {
    const svg = await svgOf(markImage('circle', 'red" onload="alert(1)'));
    expect(svg).toContain('fill="#888"');
    expect(svg).not.toContain('onload');
  });
});
