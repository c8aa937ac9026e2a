import type { MovementSpent, TurnBudget } from '../encounter/state';

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
