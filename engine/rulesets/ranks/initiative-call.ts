import * as v from 'valibot';
import { checkInteger, isFailure } from '../../core/checks';
import { whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import { failure, type Result } from '../../result';
import { ruleEvent } from '../../core/typed';
import type { RolledCall } from './initiative';
import type { RanksCommandOf } from './commands';

// The GM calls the fight chaotic: awareness is rolled for the order of the next round, of the
// next so many rounds, or of every round to come; or read from its fixed value again. The order
// of the round under way stands: the call counts from the next one sorted. Before the fight, the
// setting does it from round 1.

export const INITIATIVE_CALLED = 'ranks/initiative-called';

export type InitiativeCalledEvent = RolledCall & {
  type: typeof INITIATIVE_CALLED;
};

/** Decides `ranks/call-initiative` ({ rolled, rounds }: rounds null for the rest of the encounter). */
export function decideCallInitiative(state: EncounterState, cmd: RanksCommandOf<'ranks/call-initiative'>): Result<EncounterEvent[]> {
  if (typeof cmd.rolled !== 'boolean') return failure('ranks/call', 'Say whether awareness is rolled (true) or read from its fixed value (false).');
  if (state.status === 'ended') return failure('ranks/call', 'The fight is over.');
  if (state.status === 'setup') return failure('ranks/call', 'The fight hasn\'t started: for a chaotic fight from round 1, turn on "Roll awareness for initiative" in its rules; a call during the fight counts from the next round.');
  let rounds: number | null = null;
  if (cmd.rounds !== null && cmd.rounds !== undefined) {
    const checked = checkInteger(cmd.rounds, 'Rounds', 1, 100);
    if (isFailure(checked)) return checked;
    rounds = checked;
  }
  const from = state.round + 1;
  const event: InitiativeCalledEvent = { type: INITIATIVE_CALLED, rolled: cmd.rolled, from, until: rounds === null ? null : from + rounds - 1 };
  return { ok: true, value: [event] };
}

function tell(e: InitiativeCalledEvent): Told | null {
  const span = e.until === null ? `from round ${e.from} on` : e.until === e.from ? `for round ${e.from}` : `for rounds ${e.from} to ${e.until}`;
  if (!e.rolled) return told(`Initiative is read from fixed awareness again ${span}.`);
  return told(`The fight turns chaotic: awareness is rolled for the order ${span}.`);
}

export const INITIATIVE_CALLED_EVENT = ruleEvent<InitiativeCalledEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({ rolled: v.boolean(), from: whole(1, 100_000), until: v.nullable(whole(1, 100_000)) }),
  apply: (state, e) => ({ ...state, rules: { ...(isRecord(state.rules) ? state.rules : {}), rolled: { rolled: e.rolled, from: e.from, until: e.until } } }),
  tell,
});
