/**
 * How the players' list of combatants fills the room it has: how many columns, how large the
 * text, one line a row or two. Nobody at the table can scroll that screen, so everyone should be
 * on it: the largest text that fits wins. When even the smallest readable text does not fit
 * everyone, the list follows whoever is acting (`followScroll`).
 *
 * Every size is in CSS pixels and every row has the same height, so what this chooses is exactly
 * what the list draws (PlayerList.svelte sets these sizes) and a fit here is a fit on screen.
 */

/** The box the list has, in CSS pixels. */
export interface ListBox {
  width: number;
  height: number;
}

/**
 * `line`: name, health and status words on one line (wide columns).
 * `stack`: the name on one line, health and status words on the next (narrow columns, few rows).
 */
export type RowShape = 'line' | 'stack';

export interface ListLayout {
  columns: number;
  shape: RowShape;
  /** The size of names, health and status words alike. */
  font: number;
  /** The height of one line of text. */
  lineHeight: number;
  /** Space above and below a row's text; a player's health bar sits in the lower one. */
  pad: number;
  rowHeight: number;
  /** Between rows and between columns. */
  gap: number;
  /** Every row is on screen: columns filled top to bottom, `rowsPerColumn` each. */
  fitsAll: boolean;
  /** When all fit, the rows of each column; otherwise rows run across the columns and this many rows are on screen. */
  rowsPerColumn: number;
}

/** Text sizes to try, largest first. The smallest is still read across a table. */
export const FONT_SIZES = [32, 28, 24, 21, 18] as const;
export const SMALLEST_FONT = 18;
const MAX_COLUMNS = 4;

// How wide a column must be, in font sizes, for a row to show a name of about fourteen letters
// beside its words ("badly hurt", "has acted") on one line, or above them on two.
const WIDTH_IN_FONTS: Record<RowShape, number> = { line: 20, stack: 13 };

function sized(font: number, shape: RowShape, columns: number): Omit<ListLayout, 'fitsAll' | 'rowsPerColumn'> {
  const lineHeight = Math.round(font * 1.25);
  const pad = Math.round(font * 0.25);
  return { columns, shape, font, lineHeight, pad, rowHeight: (shape === 'line' ? 1 : 2) * lineHeight + 2 * pad, gap: pad };
}

/** Whole rows of this size that the height holds. */
function rowsIn(height: number, rowHeight: number, gap: number): number {
  return Math.floor((height + gap) / (rowHeight + gap));
}

/** Columns of this shape the width holds in full. */
function columnsIn(width: number, font: number, shape: RowShape, gap: number): number {
  return Math.floor((width + gap) / (WIDTH_IN_FONTS[shape] * font + gap));
}

/**
 * The layout for `count` rows in `box`: the largest text at which everyone fits; at one size,
 * the fewest columns, in one-line rows where the columns are wide enough, else two-line ones.
 * When nothing fits, the smallest text, as many columns as the width holds, and rows running
 * across them, so that the rows on screen are one stretch of the order.
 */
export function chooseLayout(count: number, box: ListBox): ListLayout {
  const wanted = Math.max(1, count);
  for (const font of FONT_SIZES) {
    for (let columns = 1; columns <= Math.min(MAX_COLUMNS, wanted); columns++) {
      for (const shape of ['line', 'stack'] as const) {
        const size = sized(font, shape, columns);
        if (columnsIn(box.width, font, shape, size.gap) < columns) continue;
        const perColumn = Math.ceil(wanted / columns);
        if (perColumn <= rowsIn(box.height, size.rowHeight, size.gap)) return { ...size, fitsAll: true, rowsPerColumn: perColumn };
      }
    }
  }
  const shape: RowShape = box.width >= WIDTH_IN_FONTS.line * SMALLEST_FONT ? 'line' : 'stack';
  const gap = sized(SMALLEST_FONT, shape, 1).gap;
  // A list narrower than one column still shows its rows, names cut short.
  const columns = Math.max(1, Math.min(MAX_COLUMNS, wanted, columnsIn(box.width, SMALLEST_FONT, shape, gap)));
  const size = sized(SMALLEST_FONT, shape, columns);
  const onScreen = Math.max(1, rowsIn(box.height, size.rowHeight, size.gap));
  const fitsAll = Math.ceil(wanted / size.columns) <= onScreen;
  return { ...size, fitsAll, rowsPerColumn: fitsAll ? Math.ceil(wanted / size.columns) : onScreen };
}

/**
 * Where the list scrolls so that the row at `index` (in the order listed) is on screen, one row
 * of those before it too when there is room; 0 when everyone fits. Null when nobody is acting:
 * the list then stays where it is.
 */
export function followScroll(layout: ListLayout, count: number, index: number): number | null {
  if (layout.fitsAll) return 0;
  if (index < 0 || index >= count) return null;
  const row = Math.floor(index / layout.columns);
  const lastFirst = Math.max(0, Math.ceil(count / layout.columns) - layout.rowsPerColumn);
  const before = Math.min(1, layout.rowsPerColumn - 1);
  const first = Math.min(lastFirst, Math.max(0, row - before));
  return first * (layout.rowHeight + layout.gap);
}
