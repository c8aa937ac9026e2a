import { EDGE_SLIT, cubeOf, footprintCorners, isSolid, leftEdge, topEdge, type Cube, type Grid } from './grid';
import type { Footprint } from '../../core/maps/grid-map';
import { SLIT_OPENING } from '../../core/maps/grid-map';
import { convexHull, cross, type Pt } from './plane';
import { nothingBetween } from './sight-blocks';
import { CORNER_INSET, cornersOf, seesIntoCube, type P3 } from './sight-lines';

// Line of sight and cover on the grid, as the Sides & Shock text defines them: A sees B when a
// line from some point of A's cube reaches some point of B's cube without passing through anything
// solid (walls, solid cells; characters don't block). B has half cover from A when A sees B but
// not every corner of B's cube, full cover when A sees B but none of its corners (an arrow slit).
// "Any point" is worked out exactly in the plane (sight-lines.ts); with raised ground, lines
// through each gap are checked in height.

/** How well a target is covered from an attacker who sees it. */
export type Cover = 'none' | 'half' | 'full';

/** What one character sees of another. */
export interface Sight {
  /** Whether there is a line of sight at all. */
  readonly sees: boolean;
  /** The target's cover from the attacker; null when it isn't seen. */
  readonly cover: Cover | null;
  /** How many corners of the target's cube the attacker sees. */
  readonly cornersSeen: number;
  /** How many corners were looked at: 4 on a flat map (a corner at the top lines up with the one below), 8 with raised ground. */
  readonly corners: number;
}

/** What the character on `from` sees of the one on `to`, and the cover `to` has from `from`. */
export function sightBetween(grid: Grid, from: Footprint, to: Footprint): Sight {
  const viewer = cubeOf(grid, from);
  const target = cubeOf(grid, to);
  const corners = cornersOf(target, grid.hasRelief);
  if (nothingBetween(grid, viewer, target)) return { sees: false, cover: null, cornersSeen: 0, corners: corners.length };
  let cornersSeen = 0;
  for (const corner of corners) if (seesIntoCube(grid, corner, viewer)) cornersSeen++;
  const count = corners.length;
  if (cornersSeen === count) return { sees: true, cover: 'none', cornersSeen, corners: count };
  if (cornersSeen > 0) return { sees: true, cover: 'half', cornersSeen, corners: count };
  const sees = seeEachOther(grid, viewer, target);
  return { sees, cover: sees ? 'full' : null, cornersSeen: 0, corners: count };
}

/** Whether some point of one cube sees some point of the other: the same answer whichever way round. */
function seeEachOther(grid: Grid, a: Cube, b: Cube): boolean {
  const [first, second] = a.x < b.x || (a.x === b.x && a.y <= b.y) ? [a, b] : [b, a];
  for (const corner of cornersOf(first, grid.hasRelief)) if (seesIntoCube(grid, corner, second)) return true;
  for (const corner of cornersOf(second, grid.hasRelief)) if (seesIntoCube(grid, corner, first)) return true;
  return seenThroughGap(grid, first, second, convexHull([...footprintCorners(first), ...footprintCorners(second)]));
}


/**
 * The search for a line through a gap when neither cube sees a corner of the other: a line that
 * joins them can be turned until it touches two corners (of the first cube, of walls or solid
 * cells, or of a slit's opening), so the stretches of the second cube's faces seen or not change
 * only where such lines meet them. One point between each two of those is tried.
 */
function seenThroughGap(grid: Grid, from: Cube, to: Cube, hull: Pt[]): boolean {
  const pivots = [...footprintCorners(from), ...obstacleCorners(grid, hull)];
  const faces = facesTowards(to, from);
  const heights = grid.hasRelief ? [to.z0 + CORNER_INSET, (to.z0 + to.z1) / 2, to.z1 - CORNER_INSET] : [to.z0 + CORNER_INSET];
  const centre = { x: to.x + to.size / 2, y: to.y + to.size / 2 };
  for (const [s0, s1] of faces) {
    const cuts = [0, 1];
    for (let i = 0; i < pivots.length; i++) {
      for (let j = i + 1; j < pivots.length; j++) {
        // A line that bounds what the face shows of `from` must pass through `from`'s square.
        if (!lineMeetsSquare(pivots[i] as Pt, pivots[j] as Pt, from)) continue;
        const u = lineMeetsFace(pivots[i] as Pt, pivots[j] as Pt, s0, s1);
        if (u !== null) cuts.push(u);
      }
    }
    cuts.sort((p, q) => p - q);
    for (let k = 1; k < cuts.length; k++) {
      const lo = cuts[k - 1] as number;
      const hi = cuts[k] as number;
      if (hi - lo < 1e-9) continue;
      const u = (lo + hi) / 2;
      const onFace = { x: s0.x + u * (s1.x - s0.x), y: s0.y + u * (s1.y - s0.y) };
      const inside = { x: onFace.x + Math.sign(centre.x - onFace.x) * CORNER_INSET, y: onFace.y + Math.sign(centre.y - onFace.y) * CORNER_INSET };
      for (const z of heights) if (seesIntoCube(grid, { ...inside, z } satisfies P3, from)) return true;
    }
  }
  return false;
}

