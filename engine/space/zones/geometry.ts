/**
 * Plane geometry for drawn zone maps: point in polygon, a label anchor inside any simple polygon,
 * bounds, distances, the stretches of edge two outlines share, and snapping while drawing.
 * Map units, y down (as on screen); nothing here knows about zones or encounters.
 */
import type { Point } from '../../core/maps/zone-map';

/** A stretch of line from one point to another. */
export type Segment = readonly [Point, Point];

/** The smallest axis-aligned box around some points. */
export interface Bounds {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** How far apart (in map units) two edges may lie and still count as one shared edge. */
export const EDGE_TOLERANCE = 1;

const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
const cross = (a: Point, b: Point): number => a[0] * b[1] - a[1] * b[0];
const dot = (a: Point, b: Point): number => a[0] * b[0] + a[1] * b[1];
const length = (a: Point): number => Math.hypot(a[0], a[1]);
const at = (poly: readonly Point[], i: number): Point => poly[((i % poly.length) + poly.length) % poly.length] as Point;

/** The bounding box of a polygon (or any points); all zeros for none. */
export function polygonBounds(points: readonly Point[]): Bounds {
  if (points.length === 0) return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** Whether two boxes overlap or lie within `margin` of each other. */
export function boundsTouch(a: Bounds, b: Bounds, margin = 0): boolean {
  return a.minX - margin <= b.maxX && b.minX - margin <= a.maxX && a.minY - margin <= b.maxY && b.minY - margin <= a.maxY;
}

/** The polygon's area by the shoelace formula: positive when its corners run clockwise on screen (y down). */
export function signedArea(poly: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < poly.length; i++) sum += cross(at(poly, i), at(poly, i + 1));
  return sum / 2;
}

/** The point of segment a–b closest to p. */
export function closestPointOnSegment(p: Point, a: Point, b: Point): Point {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  if (len2 === 0) return a;
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2));
  return [a[0] + ab[0] * t, a[1] + ab[1] * t];
}

/** The distance from p to the nearest point of segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  return length(sub(p, closestPointOnSegment(p, a, b)));
}

/**
 * Whether p lies inside the polygon (even-odd rule). A point on the outline counts as inside, so
 * a click on a zone's edge picks the zone.
 */
export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i] as Point;
    const b = poly[j] as Point;
    if (distanceToSegment(p, a, b) <= 1e-9) return true;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

/** Distance from p to the outline, positive inside the polygon and negative outside. */
function signedDistance(p: Point, poly: readonly Point[]): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) best = Math.min(best, distanceToSegment(p, at(poly, i), at(poly, i + 1)));
  return pointInPolygon(p, poly) ? best : -best;
}

interface Cell {
  x: number;
  y: number;
  half: number;
  /** Signed distance from the cell's centre to the outline. */
  d: number;
  /** The best distance any point of the cell could have. */
  max: number;
}

function cell(x: number, y: number, half: number, poly: readonly Point[]): Cell {
  const d = signedDistance([x, y], poly);
  return { x, y, half, d, max: d + half * Math.SQRT2 };
}

/** A max-heap of cells by `max`: the cell that could hold the farthest point from the outline first. */
class CellQueue {
  private readonly items: Cell[] = [];
  get size(): number {
    return this.items.length;
  }
  push(c: Cell): void {
    const items = this.items;
    items.push(c);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as Cell).max >= c.max) break;
      items[i] = items[parent] as Cell;
      i = parent;
    }
    items[i] = c;
  }
  pop(): Cell | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && (items[right] as Cell).max > (items[left] as Cell).max ? right : left;
      if ((items[child] as Cell).max <= last.max) break;
      items[i] = items[child] as Cell;
      i = child;
    }
    items[i] = last;
    return top;
  }
}

/**
 * The point inside the polygon farthest from its outline, to within `precision` map units (the
 * "pole of inaccessibility", after Mapbox's polylabel): a good anchor for a label or a token in a
 * concave or thin shape.
 */
