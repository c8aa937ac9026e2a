/**
 * Checks a grid map read from a file, the campaign or the editor: its shape (valibot), then what
 * the shape can't say: rows as long as the map is wide, known cell characters, walls and heights
 * on the map and not given twice. Failures are `grid/...` codes with one sentence naming the map
 * and the cell or edge, and saying what to fix.
 */
import * as v from 'valibot';
import { failure, type Result } from '../../result';
import { CELL_CHARACTERS, cellName, edgeName, MAX_GRID_SIDE, type GridEdge, type GridMap } from '../../core/maps/grid-map';

/** How high or deep the ground may be, in the map's unit. */
export const MAX_HEIGHT = 1_000;
/** The most edges a map may have walls on (every edge of a 100 × 100 map). */
export const MAX_EDGES = 2 * MAX_GRID_SIDE * (MAX_GRID_SIDE + 1);

type Message = (issue: v.BaseIssue<unknown>) => string;
const says = (what: string): Message => (issue) => (issue.input === undefined ? 'is missing' : what);

const whole = (what: string, min: number, max: number) =>
  v.pipe(v.number(says(`must be a whole number ${what}`)), v.integer(`must be a whole number ${what}`), v.minValue(min, `must be a whole number ${what}`), v.maxValue(max, `must be a whole number ${what}`));

const side = whole(`from 1 to ${MAX_GRID_SIDE}`, 1, MAX_GRID_SIDE);
const coordinate = whole(`from 0 to ${MAX_GRID_SIDE}`, 0, MAX_GRID_SIDE);

const edgeSchema = v.object(
  {
    x: coordinate,
    y: coordinate,
    side: v.picklist(['top', 'left'], says('must be "top" or "left"')),
    kind: v.picklist(['wall', 'door', 'slit'], says('must be "wall", "door" or "slit"')),
    open: v.optional(v.boolean(says('must be true or false')), false),
  },
  says('must be an edge (x, y, side and kind)'),
);

const heightSchema = v.object(
  {
    x: coordinate,
    y: coordinate,
    height: v.pipe(v.number(says('must be a number')), v.finite('must be a finite number'), v.minValue(-MAX_HEIGHT, `must be from -${MAX_HEIGHT} to ${MAX_HEIGHT}`), v.maxValue(MAX_HEIGHT, `must be from -${MAX_HEIGHT} to ${MAX_HEIGHT}`)),
  },
  says('must be a height (x, y and height)'),
);

const gridSchema = v.object(
  {
    width: side,
    height: side,
    cellSize: v.pipe(v.number(says('must be a number')), v.finite('must be a finite number'), v.minValue(0.5, 'must be from 0.5 to 100'), v.maxValue(100, 'must be from 0.5 to 100')),
    unit: v.picklist(['ft', 'm'], says('must be "ft" or "m"')),
    rows: v.pipe(v.array(v.string(says('must be text')), says('must be a list of rows')), v.maxLength(MAX_GRID_SIDE, `has more than ${MAX_GRID_SIDE} rows`)),
    heights: v.optional(v.pipe(v.array(heightSchema, says('must be a list of heights')), v.maxLength(MAX_GRID_SIDE * MAX_GRID_SIDE, 'has more heights than the map has cells')), []),
    edges: v.optional(v.pipe(v.array(edgeSchema, says('must be a list of edges')), v.maxLength(MAX_EDGES, 'has more edges than the map has')), []),
    alignment: v.optional(
      v.object({
        offsetX: v.pipe(v.number(says('must be a number')), v.finite('must be a finite number')),
        offsetY: v.pipe(v.number(says('must be a number')), v.finite('must be a finite number')),
        cellPixels: v.pipe(v.number(says('must be a number')), v.finite('must be a finite number'), v.minValue(0, 'must be 0 or more'), v.maxValue(10_000, 'must be at most 10000')),
      }),
      { offsetX: 0, offsetY: 0, cellPixels: 0 },
    ),
  },
  says('must be a grid map (width, height, cell size, unit and rows)'),
);

const FIELD: Record<string, string> = { width: 'width', height: 'height', cellSize: 'cell size', unit: 'unit', rows: 'rows', heights: 'heights', edges: 'walls', alignment: 'background alignment' };

