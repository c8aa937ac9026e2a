// Plane geometry for sight on the grid: points, clipping a convex shape to half-planes, and the
// open stretches left between closed intervals. Kept apart from the rules of sight so that each
// reads on its own.

/** A point on the map, in cells. */
export interface Pt {
  readonly x: number;
  readonly y: number;
}

/** The z of the cross product of (a − o) and (b − o): positive when o → a → b turns clockwise on screen. */
export function cross(o: Pt, a: Pt, b: Pt): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** How much a point may lie outside a half-plane and still count as on it (rounding, never geometry). */
const TOLERANCE = 1e-11;

/**
 * The part of a convex shape (corners in order; two for a segment) where `side(q) ≥ 0`, with the
 * points where its edges cross the boundary (Sutherland–Hodgman, one half-plane).
 */
export function clip(shape: readonly Pt[], side: (q: Pt) => number): Pt[] {
  const out: Pt[] = [];
  const n = shape.length;
  if (n === 0) return out;
  const closes = n > 2;
  for (let i = 0; i < n; i++) {
    const a = shape[i] as Pt;
    const sa = side(a);
    if (sa >= -TOLERANCE) out.push(a);
    if (!closes && i === n - 1) break;
    const b = shape[(i + 1) % n] as Pt;
    const sb = side(b);
    if ((sa < -TOLERANCE && sb > TOLERANCE) || (sa > TOLERANCE && sb < -TOLERANCE)) {
      const t = sa / (sa - sb);
      out.push({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
    }
  }
  return out;
}

/** The part of a convex shape inside the triangle p, a, b (either way round). */
export function clipToTriangle(shape: readonly Pt[], p: Pt, a: Pt, b: Pt): Pt[] {
  const turn = Math.sign(cross(p, a, b));
  let part = clip(shape, (q) => turn * cross(p, a, q));
  if (part.length > 0) part = clip(part, (q) => turn * cross(a, b, q));
  if (part.length > 0) part = clip(part, (q) => turn * cross(b, p, q));
  return part;
}

/**
 * How far left and right a convex shape (corners in order; two for a segment) reaches between two
 * horizontal lines, or null when it doesn't reach between them: the extent of `clipToRows`
 * without building the clipped shape, which sight asks for every row it looks along.
 */
export function rowExtent(shape: readonly Pt[], top: number, bottom: number): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  const n = shape.length;
  for (let i = 0; i < n; i++) {
    const a = shape[i] as Pt;
    if (a.y >= top - TOLERANCE && a.y <= bottom + TOLERANCE) {
      if (a.x < lo) lo = a.x;
      if (a.x > hi) hi = a.x;
    }
    if (n === 2 && i === 1) break;
    const b = shape[(i + 1) % n] as Pt;
    for (const line of [top, bottom]) {
      if ((a.y - line) * (b.y - line) < 0) {
        const x = a.x + ((line - a.y) / (b.y - a.y)) * (b.x - a.x);
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
    }
  }
  return lo <= hi ? [lo, hi] : null;
}

/** The part of a convex shape between two horizontal lines. */
export function clipToRows(shape: readonly Pt[], top: number, bottom: number): Pt[] {
  const part = clip(shape, (q) => q.y - top);
  return part.length > 0 ? clip(part, (q) => bottom - q.y) : part;
}

/** The part of a convex shape between two vertical lines. */
export function clipToColumns(shape: readonly Pt[], left: number, right: number): Pt[] {
  const part = clip(shape, (q) => q.x - left);
  return part.length > 0 ? clip(part, (q) => right - q.x) : part;
}

/**
 * Narrower than this (a millionth of a face), an open stretch is rounding between two touching
 * intervals, not a gap: the narrowest real gaps, lines that slip past a wall's end to a point just
 * inside a corner, are a hundred times wider.
 */
const SLIVER = 1e-6;

/**
 * The closed stretches of (0, 1) shaded so far, merged as they come, so that a search can stop as
 * soon as the whole of it is shaded.
 */
export class Shade {
  private readonly lo: number[] = [];
  private readonly hi: number[] = [];

  /** Shades [lo, hi]. */
  add(lo: number, hi: number): void {
    if (hi < 0 || lo > 1) return;
    let i = 0;
    while (i < this.lo.length && (this.hi[i] as number) < lo - SLIVER) i++;
    let j = i;
    let newLo = lo;
    let newHi = hi;
    while (j < this.lo.length && (this.lo[j] as number) <= hi + SLIVER) {
      newLo = Math.min(newLo, this.lo[j] as number);
      newHi = Math.max(newHi, this.hi[j] as number);
      j++;
    }
    this.lo.splice(i, j - i, newLo);
    this.hi.splice(i, j - i, newHi);
  }

  /** Whether all of (0, 1) is shaded. */
  whole(): boolean {
    return this.lo.length === 1 && (this.lo[0] as number) <= SLIVER && (this.hi[0] as number) >= 1 - SLIVER;
  }

  /** The open stretches of (0, 1) left, in order. */
  gaps(): [number, number][] {
    const gaps: [number, number][] = [];
    let reached = 0;
    for (let i = 0; i < this.lo.length; i++) {
      const lo = this.lo[i] as number;
      if (lo - reached > SLIVER) gaps.push([reached, Math.min(lo, 1)]);
      reached = Math.max(reached, this.hi[i] as number);
    }
    if (1 - reached > SLIVER) gaps.push([reached, 1]);
    return gaps.filter(([a, b]) => b - a > SLIVER);
  }
}

/** The convex hull of a few points, corners in order (Andrew's monotone chain). */
export function convexHull(points: readonly Pt[]): Pt[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const half = (list: Pt[]): Pt[] => {
    const chain: Pt[] = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2] as Pt, chain[chain.length - 1] as Pt, p) <= 0) chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}