export function poleOfInaccessibility(poly: readonly Point[], precision = 1): Point {
  const b = polygonBounds(poly);
  const size = Math.min(b.maxX - b.minX, b.maxY - b.minY);
  if (poly.length === 0 || size <= 0) return [b.minX, b.minY];
  const queue = new CellQueue();
  const half = size / 2;
  for (let x = b.minX; x < b.maxX; x += size) for (let y = b.minY; y < b.maxY; y += size) queue.push(cell(x + half, y + half, half, poly));
  let best = cell((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, 0, poly);
  const step = Math.max(precision, 1e-6);
  // Bounded, so a pathological outline can't keep the loop going.
  for (let n = 0; queue.size > 0 && n < 20_000; n++) {
    const c = queue.pop() as Cell;
    if (c.d > best.d) best = c;
    if (c.max - best.d <= step) continue;
    const h = c.half / 2;
    queue.push(cell(c.x - h, c.y - h, h, poly));
    queue.push(cell(c.x + h, c.y - h, h, poly));
    queue.push(cell(c.x - h, c.y + h, h, poly));
    queue.push(cell(c.x + h, c.y + h, h, poly));
  }
  return [best.x, best.y];
}

/**
 * An anchor for a zone's label or tokens that lies inside the polygon: its centre of area when
 * that is inside (convex shapes, most others), else the point farthest from the outline (an L, a
 * U, a crescent). A polygon without area gives the average of its corners.
 */
export function polygonCentroid(poly: readonly Point[]): Point {
  if (poly.length === 0) return [0, 0];
  const area = signedArea(poly);
  if (Math.abs(area) < 1e-9) {
    const sx = poly.reduce((s, p) => s + p[0], 0);
    const sy = poly.reduce((s, p) => s + p[1], 0);
    return [sx / poly.length, sy / poly.length];
  }
  // Relative to the first corner, so large coordinates don't lose precision.
  const [ox, oy] = poly[0] as Point;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = sub(at(poly, i), [ox, oy]);
    const b = sub(at(poly, i + 1), [ox, oy]);
    const f = cross(a, b);
    cx += (a[0] + b[0]) * f;
    cy += (a[1] + b[1]) * f;
  }
  const centre: Point = [ox + cx / (6 * area), oy + cy / (6 * area)];
  if (pointInPolygon(centre, poly)) return centre;
  const b = polygonBounds(poly);
  return poleOfInaccessibility(poly, Math.max(b.maxX - b.minX, b.maxY - b.minY) / 200);
}

/**
 * The stretches where one of B's edges runs along one of A's, as parameters along A's edge.
 * Null unless the edges are parallel within `tolerance` over an overlap longer than `tolerance`.
 */
function overlap(a0: Point, a1: Point, b0: Point, b1: Point, tolerance: number): [number, number] | null {
  const along = sub(a1, a0);
  const len = length(along);
  if (len <= tolerance) return null;
  const u: Point = [along[0] / len, along[1] / len];
  const t0 = dot(sub(b0, a0), u);
  const t1 = dot(sub(b1, a0), u);
  if (Math.abs(t1 - t0) <= tolerance) return null;
  const lo = Math.max(0, Math.min(t0, t1));
  const hi = Math.min(len, Math.max(t0, t1));
  if (hi - lo <= tolerance) return null;
  // B's distance from A's line varies linearly along it: check it at both ends of the overlap.
  const d0 = cross(u, sub(b0, a0));
  const d1 = cross(u, sub(b1, a0));
  const offset = (t: number) => d0 + ((d1 - d0) * (t - t0)) / (t1 - t0);
  if (Math.abs(offset(lo)) > tolerance || Math.abs(offset(hi)) > tolerance) return null;
  return [lo, hi];
}

const close = (p: Point, q: Point, tolerance: number) => length(sub(p, q)) <= tolerance;

function parallel(s: Segment, t: Segment): boolean {
  const a = sub(s[1], s[0]);
  const b = sub(t[1], t[0]);
  return Math.abs(cross(a, b)) <= 1e-6 * length(a) * length(b);
}

/**
 * The stretches of edge two polygons share: edges that run along each other (within `tolerance`
 * map units, both apart and in angle) for more than `tolerance`. Corners touching, or edges
 * crossing, share nothing. Each stretch lies on A's outline, in A's corner order; stretches that
 * continue one another are joined.
 */
