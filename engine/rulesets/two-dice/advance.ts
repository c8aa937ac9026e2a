import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Result } from '../../result';
import { gridOf } from '../../space/grid/battle-grid';
import { normalMove, optionFor } from './movement';
import { personOf } from './person';
import { actionUsed, movedThisTurn } from './turn';

// Advancing off the grid: the GM says how far the character goes, in feet. Up to a normal move
// they may still attack; up to twice that the turn ends there; further is the GM's ruling. On the
// grid the walk does this, square by square.

export type AdvanceCommand = {
  type: 'two-dice/advance';
  combatantId: Id;
  /** Feet. */
  distance: number;
  gmRuling?: boolean;
};

export type AdvancedEvent = {
  type: 'two-dice/advanced';
  combatantId: Id;
  distance: number;
  /** Feet advanced this turn with this step. */
  total: number;
  /** Past a normal move: the turn ends. */
  endsTurn: boolean;
  ruling?: true;
};

/** Decides `two-dice/advance`. */
export function decideAdvance(state: EncounterState, asked: AdvanceCommand): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('two-dice/not-running', 'Advancing is part of a turn; start combat first.');
  // A question the fight waits for (a stabilisation test) comes first.
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const c = checkCombatant(state, asked.combatantId);
  if (isFailure(c)) return c;
  if (gridOf(state) && c.square) return failure('two-dice/on-grid', `${c.name} stands on the map: walk them there square by square instead.`);
  const distance = checkInteger(asked.distance, 'The distance in feet', 1, 1000);
  if (isFailure(distance)) return distance;
  const ruling = asked.gmRuling === true;
  if (state.activeId !== c.id && !ruling) return ruleRefusal('two-dice/not-acting', `It isn't ${c.name}'s turn.`);
  if (((c.tracks.hp?.value ?? 1) <= 0 || personOf(c).stable) && !ruling) return ruleRefusal('two-dice/unconscious', `${c.name} is unconscious.`);
  if (actionUsed(state, c.id) && !ruling) return ruleRefusal('two-dice/turn-used', `${c.name} has already acted this turn; advancing comes first.`);
  const total = movedThisTurn(state, c) + distance;
  const move = normalMove(c);
  const option = optionFor(total, move);
  if (option === 'gm-decides' && !ruling) {
    return ruleRefusal('two-dice/too-far', `${total} ft is more than twice ${c.name}'s movement (${move} ft); that is the GM's call.`);
  }
  const event: AdvancedEvent = { type: 'two-dice/advanced', combatantId: c.id, distance, total, endsTurn: total > move, ...(ruling ? { ruling: true as const } : {}) };
  return { ok: true, value: [event] };
}
