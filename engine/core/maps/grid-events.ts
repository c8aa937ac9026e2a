import type { Id } from '../state';
import type { Cell, Footprint, GridMap } from './grid-map';
import type { BattleGrid } from './grid-state';

// The square grid's commands and events: laying a grid map out, placing characters on squares,
// walking by the rules, doors opening and closing, and squares hidden from the players. The core
// routes them here (`space/events.ts`), as it does the zones'.

/** The grid's commands. */
export type GridSpaceCommand =
  /**
   * Lays out a grid map (setup, or a GM override at any time). The picture under it never goes
   * into the log. Whoever stood on a square the new map has no room for is taken off the grid.
   */
  | { type: 'set-grid'; mapId: Id; name: string; map: GridMap; hasBackground?: boolean }
  /** Takes the grid map away: everyone is taken off it. */
  | { type: 'clear-grid' }
  /**
   * The GM puts a character on a square, no movement spent (x null: takes them off the grid).
   * `size`: squares a side, for a large creature (kept from before when omitted, else 1).
   */
  | { type: 'place-on-grid'; combatantId: Id; x: number | null; y?: number; size?: number }
  /** The acting character walks by the rules to stand with its top-left square on (x, y). */
  | { type: 'walk'; combatantId: Id; x: number; y: number }
  /** A door on an edge opens or shuts. */
  | { type: 'set-door'; x: number; y: number; side: 'top' | 'left'; open: boolean }
  /** Squares are hidden from the players, or shown again. */
  | { type: 'set-fog'; cells: Cell[]; hidden: boolean };

/** A step of a walk out of squares some foes could strike (see `walk.ts`). */
export interface WalkLeaving {
  step: number;
  from: Cell;
  /** The foes who could strike the square left. */
  before: Id[];
  /** Those of them who can still strike the square entered. */
  after: Id[];
}

/** The grid's events. */
export type GridSpaceEvent =
  /** A grid map laid out; `unplaced`: who stood where it has no room for and is now off the grid. */
  | { type: 'grid-set'; grid: BattleGrid; unplaced: Id[] }
  /** The grid map taken away; `unplaced`: who stood on it. */
  | { type: 'grid-cleared'; unplaced: Id[] }
  /** The GM put someone on a square, or took them off the grid (null). */
  | { type: 'placed-on-grid'; combatantId: Id; square: Footprint | null }
  /**
   * A walk by the rules: the top-left square at each step (the start first), what it cost in the
   * map's unit, and every step out of a foe's reach. `move`: which of the turn's moves it belongs
   * to, where the ruleset counts them (`GridRules.currentMove`; absent in older logs and for a
   * walk that is a move of its own): its diagonals count on from the move's earlier walks.
   */
  | { type: 'walked'; combatantId: Id; path: Cell[]; distance: number; leaving: WalkLeaving[]; move?: number }
  | { type: 'door-set'; x: number; y: number; side: 'top' | 'left'; open: boolean }
  | { type: 'fog-set'; cells: Cell[]; hidden: boolean };

export type GridSpaceEventOf<T extends GridSpaceEvent['type']> = Extract<GridSpaceEvent, { type: T }>;
export type GridSpaceCommandOf<T extends GridSpaceCommand['type']> = Extract<GridSpaceCommand, { type: T }>;
