import type { EncounterState, MovementSpent, RoundState, TurnBudget } from './state';
import { findRuleset } from './registry';
import { economyOf } from './economy-of';
import { freshBudget } from './economy';

/** A turn budget, where `movement` may be missing (budgets made before movement came in halves). */
export interface BudgetSpent {
  readonly [slot: string]: number | boolean | undefined;
  moved: boolean;
  movement?: MovementSpent;
}

/**
 * Halves of the turn's movement spent (0, 1 or 2). Budgets written before movement came in halves
 * only say whether the character moved, which then took the whole movement.
 */
export function movementSpent(budget: Pick<BudgetSpent, 'moved' | 'movement'>): TurnBudget['movement'] {
  return budget.movement ?? (budget.moved ? 2 : 0);
}

// A fresh turn's budget under the encounter's ruleset's action economy.
export function freshTurnBudget(state: EncounterState): TurnBudget {
  return freshBudget(economyOf(findRuleset(state.rulesetId), state.settings));
}

function emptyRound(state: EncounterState): RoundState {
  return { phase: 'main', factionId: null, passes: [], spent: [], gate: null, budget: freshTurnBudget(state), begun: false };
}

/** The state with the round's bookkeeping changed (a fresh one if the fight had none yet). */
export function withTurn(state: EncounterState, change: (turn: RoundState) => Partial<RoundState>): EncounterState {
  const turn = state.turn ?? emptyRound(state);
  return { ...state, turn: { ...turn, ...change(turn) } };
}

/**
 * The acting character's movement spent this turn, `amount` more halves of it (the space's moves
 * say how many), never past the whole turn's; they have moved.
 */
export function spendMovement(state: EncounterState, amount: number): EncounterState {
  return withTurn(state, (turn) => ({
    budget: { ...turn.budget, moved: true, movement: Math.min(2, movementSpent(turn.budget) + amount) as TurnBudget['movement'] },
  }));
}
