import type { ShortcutAction } from '../../shortcuts';

/** One way the reaction panel lets a target answer an attack: a button each. */
export type ReactionChoice = 'dodge' | 'counter' | 'hide-behind' | 'guard' | 'accept-stunt' | 'none';

/** What the attack and the fight allow the target, as the reaction panel reads them. */
export interface ReactionOffer {
  /** The target may react themselves (dodge, counter, hide behind): not surprised, turn unused. */
  selfReact: boolean;
  /** Someone has already countered this attack: it takes only one counter. */
  countered: boolean;
  /** There is someone on the target's side they may hide behind. */
  canHide: boolean;
  /** Someone nearby may step in and guard the target. */
  canBeGuarded: boolean;
  /** The attacker proposes a stunt instead of damage, which the target may accept. */
  stunt: boolean;
}

// The order is fixed, so a number key means the same reaction from one attack to the next; taking
// the blow comes last, as it is always there.
const ORDER: readonly ReactionChoice[] = ['dodge', 'counter', 'hide-behind', 'guard', 'accept-stunt', 'none'];

/** The answers offered to the target, in the order the panel shows them and the number keys pick them (1 is the first). */
export function offeredReactions(offer: ReactionOffer): ReactionChoice[] {
  const offered: Readonly<Record<ReactionChoice, boolean>> = {
    dodge: offer.selfReact,
    counter: offer.selfReact && !offer.countered,
    'hide-behind': offer.selfReact && offer.canHide,
    guard: offer.canBeGuarded,
    'accept-stunt': offer.stunt,
    none: true,
  };
  return ORDER.filter((choice) => offered[choice]);
}

/** The answer a number key picks from those offered, or null when the key is not a number or there is no answer by it. */
export function reactionForKey(action: ShortcutAction, offered: readonly ReactionChoice[]): ReactionChoice | null {
  if (!action.startsWith('pick-')) return null;
  return offered[Number(action.slice('pick-'.length)) - 1] ?? null;
}