/** The faces of a cube's footprint that some part of the other cube lies in front of: a line from it enters through one of them. */
function facesTowards(cube: Cube, other: Cube): (readonly [Pt, Pt])[] {
  const [tl, tr, br, bl] = footprintCorners(cube) as [Pt, Pt, Pt, Pt];
  const faces: (readonly [Pt, Pt])[] = [];
  if (other.x < cube.x) faces.push([tl, bl]);
  if (other.x + other.size > cube.x + cube.size) faces.push([tr, br]);
  if (other.y < cube.y) faces.push([tl, tr]);
  if (other.y + other.size > cube.y + cube.size) faces.push([bl, br]);
  return faces;
}

/** Whether the line through a and b meets a cube's footprint (touching counts). */
function lineMeetsSquare(a: Pt, b: Pt, cube: Cube): boolean {
  let sign = 0;
  for (const corner of footprintCorners(cube)) {
    const side = Math.sign(cross(a, b, corner));
    if (side === 0 || (sign !== 0 && side !== sign)) return true;
    sign = side;
  }
  return false;
}

/** Where the line through a and b meets the face s0–s1, as a fraction from s0, or null when it misses it. */
function lineMeetsFace(a: Pt, b: Pt, s0: Pt, s1: Pt): number | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const ex = s1.x - s0.x;
  const ey = s1.y - s0.y;
  const denom = dx * ey - dy * ex;
  if (Math.abs(denom) < 1e-12) return null;
  const u = ((s0.x - a.x) * dy - (s0.y - a.y) * dx) / denom;
  return u > 0 && u < 1 ? u : null;
}

/**
 * The corners of walls, solid cells and slit openings inside the band between two cubes, where a
 * line can turn against them: a convex corner of solid ground (one square of the four round it
 * solid, or two touching only there), the end of a wall or where two walls meet at a right angle,
 * and the sides of a slit's opening. A point in the middle of a straight face is no such corner:
 * a line touching it there lies along the face.
 */
function obstacleCorners(grid: Grid, hull: Pt[]): Pt[] {
  const inHull = (q: Pt): boolean => hull.every((h, i) => cross(h, hull[(i + 1) % hull.length] as Pt, q) >= -1e-9);
  const xs = hull.map((q) => q.x);
  const ys = hull.map((q) => q.y);
  const corners: Pt[] = [];
  for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
    for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x++) {
      const q = { x, y };
      if (!inHull(q)) continue;
      const [tl, tr, bl, br] = [isSolid(grid, x - 1, y - 1), isSolid(grid, x, y - 1), isSolid(grid, x - 1, y), isSolid(grid, x, y)];
      const solids = Number(tl) + Number(tr) + Number(bl) + Number(br);
      const solidCorner = solids === 1 || (solids === 2 && tl === br);
      const [above, below, before, after] = [leftEdge(grid, x, y - 1) !== 0, leftEdge(grid, x, y) !== 0, topEdge(grid, x - 1, y) !== 0, topEdge(grid, x, y) !== 0];
      const walls = Number(above) + Number(below) + Number(before) + Number(after);
      const straightThrough = walls === 2 && ((above && below) || (before && after));
      if (solidCorner || (walls > 0 && !straightThrough)) corners.push(q);
      const top = topEdge(grid, x, y);
      if (top === EDGE_SLIT) for (const f of SLIT_OPENING) corners.push({ x: x + f, y });
      const left = leftEdge(grid, x, y);
      if (left === EDGE_SLIT) for (const f of SLIT_OPENING) corners.push({ x, y: y + f });
    }
  }
  return corners;
}
