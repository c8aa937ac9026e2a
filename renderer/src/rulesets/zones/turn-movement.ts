import { movementSpent, TURN_MOVEMENT_HALVES, type TurnBudget } from '../../../../engine/index';
import type { TurnChip } from '../panels';

// What is left of a Zones & Factions turn's movement, for the generic turn panel: a chip beside
// the actions, and words after what is left of them.

/** Halves of a zone of movement left this turn (onto a border and off it are a half each). */
const halvesLeft = (budget: TurnBudget) => TURN_MOVEMENT_HALVES - movementSpent(budget);

/** "Move one zone ✓", "Move half a zone ✓", or spent. */
export function movementChips(budget: TurnBudget): TurnChip[] {
  const left = halvesLeft(budget);
  return [{ label: `Move ${left === 1 ? 'half a zone' : 'one zone'}`, used: left === 0 }];
}

/** "; may still move a zone", "; may still move half a zone (off or onto a border)", "; already moved". */
export function movementLeft(budget: TurnBudget): string {
  const left = halvesLeft(budget);
  return left === 0 ? '; already moved' : left === 1 ? '; may still move half a zone (off or onto a border)' : '; may still move a zone';
}
