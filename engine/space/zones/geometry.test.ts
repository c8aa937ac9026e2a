import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closestPointOnSegment,
  distanceToSegment,
  pointInPolygon,
  poleOfInaccessibility,
  polygonBounds,
  polygonCentroid,
  selfIntersects,
  sharedSegments,
  signedArea,
  snapPoint,
  type Segment,
} from './geometry';
import { rectPoints as rect } from '../../test-support';
import type { Point } from '../../core/maps/zone-map';

/** A segment with its ends in a fixed order, for comparing regardless of direction. */
const norm = ([p, q]: Segment): Segment => (p[0] < q[0] || (p[0] === q[0] && p[1] <= q[1]) ? [p, q] : [q, p]);

const lengthOf = ([p, q]: Segment) => Math.hypot(q[0] - p[0], q[1] - p[1]);

describe('polygonBounds', () => {
  it('is the box around the corners', () => {
    expect(polygonBounds([[3, 9], [-2, 4], [7, 1]])).toEqual({ minX: -2, minY: 1, maxX: 7, maxY: 9 });
    expect(polygonBounds([])).toEqual({ minX: 0, minY: 0, maxX: 0, maxY: 0 });
  });
});

describe('pointInPolygon', () => {
  const square = rect(0, 0, 10, 10);
  it('tells inside from outside, and counts the outline as inside', () => {
    expect(pointInPolygon([5, 5], square)).toBe(true);
    expect(pointInPolygon([15, 5], square)).toBe(false);
    expect(pointInPolygon([-0.1, 5], square)).toBe(false);
    expect(pointInPolygon([10, 5], square)).toBe(true);
    expect(pointInPolygon([0, 0], square)).toBe(true);
  });

  it('handles a concave shape (an L)', () => {
    const l: Point[] = [[0, 0], [10, 0], [10, 3], [3, 3], [3, 10], [0, 10]];
    expect(pointInPolygon([1, 8], l)).toBe(true);
    expect(pointInPolygon([8, 1], l)).toBe(true);
    expect(pointInPolygon([8, 8], l)).toBe(false);
  });
});

describe('distanceToSegment', () => {
  it('measures to the nearest point of the segment, ends included', () => {
    expect(distanceToSegment([5, 3], [0, 0], [10, 0])).toBe(3);
    expect(distanceToSegment([13, 4], [0, 0], [10, 0])).toBe(5);
    expect(distanceToSegment([2, 2], [1, 1], [1, 1])).toBeCloseTo(Math.SQRT2);
    expect(closestPointOnSegment([-5, 2], [0, 0], [10, 0])).toEqual([0, 0]);
  });
});

describe('polygonCentroid', () => {
  it('is the centre of a rectangle and of a triangle', () => {
    expect(polygonCentroid(rect(10, 20, 30, 40))).toEqual([25, 40]);
    const [x, y] = polygonCentroid([[0, 0], [9, 0], [0, 9]]);
    expect(x).toBeCloseTo(3);
    expect(y).toBeCloseTo(3);
  });

  it('lies inside a concave shape whose centre of area is outside it', () => {
    // A thin U: the centre of area falls in the gap between the arms.
    const u: Point[] = [[0, 0], [10, 0], [10, 100], [90, 100], [90, 0], [100, 0], [100, 110], [0, 110]];
    const c = polygonCentroid(u);
    expect(pointInPolygon(c, u)).toBe(true);
    // A crescent-like chevron.
    const chevron: Point[] = [[0, 0], [50, 40], [100, 0], [100, 10], [50, 50], [0, 10]];
    expect(pointInPolygon(polygonCentroid(chevron), chevron)).toBe(true);
  });

  it('keeps away from the outline of a concave shape when it has to move', () => {
    const l: Point[] = [[0, 0], [100, 0], [100, 20], [20, 20], [20, 100], [0, 100]];
    const c = polygonCentroid(l);
    expect(pointInPolygon(c, l)).toBe(true);
    const clearance = Math.min(...l.map((p, i) => distanceToSegment(c, p, l[(i + 1) % l.length] as Point)));
    expect(clearance).toBeGreaterThan(5);
  });

  it('falls back to the average of corners without area', () => {
    expect(polygonCentroid([[0, 0], [5, 0], [10, 0]])).toEqual([5, 0]);
    expect(polygonCentroid([])).toEqual([0, 0]);
  });

  it('pole of inaccessibility of a square is its middle', () => {
    const [x, y] = poleOfInaccessibility(rect(0, 0, 100, 100), 0.5);
    expect(x).toBeCloseTo(50, 0);
    expect(y).toBeCloseTo(50, 0);
  });
});

