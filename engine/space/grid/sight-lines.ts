import { EDGE_NONE, EDGE_SLIT, EDGE_WALL, floorAt, leftEdge, topEdge, isSolid, type Cube, type Grid } from './grid';
import { SLIT_OPENING } from '../../core/maps/grid-map';
import { clipToTriangle, rowExtent, Shade, type Pt } from './plane';

// Whether one point sees into a character's cube: the building block of line of sight and cover
// (sight.ts). Solid cells and walls stand from the ground to the sky, so they are worked out in the
// plane, exactly: from the point, the directions towards a near face of the cube form a fan, each
// obstacle in the fan shades a closed stretch of it, and the point sees the cube when some open
// stretch is left. Raised ground is then checked along lines through those stretches.

/** A point in space, in cells; z is height. */
export interface P3 extends Pt {
  readonly z: number;
}

/** How many lines through each open stretch of the fan are checked against raised ground. */
export const RELIEF_SAMPLES = 16;

/** The pieces of an edge that block sight: the whole edge, the two sides of a slit's opening, or none. */
function edgePieces(code: number, a: Pt, b: Pt): Pt[][] {
  if (code === EDGE_NONE) return [];
  if (code === EDGE_WALL) return [[a, b]];
  const at = (f: number): Pt => ({ x: a.x + f * (b.x - a.x), y: a.y + f * (b.y - a.y) });
  return [
    [a, at(SLIT_OPENING[0])],
    [at(SLIT_OPENING[1]), b],
  ];
}

/** The numbers from `first` to `last`, nearest to `from` first. */
function outwards(first: number, last: number, from: number): number[] {
  const order: number[] = [];
  const start = Math.min(last, Math.max(first, Math.floor(from)));
  for (let down = start, up = start + 1; down >= first || up <= last; down--, up++) {
    if (down >= first) order.push(down);
    if (up <= last) order.push(up);
  }
  return order;
}

/**
 * The obstacles (solid squares, wall pieces) that may cross a convex shape, found row by row,
 * those nearest `near` first (what hides a point is most often right beside it); stops when
 * `visit` says it has seen enough.
 */
export function obstaclesIn(grid: Grid, shape: readonly Pt[], near: Pt, visit: (piece: readonly Pt[]) => boolean): void {
  let minY = Infinity;
  let maxY = -Infinity;
  for (const q of shape) {
    minY = Math.min(minY, q.y);
    maxY = Math.max(maxY, q.y);
  }
  for (const row of outwards(Math.max(0, Math.floor(minY)), Math.min(grid.height, Math.floor(maxY)), near.y)) {
    const extent = rowExtent(shape, row, row + 1);
    if (!extent) continue;
    for (const x of outwards(Math.max(0, Math.floor(extent[0])), Math.min(grid.width, Math.floor(extent[1])), near.x)) {
      if (x < grid.width && row < grid.height && isSolid(grid, x, row)) {
        const square = [
          { x, y: row },
          { x: x + 1, y: row },
          { x: x + 1, y: row + 1 },
          { x, y: row + 1 },
        ];
        if (visit(square)) return;
      }
      if (x < grid.width) for (const piece of edgePieces(topEdge(grid, x, row), { x, y: row }, { x: x + 1, y: row })) if (visit(piece)) return;
      if (row < grid.height) for (const piece of edgePieces(leftEdge(grid, x, row), { x, y: row }, { x, y: row + 1 })) if (visit(piece)) return;
    }
  }
}

/**
 * The open stretches of the face s0–s1 that the point p sees past walls and solid cells, as
 * fractions of the way from s0 to s1 (a closed obstacle blocks even a line that only grazes it,
 * so two pillars touching at a corner leave no gap between them).
 */
export function openStretches(grid: Grid, p: Pt, s0: Pt, s1: Pt): [number, number][] {
  const turn = (s0.x - p.x) * (s1.y - p.y) - (s0.y - p.y) * (s1.x - p.x);
  if (Math.abs(turn) < 1e-12) return [];
  const dx = s1.x - s0.x;
  const dy = s1.y - s0.y;
  // Where the line from p through q meets the face, as a fraction from s0.
  const along = (q: Pt): number => {
    const qx = q.x - p.x;
    const qy = q.y - p.y;
    return ((s0.x - p.x) * qy - (s0.y - p.y) * qx) / (qx * dy - qy * dx);
  };
  const shade = new Shade();
  const fan = [p, s0, s1];
  obstaclesIn(grid, fan, p, (piece) => {
    const inside = clipToTriangle(piece, p, s0, s1);
    if (inside.length === 0) return false;
    let lo = Infinity;
    let hi = -Infinity;
    for (const q of inside) {
      if (Math.abs(q.x - p.x) < 1e-12 && Math.abs(q.y - p.y) < 1e-12) continue;
      const u = along(q);
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
    }
    if (lo <= hi) shade.add(lo, hi);
    return shade.whole();
  });
  return shade.gaps();
}

