import type { DiagonalRule } from '../../core/maps/grid-rules';
import type { Footprint } from '../../core/maps/grid-map';

// Distances on the grid, by the rule a ruleset chooses: every diagonal step costs one cell (on
// 5-ft squares: Sides & Shock, 2d6 & Vigilant), or every second diagonal step costs two (Three
// Actions: "treat every second diagonal space moved as 2m").

/** What a run of steps costs in cells: `straight` orthogonal steps and `diagonal` diagonal ones. */
export function stepsCost(straight: number, diagonal: number, rule: DiagonalRule): number {
  return straight + diagonal + (rule === 'alternating' ? Math.floor(diagonal / 2) : 0);
}

/** How many of a walk's steps (from each cell to the next) are diagonal. */
export function diagonalSteps(path: readonly { x: number; y: number }[]): number {
  let n = 0;
  path.forEach((at, i) => {
    const from = path[i - 1];
    if (from && at.x !== from.x && at.y !== from.y) n++;
  });
  return n;
}

/** The fewest cells' worth of movement between two cells on open ground. */
export function cellDistance(dx: number, dy: number, rule: DiagonalRule): number {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  const diagonal = Math.min(ax, ay);
  return stepsCost(Math.max(ax, ay) - diagonal, diagonal, rule);
}

/** How many cells lie between two footprints along one axis (0 when they overlap on it or touch). */
function gap(a0: number, aSize: number, b0: number, bSize: number): number {
  if (b0 >= a0 + aSize) return b0 - (a0 + aSize - 1);
  if (a0 >= b0 + bSize) return a0 - (b0 + bSize - 1);
  return 0;
}

/**
 * The distance between two characters in cells, from the nearest cell of one to the nearest of the
 * other: neighbours are 1 apart, someone two squares off is 2. Large creatures count from their
 * nearest square.
 */
export function footprintDistance(a: Footprint, b: Footprint, rule: DiagonalRule): number {
  return cellDistance(gap(a.x, a.size, b.x, b.size), gap(a.y, a.size, b.y, b.size), rule);
}

/** Whether two footprints share a cell. */
export function overlaps(a: Footprint, b: Footprint): boolean {
  return a.x < b.x + b.size && b.x < a.x + a.size && a.y < b.y + b.size && b.y < a.y + a.size;
}
