import { EDGE_NONE, isSolid, leftEdge, topEdge, type Grid } from './grid';
import type { Footprint } from '../../core/maps/grid-map';

// One step of a character on the grid, to any of the eight neighbouring positions: whether it can
// be taken (no solid cell under the new footprint, no wall, slit or closed door crossed) and
// whether it enters difficult or hazardous ground. A diagonal step squeezes past one corner but
// not between two: it needs one of the two ways round by straight steps to be open, which is
// also the rule sight uses (two obstacles touching at a corner leave no gap).

/** The eight steps, straight ones first. */
export const STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];

/** Whether a footprint lies on the map on nothing solid. */
export function standsClear(grid: Grid, at: Footprint): boolean {
  for (let dy = 0; dy < at.size; dy++) for (let dx = 0; dx < at.size; dx++) if (isSolid(grid, at.x + dx, at.y + dy)) return false;
  return true;
}

/** Whether one straight step (dx or dy is 0) crosses no edge that blocks movement and lands clear. */
function straightStepOpen(grid: Grid, from: Footprint, dx: number, dy: number): boolean {
  const to = { ...from, x: from.x + dx, y: from.y + dy };
  if (!standsClear(grid, to)) return false;
  for (let i = 0; i < from.size; i++) {
    if (dx !== 0) {
      const edgeX = dx > 0 ? from.x + from.size : from.x;
      if (leftEdge(grid, edgeX, from.y + i) !== EDGE_NONE) return false;
    } else {
      const edgeY = dy > 0 ? from.y + from.size : from.y;
      if (topEdge(grid, from.x + i, edgeY) !== EDGE_NONE) return false;
    }
  }
  return true;
}

/** Whether the step by (dx, dy) can be taken from `from`. */
export function stepOpen(grid: Grid, from: Footprint, dx: number, dy: number): boolean {
  if (dx === 0 || dy === 0) return straightStepOpen(grid, from, dx, dy);
  const to = { ...from, x: from.x + dx, y: from.y + dy };
  if (!standsClear(grid, to)) return false;
  const viaX = { ...from, x: from.x + dx };
  const viaY = { ...from, y: from.y + dy };
  return (straightStepOpen(grid, from, dx, 0) && straightStepOpen(grid, viaX, 0, dy)) || (straightStepOpen(grid, from, 0, dy) && straightStepOpen(grid, viaY, dx, 0));
}

/** Whether any cell of the footprint is difficult ground (moving into it costs double). */
export function onDifficult(grid: Grid, at: Footprint): boolean {
  return anyCell(grid, at, grid.difficult);
}

/** Whether any cell of the footprint is hazardous. */
export function onHazard(grid: Grid, at: Footprint): boolean {
  return anyCell(grid, at, grid.hazard);
}

function anyCell(grid: Grid, at: Footprint, flags: Uint8Array): boolean {
  for (let dy = 0; dy < at.size; dy++) for (let dx = 0; dx < at.size; dx++) if (flags[(at.y + dy) * grid.width + at.x + dx] === 1) return true;
  return false;
}