/** The near faces of a cube's footprint as seen from p (none when p stands over it). */
function nearFaces(cube: Cube, p: Pt): [Pt, Pt][] {
  const x0 = cube.x;
  const y0 = cube.y;
  const x1 = cube.x + cube.size;
  const y1 = cube.y + cube.size;
  const faces: [Pt, Pt][] = [];
  if (p.x < x0) faces.push([{ x: x0, y: y0 }, { x: x0, y: y1 }]);
  if (p.x > x1) faces.push([{ x: x1, y: y0 }, { x: x1, y: y1 }]);
  if (p.y < y0) faces.push([{ x: x0, y: y0 }, { x: x1, y: y0 }]);
  if (p.y > y1) faces.push([{ x: x0, y: y1 }, { x: x1, y: y1 }]);
  return faces;
}

/** How far along the unit direction (ux, uy) from p a ray leaves the cube's footprint. */
function exitDistance(cube: Cube, p: Pt, ux: number, uy: number): number {
  let exit = Infinity;
  if (ux > 0) exit = Math.min(exit, (cube.x + cube.size - p.x) / ux);
  if (ux < 0) exit = Math.min(exit, (cube.x - p.x) / ux);
  if (uy > 0) exit = Math.min(exit, (cube.y + cube.size - p.y) / uy);
  if (uy < 0) exit = Math.min(exit, (cube.y - p.y) / uy);
  return exit;
}

/**
 * Whether some line from p towards the face point q reaches the cube above the ground: the
 * steepest line from p to the cube along that direction (to its top, at the near face when
 * looking up, at the far side when looking down) must pass over every raised cell on the way.
 */
function clearsGround(grid: Grid, p: P3, cube: Cube, q: Pt): boolean {
  const rIn = Math.hypot(q.x - p.x, q.y - p.y);
  if (rIn === 0) return true;
  const ux = (q.x - p.x) / rIn;
  const uy = (q.y - p.y) / rIn;
  const top = cube.z1 - CORNER_INSET;
  const reach = top > p.z ? rIn : exitDistance(cube, p, ux, uy);
  const slope = (top - p.z) / reach;
  const over = (t: number, ground: number): boolean => p.z + slope * t >= ground - 1e-9;
  let cx = Math.floor(p.x);
  let cy = Math.floor(p.y);
  const stepX = Math.sign(ux);
  const stepY = Math.sign(uy);
  const deltaX = ux === 0 ? Infinity : Math.abs(1 / ux);
  const deltaY = uy === 0 ? Infinity : Math.abs(1 / uy);
  let nextX = ux === 0 ? Infinity : ((stepX > 0 ? cx + 1 : cx) - p.x) / ux;
  let nextY = uy === 0 ? Infinity : ((stepY > 0 ? cy + 1 : cy) - p.y) / uy;
  let t = 0;
  while (t < reach) {
    const leave = Math.min(nextX, nextY, reach);
    const ground = floorAt(grid, cx, cy);
    if (!over(t, ground) || !over(leave, ground)) return false;
    t = leave;
    if (nextX < nextY) {
      cx += stepX;
      nextX += deltaX;
    } else {
      cy += stepY;
      nextY += deltaY;
    }
  }
  return true;
}

/**
 * How far inside its cube a corner is taken (a hundredth of an inch on 5-ft cells): a corner is
 * seen when the points of the cube right by it are, so a wall along the cube's face hides it from
 * the far side, and a line that only grazes a wall's end on the way to it doesn't count as blocked.
 */
export const CORNER_INSET = 1e-4;

/** Whether the point p sees some point inside the cube. */
export function seesIntoCube(grid: Grid, p: P3, cube: Cube): boolean {
  const faces = nearFaces(cube, p);
  if (faces.length === 0) return true;
  for (const [s0, s1] of faces) {
    const stretches = openStretches(grid, p, s0, s1);
    if (stretches.length === 0) continue;
    if (!grid.hasRelief) return true;
    for (const [a, b] of stretches) {
      for (let i = 1; i <= RELIEF_SAMPLES; i++) {
        const u = a + ((b - a) * i) / (RELIEF_SAMPLES + 1);
        if (clearsGround(grid, p, cube, { x: s0.x + u * (s1.x - s0.x), y: s0.y + u * (s1.y - s0.y) })) return true;
      }
    }
  }
  return false;
}

/** The corners of a cube, each taken {@link CORNER_INSET} inside it; the four lower ones only when the map is flat. */
export function cornersOf(cube: Cube, withHeights: boolean): P3[] {
  const xs = [cube.x + CORNER_INSET, cube.x + cube.size - CORNER_INSET];
  const ys = [cube.y + CORNER_INSET, cube.y + cube.size - CORNER_INSET];
  const zs = withHeights ? [cube.z0 + CORNER_INSET, cube.z1 - CORNER_INSET] : [cube.z0 + CORNER_INSET];
  const corners: P3[] = [];
  for (const z of zs) for (const y of ys) for (const x of xs) corners.push({ x, y, z });
  return corners;
}
