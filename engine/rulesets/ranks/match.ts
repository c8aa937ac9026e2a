import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { eventId } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, ruleRefusal, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import { engagedOpponents } from './engagement';
import { personOf } from './person';
import { spendAction } from './spend';
import type { RanksCommandOf } from './commands';

// Matching an engaged opponent's movement, out of one's own turn: "a character who is engaged with
// an opponent in melee combat cannot prevent their opponent from attempting to match their
// movement", and incidental movement "may be responded to with matching movement by an engaged
// opponent", so matching a plain move costs the follower nothing. "By making a movement ability
// check, a character may move away from or towards an opponent; the opponent must use an action in
// order to respond to the movement": after such a check the follower spends an action (the bonus
// one unless they say the full). A tumble's follower also checks (the check form), as the text asks.

export const MATCHED = 'ranks/matched';

export type MatchedEvent = {
  type: typeof MATCHED;
  followerId: Id;
  moverId: Id;
  /** The action the match took (the mover made a movement check), or null: free. */
  spent: 'full' | 'bonus' | null;
  ruling?: true;
};

/** What matching `mover`'s move costs `follower` now: nothing, or an action because the mover moved with a check this round. */
export function matchCost(state: EncounterState, mover: Combatant): 'free' | 'action' {
  return personOf(mover).movedWithCheck === state.round ? 'action' : 'free';
}

/** Decides `ranks/match` ({ combatantId: the follower, spend: 'full' | 'bonus' (after a movement check), gmRuling }). */
export function decideMatch(state: EncounterState, cmd: RanksCommandOf<'ranks/match'>): Result<EncounterEvent[]> {
  const follower = checkCombatant(state, cmd.combatantId);
  if (isFailure(follower)) return follower;
  const mover = state.combatants.find((c) => c.id === state.activeId);
  if (!mover || mover.id === follower.id) return failure('ranks/match', `Matching is done out of ${follower.name}'s own turn, following the one who moves on theirs.`);
  if (cmd.spend !== undefined && cmd.spend !== null && cmd.spend !== 'full' && cmd.spend !== 'bonus') return failure('ranks/spend', 'Matching after a movement check spends the full or the bonus action.');
  const ruling = cmd.gmRuling === true;
  if (!ruling && !engagedOpponents(state, follower).some((c) => c.id === mover.id)) {
    return ruleRefusal('ranks/not-engaged', `${follower.name} isn't engaged with ${mover.name}: only an engaged opponent matches their movement.`);
  }
  const spend = matchCost(state, mover) === 'action' ? (cmd.spend === 'full' ? 'full' : 'bonus') : null;
  const spent = spend ? spendAction(state, follower, spend === 'full' ? 'move-full' : 'move-half', spend, `matching ${mover.name}`) : { ok: true as const, value: [] };
  if (isFailure(spent)) return spent;
  const event: MatchedEvent = { type: MATCHED, followerId: follower.id, moverId: mover.id, spent: spend, ...(ruling ? { ruling: true as const } : {}) };
  return { ok: true, value: [...spent.value, event] };
}

function tell(e: MatchedEvent, voice: Voice): Told | null {
  const follower = voice.who(e.followerId);
  const mover = voice.who(e.moverId);
  if (follower === null || mover === null) return null;
  const cost = e.spent ? `with their ${e.spent} action, as ${mover} moved with a check` : 'free';
  return told(`${follower} matches ${mover}'s move (${cost})${e.ruling ? ' (the GM\'s ruling)' : ''}.`, [e.followerId, e.moverId]);
}

export const MATCHED_EVENT = ruleEvent<MatchedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({ followerId: eventId, moverId: eventId, spent: v.nullable(v.picklist(['full', 'bonus'])), ruling: v.optional(v.literal(true)) }),
  refers: (state, e) => [e.followerId, e.moverId].some((id) => !state.combatants.some((c) => c.id === id)) ? 'it names someone who is not in the fight' : null,
  apply: (state) => state,
  tell,
});
