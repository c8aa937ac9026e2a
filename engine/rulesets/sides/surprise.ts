import * as v from 'valibot';
import type { SidesCommandOf } from './commands';
import { eventId, listOf } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { factionsInFight } from '../../turns/alternating';
import { ruleEvent } from '../../core/typed';
import { fightOf, withFight } from './fight';

// Surprise: the GM decides a side was caught entirely unawares, and their enemies get a full
// round before initiative is rolled (a side expecting a fight can't be surprised; that judgement
// is the GM's). Set while the fight is set up, by naming the sides that surprise.

export const SURPRISE_SET = 'sides/surprise-set';

export type SurpriseSetEvent = {
  type: typeof SURPRISE_SET;
  factionIds: Id[];
};

/** The sides that get the surprise round (none: no surprise round). */
export const surprisers = (state: EncounterState): Id[] => fightOf(state).surprise;

/** Decides `sides/set-surprise`: the sides that surprise the rest, before the fight starts. */
export function decideSetSurprise(state: EncounterState, cmd: SidesCommandOf<'sides/set-surprise'>): Result<EncounterEvent[]> {
  if (state.status === 'running') return failure('sides/started', 'Surprise is settled before the fight starts (Undo goes back).');
  const asked = cmd.factionIds;
  if (!Array.isArray(asked) || asked.some((id) => typeof id !== 'string')) return failure('sides/surprise', 'Name the surprising sides as a list of side ids (an empty list: no surprise).');
  const unknown = asked.find((id) => !state.factions.some((f) => f.id === id));
  if (unknown !== undefined) return failure('sides/surprise', `There is no side ${String(unknown)} in this encounter.`);
  const named = [...new Set(asked)];
  const inFight = factionsInFight(state);
  if (named.length > 0 && inFight.length > 0 && inFight.every((f) => named.includes(f.id))) return failure('sides/surprise', 'If every side surprises, nobody is caught unawares: leave at least one side out.');
  return { ok: true, value: [{ type: SURPRISE_SET, factionIds: named } satisfies SurpriseSetEvent] };
}

function tellSurprise(e: SurpriseSetEvent, voice: Voice): Told | null {
  if (voice.audience !== 'gm') return null;
  const names = e.factionIds.map((id) => voice.faction(id)).filter((n) => n !== null);
  return told(names.length === 0 ? 'No surprise round.' : `${names.join(' and ')} will have a surprise round before initiative is rolled.`, []);
}

export const SURPRISE_EVENT = ruleEvent<SurpriseSetEvent>({
  kind: 'other',
  fightLog: false,
  schema: v.object({ factionIds: listOf(eventId, 100) }),
  refers: (state, e) => {
    const unknown = e.factionIds.find((id) => !state.factions.some((f) => f.id === id));
    return unknown === undefined ? null : `it names the side ${unknown}, which is not in the encounter`;
  },
  apply: (state, event) => withFight(state, (f) => ({ ...f, surprise: [...event.factionIds] })),
  tell: (event, voice) => tellSurprise(event, voice),
});
