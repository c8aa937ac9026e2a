import { findPrompt, withoutPrompt, withPrompt } from '../../core/prompt-stack';
import type { PromptKind } from '../../core/prompt-kind';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id, Prompt } from '../../core/state';
import { isFailure } from '../../core/checks';
import { failure, type Result } from '../../result';
import { planSpaceMove } from '../../space/decide';
import type { MoveTarget } from '../../space/zones/movement';
import type { ZonesEventOf } from './events';
import { carriedBy, heldBack } from './holds';
import { isFighting } from './morale';

/**
 * Moving away from nearby enemies. The rule text: "Characters can make an opportunity attack as a
 * reaction against nearby enemies moving away. The target's movement is interrupted and the attack
 * is resolved, after which their turn resumes if they are still alive and conscious." So a move
 * out of where the acting character stands, with enemies beside them who still have their turn,
 * waits: each of those may strike first (the only time an attack out of turn is allowed), then the
 * GM lets the move go on (the first answer) or has them stay.
 */
export const LEAVING_PROMPT = 'zones/leaving';

/** What the prompt keeps: where the mover is going, and who may strike as they go. */
export interface Leaving {
  moverId: Id;
  to: MoveTarget;
  strikers: Id[];
}

/**
 * The enemies beside `mover` (in their zone) who may strike as they leave it: still fighting, their
 * turn unspent, not carried along with the mover, and during the ambush only the ambushers (the
 * only ones acting then). None for a mover in no zone, or a concealed one: enemies "realistically
 * ignore concealed" characters.
 */
function strikersAt(state: EncounterState, mover: Combatant, carried: readonly Id[]): Combatant[] {
  if (mover.zoneId === null || mover.concealed) return [];
  const spent = state.turn?.spent ?? [];
  const ambush = state.turn?.phase === 'ambush';
  return state.combatants.filter(
    (c) => c.factionId !== mover.factionId && c.zoneId === mover.zoneId && isFighting(c) && !spent.includes(c.id) && !carried.includes(c.id) && (!ambush || c.concealed),
  );
}

/**
 * The events that hold a move up while enemies beside the mover may strike; none when nobody may.
 * Only a move that leaves the zone is moving away: stepping onto a border of one's own zone, or off
 * it back into that zone, keeps the mover beside them.
 */
export function holdUpMove(state: EncounterState, mover: Combatant, planned: EncounterEvent, how: { sneaking: boolean } = { sneaking: false }): EncounterEvent[] {
  if (planned.type !== 'moved') return [];
  // A concealed mover makes the move (nobody strikes at whom they can't see), and unless sneaking
  // it may give them away: the GM is asked ("moving without sneaking" may reveal a character).
  if (mover.concealed) return how.sneaking ? [] : [planned, { type: 'zones/reveal-asked', attackerId: mover.id, by: 'moving' }];
  if (planned.to === mover.zoneId) return [];
  const strikers = strikersAt(state, mover, planned.carried).map((c) => c.id);
  const to: MoveTarget = planned.toBorder ? { borderId: planned.toBorder } : { zoneId: planned.to };
  return strikers.length > 0 ? [{ type: 'zones/leaving-asked', moverId: mover.id, to, strikers }] : [];
}

/** The move waiting while enemies may strike, or null. */
export function leavingNow(state: Pick<EncounterState, 'prompts'>): Leaving | null {
  return (findPrompt(state, LEAVING_PROMPT)?.data as Leaving | undefined) ?? null;
}

/** The enemies who may still strike at the one moving away (their turn unspent); none while nobody is. */
export function strikersLeft(state: EncounterState): Combatant[] {
  const leaving = leavingNow(state);
  const spent = state.turn?.spent ?? [];
  return leaving ? state.combatants.filter((c) => leaving.strikers.includes(c.id) && !spent.includes(c.id) && isFighting(c)) : [];
}

