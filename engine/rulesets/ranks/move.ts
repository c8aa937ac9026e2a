import { checkCombatant, isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { failure, type Result } from '../../result';
import { offTurnRefusal } from './engagement';
import { readiers } from './readied';
import { spendAction } from './spend';
import { TRIGGER_ASKED, type TriggerAskedEvent } from './trigger-names';
import type { RanksCommandOf } from './commands';

// Moving: the whole Move as a full action, half as a bonus action, or half as incidental free
// movement. An opponent holding an attack or a check ready for a move may be set off by it: "a
// readied action is considered to be immediately prior to the triggering action … After the
// readied action is resolved, the triggering character may finish their round." The move waits for
// the GM to say whether it sets the readied action off (`trigger.ts`); that comes first, then the move.

export type MoveHow = 'full' | 'half' | 'incidental';

export const MOVE_ACTION: Readonly<Record<MoveHow, { actionId: string; spends: string; words: string }>> = {
  full: { actionId: 'move-full', spends: 'full', words: 'their whole Move' },
  half: { actionId: 'move-half', spends: 'bonus', words: 'half their Move' },
  incidental: { actionId: 'move-incidental', spends: 'free', words: 'half their Move, incidentally' },
};

/** The move itself: its action spent (checked against the state it lands on). */
export function moveEvents(state: EncounterState, moverId: Id, how: MoveHow, note: string): Result<EncounterEvent[]> {
  const mover = checkCombatant(state, moverId);
  if (isFailure(mover)) return mover;
  const a = MOVE_ACTION[how];
  return spendAction(state, mover, a.actionId, a.spends, note);
}

/** Decides `ranks/move` ({ combatantId, how: 'full' | 'half' | 'incidental', note }). */
export function decideMove(state: EncounterState, cmd: RanksCommandOf<'ranks/move'>): Result<EncounterEvent[]> {
  const mover = checkCombatant(state, cmd.combatantId);
  if (isFailure(mover)) return mover;
  const how = (['full', 'half', 'incidental'] as const).find((h) => h === cmd.how);
  if (!how) return failure('ranks/move', 'A move is full (the whole Move, a full action), half (a bonus action) or incidental (free).');
  const note = typeof cmd.note === 'string' ? cmd.note.trim().slice(0, 120) : '';
  const answering = offTurnRefusal(state, mover);
  if (answering) return answering;
  // Checked now, so a move that can't be made is refused before anyone is asked about it.
  const allowed = moveEvents(state, mover.id, how, note);
  if (isFailure(allowed)) return allowed;
  const ready = readiers(state, mover, 'move');
  if (ready.length === 0) return allowed;
  const asked: TriggerAskedEvent = { type: TRIGGER_ASKED, moverId: mover.id, how, note, readierIds: ready.map((c) => c.id) };
  return { ok: true, value: [asked] };
}

