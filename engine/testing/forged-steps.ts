import { isHistoryDamage, restoreEncounter, type Encounter, type HistoryDamage, type StoredHistory } from '../encounter/encounter';
import type { EncounterEvent } from '../encounter/events';
import { foldJournal, historyLines, isJournalDamage, type JournalDamage } from '../encounter/journal';

// Forged copies of a genuine fight, for the tests that every stored event is checked on every
// path (issue 40): one event of a step rewritten, in the fight itself or in an undone step.

type Fields = Record<string, unknown>;

/** The events with the last one of `type` given `forge`'s fields (a function of the genuine event, or fields to lay over it). */
export function forgedEvent(events: readonly EncounterEvent[], type: string, forge: Fields | ((genuine: Fields) => Fields)): EncounterEvent[] {
  const at = events.map((e) => e.type as string).lastIndexOf(type);
  const genuine = events[at] as unknown as Fields | undefined;
  if (!genuine) throw new Error(`no "${type}" event to forge`);
  const forged = typeof forge === 'function' ? forge(genuine) : { ...genuine, ...forge };
  return events.map((e, i) => (i === at ? (forged as unknown as EncounterEvent) : e));
}

/** The fight's stored history with the last `type` event of its last step forged. */
export function forgedLastStep(enc: Encounter, type: string, forge: Fields | ((genuine: Fields) => Fields)): StoredHistory {
  const start = enc.steps.at(-2) ?? 0;
  if (!enc.events.slice(start).some((e) => e.type === type)) throw new Error(`the last step has no "${type}" event`);
  return { events: forgedEvent(enc.events, type, forge), steps: [...enc.steps] };
}

/** The fight with its last step undone and `type`'s event in that undone step forged. */
export function forgedUndone(undone: Encounter, type: string, forge: Fields | ((genuine: Fields) => Fields)): Encounter {
  const last = undone.redoable.at(-1);
  if (!last) throw new Error('no undone step to forge');
  return { ...undone, redoable: [...undone.redoable.slice(0, -1), forgedEvent(last, type, forge)] };
}

/** Reads a stored history that must be refused as damaged, and the refusal. */
export function damagedOnRead(history: StoredHistory): HistoryDamage {
  const restored = restoreEncounter(history);
  if (restored.ok) throw new Error('the forged history was read as if whole');
  if (!isHistoryDamage(restored)) throw new Error(`expected a damaged history, got ${restored.code}: ${restored.message}`);
  return restored;
}

/** Folds a fight's journal that must come back as damaged with a readable part. */
export function damagedJournal(enc: Encounter): JournalDamage {
  const folded = foldJournal(historyLines(enc), 'the log of a forged fight');
  if (folded.ok) throw new Error('the forged journal was read as if whole');
  if (!isJournalDamage(folded)) throw new Error(`expected a damaged journal with a readable part, got ${folded.code}: ${folded.message}`);
  return folded;
}

/** The history of the first `steps` steps of a stored one (what "open up to the last good step" keeps). */
export function firstSteps(history: StoredHistory, steps: number): StoredHistory {
  const end = history.steps[steps - 1] ?? 1;
  return { events: history.events.slice(0, end), steps: history.steps.slice(0, steps) };
}
