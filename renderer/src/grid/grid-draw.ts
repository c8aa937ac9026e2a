/**
 * What a grid map looks like on screen, worked out as plain data: runs of cells of one kind (so a
 * 100 × 100 map is a few hundred shapes, not ten thousand), edge lines, height marks, where the
 * background picture lies, and which cell or edge a point on the map is. Coordinates are cells.
 * Kept apart from the components so it can be tested without a browser.
 */
// The engine's drawing entry, not its index: the players' page loads this and must not pull in the whole engine.
import { CELL_CODES, type Cell, type CellHeight, type CellKind, type EdgeKind, type GridAlignment } from '../../../engine/drawing';

/** A cell the players can't see, in the rows of their view. */
export const FOG_CODE = '?';

/** How a run of cells is drawn: a kind of ground, or fog on the players' screen. */
export type RunKind = Exclude<CellKind, 'open'> | 'fog';

/** Cells side by side in one row, all of one kind. */
export interface CellRun {
  readonly x: number;
  readonly y: number;
  readonly length: number;
  readonly kind: RunKind;
}

const KIND_OF: Readonly<Record<string, RunKind>> = {
  [CELL_CODES.solid]: 'solid',
  [CELL_CODES.difficult]: 'difficult',
  [CELL_CODES.hazard]: 'hazard',
  [CELL_CODES['difficult-hazard']]: 'difficult-hazard',
  [FOG_CODE]: 'fog',
};

/** The runs of cells that aren't open ground, row by row. */
export function cellRuns(rows: readonly string[]): CellRun[] {
  const runs: CellRun[] = [];
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      const kind = KIND_OF[row[x] as string];
      let end = x + 1;
      while (end < row.length && row[end] === row[x]) end++;
      if (kind) runs.push({ x, y, length: end - x, kind });
      x = end;
    }
  });
  return runs;
}

/** An edge as a line on the map. */
export interface EdgeLine {
  readonly key: string;
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
  readonly kind: EdgeKind;
  /** For a door: open now. */
  readonly open: boolean;
}

/** The edges as lines, doors as they stand (`doors` by `side:x:y`, else as drawn). */
export function edgeLines(edges: readonly { x: number; y: number; side: 'top' | 'left'; kind: EdgeKind; open: boolean }[], doors: Readonly<Record<string, boolean>> = {}): EdgeLine[] {
  return edges.map((e) => {
    const key = `${e.side}:${e.x}:${e.y}`;
    const open = e.kind === 'door' && (doors[key] ?? e.open);
    return e.side === 'top' ? { key, x1: e.x, y1: e.y, x2: e.x + 1, y2: e.y, kind: e.kind, open } : { key, x1: e.x, y1: e.y, x2: e.x, y2: e.y + 1, kind: e.kind, open };
  });
}

/** A raised or sunken cell's mark: "+10", "−5". */
export function heightLabel(height: CellHeight): string {
  return height.height > 0 ? `+${height.height}` : `−${Math.abs(height.height)}`;
}

/** Where the background picture lies, in cells: aligned when the GM set a cell's size in pixels, else stretched over the map. */
export function backgroundPlacement(alignment: GridAlignment, picture: { width: number; height: number }, map: { width: number; height: number }): { x: number; y: number; width: number; height: number } {
  if (alignment.cellPixels <= 0) return { x: 0, y: 0, width: map.width, height: map.height };
  const per = alignment.cellPixels;
  return { x: -alignment.offsetX / per, y: -alignment.offsetY / per, width: picture.width / per, height: picture.height / per };
}

/** The cell under a point, or null off the map. */
export function cellAt(point: readonly [number, number], map: { width: number; height: number }): Cell | null {
  const x = Math.floor(point[0]);
  const y = Math.floor(point[1]);
  return x >= 0 && y >= 0 && x < map.width && y < map.height ? { x, y } : null;
}

/** The edge nearest a point, if within `reach` cells of it, on the map. */
export function edgeNear(point: readonly [number, number], map: { width: number; height: number }, reach: number): { x: number; y: number; side: 'top' | 'left' } | null {
  const [px, py] = point;
  const toRow = Math.abs(py - Math.round(py));
  const toColumn = Math.abs(px - Math.round(px));
  if (Math.min(toRow, toColumn) > reach) return null;
  if (toRow <= toColumn) {
    const edge = { x: Math.floor(px), y: Math.round(py), side: 'top' as const };
    return edge.x >= 0 && edge.x < map.width && edge.y >= 0 && edge.y <= map.height ? edge : null;
  }
  const edge = { x: Math.round(px), y: Math.floor(py), side: 'left' as const };
  return edge.x >= 0 && edge.x <= map.width && edge.y >= 0 && edge.y < map.height ? edge : null;
}

/** The cells on a straight line from one cell to another, both included (for a drag that skips cells). */
export function cellsAlong(a: Cell, b: Cell): Cell[] {
  const cells: Cell[] = [];
  const dx = Math.abs(b.x - a.x);
  const dy = -Math.abs(b.y - a.y);
  const sx = a.x < b.x ? 1 : -1;
  const sy = a.y < b.y ? 1 : -1;
  let err = dx + dy;
  let { x, y } = a;
  for (;;) {
    cells.push({ x, y });
    if (x === b.x && y === b.y) return cells;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
}
