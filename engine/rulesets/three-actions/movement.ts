import type { Combatant, EncounterState } from '../../encounter/state';
import { gridOf } from '../../space/grid/battle-grid';
import { timesTaken } from '../../turns/economy';

// How far the acting character may walk on the grid this turn. "Move | Once per turn, move up to
// your speed"; Sprint is another move; "Step | take a 1m step instead of a move action". The grid's
// squares are 1 m, whatever the map calls them, so a metre is a square of the map's size.

/** Metres a move covers when a character has no speed of their own. */
export const SPEED_DEFAULT = 5;

/** How far (in the map's unit) `c` may walk this turn: a move's worth before any, one for each Move and Sprint taken, and 1 m for a step. */
export function movementOnGrid(state: EncounterState, c: Combatant): number | null {
  const grid = gridOf(state);
  if (!grid) return null;
  const budget = state.turn?.budget;
  const moves = budget ? timesTaken(budget, 'move') + timesTaken(budget, 'sprint') : 0;
  const steps = budget ? timesTaken(budget, 'step') : 0;
  // Nothing taken yet: the walk is the turn's move (the GM takes Move for it too).
  const metres = (c.stats.speed ?? SPEED_DEFAULT) * (moves > 0 || steps > 0 ? moves : 1) + steps;
  return metres * grid.cellSize;
}
