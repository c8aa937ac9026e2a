/**
 * What of the players' screen may leave this computer for the phones. The screen is the
 * players' projection, with one exception: a grid map's picture is sent whole, and the players'
 * window paints the fogged squares dark over it. On the table's TV that hides them; sent to a
 * phone, the picture's bytes would carry what lies under the fog to anyone who reads the stream.
 * So while any square is in the fog, phones get the grid without its picture (issue 44: "no hidden
 * square ever leaves").
 */
import type { PlayerScreen } from '../engine/drawing';

/** `screen` as the phones may have it. */
export function screenForPhones(screen: PlayerScreen): PlayerScreen {
  const view = screen.view;
  const grid = view && view.status !== 'waiting' ? view.grid : null;
  if (!grid || screen.background === null || !grid.rows.some((row) => row.includes('?'))) return screen;
  return { ...screen, background: null };
}
