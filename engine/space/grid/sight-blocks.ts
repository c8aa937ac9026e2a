import { EDGE_NONE, EDGE_SLIT, footprintCorners, isSolid, leftEdge, topEdge, type Cube, type Grid } from './grid';
import { clip, clipToColumns, clipToRows, convexHull, cross, rowExtent, type Pt } from './plane';

// Quick ways to settle that nothing joins two cubes, before the exact search for a line through
// a gap (sight.ts), which looks at many lines. Every line from one cube to the other lies in the
// band between them (their convex hull); what blocks that band all across blocks them all.
// Both tests only ever answer "blocked" when it is so; when they can't tell, the search decides.
// Characters are never in the way and walls stand to the sky, so the ground's height doesn't matter.

/** Whether something blocks the whole band between two cubes. */
export function nothingBetween(grid: Grid, a: Cube, b: Cube): boolean {
  const hull = convexHull([...footprintCorners(a), ...footprintCorners(b)]);
  return lineAcross(grid, a, b, hull) || chainAcross(grid, a, b, hull);
}

/**
 * Whether a line of the grid between the two cubes is blocked all across the band of lines that
 * join them: then nothing joins them. It settles most characters behind a wall at once, before
 * anything slower. (Characters are never in the way, so it holds whatever the ground's height.)
 */
function lineAcross(grid: Grid, a: Cube, b: Cube, hull: Pt[]): boolean {
  const [left, right] = a.x <= b.x ? [a, b] : [b, a];
  for (let c = left.x + left.size; c <= right.x; c++) {
    const band = clipToColumns(hull, c, c);
    if (band.length > 0 && blockedAcross(band.map((q) => q.y), (row) => blocksWholly(leftEdge(grid, c, row)) || isSolid(grid, c - 1, row) || isSolid(grid, c, row))) return true;
  }
  const [upper, lower] = a.y <= b.y ? [a, b] : [b, a];
  for (let r = upper.y + upper.size; r <= lower.y; r++) {
    const band = clipToRows(hull, r, r);
    if (band.length > 0 && blockedAcross(band.map((q) => q.x), (col) => blocksWholly(topEdge(grid, col, r)) || isSolid(grid, col, r - 1) || isSolid(grid, col, r))) return true;
  }
  return false;
}

/** Whether an edge blocks sight all along it (a slit's opening lets some through). */
function blocksWholly(edge: number): boolean {
  return edge !== EDGE_NONE && edge !== EDGE_SLIT;
}

/** Whether every cell-wide step between the lowest and highest of `span` is blocked. */
function blockedAcross(span: number[], blocked: (step: number) => boolean): boolean {
  const lo = Math.min(...span);
  const hi = Math.max(...span);
  if (hi - lo < 1e-9) return false;
  for (let step = Math.floor(lo); step < hi; step++) if (!blocked(step)) return false;
  return true;
}

/** Whether a point lies inside the hull and not on its outline. */
function strictlyInside(hull: Pt[], q: Pt): boolean {
  return hull.every((h, i) => cross(h, hull[(i + 1) % hull.length] as Pt, q) > 1e-9);
}

/** Whether a solid square overlaps the inside of the hull (more than touching its outline). */
function squareInside(hull: Pt[], x: number, y: number): boolean {
  let part: Pt[] = footprintCorners({ x, y, size: 1 });
  for (let i = 0; i < hull.length && part.length > 0; i++) {
    const h = hull[i] as Pt;
    const next = hull[(i + 1) % hull.length] as Pt;
    part = clip(part, (q) => cross(h, next, q));
  }
  let area = 0;
  for (let i = 0; i < part.length; i++) area += cross({ x: 0, y: 0 }, part[i] as Pt, part[(i + 1) % part.length] as Pt);
  return Math.abs(area) > 1e-9;
}

/** Whether the closed square touches a side of the band. */
function squareTouches(x: number, y: number, side: readonly [Pt, Pt]): boolean {
  return clipToRows(clipToColumns([...side], x, x + 1), y, y + 1).length > 0;
}

/**
 * Whether solid squares touching one another (at an edge or a corner, inside the band) reach from
 * one side of the band to the other: a diagonal run of pillars that no single grid line shows.
 */
function chainAcross(grid: Grid, a: Cube, b: Cube, hull: Pt[]): boolean {
  const ofA = new Set(footprintCorners(a).map((q) => `${q.x},${q.y}`));
  const ofB = new Set(footprintCorners(b).map((q) => `${q.x},${q.y}`));
  const sides: [Pt, Pt][] = [];
  hull.forEach((p, i) => {
    const q = hull[(i + 1) % hull.length] as Pt;
    const kp = `${p.x},${p.y}`;
    const kq = `${q.x},${q.y}`;
    if ((ofA.has(kp) && ofB.has(kq)) || (ofB.has(kp) && ofA.has(kq))) sides.push([p, q]);
  });
  if (sides.length !== 2) return false;
  const [one, other] = sides as [[Pt, Pt], [Pt, Pt]];
  const ys = hull.map((q) => q.y);
  const squares = new Map<number, number>();
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(grid.height - 1, Math.floor(Math.max(...ys))); y++) {
    const extent = rowExtent(hull, y, y + 1);
    if (!extent) continue;
    for (let x = Math.max(0, Math.floor(extent[0])); x <= Math.min(grid.width - 1, Math.floor(extent[1])); x++) {
      if (isSolid(grid, x, y) && squareInside(hull, x, y)) squares.set(y * grid.width + x, squares.size);
    }
  }
  if (squares.size === 0) return false;
  const root = Array.from({ length: squares.size }, (_, i) => i);
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] = root[root[i] as number] as number;
    return i;
  };
  for (const [key, i] of squares) {
    const x = key % grid.width;
    const y = (key - x) / grid.width;
    for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [-1, 1]] as const) {
      const j = squares.get((y + dy) * grid.width + x + dx);
      if (j === undefined || x + dx < 0 || x + dx >= grid.width) continue;
      // Where the two touch, the middle of a shared edge or a shared corner, must be inside the
      // band: touching outside it leaves a gap between them inside.
      const contact = dy === 0 ? { x: x + 1, y: y + 0.5 } : dx === 0 ? { x: x + 0.5, y: y + 1 } : { x: dx > 0 ? x + 1 : x, y: y + 1 };
      if (strictlyInside(hull, contact)) root[find(i)] = find(j);
    }
  }
  const touching = (side: [Pt, Pt]) => {
    const groups = new Set<number>();
    for (const [key, i] of squares) if (squareTouches(key % grid.width, Math.floor(key / grid.width), side)) groups.add(find(i));
    return groups;
  };
  const first = touching(one);
  for (const group of touching(other)) if (first.has(group)) return true;
  return false;
}
