import type { TurnBudget } from '../encounter/state';

/** A turn budget, where `movement` may be missing (budgets made before movement came in halves). */
export type BudgetSpent = Omit<TurnBudget, 'movement'> & { movement?: TurnBudget['movement'] };

/** What an action takes out of a turn. */
export type Spends = 'bonus' | 'main' | 'two-bonus' | 'turn';

/**
 * Halves of the turn's movement spent (0, 1 or 2). Budgets written before movement came in halves
 * only say whether the character moved, which then took the whole movement.
 */
export function movementSpent(budget: Pick<BudgetSpent, 'moved' | 'movement'>): TurnBudget['movement'] {
  return budget.movement ?? (budget.moved ? 2 : 0);
}

/**
 * Whether what is left of a turn allows an action of this size. A turn holds a bonus action plus
 * a main action, or two bonus actions; a whole-turn action (giving up the fight) must be the only thing
 * done, moving included.
 */
export function budgetAllows(budget: BudgetSpent, spends: Spends): boolean {
  const { bonus, main, moved } = budget;
  switch (spends) {
    case 'bonus':
      return bonus + main < 2;
    case 'main':
      return main === 0 && bonus <= 1;
    case 'two-bonus':
      return bonus === 0 && main === 0;
    case 'turn':
      return bonus === 0 && main === 0 && !moved && movementSpent(budget) === 0;
  }
}
