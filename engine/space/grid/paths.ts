import type { Grid } from './grid';
import type { Cell, Footprint } from '../../core/maps/grid-map';
import { cellDistance } from './distance';
import { type DiagonalRule } from '../../core/maps/grid-rules';
import { onDifficult, onHazard, STEPS, stepOpen } from './steps';

// The cheapest way for a character to walk from where it stands to a cell, round walls and solid
// cells, paying double on difficult ground and, under the alternating rule, two for every second
// diagonal step: A* over (cell, whether the next diagonal is a second one). `reachable` is the
// same search without a goal, for shading where a character can get to with the movement it has.

/** What limits a walk besides the map. */
export interface WalkRules {
  /** How diagonal steps are counted. */
  readonly rule: DiagonalRule;
  /** Cells (by `y * width + x`) nobody may pass through: where foes stand, as the ruleset says. */
  readonly blocked?: ReadonlySet<number>;
  /** Cells one may pass through but not stop in: where allies stand. */
  readonly noStop?: ReadonlySet<number>;
  /**
   * Diagonal steps the walker's move has already taken (by earlier walks of it), under the
   * alternating rule: after an odd number the walk's first diagonal is a second one and costs two.
   */
  readonly diagonalsBefore?: number;
}

/** A walk: the footprint's top-left cell at each step (the start first), its cost in cells, and the hazardous cells it enters. */
export interface GridPath {
  readonly cells: readonly Cell[];
  readonly cost: number;
  readonly hazards: readonly Cell[];
}

/** A min-heap of search states keyed by priority (no library: this is the whole of it). */
class Queue {
  private readonly keys: number[] = [];
  private readonly states: number[] = [];
  get size(): number {
    return this.states.length;
  }
  push(state: number, key: number): void {
    this.keys.push(key);
    this.states.push(state);
    let i = this.states.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.keys[parent] as number) <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): number {
    const top = this.states[0] as number;
    const lastKey = this.keys.pop() as number;
    const lastState = this.states.pop() as number;
    if (this.states.length > 0) {
      this.keys[0] = lastKey;
      this.states[0] = lastState;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let least = i;
        if (l < this.keys.length && (this.keys[l] as number) < (this.keys[least] as number)) least = l;
        if (r < this.keys.length && (this.keys[r] as number) < (this.keys[least] as number)) least = r;
        if (least === i) break;
        this.swap(i, least);
        i = least;
      }
    }
    return top;
  }
  private swap(a: number, b: number): void {
    [this.keys[a], this.keys[b]] = [this.keys[b] as number, this.keys[a] as number];
    [this.states[a], this.states[b]] = [this.states[b] as number, this.states[a] as number];
  }
}

/** A tie-breaker per hazardous step: of two walks that cost the same, the one through less hazard. */
const HAZARD_NUDGE = 1e-3;

function touches(grid: Grid, at: Footprint, cells: ReadonlySet<number> | undefined): boolean {
  if (!cells || cells.size === 0) return false;
  for (let dy = 0; dy < at.size; dy++) for (let dx = 0; dx < at.size; dx++) if (cells.has((at.y + dy) * grid.width + at.x + dx)) return true;
  return false;
}

interface Search {
  cost: Float64Array;
  previous: Int32Array;
}

/** Walks outwards from `from` in order of cost, stopping at `goal` or past `budget`. */
function search(grid: Grid, from: Footprint, rules: WalkRules, goal: Cell | null, budget: number): { found: number; s: Search } {
  const cells = grid.width * grid.height;
  const alternating = rules.rule === 'alternating';
  const s: Search = { cost: new Float64Array(cells * 2).fill(Infinity), previous: new Int32Array(cells * 2).fill(-1) };
  const queue = new Queue();
  // The walk starts where the move's count of diagonals stands: after an odd number, the next is a second one.
  const start = ((from.y * grid.width + from.x) << 1) | (alternating ? (rules.diagonalsBefore ?? 0) & 1 : 0);
  s.cost[start] = 0;
  // The estimate left to go: a step of any kind costs at least 1 and brings the goal at most one
  // square nearer, so the squares left (diagonals counting one) never overestimate and never drop
  // by more than a step costs. The alternating rule's own count would: it falls by 2 on some
  // steps that cost 1, and the search, which never reopens a square, could then miss the cheapest walk.
  const guess = (x: number, y: number): number => (goal ? cellDistance(goal.x - x, goal.y - y, 'one') : 0);
  queue.push(start, guess(from.x, from.y));
  const settled = new Uint8Array(cells * 2);
  while (queue.size > 0) {
    const state = queue.pop();
    if (settled[state]) continue;
    settled[state] = 1;
    const index = state >> 1;
    const second = state & 1;
    const x = index % grid.width;
    const y = (index - x) / grid.width;
    if (goal && x === goal.x && y === goal.y) return { found: state, s };
    const here = s.cost[state] as number;
    const at = { x, y, size: from.size };
    for (const [dx, dy] of STEPS) {
      const next = { x: x + dx, y: y + dy, size: from.size };
      if (!stepOpen(grid, at, dx, dy) || touches(grid, next, rules.blocked)) continue;
      const diagonal = dx !== 0 && dy !== 0;
      const base = diagonal && alternating && second ? 2 : 1;
      const step = base * (onDifficult(grid, next) ? 2 : 1);
      const cost = here + step;
      if (cost > budget) continue;
      const nextState = ((next.y * grid.width + next.x) << 1) | (diagonal && alternating ? 1 - second : second);
      if (cost < (s.cost[nextState] as number)) {
        s.cost[nextState] = cost;
        s.previous[nextState] = state;
        queue.push(nextState, cost + guess(next.x, next.y) + (onHazard(grid, next) ? HAZARD_NUDGE : 0));
      }
    }
  }
  return { found: -1, s };
}

/**
 * The cheapest walk for a character on `from` to stand with its top-left cell on `to`, or null
 * when there is none (walled off, or only through cells it can't pass or stop in).
 */
export function findPath(grid: Grid, from: Footprint, to: Cell, rules: WalkRules): GridPath | null {
  if (touches(grid, { ...to, size: from.size }, rules.noStop) || touches(grid, { ...to, size: from.size }, rules.blocked)) return null;
  const { found, s } = search(grid, from, rules, to, Infinity);
  if (found < 0) return null;
  const cells: Cell[] = [];
  for (let state = found; state >= 0; state = s.previous[state] as number) {
    const index = state >> 1;
    cells.push({ x: index % grid.width, y: Math.floor(index / grid.width) });
  }
  cells.reverse();
  const hazards = cells.slice(1).filter((cell) => onHazard(grid, { ...cell, size: from.size }));
  return { cells, cost: s.cost[found] as number, hazards };
}

/**
 * Where a character on `from` can walk with `budget` cells of movement: each reachable top-left
 * cell (by `y * width + x`) with the least it costs, where it may stop. (Measured by `npm run
 * bench`; for shading the squares within a turn's movement once a ruleset gives one.)
 */
export function reachable(grid: Grid, from: Footprint, budget: number, rules: WalkRules): Map<number, number> {
  const { s } = search(grid, from, rules, null, budget);
  const out = new Map<number, number>();
  for (let state = 0; state < s.cost.length; state++) {
    const cost = s.cost[state] as number;
    if (cost === Infinity) continue;
    const index = state >> 1;
    const cell = { x: index % grid.width, y: Math.floor(index / grid.width), size: from.size };
    if (touches(grid, cell, rules.noStop) && !(cell.x === from.x && cell.y === from.y)) continue;
    if (cost < (out.get(index) ?? Infinity)) out.set(index, cost);
  }
  return out;
}