/** Where an issue is, in words: "edge 3's side", "height 2", "the map's cell size". */
function where(path: readonly v.IssuePathItem[]): string {
  const [top, index, field] = path.map((p) => p.key);
  if (top === 'edges' && typeof index === 'number') return `edge ${index + 1}${field === undefined ? '' : `'s ${String(field)}`}`;
  if (top === 'heights' && typeof index === 'number') return `height ${index + 1}${field === undefined ? '' : `'s ${String(field)}`}`;
  if (top === 'rows' && typeof index === 'number') return `row ${index + 1}`;
  if (top === 'alignment' && index !== undefined) return `the background alignment's ${String(index)}`;
  if (top === undefined) return 'it';
  return `the map's ${FIELD[String(top)] ?? String(top)}`;
}

const fail = (label: string, code: string, text: string) => failure(`grid/${code}`, `${label}: ${text}.`);

/** Whether an edge lies on the map: top edges along rows 0 to height, left edges along columns 0 to width. */
function edgeOnMap(edge: Pick<GridEdge, 'x' | 'y' | 'side'>, width: number, height: number): boolean {
  return edge.side === 'top' ? edge.x < width && edge.y <= height : edge.x <= width && edge.y < height;
}

/**
 * Checks a grid map and returns a clean copy (missing heights, edges and alignment filled in;
 * heights of 0 dropped; unknown fields left out). Refuses, in a `grid/...` failure whose sentence
 * starts with `label`: a side outside 1–100 cells; a cell size outside 0.5–100 or a unit other
 * than ft or m; a row count or row length that doesn't match; a cell character other than
 * `. # ~ ! %`; an edge or height off the map or given twice; a height beyond ±1000.
 */
export function checkGridMap(value: unknown, label: string): Result<GridMap> {
  const parsed = v.safeParse(gridSchema, value, { abortEarly: true });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return fail(label, 'invalid', `${where(issue.path ?? [])} ${issue.message}`);
  }
  const raw = parsed.output;
  if (raw.rows.length !== raw.height) return fail(label, 'rows', `it has ${raw.rows.length} rows but is ${raw.height} cells high; give one row per line of cells`);
  for (const [y, row] of raw.rows.entries()) {
    if (row.length !== raw.width) return fail(label, 'rows', `row ${y + 1} has ${row.length} cells but the map is ${raw.width} wide`);
    for (let x = 0; x < row.length; x++) {
      const code = row[x] as string;
      if (!CELL_CHARACTERS.includes(code)) return fail(label, 'cell', `cell ${cellName({ x, y })} is "${code}", which isn't a kind of cell; use . (open), # (solid), ~ (difficult), ! (hazard) or % (difficult and hazardous)`);
    }
  }
  const edges: GridEdge[] = [];
  const seenEdges = new Set<string>();
  for (const [i, edge] of raw.edges.entries()) {
    if (!edgeOnMap(edge, raw.width, raw.height)) return fail(label, 'edge-off-map', `edge ${i + 1}, ${edgeName(edge)}, is off the map; a ${raw.width} × ${raw.height} map has top edges down to row ${raw.height + 1} and left edges across to column ${raw.width + 1}`);
    const key = `${edge.side}:${edge.x}:${edge.y}`;
    if (seenEdges.has(key)) return fail(label, 'edge-twice', `${edgeName(edge, raw)} is given twice; keep one wall, door or slit per edge`);
    seenEdges.add(key);
    edges.push({ x: edge.x, y: edge.y, side: edge.side, kind: edge.kind, open: edge.kind === 'door' && edge.open });
  }
  const heights = [];
  const seenHeights = new Set<string>();
  for (const h of raw.heights) {
    if (h.x >= raw.width || h.y >= raw.height) return fail(label, 'height-off-map', `a height is given for ${cellName(h)}, which is off the ${raw.width} × ${raw.height} map`);
    const key = `${h.x}:${h.y}`;
    if (seenHeights.has(key)) return fail(label, 'height-twice', `the height of ${cellName(h)} is given twice; keep one`);
    seenHeights.add(key);
    if (h.height !== 0) heights.push({ x: h.x, y: h.y, height: h.height });
  }
  return { ok: true, value: { width: raw.width, height: raw.height, cellSize: raw.cellSize, unit: raw.unit, rows: [...raw.rows], heights, edges, alignment: { ...raw.alignment } } };
}
