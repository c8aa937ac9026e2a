import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Failure } from '../../result';
import { gridOf } from '../../space/grid/battle-grid';
import { timesTaken, turnEndedBy } from '../../core/economy';
import { THREE_ACTIONS_ACTIONS } from './economy';
import { extendedFirst } from './extended';
import { opensWithRefusal } from './opening';

// How far the acting character may walk on the grid this turn. "Move | Once per turn, move up to
// your speed"; Sprint is another move; "Step | take a 1m step instead of a move action". The grid's
// squares are 1 m, whatever the map calls them, so a metre is a square of the map's size. "Treat
// every second diagonal space moved as 2m": the count runs through one move, however many walks
// it takes, and starts again with the next.

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

/**
 * Which of the turn's moves a walk now belongs to: each Move, Sprint and Step taken begins one.
 * A walk before any is the turn's first move (the GM takes Move for it too), so taking Move after
 * it goes on with the same count of diagonals.
 */
export function currentMove(state: EncounterState): number {
  const budget = state.turn?.budget;
  const taken = budget ? timesTaken(budget, 'move') + timesTaken(budget, 'sprint') + timesTaken(budget, 'step') : 0;
  return Math.max(1, taken);
}

/**
 * Why the acting character can't walk by the rules yet: an action under way comes first, the one
 * who started the fight opens with that action (a walk is a move), or Guard, Wait or Ready ended
 * the turn. The GM may still place the token.
 */
export function walkRefusal(state: EncounterState, c: Combatant): Failure | null {
  const ender = state.turn ? turnEndedBy(THREE_ACTIONS_ACTIONS, state.turn.budget) : undefined;
  if (ender) return failure('action/turn-ended', `${c.name} took ${ender.name.toLowerCase()}, which ends the turn; end it.`);
  return extendedFirst(state, c) ?? opensWithRefusal(state, c, 'move');
}
