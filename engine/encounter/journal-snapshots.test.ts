import { describe, expect, it } from 'vitest';
import { longFightJournal, renamedSnapshot } from '../testing/journals';
import { createEncounter, undo, type Encounter } from './encounter';
import { foldJournal, verifyOpened, type JournalLine } from './journal';
import { isSnapshot, SNAPSHOT_EVERY, snapshotDigest, snapshotLine } from './journal-snapshots';
import { BUILTIN_RULESETS } from '../rulesets/builtin';

const snapshotsIn = (lines: readonly JournalLine[]) => lines.filter(isSnapshot);

/** The digests of every snapshot in `lines`: what the install that wrote them trusts. */
const trustAll = (lines: readonly JournalLine[]) => new Set(snapshotsIn(lines).map((s) => s.digest));

/** Folds `lines` trusting `trusted` (or trusting every snapshot in them, or none when `false`). */
function folded(lines: readonly JournalLine[], trusted: ReadonlySet<string> | boolean) {
  const result = foldJournal(lines, 'the log of "Long fight"', BUILTIN_RULESETS, trusted === false ? {} : { trusted: trusted === true ? trustAll(lines) : trusted });
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('snapshots in the journal', () => {
  it('are written every SNAPSHOT_EVERY events, and opening from the newest gives the fight its whole history gives', () => {
    const { lines, encounter } = longFightJournal(2_600);
    expect(encounter.events.length).toBeGreaterThan(2 * SNAPSHOT_EVERY);
    const at = snapshotsIn(lines).map((s) => s.at);
    expect(at.length).toBe(2);
    // A step may make several events: a snapshot comes after the step that reaches the mark.
    expect(at[0]).toBeGreaterThanOrEqual(SNAPSHOT_EVERY);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeGreaterThanOrEqual(SNAPSHOT_EVERY);
    expect((at[1] ?? 0) - (at[0] ?? 0)).toBeLessThan(SNAPSHOT_EVERY + 5);

    const fast = folded(lines, true);
    const whole = folded(lines, false);
    expect(fast.startedFrom).toBe(at[1]);
    expect(whole.startedFrom).toBe(0);
    expect(fast.lastSnapshot).toBe(at[1]);
    expect(fast.encounter.state).toEqual(whole.encounter.state);
    expect(fast.encounter.state).toEqual(encounter.state);
    expect(fast.encounter.events).toEqual(encounter.events);
    expect(fast.encounter.steps).toEqual(encounter.steps);
    expect(fast.length).toBe(lines.length);
    expect(verifyOpened(fast.encounter, 'the log')).toMatchObject({ ok: true, value: { agrees: true } });
  });

  it('undo reaches back past the snapshot a fight was opened from', () => {
    const { lines, encounter } = longFightJournal(1_200);
    const fast = folded(lines, true);
    expect(fast.startedFrom).toBe(snapshotsIn(lines)[0]?.at);
    let back = fast.encounter;
    let real = encounter;
    for (let i = 0; i < 400; i++) {
      back = undo(back);
      real = undo(real);
    }
    expect(back.events.length).toBeLessThan(SNAPSHOT_EVERY);
    expect(back.state).toEqual(real.state);
  });

  it('an undo below a snapshot takes it out of the history; a later one written after the redo is used', () => {
    const { lines, encounter } = longFightJournal(1_100, { undoPastFirstSnapshot: true });
    const snaps = snapshotsIn(lines);
    expect(snaps.length).toBe(2);
    const fast = folded(lines, true);
    expect(fast.startedFrom).toBe(snaps[1]?.at);
    expect(fast.encounter.state).toEqual(encounter.state);
    expect(fast.encounter.redoable).toEqual(encounter.redoable);

    // Without the second snapshot, the first no longer fits the history and the fold replays it all.
    const second = lines.indexOf(snaps[1] as JournalLine);
    const withoutSecond = lines.filter((_, i) => i !== second);
    const replayed = folded(withoutSecond, true);
    expect(replayed.startedFrom).toBe(0);
    expect(replayed.encounter.state).toEqual(encounter.state);
  });

  it('passes over a damaged snapshot (its digest does not match) and one that does not fit where it stands', () => {
    const { lines, encounter } = longFightJournal(2_600);
    const [first, second] = snapshotsIn(lines);
    if (!first || !second) throw new Error('expected two snapshots');
    const damaged = lines.map((line) => (line === second ? { ...second, state: { ...second.state, round: second.state.round + 1 } } : line));
    const fromFirst = folded(damaged, trustAll(lines));
    expect(fromFirst.startedFrom).toBe(first.at);
    expect(fromFirst.encounter.state).toEqual(encounter.state);

    const misplaced = lines.map((line) => (line === second ? { ...second, at: second.at - 1 } : line));
    expect(folded(misplaced, trustAll(lines)).startedFrom).toBe(first.at);
  });

  it('starts only from a snapshot this install trusts; a replay that reaches the same state vouches for the newest', () => {
    const { lines, encounter } = longFightJournal(2_600);
    const [first, second] = snapshotsIn(lines);
    if (!first || !second) throw new Error('expected two snapshots');
    // An imported journal: nothing trusted, everything replayed, and the newest snapshot confirmed.
    const imported = folded(lines, new Set<string>());
    expect(imported.startedFrom).toBe(0);
    expect(imported.confirmed).toBe(second.digest);
    expect(imported.encounter.state).toEqual(encounter.state);
    // Trusting the older one: the replay starts there, and vouches for nothing (the events before
    // its start are not checked yet); the next snapshot is due 1,000 events after the older one.
    const fromOlder = folded(lines, new Set([first.digest]));
    expect(fromOlder.startedFrom).toBe(first.at);
    expect(fromOlder.confirmed).toBeNull();
    expect(fromOlder.lastSnapshot).toBe(first.at);
    expect(folded(lines, false).confirmed).toBe(second.digest);
  });

  it('a snapshot moved to another place in the journal no longer matches its digest', () => {
    const { lines, encounter } = longFightJournal(2_600);
    const [first, second] = snapshotsIn(lines);
    if (!first || !second) throw new Error('expected two snapshots');
    const moved = lines.map((line) => (line === second ? { ...first, at: second.at } : line));
    const opened = folded(moved, trustAll(lines));
    expect(opened.startedFrom).toBe(first.at);
    expect(opened.encounter.state).toEqual(encounter.state);
  });

  it('a trusted snapshot the tail does not fit (stale) gives way to the whole history, not to a damaged log', () => {
    const { lines, encounter } = longFightJournal(1_200);
    const [snap] = snapshotsIn(lines);
    if (!snap) throw new Error('expected a snapshot');
    // One character fewer: the tail's blows name someone the snapshot does not have.
    const state = { ...snap.state, combatants: snap.state.combatants.slice(1) };
    const stale = { ...snap, state, digest: snapshotDigest(snap.at, state) };
    const opened = folded(
      lines.map((line) => (line === snap ? stale : line)),
      new Set([stale.digest]),
    );
    expect(opened.startedFrom).toBe(0);
    expect(opened.confirmed).toBeNull();
    expect(opened.lastSnapshot).toBe(0);
    expect(opened.encounter.state).toEqual(encounter.state);
  });

  it('a forged snapshot (its digest made to match) is never started from nor vouched for', () => {
    const { lines, encounter } = longFightJournal(1_200);
    const [snap] = snapshotsIn(lines);
    if (!snap) throw new Error('expected a snapshot');
    const forged = lines.map((line) => (line === snap ? renamedSnapshot(snap, 'Forged') : line));
    const opened = folded(forged, trustAll(lines));
    expect(opened.startedFrom).toBe(0);
    expect(opened.confirmed).toBeNull();
    expect(opened.encounter.state).toEqual(encounter.state);
  });

  it('a trusted snapshot the history disagrees with (one written by an older version) loses to the history', () => {
    const { lines, encounter } = longFightJournal(1_200);
    const [snap] = snapshotsIn(lines);
    if (!snap) throw new Error('expected a snapshot');
    const stale = renamedSnapshot(snap, 'Stale');
    const opened = folded(
      lines.map((line) => (line === snap ? stale : line)),
      new Set([stale.digest]),
    );
    expect(opened.startedFrom).toBe(snap.at);
    expect(opened.encounter.state.combatants.every((c) => c.name === 'Stale')).toBe(true);
    const verified = verifyOpened(opened.encounter, 'the log');
    if (!verified.ok) throw new Error(verified.message);
    expect(verified.value.agrees).toBe(false);
    expect(verified.value.encounter.state).toEqual(encounter.state);
  });

  it('a forged event before the snapshot is found by the check after opening, with the readable part before it', () => {
    const { lines } = longFightJournal(1_200);
    const at = lines.findIndex((line, i) => i > 500 && line.type === 'combatant-damaged');
    // A damage event with no HP data: forged, as a hand edit of the file would make it.
    const forged = lines.map((line, i) => (i === at ? ({ type: 'combatant-damaged', combatantId: 'c1' } as unknown as JournalLine) : line));
    const opened = folded(forged, true);
    expect(opened.startedFrom).toBeGreaterThan(0);
    const verified = verifyOpened(opened.encounter, 'the log of "Long fight"');
    expect(verified.ok).toBe(false);
    if (verified.ok) return;
    expect(verified.code).toBe('history/damaged');
    expect(verified.message).toMatch(/^The log of "Long fight": Step \d+ of this fight can't be read/);
    const readable = 'readable' in verified ? (verified.readable as Encounter) : null;
    expect(readable?.events.length).toBeGreaterThan(100);
    expect(readable?.events.length).toBeLessThan(opened.startedFrom);
  });

  it('events after the snapshot are still checked while opening', () => {
    const { lines } = longFightJournal(1_200);
    const after = lines.findIndex((line, i) => i > lines.indexOf(snapshotsIn(lines)[0] as JournalLine) && line.type === 'combatant-damaged');
    const forged = lines.map((line, i) => (i === after ? ({ type: 'combatant-damaged', combatantId: 'c1' } as unknown as JournalLine) : line));
    const result = foldJournal(forged, 'the log', BUILTIN_RULESETS, { trusted: trustAll(forged) });
    expect(result).toMatchObject({ ok: false, code: 'history/damaged' });
  });

  it('is not written for a state too big for one journal line', () => {
    const created = createEncounter({ id: 'big', name: 'Big', rulesetId: 'freeform', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const huge = { ...created.encounter, state: { ...created.encounter.state, name: 'x'.repeat(600_000) } };
    expect(snapshotLine(huge)).toBeNull();
    // Counted in bytes, as the journal's line limit is: 200,000 "é" are 400,000 bytes.
    const wide = { ...created.encounter, state: { ...created.encounter.state, name: 'é'.repeat(200_000) } };
    expect(snapshotLine(wide)).not.toBeNull();
    const wider = { ...created.encounter, state: { ...created.encounter.state, name: '€'.repeat(200_000) } };
    expect(snapshotLine(wider)).toBeNull();
    expect(snapshotLine(created.encounter)).toMatchObject({ type: 'journal/snapshot', at: 1 });
  });
});
