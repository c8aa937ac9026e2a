import { CELL_CODES, type Cell, type Footprint, type GridEdge, type GridMap } from '../../core/maps/grid-map';

// A grid map read into flat arrays, so that sight, paths and reach look a cell or an edge up in
// one step: a stored map holds rows of characters and lists of edges, which read well in a file
// but would be searched on every question. Doors take the state they have in the fight.

/** What an edge does once read: nothing, a wall (or a closed door), or an arrow slit. */
export const EDGE_NONE = 0;
export const EDGE_WALL = 1;
export const EDGE_SLIT = 2;

/** A grid map ready for questions. Heights are in cells (a 10-ft ledge on 5-ft cells is 2). */
export interface Grid {
  readonly width: number;
  readonly height: number;
  readonly cellSize: number;
  readonly unit: 'ft' | 'm';
  readonly solid: Uint8Array;
  readonly difficult: Uint8Array;
  readonly hazard: Uint8Array;
  /** The ground's height under each cell, in cells. */
  readonly floor: Float64Array;
  /** Whether any cell's ground is raised or lowered: sight is then worked out in three dimensions. */
  readonly hasRelief: boolean;
  /** The top edge of (x, y) at `y * width + x`, y from 0 to `height`. */
  readonly topEdges: Uint8Array;
  /** The left edge of (x, y) at `y * (width + 1) + x`, x from 0 to `width`. */
  readonly leftEdges: Uint8Array;
}

/** An edge's key in a fight's list of doors that changed (`top:3:4`). */
export function edgeKey(edge: Pick<GridEdge, 'x' | 'y' | 'side'>): string {
  return `${edge.side}:${edge.x}:${edge.y}`;
}

/**
 * Reads a checked map. `doorOpen` says, by {@link edgeKey}, how a door stands now when the fight has
 * opened or closed it; the others stand as drawn.
 */
export function compileGrid(map: GridMap, doorOpen: ReadonlyMap<string, boolean> = new Map()): Grid {
  const { width, height } = map;
  const solid = new Uint8Array(width * height);
  const difficult = new Uint8Array(width * height);
  const hazard = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = map.rows[y] ?? '';
    for (let x = 0; x < width; x++) {
      const code = row[x];
      const i = y * width + x;
      if (code === CELL_CODES.solid) solid[i] = 1;
      if (code === CELL_CODES.difficult || code === CELL_CODES['difficult-hazard']) difficult[i] = 1;
      if (code === CELL_CODES.hazard || code === CELL_CODES['difficult-hazard']) hazard[i] = 1;
    }
  }
  const floor = new Float64Array(width * height);
  let hasRelief = false;
  for (const h of map.heights) {
    if (h.height === 0) continue;
    floor[h.y * width + h.x] = h.height / map.cellSize;
    hasRelief = true;
  }
  const topEdges = new Uint8Array((height + 1) * width);
  const leftEdges = new Uint8Array(height * (width + 1));
  for (const edge of map.edges) {
    const open = edge.kind === 'door' && (doorOpen.get(edgeKey(edge)) ?? edge.open);
    const code = open ? EDGE_NONE : edge.kind === 'slit' ? EDGE_SLIT : EDGE_WALL;
    if (edge.side === 'top') topEdges[edge.y * width + edge.x] = code;
    else leftEdges[edge.y * (width + 1) + edge.x] = code;
  }
  return { width, height, cellSize: map.cellSize, unit: map.unit, solid, difficult, hazard, floor, hasRelief, topEdges, leftEdges };
}

/** Whether a cell lies on the map. */
export function onGrid(grid: Grid, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height;
}

/** Whether a cell is solid; off the map counts as solid. */
export function isSolid(grid: Grid, x: number, y: number): boolean {
  return !onGrid(grid, x, y) || grid.solid[y * grid.width + x] === 1;
}

/** The top edge of (x, y), or nothing off the map. */
export function topEdge(grid: Grid, x: number, y: number): number {
  if (x < 0 || x >= grid.width || y < 0 || y > grid.height) return EDGE_NONE;
  return grid.topEdges[y * grid.width + x] ?? EDGE_NONE;
}

/** The left edge of (x, y), or nothing off the map. */
export function leftEdge(grid: Grid, x: number, y: number): number {
  if (x < 0 || x > grid.width || y < 0 || y >= grid.height) return EDGE_NONE;
  return grid.leftEdges[y * (grid.width + 1) + x] ?? EDGE_NONE;
}

/** The ground's height under a cell, in cells (0 off the map). */
export function floorAt(grid: Grid, x: number, y: number): number {
  return onGrid(grid, x, y) ? (grid.floor[y * grid.width + x] ?? 0) : 0;
}

/** The cells a footprint covers, row by row. */
export function cellsOf(footprint: Footprint): Cell[] {
  const cells: Cell[] = [];
  for (let dy = 0; dy < footprint.size; dy++) for (let dx = 0; dx < footprint.size; dx++) cells.push({ x: footprint.x + dx, y: footprint.y + dy });
  return cells;
}

/** A character's cube, in cells: its footprint, standing on the highest ground under it. */
export interface Cube {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly z0: number;
  readonly z1: number;
}

/** The four corners of a cube's footprint, clockwise from the top left. */
export function footprintCorners(cube: Pick<Cube, 'x' | 'y' | 'size'>): { x: number; y: number }[] {
  const { x, y, size } = cube;
  return [
    { x, y },
    { x: x + size, y },
    { x: x + size, y: y + size },
    { x, y: y + size },
  ];
}

/** The cube a character standing on `footprint` fills. */
export function cubeOf(grid: Grid, footprint: Footprint): Cube {
  let z0 = -Infinity;
  for (const c of cellsOf(footprint)) z0 = Math.max(z0, floorAt(grid, c.x, c.y));
  return { x: footprint.x, y: footprint.y, size: footprint.size, z0, z1: z0 + footprint.size };
}
