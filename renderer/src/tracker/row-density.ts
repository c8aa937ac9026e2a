/** How the turn order's rows are drawn: two lines each, or one line when that many would not fit. */
export type RowDensity = 'full' | 'compact';

/** A full row's height with its gap, in pixels (name and side, health bar beside): the least a full row takes. */
export const FULL_ROW = 67;
/** A one-line row's height with its gap, in pixels, until one is measured. */
export const COMPACT_ROW = 30;
/**
 * One-line rows drawn beyond each end of the list's room (about 140 pixels), so a wheel's turn
 * finds its rows drawn; more would keep hundreds of nodes for nobody to see (issue 43 counts them).
 */
export const SPARE_ROWS = 5;
/** Rows drawn before the list's room is known: one-line rows enough for a 1440-pixel-tall list, with the spare ones. */
export const FIRST_DRAWN = 60;
/** What the list's panel spends besides its rows: padding and its heading. */
const PANEL_CHROME = 56;

/**
 * Full rows while they all fit in the list's panel (`height`, in pixels), else one-line rows. A
 * panel not measured yet (0) counts as roomy, so nothing jumps before it is laid out. `fullRow`:
 * a full row as measured, where the ruleset's rows are taller (four tracks, a narrow column).
 */
export function rowDensity(count: number, height: number, fullRow = FULL_ROW): RowDensity {
  if (height <= 0) return 'full';
  return count * Math.max(fullRow, FULL_ROW) <= height - PANEL_CHROME ? 'full' : 'compact';
}

/**
 * The rows drawn, `first` up to (not counting) `last`. One-line rows are drawn only around where
 * the list is scrolled to (`scrollTop`, in a room `height` pixels tall, each row `rowSize` with its
 * gap), with `SPARE_ROWS` either side: a step then costs the same with thirty rows or a thousand.
 * Full rows all fit (that is when they are full), so all of them are drawn; before the list is
 * measured (its first frame), no more than one-line rows could fill a tall screen.
 */
export function drawnRows(view: { density: RowDensity; count: number; scrollTop: number; height: number; rowSize: number }): { first: number; last: number } {
  const { density, count, scrollTop, height, rowSize } = view;
  if (density === 'full') return { first: 0, last: height > 0 ? count : Math.min(count, FIRST_DRAWN) };
  // Never past the end: the list may have shrunk under a view scrolled far down (a look back at an earlier step).
  const top = Math.min(Math.floor(scrollTop / rowSize), count - Math.ceil(height / rowSize));
  return { first: Math.max(0, top - SPARE_ROWS), last: Math.min(count, Math.ceil((scrollTop + height) / rowSize) + SPARE_ROWS) };
}
