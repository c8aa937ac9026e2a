/**
 * What the grid battle map works out, as plain data: where a token stands and where a dragged one
 * would land, what the picked character sees of everyone else and with what cover, in words.
 */
import { sightBetween, type Cell, type Combatant, type Footprint, type Grid, type Id, type Point, type Sight } from '../../../engine/index';

/** A token's centre, in cells. */
export function centreOf(square: Footprint): Point {
  return [square.x + square.size / 2, square.y + square.size / 2];
}

/** The top-left square a token of `size` squares would stand on with its centre near `point`, kept on the map. */
export function squareUnder(point: Point, size: number, map: { width: number; height: number }): Cell {
  const x = Math.round(point[0] - size / 2);
  const y = Math.round(point[1] - size / 2);
  return { x: Math.max(0, Math.min(map.width - size, x)), y: Math.max(0, Math.min(map.height - size, y)) };
}

/** Cover in words, for the badge by a token and the list under the map. */
export function coverWords(sight: Sight): string {
  if (!sight.sees) return 'not seen';
  if (sight.cover === 'none') return 'no cover';
  return `${sight.cover} cover (${sight.cornersSeen} of ${sight.corners} corners seen)`;
}

/** The short mark beside a token: "clear", "½", "full", "✕". */
export function coverMark(sight: Sight): string {
  if (!sight.sees) return '✕';
  return sight.cover === 'none' ? 'clear' : sight.cover === 'half' ? '½' : 'full';
}

/** What the character on `viewer` sees of everyone else on the grid, by id, in the order given. */
export function sightsFrom(grid: Grid, viewer: Combatant, others: readonly Combatant[]): Map<Id, Sight> {
  const from = viewer.square;
  const out = new Map<Id, Sight>();
  if (!from) return out;
  for (const other of others) if (other.id !== viewer.id && other.square) out.set(other.id, sightBetween(grid, from, other.square));
  return out;
}