export function sharedSegments(polyA: readonly Point[], polyB: readonly Point[], tolerance = EDGE_TOLERANCE): Segment[] {
  const found: Segment[] = [];
  // Each of B's edges' boxes once, so edges far apart are passed over cheaply.
  const boxes = polyB.map((p, j) => polygonBounds([p, at(polyB, j + 1)]));
  for (let i = 0; i < polyA.length; i++) {
    const a0 = at(polyA, i);
    const a1 = at(polyA, i + 1);
    const box = polygonBounds([a0, a1]);
    const spans: [number, number][] = [];
    for (let j = 0; j < polyB.length; j++) {
      if (!boundsTouch(box, boxes[j] as Bounds, tolerance)) continue;
      const span = overlap(a0, a1, at(polyB, j), at(polyB, j + 1), tolerance);
      if (span) spans.push(span);
    }
    spans.sort((x, y) => x[0] - y[0]);
    const merged: [number, number][] = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span[0] <= last[1] + tolerance) last[1] = Math.max(last[1], span[1]);
      else merged.push([span[0], span[1]]);
    }
    const len = length(sub(a1, a0));
    const point = (t: number): Point => [a0[0] + ((a1[0] - a0[0]) * t) / len, a0[1] + ((a1[1] - a0[1]) * t) / len];
    for (const [lo, hi] of merged) found.push([point(lo), point(hi)]);
  }
  // Join stretches on consecutive edges that continue each other (a corner in the middle of a straight side).
  const joined: Segment[] = [];
  for (const s of found) {
    const last = joined[joined.length - 1];
    if (last && close(last[1], s[0], tolerance) && parallel(last, s)) joined[joined.length - 1] = [last[0], s[1]];
    else joined.push(s);
  }
  const first = joined[0];
  const last = joined[joined.length - 1];
  if (joined.length > 1 && first && last && close(last[1], first[0], tolerance) && parallel(last, first)) {
    joined[0] = [last[0], first[1]];
    joined.pop();
  }
  return joined;
}

function orientation(a: Point, b: Point, c: Point): number {
  const v = cross(sub(b, a), sub(c, a));
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(a: Point, b: Point, p: Point): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether segments p1–p2 and q1–q2 cross or touch. */
export function segmentsIntersect(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(p1, p2, q1)) || (o2 === 0 && onSegment(p1, p2, q2)) || (o3 === 0 && onSegment(q1, q2, p1)) || (o4 === 0 && onSegment(q1, q2, p2));
}

/** Whether two edges of the outline that aren't next to each other cross or touch. */
export function selfIntersects(poly: readonly Point[]): boolean {
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsIntersect(at(poly, i), at(poly, i + 1), at(poly, j), at(poly, j + 1))) return true;
    }
  }
  return false;
}

/** Where snapping may pull a point while drawing. */
export interface SnapOptions {
  /** Grid spacing in map units; 0 for no grid. */
  readonly grid: number;
  /** Existing corners to snap onto first. */
  readonly vertices?: readonly Point[];
  /** Existing edges to snap onto next (a corner in the middle of a neighbour's side). */
  readonly edges?: readonly Segment[];
  /** How near (map units) a corner or edge must be to pull the point; 0 for no pull. */
  readonly radius: number;
}

/**
 * Snaps a point while drawing: onto the nearest existing corner within `radius`, else onto the
 * nearest existing edge within `radius`, else onto the grid (when there is one), else unchanged.
 * Snapping corners together is what makes drawn zones share edges, and so border each other.
 */
export function snapPoint(point: Point, options: SnapOptions): Point {
  const { grid, vertices = [], edges = [], radius } = options;
  if (radius > 0) {
    let best: Point | null = null;
    let bestD = Infinity;
    for (const v of vertices) {
      const d = length(sub(point, v));
      if (d <= radius && (best === null || d < bestD)) [best, bestD] = [v, d];
    }
    if (best) return [best[0], best[1]];
    for (const [a, b] of edges) {
      const q = closestPointOnSegment(point, a, b);
      const d = length(sub(point, q));
      if (d <= radius && (best === null || d < bestD)) [best, bestD] = [q, d];
    }
    if (best) return best;
  }
  if (grid > 0) return [Math.round(point[0] / grid) * grid, Math.round(point[1] / grid) * grid];
  return [point[0], point[1]];
}
