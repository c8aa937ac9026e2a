import type { Combatant, EncounterState } from '../../core/state';
import { spentUnder } from '../../core/effects';
import { costAllowed, offTurnAllowed } from '../../core/economy';
import { threeActionsEconomy } from './economy';
import { threeActionsTurns } from './turns';
import { isUnconscious } from './health';
import { markedOut } from '../../core/health';

/**
 * Whether the character still has a reaction now: on their own turn from its budget, else from
 * what they spent out of turn; Wait's extra reaction counted; none for those taken by surprise
 * in the surprise round.
 */
export function hasReaction(state: EncounterState, c: Combatant): boolean {
  const turn = state.turn;
  if (!turn) return false;
  // Taken by surprise: "only their team may take actions" in the surprise round, and a reaction is none of theirs either.
  const opening = threeActionsTurns.opening;
  if (opening && turn.phase === opening.phase && !opening.mayAct(c, state)) return false;
  const economy = threeActionsEconomy(state.settings);
  return state.activeId === c.id ? costAllowed(economy, spentUnder(economy, turn.budget, c), 'reaction') : offTurnAllowed(economy, spentUnder(economy, turn.spentBy?.[c.id] ?? {}, c), 'reaction');
}

/** Stamina left. */
export const staminaOf = (c: Combatant): number => c.tracks.stamina?.value ?? 0;

/**
 * Why `c` can't react now, in words ("the reaction is spent"), or null
 * when they can: what is lacking named, so a spent reaction isn't mistaken for want of stamina.
 * `free`: a free reaction (an interceptor's defence) needs the stamina only.
 */
export function whyNoReaction(state: EncounterState, c: Combatant, free = false): string | null {
  if (markedOut(c)) return 'out of the fight';
  if (isUnconscious(c)) return 'unconscious';
  const surprised = threeActionsTurns.opening;
  if (!free && surprised && state.turn?.phase === surprised.phase && !surprised.mayAct(c, state)) return 'taken by surprise: no reaction in the surprise round';
  if (!free && !hasReaction(state, c)) return 'the reaction is spent';
  if (staminaOf(c) < 1) return 'no stamina left (a reaction takes 1)';
  return null;
}
