import { describe, expect, it } from 'vitest';
import { backgroundPlacement, cellAt, cellRuns, cellsAlong, edgeLines, edgeNear, heightLabel } from './grid-draw';

describe('drawing a grid map', () => {
  it('draws runs of like cells, skipping open ground, with fog as its own kind', () => {
    expect(cellRuns(['..##~', '!%??.'])).toEqual([
      { x: 2, y: 0, length: 2, kind: 'solid' },
      { x: 4, y: 0, length: 1, kind: 'difficult' },
      { x: 0, y: 1, length: 1, kind: 'hazard' },
      { x: 1, y: 1, length: 1, kind: 'difficult-hazard' },
      { x: 2, y: 1, length: 2, kind: 'fog' },
    ]);
  });

  it('draws edges as lines, doors open or shut as the fight has them', () => {
    const lines = edgeLines([
      { x: 1, y: 2, side: 'top', kind: 'wall', open: false },
      { x: 3, y: 0, side: 'left', kind: 'door', open: false },
    ], { 'left:3:0': true });
    expect(lines).toEqual([
      { key: 'top:1:2', x1: 1, y1: 2, x2: 2, y2: 2, kind: 'wall', open: false },
      { key: 'left:3:0', x1: 3, y1: 0, x2: 3, y2: 1, kind: 'door', open: true },
    ]);
  });

  it('marks heights with their sign', () => {
    expect(heightLabel({ x: 0, y: 0, height: 10 })).toBe('+10');
    expect(heightLabel({ x: 0, y: 0, height: -5 })).toBe('−5');
  });

  it('lays the picture under the grid by its alignment, or stretches it over the map', () => {
    expect(backgroundPlacement({ offsetX: 20, offsetY: 10, cellPixels: 50 }, { width: 1000, height: 500 }, { width: 10, height: 10 })).toEqual({ x: -0.4, y: -0.2, width: 20, height: 10 });
    expect(backgroundPlacement({ offsetX: 0, offsetY: 0, cellPixels: 0 }, { width: 1000, height: 500 }, { width: 10, height: 8 })).toEqual({ x: 0, y: 0, width: 10, height: 8 });
  });

  it('finds the cell and the nearest edge under a point', () => {
    const map = { width: 4, height: 3 };
    expect(cellAt([2.5, 1.2], map)).toEqual({ x: 2, y: 1 });
    expect(cellAt([4.1, 1], map)).toBeNull();
    expect(edgeNear([2.5, 1.1], map, 0.25)).toEqual({ x: 2, y: 1, side: 'top' });
    expect(edgeNear([2.9, 1.5], map, 0.25)).toEqual({ x: 3, y: 1, side: 'left' });
    expect(edgeNear([2.5, 1.5], map, 0.25)).toBeNull();
    expect(edgeNear([4.05, 1.5], map, 0.25)).toEqual({ x: 4, y: 1, side: 'left' });
  });

  it('fills in the cells a fast drag skipped', () => {
    expect(cellsAlong({ x: 0, y: 0 }, { x: 3, y: 1 })).toEqual([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 1 }, { x: 3, y: 1 }]);
    expect(cellsAlong({ x: 2, y: 2 }, { x: 2, y: 2 })).toEqual([{ x: 2, y: 2 }]);
  });
});
