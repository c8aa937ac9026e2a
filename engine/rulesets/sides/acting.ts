import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState } from '../../core/state';
import { failure, type Failure } from '../../result';
import { HOLDING, isUnder } from './conditions';
import { surprisers } from './surprise';

// Who may act now, for the ruleset's own commands: the fight running and no question open; the
// acting character, or one holding an action; and in the surprise round, only the surprising
// sides ("caught entirely unawares", the others do nothing, not even an Instant).

/** In the surprise round, and on a side caught unawares. */
export function surprised(state: EncounterState, c: Combatant): boolean {
  return state.status === 'running' && state.round === 0 && state.turn?.phase === 'surprise' && !surprisers(state).includes(c.factionId);
}

/** Why `c` can't take an action of their turn now (a held action counts), or null. `doing`: what, for the refusal ("Grapples happen"). */
export function actingRefusal(state: EncounterState, c: Combatant, doing: string): Failure | null {
  if (state.status !== 'running') return failure('sides/not-running', `${doing} during the fight; start combat first.`);
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  if (state.activeId !== c.id && !isUnder(c, HOLDING)) return failure('sides/not-acting', `It isn't ${c.name}'s turn; pick them to act first (out of turn, only on a held action).`);
  return null;
}