describe('sharedSegments', () => {
  it('finds the common side of two rectangles side by side', () => {
    const segs = sharedSegments(rect(0, 0, 10, 10), rect(10, 0, 10, 10));
    expect(segs.map(norm)).toEqual([[[10, 0], [10, 10]]]);
  });

  it('finds only the overlapping part of sides of different lengths', () => {
    const segs = sharedSegments(rect(0, 0, 10, 10), rect(10, 5, 10, 20));
    expect(segs.map(norm)).toEqual([[[10, 5], [10, 10]]]);
    // And the same stretch seen from the other zone.
    expect(sharedSegments(rect(10, 5, 10, 20), rect(0, 0, 10, 10)).map(norm)).toEqual([[[10, 5], [10, 10]]]);
  });

  it('shares nothing when only corners touch, or the zones are apart', () => {
    expect(sharedSegments(rect(0, 0, 10, 10), rect(10, 10, 10, 10))).toEqual([]);
    expect(sharedSegments(rect(0, 0, 10, 10), rect(12, 0, 10, 10))).toEqual([]);
  });

  it('shares nothing when sides only cross', () => {
    expect(sharedSegments(rect(0, 0, 10, 10), [[5, -5], [15, 5], [5, 15]])).toEqual([]);
  });

  it('allows a small gap within the tolerance', () => {
    expect(sharedSegments(rect(0, 0, 10, 10), rect(10.5, 0, 10, 10))).toHaveLength(1);
    expect(sharedSegments(rect(0, 0, 10, 10), rect(10.5, 0, 10, 10), 0.1)).toEqual([]);
  });

  it('ignores an overlap no longer than the tolerance', () => {
    expect(sharedSegments(rect(0, 0, 10, 10), rect(10, 9.5, 10, 10))).toEqual([]);
  });

  it('joins a side split by an extra corner into one stretch', () => {
    const split: Point[] = [[0, 0], [10, 0], [10, 4], [10, 10], [0, 10]];
    const segs = sharedSegments(split, rect(10, 0, 10, 10));
    expect(segs.map(norm)).toEqual([[[10, 0], [10, 10]]]);
  });

  it('finds two separate stretches when a zone touches another on two sides', () => {
    // An L wrapped around a square's top and right.
    const l: Point[] = [[0, 0], [20, 0], [20, 20], [10, 20], [10, 10], [0, 10]];
    const segs = sharedSegments(l, rect(0, 10, 10, 10));
    // In the L's corner order: down its inner right side, then along its inner bottom.
    expect(segs.map(norm)).toEqual([
      [[10, 10], [10, 20]],
      [[0, 10], [10, 10]],
    ]);
  });

  it('finds shared slanted edges', () => {
    const a: Point[] = [[0, 0], [10, 10], [0, 10]];
    const b: Point[] = [[0, 0], [10, 0], [10, 10]];
    const segs = sharedSegments(a, b);
    expect(segs).toHaveLength(1);
    expect(lengthOf(segs[0] as Segment)).toBeCloseTo(Math.hypot(10, 10));
  });
});

describe('selfIntersects', () => {
  it('spots a bow tie, not a plain or concave outline', () => {
    expect(selfIntersects([[0, 0], [10, 10], [10, 0], [0, 10]])).toBe(true);
    expect(selfIntersects(rect(0, 0, 5, 5))).toBe(false);
    expect(selfIntersects([[0, 0], [10, 0], [10, 3], [3, 3], [3, 10], [0, 10]])).toBe(false);
  });

  it('signed area tells the winding and is zero on a line', () => {
    expect(signedArea(rect(0, 0, 2, 3))).toBe(6);
    expect(signedArea([...rect(0, 0, 2, 3)].reverse())).toBe(-6);
    expect(signedArea([[0, 0], [1, 1], [2, 2]])).toBe(0);
  });
});

describe('snapPoint', () => {
  const vertices: Point[] = [[100, 100], [200, 100]];
  const edges: Segment[] = [[[0, 300], [400, 300]]];

  it('snaps to a nearby corner before anything else', () => {
    expect(snapPoint([104, 97], { grid: 50, vertices, edges, radius: 8 })).toEqual([100, 100]);
    // The nearer of two corners in reach.
    expect(snapPoint([150, 100], { grid: 0, vertices: [[145, 100], [152, 100]], radius: 10 })).toEqual([152, 100]);
  });

  it('then onto a nearby edge, then to the grid', () => {
    expect(snapPoint([123, 304], { grid: 50, vertices, edges, radius: 8 })).toEqual([123, 300]);
    expect(snapPoint([123, 340], { grid: 50, vertices, edges, radius: 8 })).toEqual([100, 350]);
  });

  it('leaves the point alone with no grid and nothing in reach', () => {
    expect(snapPoint([123.4, 340.2], { grid: 0, vertices, edges, radius: 8 })).toEqual([123.4, 340.2]);
    expect(snapPoint([101, 101], { grid: 0, vertices, radius: 0 })).toEqual([101, 101]);
  });
});

describe('sharedSegments on a grid of rectangles (property)', () => {
  it('two cells share an edge exactly when they are side by side', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 5, max: 80 }), (cols, rows, size) => {
        const cells = Array.from({ length: cols * rows }, (_, i) => ({ col: i % cols, row: Math.floor(i / cols), points: rect((i % cols) * size, Math.floor(i / cols) * size, size, size) }));
        for (const a of cells) {
          for (const b of cells) {
            if (a === b) continue;
            const sideBySide = Math.abs(a.col - b.col) + Math.abs(a.row - b.row) === 1;
            const segs = sharedSegments(a.points, b.points);
            expect(segs.length > 0).toBe(sideBySide);
            for (const s of segs) expect(lengthOf(s)).toBeCloseTo(size);
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
