import type { TurnBudget } from '../encounter/state';

/** What an action takes out of a turn. */
export type Spends = 'bonus' | 'main' | 'two-bonus' | 'turn';

/**
 * Whether what is left of a turn allows an action of this size. A turn holds a bonus action plus
 * a main action, or two bonus actions; a whole-turn action (surrendering) must be the only thing
 * done, moving included.
 */
export function budgetAllows(budget: TurnBudget, spends: Spends): boolean {
  const { bonus, main, moved } = budget;
  switch (spends) {
    case 'bonus':
      return bonus + main < 2;
    case 'main':
      return main === 0 && bonus <= 1;
    case 'two-bonus':
      return bonus === 0 && main === 0;
    case 'turn':
      return bonus === 0 && main === 0 && !moved;
  }
}
