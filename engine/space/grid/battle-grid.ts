import type { Combatant, EncounterState, Id } from '../../core/state';
import { isOutOfFight } from '../../core/health';
import type { Ruleset } from '../../core/ruleset';
import { compileGrid, type Grid } from './grid';
import type { Footprint } from '../../core/maps/grid-map';
import type { Striker } from './reach';
import { PLAIN_GRID_RULES, type GridRules } from '../../core/maps/grid-rules';
import type { BattleGrid } from '../../core/maps/grid-state';

// The questions every part of the grid asks of a fight: the map read for questions (once per
// laid-out map and door state, not once per question), who stands on which squares, and who is a
// foe of whom.

const read = new WeakMap<BattleGrid, Grid>();

/** The fight's grid map ready for questions, doors as they stand now; null without one. */
export function gridOf(state: Pick<EncounterState, 'grid'>): Grid | null {
  const battle = state.grid ?? null;
  if (!battle) return null;
  let grid = read.get(battle);
  if (!grid) {
    grid = compileGrid(battle.map, new Map(Object.entries(battle.doors)));
    read.set(battle, grid);
  }
  return grid;
}

/** The squares someone covers, by `y * width + x`. */
export function squaresOf(grid: Pick<Grid, 'width'>, at: Footprint): number[] {
  const squares: number[] = [];
  for (let dy = 0; dy < at.size; dy++) for (let dx = 0; dx < at.size; dx++) squares.push((at.y + dy) * grid.width + at.x + dx);
  return squares;
}

/** Everyone else on the grid, with the squares they stand on. */
function othersOnGrid(state: EncounterState, who: Id): (Combatant & { square: Footprint })[] {
  return state.combatants.filter((c): c is Combatant & { square: Footprint } => c.id !== who && (c.square ?? null) !== null);
}

/** How the ruleset fights on the grid. */
export function gridRules(ruleset: Ruleset): GridRules {
  return ruleset.space?.grid ?? PLAIN_GRID_RULES;
}

/** The squares a walker may not pass (foes still fighting) and may not stop on (allies, the fallen). */
export function walkBlocks(state: EncounterState, ruleset: Ruleset, grid: Grid, walker: Combatant): { blocked: Set<number>; noStop: Set<number> } {
  const blocked = new Set<number>();
  const noStop = new Set<number>();
  for (const other of othersOnGrid(state, walker.id)) {
    const passable = other.factionId === walker.factionId || isOutOfFight(ruleset, other);
    for (const square of squaresOf(grid, other.square)) (passable ? noStop : blocked).add(square);
  }
  return { blocked, noStop };
}

/** The squares taken by everyone but `who`. */
export function takenSquares(state: EncounterState, grid: Grid, who: Id): Map<number, Combatant> {
  const taken = new Map<number, Combatant>();
  for (const other of othersOnGrid(state, who)) for (const square of squaresOf(grid, other.square)) taken.set(square, other);
  return taken;
}

/** The foes of `who` on the grid still fighting, and how far each strikes. */
export function foesOnGrid(state: EncounterState, ruleset: Ruleset, who: Combatant): Striker<Id>[] {
  const rules = gridRules(ruleset);
  return othersOnGrid(state, who.id)
    .filter((c) => c.factionId !== who.factionId && !isOutOfFight(ruleset, c))
    .map((c) => ({ id: c.id, at: c.square, reach: rules.reach?.(state, c) ?? 1 }));
}
