import type { Id } from '../state';
import type { Footprint, GridMap } from './grid-map';

// What the square grid keeps in an encounter's state: the grid map laid out on the encounter,
// the doors the fight has opened or closed, the squares hidden from the players, and what the
// acting character has walked this turn; where each character stands on the combatant (see
// `core/maps/parts.ts`).

/**
 * The grid map a fight is fought on, without the background picture's bytes, so the encounter
 * log is self-contained (`hasBackground` says whether the campaign's map has one).
 */
export interface BattleGrid {
  /** The campaign's map entry it came from. */
  mapId: Id;
  name: string;
  map: GridMap;
  hasBackground: boolean;
  /** The doors that stand otherwise than drawn, by `edgeKey` (`left:3:4`): true open, false shut. */
  doors: Record<string, boolean>;
  /** The squares the players don't see (`y * width + x`), in order. */
  fog: number[];
}

/** What the acting character has walked this turn (a new turn or round starts it again from 0). */
export interface Walked {
  round: number;
  combatantId: Id;
  /** In the map's unit. */
  distance: number;
  /** Which of the turn's moves the last walk belonged to (`GridRules.currentMove`); missing where the ruleset counts none. */
  move?: number;
  /** Diagonal steps walked in that move so far (under the alternating rule every second one costs two); kept with `move`. */
  diagonals?: number;
}

/**
 * Where a character stands on the grid. Missing until the GM first puts them on a square, so the
 * characters of fights without a grid are stored as they always were.
 */
export interface GridPlace {
  /** The square it stands on (its top-left square and its size in squares); null or missing: off the grid. */
  square?: Footprint | null;
}

/** The grid of an encounter. */
export interface GridField {
  grid: BattleGrid | null;
  /** Null until someone walks by the rules. */
  walked: Walked | null;
}

/** An encounter without a grid. */
export function noGrid(): GridField {
  return { grid: null, walked: null };
}

/** A character who stands on no square yet: nothing to store. */
export function offGrid(): GridPlace {
  return {};
}

/** A stored character's place on the grid, if it has one. */
export function storedGridPlace(stored: GridPlace): GridPlace {
  const square = stored.square;
  return square ? { square: { x: square.x, y: square.y, size: square.size } } : {};
}
