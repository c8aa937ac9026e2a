import type { EncounterState, MovementSpent, RoundState, TurnBudget } from './state';
import { economyOf } from './economy-of';
import { freshBudget } from './economy';
import type { TurnRules } from './ruleset';

/** What a turn's budget is made from: the ruleset's action economy, or its economy under the fight's settings (its `turn` group; a ruleset is one). */
export type EconomySource = { readonly turn: Pick<TurnRules, 'economy' | 'economyFor'> };

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

/** A fresh turn's budget under the encounter's ruleset's action economy. */
export function freshTurnBudget(state: EncounterState, ruleset: EconomySource): TurnBudget {
  return freshBudget(economyOf(ruleset.turn, state.settings));
}

function emptyRound(state: EncounterState, ruleset: EconomySource): RoundState {
  return { phase: 'main', factionId: null, passes: [], spent: [], gate: null, budget: freshTurnBudget(state, ruleset), begun: false };
}

/** The state with the round's bookkeeping changed (a fresh one if the fight had none yet). */
export function withTurn(state: EncounterState, ruleset: EconomySource, change: (turn: RoundState) => Partial<RoundState>): EncounterState {
  const turn = state.turn ?? emptyRound(state, ruleset);
  return { ...state, turn: { ...turn, ...change(turn) } };
}

/**
 * The acting character's movement spent this turn, `amount` more halves of it (the space's moves
 * say how many), never past the whole turn's; they have moved.
 */
export function spendMovement(state: EncounterState, ruleset: EconomySource, amount: number): EncounterState {
  return withTurn(state, ruleset, (turn) => ({
    budget: { ...turn.budget, moved: true, movement: Math.min(2, movementSpent(turn.budget) + amount) as TurnBudget['movement'] },
  }));
}
