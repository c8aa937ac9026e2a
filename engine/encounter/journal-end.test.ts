import { describe, expect, it } from 'vitest';
import { longFightJournal, renamedSnapshot } from '../testing/journals';
import { foldJournalEnd } from './journal-end';
import { isSnapshot, SNAPSHOT_EVERY } from './journal-snapshots';
import type { JournalLine } from './journal';
import { BUILTIN_RULESETS } from '../rulesets/builtin';

// Issue 43: a long fight's end is folded from its newest trusted snapshot and the lines after it,
// to be shown while the whole journal is read; whatever the end alone can't settle gives nothing.

const trustAll = (lines: readonly JournalLine[]) => new Set(lines.filter(isSnapshot).map((s) => s.digest));

/** The last `count` lines of `lines`. */
const last = (lines: readonly JournalLine[], count: number) => lines.slice(lines.length - count);

describe('the end of a journal, folded on its own', () => {
  it('gives the fight its whole history gives, from the newest trusted snapshot among its last lines', () => {
    const { lines, encounter } = longFightJournal(2_600);
    const newest = lines.filter(isSnapshot).pop();
    const from = lines.lastIndexOf(newest as JournalLine);
    const end = foldJournalEnd(lines.slice(from - 10), 'long', trustAll(lines), BUILTIN_RULESETS);
    expect(end?.startedFrom).toBe(newest?.at);
    expect(end?.events).toBe(encounter.events.length);
    expect(end?.encounter.state).toEqual(encounter.state);
    // Only what follows the snapshot was replayed.
    expect(end?.encounter.events).toEqual(encounter.events.slice(newest?.at));
    expect(end?.encounter.events.length).toBeLessThanOrEqual(SNAPSHOT_EVERY);
  });

  it('gives nothing without a trusted, whole snapshot of this fight among the lines', () => {
    const { lines } = longFightJournal(2_600);
    const forged = lines.map((line) => (isSnapshot(line) ? renamedSnapshot(line, 'Forged') : line));
    expect(foldJournalEnd(lines, 'long', new Set(), BUILTIN_RULESETS)).toBeNull();
    // Forged: its digest made to match its state, but not one this install trusts.
    expect(foldJournalEnd(forged, 'long', trustAll(lines), BUILTIN_RULESETS)).toBeNull();
    expect(foldJournalEnd(lines, 'another-fight', trustAll(lines), BUILTIN_RULESETS)).toBeNull();
    expect(foldJournalEnd(last(lines, 100), 'long', trustAll(lines), BUILTIN_RULESETS)).toBeNull();
  });

  it('gives nothing when the end undoes below its snapshot, or a step after it is cut short or damaged', () => {
    // Undone twice right after the first snapshot: the first undo reaches below it.
    const undoing = longFightJournal(1_200, { undoPastFirstSnapshot: true }).lines;
    const first = undoing.findIndex(isSnapshot);
    const trusted = new Set([undoing.filter(isSnapshot)[0]?.digest ?? '']);
    expect(foldJournalEnd(undoing.slice(first), 'long', trusted, BUILTIN_RULESETS)).toBeNull();

    const { lines } = longFightJournal(2_600);
    expect(foldJournalEnd(lines.slice(0, -1), 'long', trustAll(lines), BUILTIN_RULESETS)).toBeNull();
    const damagedAt = lines.map((line) => line.type).lastIndexOf('combatant-damaged');
    const damaged = lines.map((line, i) => (i === damagedAt ? ({ type: 'combatant-damaged', combatantId: 'nobody', amount: 2 } as unknown as JournalLine) : line));
    expect(foldJournalEnd(damaged, 'long', trustAll(lines), BUILTIN_RULESETS)).toBeNull();
  });
});
