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

// Each reaction has its own number, whatever else is offered, so a key means the same reaction
// from one target and one attack to the next (2 is always Counter, never Guard); taking the blow
// is last, 6.
const ORDER: readonly ReactionChoice[] = ['dodge', 'counter', 'hide-behind', 'guard', 'accept-stunt', 'none'];

/** The answers offered to the target, in the order the panel shows them (each with its own key, `keyOfReaction`). */
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

/** The number key of a reaction, the same wherever it is offered. */
export function keyOfReaction(choice: ReactionChoice): string {
  return String(ORDER.indexOf(choice) + 1);
}

/** The answer a number key picks, when it is offered; null when the key is not a number or its reaction is not offered. */
export function reactionForKey(action: ShortcutAction, offered: readonly ReactionChoice[]): ReactionChoice | null {
  if (!action.startsWith('pick-')) return null;
  const choice = ORDER[Number(action.slice('pick-'.length)) - 1];
  return choice !== undefined && offered.includes(choice) ? choice : null;
}
