import type { Ruleset } from '../../core/ruleset';
import { decideUseAction } from '../../encounter/decide-action';
import { spentUnder } from '../../core/effects';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Result } from '../../result';
import { costAllowed, offTurnAllowed } from '../../core/economy';
import { SIDES_ECONOMY } from './economy';
import { standing } from './health';

// The action one of Sides & Shock's own commands takes, paid from the round's economy as any
// action is. The command has already made the checks its rules ask (only instants out of turn,
// unless an action is held), so the ruleset's refusals for the bare action, which send the GM to
// these commands, don't apply. `answering`: taken while a question is open (a snap attack before a
// blow lands), which the question itself allowed.

export function spendAction(state: EncounterState, c: Combatant, actionId: string, spends: string, note: string, ruleset: Ruleset, answering = false): Result<EncounterEvent[]> {
  const { actionRefusal: _asked, ...bareTurn } = ruleset.turn;
  const bare = { ...ruleset, turn: bareTurn };
  const live = (s: EncounterState) => (s.status !== 'running' || !s.turn ? failure('combat/not-running', 'Combat has not started; press Start combat first.') : null);
  return decideUseAction(state, { type: 'use-action', combatantId: c.id, actionId, spends, note }, bare, {
    live: answering ? live : (s) => live(s) ?? (s.prompts && s.prompts.length > 0 ? failure('prompt/open', 'Answer the open question first.') : null),
    canAct: standing,
  });
}

/** Whether the character's Main action is still unspent this round (a snap attack or total defence gives it up). */
export function mainLeft(state: EncounterState, c: Combatant): boolean {
  const turn = state.turn;
  if (!turn || state.status !== 'running') return false;
  return state.activeId === c.id
    ? costAllowed(SIDES_ECONOMY, spentUnder(SIDES_ECONOMY, turn.budget, c), 'instant-main')
    : offTurnAllowed(SIDES_ECONOMY, spentUnder(SIDES_ECONOMY, turn.spentBy?.[c.id] ?? {}, c), 'instant-main');
}

/** Whether the character is still fighting. */
export const fighting = standing;