/** Whom `reactor` may strike with an opportunity attack now: the one moving away from them, or null. */
export function opportunityFor(state: EncounterState, reactor: Combatant): Combatant | null {
  const leaving = leavingNow(state);
  if (leaving) return strikersLeft(state).some((c) => c.id === reactor.id) ? (state.combatants.find((c) => c.id === leaving.moverId) ?? null) : null;
  // Without the map to tell (either stands in no zone, so nobody's move waits), the GM says who
  // moves away: the enemy taking their turn.
  const acting = state.combatants.find((c) => c.id === state.activeId);
  if (!acting || acting.id === reactor.id || acting.factionId === reactor.factionId) return null;
  return acting.zoneId === null || reactor.zoneId === null ? acting : null;
}

const nameOf = (state: EncounterState, id: Id | undefined): string => state.combatants.find((c) => c.id === id)?.name ?? 'Someone';

function leavingOf(prompt: Prompt): Leaving | null {
  return (prompt.data as Leaving | undefined) ?? null;
}

/** The move made at last: planned again now, since the strikes may have changed what it carries. */
function goOn(state: EncounterState, leaving: Leaving): Result<EncounterEvent[]> {
  const mover = state.combatants.find((c) => c.id === leaving.moverId);
  const decided: EncounterEvent = { type: 'zones/leaving-decided', moverId: leaving.moverId, goes: false };
  // Downed (or gone) by a strike: their turn doesn't resume, so they stay where they fell.
  if (!mover || !isFighting(mover) || (mover.tracks.health?.value ?? 1) <= 0) return { ok: true, value: [decided] };
  const held = heldBack(state, mover);
  if (held) return failure('move/held', `${held} Answer that ${mover.name} stays.`);
  const moved = planSpaceMove(state, mover, { type: 'move', combatantId: mover.id, ...leaving.to }, carriedBy(state, mover));
  if (isFailure(moved)) return moved;
  return { ok: true, value: [{ ...decided, goes: true }, moved] };
}

export const LEAVING_PROMPT_KIND: PromptKind = {
  code: 'move/leaving',
  message: (state, prompt) => {
    const strikers = strikersLeft(state).map((c) => c.name);
    const who = nameOf(state, leavingOf(prompt)?.moverId);
    return strikers.length > 0
      ? `${who} is moving away: ${strikers.join(', ')} may strike first (it spends their turn); then ${who} moves on or stays.`
      : `${who} is moving away: ${who} moves on or stays.`;
  },
  choices: (state, prompt) => [
    { label: `${nameOf(state, leavingOf(prompt)?.moverId)} moves on`, answer: 'go' },
    { label: 'They stay', answer: 'stay' },
  ],
  answer(state, prompt, answer) {
    const leaving = leavingOf(prompt);
    if (!leaving) return failure('prompt/none', 'Nothing is waiting for an answer.');
    if (answer === 'go') return goOn(state, leaving);
    if (answer === 'stay') return { ok: true, value: [{ type: 'zones/leaving-decided', moverId: leaving.moverId, goes: false }] };
    return failure('move/answer', 'Answer with "go" (the move goes on) or "stay".');
  },
  // Called off, the move doesn't happen.
  callOff: (_state, prompt) => [{ type: 'zones/leaving-decided', moverId: leavingOf(prompt)?.moverId ?? '', goes: false }],
  // The mover, and the enemies who may still strike (not those whose turn is spent).
  subjects(state, prompt) {
    const leaving = leavingOf(prompt);
    return leaving ? [{ id: leaving.moverId, role: 'moving away' }, ...strikersLeft(state).map((c) => ({ id: c.id, role: 'may strike' }))] : [];
  },
};

/** Asked: the prompt opens, holding the move. */
export function leavingAsked(state: EncounterState, event: ZonesEventOf<'zones/leaving-asked'>): EncounterState {
  const data: Leaving = { moverId: event.moverId, to: event.to, strikers: event.strikers };
  return withPrompt(state, { id: LEAVING_PROMPT, kind: LEAVING_PROMPT, involves: [event.moverId, ...event.strikers], data });
}

/** Decided: the prompt closes (the move, if it goes on, is its own event after this). */
export function leavingDecided(state: EncounterState, _event: ZonesEventOf<'zones/leaving-decided'>): EncounterState {
  return findPrompt(state, LEAVING_PROMPT) ? withoutPrompt(state, LEAVING_PROMPT) : state;
}
