/**
 * Editing a grid map: every operation takes a map and returns a new one (the old one is left as it
 * was, for undo), or the same map when nothing changes. Nothing here touches the DOM.
 */
import { CELL_CODES, cellName, MAX_GRID_SIDE, MAX_HEIGHT, parseCellName, type Cell, type CellKind, type EdgeKind, type GridAlignment, type GridEdge, type MapBackground, type StoredGridMap } from '../../../engine/index';

/** Paints cells one kind of ground. */
export function paintCells(map: StoredGridMap, cells: readonly Cell[], kind: CellKind): StoredGridMap {
  const code = CELL_CODES[kind];
  let rows: string[] | null = null;
  for (const { x, y } of cells) {
    if (x < 0 || y < 0 || x >= map.width || y >= map.height) continue;
    const row = (rows ?? map.rows)[y] as string;
    if (row[x] === code) continue;
    rows ??= [...map.rows];
    rows[y] = row.slice(0, x) + code + row.slice(x + 1);
  }
  return rows ? { ...map, rows } : map;
}

const sameEdge = (a: Pick<GridEdge, 'x' | 'y' | 'side'>, b: Pick<GridEdge, 'x' | 'y' | 'side'>) => a.x === b.x && a.y === b.y && a.side === b.side;

/** Puts a wall, door or slit on an edge (replacing what was there), or clears it (null). */
export function setEdge(map: StoredGridMap, at: Pick<GridEdge, 'x' | 'y' | 'side'>, kind: EdgeKind | null): StoredGridMap {
  const old = map.edges.find((e) => sameEdge(e, at));
  if ((old?.kind ?? null) === kind) return map;
  const rest = map.edges.filter((e) => !sameEdge(e, at));
  return { ...map, edges: kind === null ? rest : [...rest, { x: at.x, y: at.y, side: at.side, kind, open: false }] };
}

/** What a click with an edge tool on `at` does: puts that kind there, or takes it off (null) when it is already there. */
export function edgeAction(map: StoredGridMap, at: Pick<GridEdge, 'x' | 'y' | 'side'>, kind: EdgeKind | null): EdgeKind | null {
  const there = map.edges.find((e) => sameEdge(e, at))?.kind ?? null;
  return kind !== null && there === kind ? null : kind;
}

/** Sets the ground's height under cells, in the map's unit (0 for level ground), within ±{@link MAX_HEIGHT}. */
export function setHeights(map: StoredGridMap, cells: readonly Cell[], height: number): StoredGridMap {
  if (!Number.isFinite(height)) return map;
  const h = Math.max(-MAX_HEIGHT, Math.min(MAX_HEIGHT, Math.round(height * 10) / 10));
  const keys = new Set(cells.filter((c) => c.x >= 0 && c.y >= 0 && c.x < map.width && c.y < map.height).map((c) => `${c.x}:${c.y}`));
  if (keys.size === 0) return map;
  const rest = map.heights.filter((x) => !keys.has(`${x.x}:${x.y}`));
  const added = h === 0 ? [] : [...keys].map((k) => {
    const [x, y] = k.split(':').map(Number) as [number, number];
    return { x, y, height: h };
  });
  const next = [...rest, ...added];
  const same = next.length === map.heights.length && next.every((n) => map.heights.some((o) => o.x === n.x && o.y === n.y && o.height === n.height));
  return same ? map : { ...map, heights: next };
}

/** The height under a cell (0 for level ground). */
export function heightAt(map: StoredGridMap, cell: Cell): number {
  return map.heights.find((h) => h.x === cell.x && h.y === cell.y)?.height ?? 0;
}

/** The map with a new size: rows cut or filled with open ground, walls and heights off it dropped. */
export function resize(map: StoredGridMap, width: number, height: number): StoredGridMap {
  const w = Math.max(1, Math.min(MAX_GRID_SIDE, Math.round(width)));
  const h = Math.max(1, Math.min(MAX_GRID_SIDE, Math.round(height)));
  if (!Number.isFinite(w) || !Number.isFinite(h) || (w === map.width && h === map.height)) return map;
  const rows = Array.from({ length: h }, (_, y) => (map.rows[y] ?? '').slice(0, w).padEnd(w, CELL_CODES.open));
  const edges = map.edges.filter((e) => (e.side === 'top' ? e.x < w && e.y <= h : e.x <= w && e.y < h));
  const heights = map.heights.filter((x) => x.x < w && x.y < h);
  return { ...map, width: w, height: h, rows, edges, heights };
}

/** The map with a new cell size and unit (5 ft, 1 m…). */
export function setScale(map: StoredGridMap, cellSize: number, unit: 'ft' | 'm'): StoredGridMap {
  if (!Number.isFinite(cellSize) || cellSize < 0.5 || cellSize > 100) return map;
  return cellSize === map.cellSize && unit === map.unit ? map : { ...map, cellSize, unit };
}

/** The background picture under the grid, or none. */
export function setPicture(map: StoredGridMap, background: MapBackground | null): StoredGridMap {
  return { ...map, background, alignment: background ? map.alignment : { offsetX: 0, offsetY: 0, cellPixels: 0 } };
}

/** How the picture lies under the grid (see `GridAlignment`). */
export function setAlignment(map: StoredGridMap, alignment: GridAlignment): StoredGridMap {
  const a = alignment;
  if (![a.offsetX, a.offsetY, a.cellPixels].every(Number.isFinite) || a.cellPixels < 0) return map;
  return { ...map, alignment: { offsetX: a.offsetX, offsetY: a.offsetY, cellPixels: Math.min(10_000, a.cellPixels) } };
}

/** The cells a typed square or range names ("C4", "C4:F6" or "C4-F6"), or why not, in a sentence. */
export function cellsNamed(text: string, map: { width: number; height: number }): { ok: true; cells: Cell[] } | { ok: false; message: string } {
  const parts = text.split(/[:–-]/);
  const ends = parts.map((p) => parseCellName(p));
  if (parts.length > 2 || ends.some((e) => e === null) || ends.length === 0) {
    return { ok: false, message: `"${text.trim().slice(0, 20)}" isn't a square; type one like C4, or two like C4:F6 for the squares between.` };
  }
  const [a, b = a] = ends as [Cell, Cell?];
  const off = [a, b].find((c) => c && (c.x >= map.width || c.y >= map.height));
  if (off) return { ok: false, message: `${cellName(off)} is off the map, which is ${map.width} × ${map.height} squares (A1 to ${cellName({ x: map.width - 1, y: map.height - 1 })}).` };
  const cells: Cell[] = [];
  const end = b ?? a;
  for (let y = Math.min(a.y, end.y); y <= Math.max(a.y, end.y); y++) for (let x = Math.min(a.x, end.x); x <= Math.max(a.x, end.x); x++) cells.push({ x, y });
  return { ok: true, cells };
}

/** The edge on one side of a cell, as the map stores it (a right side is the left edge of the next cell). */
export function edgeOfCell(cell: Cell, side: 'top' | 'right' | 'bottom' | 'left'): Pick<GridEdge, 'x' | 'y' | 'side'> {
  switch (side) {
    case 'top':
      return { x: cell.x, y: cell.y, side: 'top' };
    case 'bottom':
      return { x: cell.x, y: cell.y + 1, side: 'top' };
    case 'left':
      return { x: cell.x, y: cell.y, side: 'left' };
    case 'right':
      return { x: cell.x + 1, y: cell.y, side: 'left' };
  }
}
