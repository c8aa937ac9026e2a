import { expect, it } from 'vitest';
import { canRedo, isHistoryDamage, redo, restoreEncounter, undo, type Encounter, type HistoryDamage, type StoredHistory } from '../encounter/encounter';
import type { EncounterEvent } from '../core/events';
import { foldJournal, historyLines, isJournalDamage, type JournalDamage } from '../encounter/journal';
import { BUILTIN_RULESETS } from '../all-rulesets';

// Forged copies of a genuine fight, for the tests that every stored event is checked on every
// path (issue 40): one event of a step rewritten, in the fight itself or in an undone step.

type Fields = Record<string, unknown>;
/** How an event is forged: fields laid over the genuine one, or a function of it. */
type Forge = Fields | ((genuine: Fields) => Fields);

/** The events with the last one of `type` given `forge`'s fields (a function of the genuine event, or fields to lay over it). */
export function forgedEvent(events: readonly EncounterEvent[], type: string, forge: Forge): EncounterEvent[] {
  const at = events.map((e) => e.type as string).lastIndexOf(type);
  const genuine = events[at] as unknown as Fields | undefined;
  if (!genuine) throw new Error(`no "${type}" event to forge`);
  const forged = typeof forge === 'function' ? forge(genuine) : { ...genuine, ...forge };
  return events.map((e, i) => (i === at ? (forged as unknown as EncounterEvent) : e));
}

/** The fight's stored history with the last `type` event of its last step forged. */
export function forgedLastStep(enc: Encounter, type: string, forge: Forge): StoredHistory {
  const start = enc.steps.at(-2) ?? 0;
  if (!enc.events.slice(start).some((e) => e.type === type)) throw new Error(`the last step has no "${type}" event`);
  return { events: forgedEvent(enc.events, type, forge), steps: [...enc.steps] };
}

/** The fight with its last step undone and `type`'s event in that undone step forged. */
export function forgedUndone(undone: Encounter, type: string, forge: Forge): Encounter {
  const last = undone.redoable.at(-1);
  if (!last) throw new Error('no undone step to forge');
  return { ...undone, redoable: [...undone.redoable.slice(0, -1), forgedEvent(last, type, forge)] };
}

/** Reads a stored history that must be refused as damaged, and the refusal. */
export function damagedOnRead(history: StoredHistory): HistoryDamage {
  const restored = restoreEncounter(history, BUILTIN_RULESETS);
  if (restored.ok) throw new Error('the forged history was read as if whole');
  if (!isHistoryDamage(restored)) throw new Error(`expected a damaged history, got ${restored.code}: ${restored.message}`);
  return restored;
}

/** Folds a fight's journal that must come back as damaged with a readable part. */
export function damagedJournal(enc: Encounter): JournalDamage {
  const folded = foldJournal(historyLines(enc), 'the log of a forged fight', BUILTIN_RULESETS);
  if (folded.ok) throw new Error('the forged journal was read as if whole');
  if (!isJournalDamage(folded)) throw new Error(`expected a damaged journal with a readable part, got ${folded.code}: ${folded.message}`);
  return folded;
}

/** The history of the first `steps` steps of a stored one (what "open up to the last good step" keeps). */
export function firstSteps(history: StoredHistory, steps: number): StoredHistory {
  const end = history.steps[steps - 1] ?? 1;
  return { events: history.events.slice(0, end), steps: history.steps.slice(0, steps) };
}

/** One forgery a ruleset's test makes: what it is, how the event is forged, and what the refusal must say of it. */
export type Forgery = [label: string, forge: Forge, problem: RegExp];

/** `type` as a pattern matching that text literally. */
const literally = (type: string): string => type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Declares, for each forgery of the last `type` event of `fight`'s last step: the file is refused
 * when read, naming that step and the event, with the forgery's problem, and the steps before it open.
 */
export function itRefusesForgedLastStep(fight: () => Encounter, type: string, forgeries: Forgery[]): void {
  it.each(forgeries)('%s is refused when the file is read, naming the step, and the steps before it open', (_label, forge, problem) => {
    const enc = fight();
    const forged = forgedLastStep(enc, type, forge);
    const refused = damagedOnRead(forged);
    expect(refused.message).toMatch(new RegExp(`^Step ${enc.steps.length} of this fight can't be read: in its event \\d+ \\("${literally(type)}"\\), `));
    expect(refused.message).toMatch(problem);
    expect(refused.goodSteps).toBe(enc.steps.length - 1);
    expect(restoreEncounter(firstSteps(forged, refused.goodSteps), BUILTIN_RULESETS).ok).toBe(true);
  });
}

/** Declares: `fight` with its last step undone reads back, and Redo puts it back to the same fight. */
export function itRedoesGenuineUndoneStep(title: string, fight: () => Encounter): void {
  it(title, () => {
    const enc = fight();
    const undone = undo(enc);
    const restored = restoreEncounter({ events: undone.events, steps: undone.steps, redoable: undone.redoable }, BUILTIN_RULESETS);
    if (!restored.ok) throw new Error(restored.message);
    const again = redo(restored.value);
    expect(again.ok).toBe(true);
    expect(again.encounter.state).toEqual(enc.state);
  });
}

/**
 * Declares, for each forgery of the `type` event in `fight`'s last step once undone: the file is
 * refused naming the undone step, every step of the fight itself readable (the journal offers the
 * whole fight without the undone step), and Redo refuses the step and leaves it undone.
 */
export function itRefusesForgedUndoneStep(fight: () => Encounter, type: string, forgeries: Forgery[]): void {
  it.each(forgeries)('%s: the file is refused, every step of the fight readable, and Redo refuses it', (_label, forge, problem) => {
    const enc = fight();
    const undone = undo(enc);
    const forged = forgedUndone(undone, type, forge);
    const refused = damagedOnRead({ events: forged.events, steps: forged.steps, redoable: forged.redoable });
    expect(refused.message).toMatch(new RegExp(`^The step Redo would put back can't be read: in its event \\d+ \\("${literally(type)}"\\), `));
    expect(refused.message).toMatch(problem);
    expect(refused.goodSteps).toBe(enc.steps.length - 1);
    expect(refused.goodSteps).toBe(undone.steps.length);

    const journal = damagedJournal(forged);
    expect(journal.readable.events).toEqual(undone.events);
    expect(journal.readable.state).toEqual(undone.state);

    const redone = redo(forged);
    expect(redone.ok).toBe(false);
    if (redone.ok) return;
    expect(redone.code).toBe('history/redo');
    expect(redone.message).toMatch(new RegExp(`^The undone step can't be redone: in its event \\d+ \\("${literally(type)}"\\), `));
    expect(redone.message).toMatch(problem);
    expect(redone.encounter).toBe(forged);
    expect(canRedo(redone.encounter)).toBe(true);
  });
}
