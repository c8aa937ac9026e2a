import { failure, type Result } from '../../result';
import type { Grid } from './grid';
import { cellName, type Cell, type Footprint } from '../../core/maps/grid-map';
import { cellDistance, footprintDistance } from './distance';
import { findPath, type GridPath, type WalkRules } from './paths';
import { threatenedBy, type Striker } from './reach';
import { standsClear, STEPS, stepOpen } from './steps';

// Moving a token by the rules: the cheapest walk to the square the GM dropped it on, refused
// when it costs more than the movement left, and every step where the walker leaves a square a
// foe could strike (an opportunity, if the ruleset gives one). And being pushed one square away.

/** A step out of a square within some foe's reach. */
export interface LeavingReach<Id> {
  /** Which step of the walk (1 is the first step). */
  readonly step: number;
  readonly from: Cell;
  readonly to: Cell;
  /** The foes who could strike the square left. */
  readonly before: Id[];
  /** Those of them who can still strike the square entered (leaving only their reach is `before` less these). */
  readonly after: Id[];
}

/** A walk planned by the rules. */
export interface PlannedWalk<Id> {
  readonly path: GridPath;
  /** What it costs, in the map's unit (feet or metres). */
  readonly distance: number;
  /** The movement left after it, in the map's unit. */
  readonly left: number;
  readonly leaving: LeavingReach<Id>[];
}

/** In the map's unit: "35 ft", "3 m". */
export function lengthIn(grid: Grid, cells: number): string {
  return `${Number((cells * grid.cellSize).toFixed(2))} ${grid.unit}`;
}

/**
 * The walk for `name`, standing on `from` with `movement` (in the map's unit) left, to stand with its
 * top-left square on `to`; or why it can't be made, naming the squares.
 */
export function planWalk<Id>(grid: Grid, name: string, from: Footprint, to: Cell, movement: number, rules: WalkRules, foes: readonly Striker<Id>[]): Result<PlannedWalk<Id>> {
  const target = { ...to, size: from.size };
  if (to.x === from.x && to.y === from.y) return failure('grid/no-move', `${name} already stands on ${cellName(to)}.`);
  if (to.x < 0 || to.y < 0 || to.x + from.size > grid.width || to.y + from.size > grid.height) {
    return failure('grid/off-map', `${cellName(to)} is off the map${from.size > 1 ? ` for someone ${from.size} squares wide` : ''}; pick a square on it.`);
  }
  if (!standsClear(grid, target)) return failure('grid/solid', `${name} can't stand on ${cellName(to)}: ${from.size > 1 ? 'part of it is' : 'it is'} solid.`);
  const path = findPath(grid, from, to, rules);
  if (!path) return failure('grid/no-path', `${name} has no way to ${cellName(to)} from ${cellName(from)}: walls or others block every path, or someone stands there.`);
  const distance = path.cost * grid.cellSize;
  if (distance > movement + 1e-9) {
    return failure('grid/too-far', `${cellName(to)} is ${lengthIn(grid, path.cost)} away by the shortest way; ${name} has ${Number(movement.toFixed(2))} ${grid.unit} of movement left.`);
  }
  const leaving: LeavingReach<Id>[] = [];
  for (let i = 1; i < path.cells.length; i++) {
    const a = path.cells[i - 1] as Cell;
    const b = path.cells[i] as Cell;
    const before = threatenedBy(grid, { ...a, size: from.size }, foes, rules.rule);
    if (before.length === 0) continue;
    const still = new Set(threatenedBy(grid, { ...b, size: from.size }, foes, rules.rule));
    leaving.push({ step: i, from: a, to: b, before, after: before.filter((id) => still.has(id)) });
  }
  return { ok: true, value: { path, distance, left: movement - distance, leaving } };
}

/**
 * Where someone on `target` can be pushed one square away from `pusher`: the neighbouring squares
 * it can step to (no wall between, nothing solid, nobody in `occupied`) that take it further from
 * the pusher, the one straight away first.
 */
export function pushSquares(grid: Grid, pusher: Footprint, target: Footprint, occupied: ReadonlySet<number>): Cell[] {
  const now = footprintDistance(pusher, target, 'one');
  const centre = (f: Footprint) => ({ x: f.x + f.size / 2, y: f.y + f.size / 2 });
  const away = { x: Math.sign(centre(target).x - centre(pusher).x), y: Math.sign(centre(target).y - centre(pusher).y) };
  const options: { cell: Cell; off: number }[] = [];
  for (const [dx, dy] of STEPS) {
    const next = { x: target.x + dx, y: target.y + dy, size: target.size };
    if (!stepOpen(grid, target, dx, dy) || footprintDistance(pusher, next, 'one') <= now) continue;
    let taken = false;
    for (let y = next.y; y < next.y + next.size && !taken; y++) for (let x = next.x; x < next.x + next.size; x++) if (occupied.has(y * grid.width + x)) taken = true;
    if (!taken) options.push({ cell: { x: next.x, y: next.y }, off: cellDistance(dx - away.x, dy - away.y, 'one') });
  }
  return options.sort((a, b) => a.off - b.off).map((o) => o.cell);
}
