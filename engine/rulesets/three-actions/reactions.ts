import type { Combatant, EncounterState } from '../../encounter/state';
import { costAllowed, offTurnAllowed } from '../../turns/economy';
import { THREE_ACTIONS_ECONOMY } from './economy';

/** Whether the character still has their reaction now: on their own turn from its budget, else from what they spent out of turn. */
export function hasReaction(state: EncounterState, c: Combatant): boolean {
  const turn = state.turn;
  if (!turn) return false;
  return state.activeId === c.id ? costAllowed(THREE_ACTIONS_ECONOMY, turn.budget, 'reaction') : offTurnAllowed(THREE_ACTIONS_ECONOMY, turn.spentBy?.[c.id] ?? {}, 'reaction');
}

/** Stamina left. */
export const staminaOf = (c: Combatant): number => c.tracks.stamina?.value ?? 0;
