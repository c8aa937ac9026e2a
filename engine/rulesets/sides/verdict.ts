import type { AttackPlan } from './plan';

// What an attack roll needs, before the die: the attack bonus and every modifier against the
// target's AC ("If the total is equal or greater than the target's AC, they hit"). The forms show
// this verdict and the attack, grapple and shove commands roll with the same modifier, so the two
// can't disagree.

type Rolled = Pick<AttackPlan, 'bonus' | 'modifiers' | 'ac'>;

/** What is added to the d20: the attack bonus and the modifiers. */
export function rollModifier(plan: Pick<AttackPlan, 'bonus' | 'modifiers'>): number {
  return plan.bonus + plan.modifiers.reduce((n, m) => n + m.amount, 0);
}

/** Whether a total hits: equal to the AC or more. */
export const hitsAc = (plan: Pick<AttackPlan, 'ac'>, total: number): boolean => total >= plan.ac;

export interface HitVerdict {
  /** Added to the d20. */
  modifier: number;
  ac: number;
  /** The lowest face that hits: 1 or less, every face; past 20, none. */
  needs: number;
  /** 'always': any face hits; 'never': none does; 'needs': that face or more. */
  kind: 'always' | 'never' | 'needs';
  /** The chance of a hit on the d20, 0 to 1. */
  chance: number;
}

/** The attack roll's verdict before the die is rolled. */
export function hitVerdict(plan: Rolled): HitVerdict {
  const modifier = rollModifier(plan);
  const needs = plan.ac - modifier;
  const kind = needs <= 1 ? 'always' : needs > 20 ? 'never' : 'needs';
  return { modifier, ac: plan.ac, needs, kind, chance: Math.min(20, Math.max(0, 21 - needs)) / 20 };
}
