/**
 * A square-grid battle map: width × height cells of one size, what each cell is (open, solid,
 * difficult, hazardous), the ground's height under some cells, and walls, doors and arrow slits on
 * the edges between cells. The second kind of drawn space, beside zone maps (`space/zones/`).
 *
 * Cell (x, y) is the square [x, x+1] × [y, y+1] in cell units, x to the right and y downwards as
 * on screen; cell (0, 0) is "A1". A character stands in a cube of the cell's size (the text's "5'
 * cube"), its floor at the ground's height; a large creature stands in a cube of k × k × k cells.
 */

/** What a cell is, as one character of a row: open ground, solid (a wall or pillar), difficult, hazardous, or both of the last two. */
export const CELL_CODES = {
  open: '.',
  solid: '#',
  difficult: '~',
  hazard: '!',
  'difficult-hazard': '%',
} as const;

/** What a cell is. */
export type CellKind = keyof typeof CELL_CODES;

/** The characters a row may hold. */
export const CELL_CHARACTERS: string = Object.values(CELL_CODES).join('');

/**
 * What stands on an edge:
 * - `wall`: blocks movement and sight;
 * - `door`: a wall while closed, nothing while open (opening and closing it in a fight are events);
 * - `slit`: an arrow slit or a window too narrow to pass: blocks movement, and sight except through
 *   its opening, the middle fifth of the edge ({@link SLIT_OPENING}).
 */
export type EdgeKind = 'wall' | 'door' | 'slit';

/** Where along its edge a slit's opening lies, as fractions of the edge (a foot of a 5-ft edge). */
export const SLIT_OPENING = [0.4, 0.6] as const;

/**
 * An edge between cells: the `top` edge of cell (x, y) runs from (x, y) to (x+1, y), its `left`
 * edge from (x, y) to (x, y+1). The map's bottom and right borders are the top edges of row
 * `height` and the left edges of column `width`.
 */
export interface GridEdge {
  readonly x: number;
  readonly y: number;
  readonly side: 'top' | 'left';
  readonly kind: EdgeKind;
  /** For a door: whether it stands open when the fight begins. */
  readonly open: boolean;
}

/** The ground's height under one cell, in the map's unit (a ledge 10 ft up is 10). */
export interface CellHeight {
  readonly x: number;
  readonly y: number;
  readonly height: number;
}

/** How a background picture lies under the grid: where cell A1's top-left corner is, and a cell's size, in the picture's pixels. */
export interface GridAlignment {
  readonly offsetX: number;
  readonly offsetY: number;
  readonly cellPixels: number;
}

/** A grid map as the campaign stores it (a background picture is kept beside it, as for zone maps). */
export interface GridMap {
  readonly width: number;
  readonly height: number;
  /** A cell's side in `unit`: 5 (ft) by default, 1 to 2 (m) for metric rules. */
  readonly cellSize: number;
  readonly unit: 'ft' | 'm';
  /** One string per row, one {@link CELL_CODES} character per cell. */
  readonly rows: readonly string[];
  /** The ground's height where it isn't 0. */
  readonly heights: readonly CellHeight[];
  readonly edges: readonly GridEdge[];
  readonly alignment: GridAlignment;
}

/** A cell by its column and row, from 0. */
export interface Cell {
  readonly x: number;
  readonly y: number;
}

/** Where a character stands: the top-left cell of its footprint and its size in cells (1, or 2 for a large creature). */
export interface Footprint extends Cell {
  readonly size: number;
}

/** The most cells a side may have. */
export const MAX_GRID_SIDE = 100;

/** The largest creature, in squares a side. */
export const MAX_CREATURE_SIZE = 4;

/** The column's letters: A … Z, AA … AZ, BA … */
export function columnName(x: number): string {
  let name = '';
  let n = x + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** A cell as the GM reads it on the map's rulers: "A1" is the top-left cell, "C4" the third column's fourth row. */
export function cellName(cell: Cell): string {
  return `${columnName(cell.x)}${cell.y + 1}`;
}

/** The cell a name on the map's rulers stands for ("c4" as "C4"), or null when it isn't one. */
export function parseCellName(text: string): Cell | null {
  const match = /^\s*([A-Za-z]{1,3})\s*(\d{1,3})\s*$/.exec(text);
  if (!match) return null;
  let x = 0;
  for (const letter of (match[1] as string).toUpperCase()) x = x * 26 + (letter.charCodeAt(0) - 64);
  const y = Number(match[2]);
  return y >= 1 ? { x: x - 1, y: y - 1 } : null;
}

/**
 * An edge in words: "the top edge of C4"; on the map's bottom or right border (given its size),
 * "the bottom edge of C12", "the right edge of P4", as there is no row or column beyond to name.
 */
export function edgeName(edge: Pick<GridEdge, 'x' | 'y' | 'side'>, map?: { readonly width: number; readonly height: number }): string {
  if (map && edge.side === 'top' && edge.y === map.height && edge.y > 0) return `the bottom edge of ${cellName({ x: edge.x, y: edge.y - 1 })}`;
  if (map && edge.side === 'left' && edge.x === map.width && edge.x > 0) return `the right edge of ${cellName({ x: edge.x - 1, y: edge.y })}`;
  return `the ${edge.side} edge of ${cellName(edge)}`;
}

/** What a cell code means. */
export function cellKind(code: string): CellKind | null {
  for (const [kind, c] of Object.entries(CELL_CODES)) if (c === code) return kind as CellKind;
  return null;
}

/** A blank map of open ground: 5-ft cells by default. */
export function emptyGridMap(width = 20, height = 15, cellSize = 5, unit: 'ft' | 'm' = 'ft'): GridMap {
  return {
    width,
    height,
    cellSize,
    unit,
    rows: Array.from({ length: height }, () => CELL_CODES.open.repeat(width)),
    heights: [],
    edges: [],
    alignment: { offsetX: 0, offsetY: 0, cellPixels: 0 },
  };
}
