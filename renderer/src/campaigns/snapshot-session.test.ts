import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isSnapshot, SNAPSHOT_EVERY, type JournalLine } from '../../../engine/index';
import { campaignFileWith, longFightJournal, renamedSnapshot } from '../../../engine/testing/journals';
import { EncounterStore } from '../store/encounter-store.svelte';
import type { StoredEvent } from './backend';
import { DexieCampaignBackend } from './dexie-backend';
import { PACK_SIZE } from './log-packs';
import { OPEN_HISTORY_MEASURE, OPEN_MEASURE } from './open-measure';
import { END_PACKS } from './read-encounter';
import { CampaignSession } from './session.svelte';
import { trustedSnapshots, trustSnapshot } from './snapshot-trust';
import { freshDb, tickingClock } from './test-support';

// Issue 14: a long fight opens from the newest snapshot in its journal that this install trusts
// and replays only the tail; the events before the snapshot are replayed right after it is on
// screen, and the history wins over a snapshot that does not agree with it.

/** A campaign whose one fight has a long journal (with snapshots), changed by `edit` before it is stored. */
async function campaignWithLongFight(edit: (lines: JournalLine[]) => JournalLine[] = (lines) => lines) {
  const db = freshDb();
  const backend = new DexieCampaignBackend(db);
  const created = await backend.create({ name: 'Lost Mine', rulesetId: 'freeform' });
  if (!created.ok) throw new Error(created.message);
  const folder = created.value.folder;
  const opened = await backend.open({ folder });
  if (!opened.ok) throw new Error(opened.message);
  const entry = await backend.createEncounter({ folder, name: 'Long fight' });
  if (!entry.ok) throw new Error(entry.message);
  const id = entry.value.encounter.id;
  const fight = longFightJournal(1_200, { id });
  const lines = edit(fight.lines) as StoredEvent[];
  for (let from = 0; from < lines.length; from += 1000) {
    const appended = await backend.appendEvents({ folder, encounterId: id, events: lines.slice(from, from + 1000) });
    if (!appended.ok) throw new Error(appended.message);
  }
  const store = new EncounterStore();
  const session = new CampaignSession({ backend, db, store, outbox: null, now: tickingClock(), newSeed: () => 3 });
  expect(await session.openCampaign(folder)).toBe(true);
  return { db, folder, session, store, id, fight };
}

/** Where the last opening started its replay (0: from the beginning). */
function startedFrom(): number {
  return opened().startedFrom ?? -1;
}

/** What the last opening (or, with OPEN_HISTORY_MEASURE, the read of its whole history after its end was shown) read and replayed. */
function opened(name = OPEN_MEASURE): { events?: number; startedFrom?: number; linesRead?: number; replayed?: number; preview?: boolean } {
  const measure = performance.getEntriesByName(name).pop() as PerformanceMeasure | undefined;
  return (measure?.detail ?? {}) as ReturnType<typeof opened>;
}


describe('opening a long fight from its snapshot', () => {
  it('replays a journal from elsewhere in full, vouches for its newest snapshot, and starts there the next time', async () => {
    const { session, store, id, fight } = await campaignWithLongFight();
    const newest = fight.lines.filter(isSnapshot).pop();
    expect(newest).toBeDefined();
    expect(await session.openEncounter(id)).toBe(true);
    expect(startedFrom()).toBe(0);
    expect(store.encounter?.state).toEqual(fight.encounter.state);
    expect(await session.closeEncounter()).toBe(true);

    expect(await session.openEncounter(id)).toBe(true);
    expect(startedFrom()).toBe(newest?.at);
    expect(store.encounter?.state).toEqual(fight.encounter.state);
    await session.checked;
    expect(store.encounter?.state).toEqual(fight.encounter.state);
    expect(session.message).toBeNull();
    expect(session.damaged).toBeNull();
  });

  it('starts the first opening after an import from the newest snapshot the import\'s own replay vouched for, never from a forged one', async () => {
    // Issue 43: the import replays every fight, every event checked, as the first opening did.
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const honest = longFightJournal(1_200, { id: 'long-a' });
    const forged = longFightJournal(1_200, { id: 'long-b' });
    const file = campaignFileWith({ id: 'long-campaign', name: 'Long nights', rulesetId: 'freeform' }, [
      { id: 'long-a', name: 'Honest fight', lines: honest.lines },
      { id: 'long-b', name: 'Forged fight', lines: forgedSnapshots(forged.lines) },
    ]);
    const imported = await backend.importCampaign(file);
    if (!imported.ok) throw new Error(imported.message);
    const { folder } = imported.value;
    expect(await trustedSnapshots(db, folder, 'long-a')).toEqual(new Set([honest.lines.filter(isSnapshot).pop()?.digest]));
    expect(await trustedSnapshots(db, folder, 'long-b')).toEqual(new Set());
    const store = new EncounterStore();
    const session = new CampaignSession({ backend, db, store, outbox: null, now: tickingClock(), newSeed: () => 3 });
    expect(await session.openCampaign(folder)).toBe(true);
    expect(await session.openEncounter('long-a')).toBe(true);
    expect(startedFrom()).toBe(honest.lines.filter(isSnapshot).pop()?.at);
    await session.checked;
    expect(store.encounter?.state).toEqual(honest.encounter.state);
    expect(session.message).toBeNull();
    expect(await session.closeEncounter()).toBe(true);
    expect(await session.openEncounter('long-b')).toBe(true);
    expect(startedFrom()).toBe(0);
    expect(store.encounter?.state).toEqual(forged.encounter.state);
  });

  it('shows a 50,000-event fight from its end (the last packs read, one snapshot interval replayed), then reads and checks the rest', async () => {
    // Issue 43: opening read and checked every line before anything was drawn. Counts, not time.
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const fight = longFightJournal(50_000, { id: 'long-a' });
    const file = campaignFileWith({ id: 'long-campaign', name: 'Long nights', rulesetId: 'freeform' }, [{ id: 'long-a', name: 'Long fight', lines: fight.lines }]);
    const imported = await backend.importCampaign(file);
    if (!imported.ok) throw new Error(imported.message);
    const store = new EncounterStore();
    const session = new CampaignSession({ backend, db, store, outbox: null, now: tickingClock(), newSeed: () => 3 });
    expect(await session.openCampaign(imported.value.folder)).toBe(true);
    expect(fight.encounter.events.length).toBeGreaterThan(50_000);

    expect(await session.openEncounter('long-a')).toBe(true);
    const shown = opened();
    expect(shown.preview).toBe(true);
    expect(shown.events).toBe(fight.encounter.events.length);
    expect(shown.linesRead).toBeLessThanOrEqual((END_PACKS + 1) * PACK_SIZE);
    expect(shown.replayed).toBeLessThanOrEqual(SNAPSHOT_EVERY);
    // Then the whole journal, from the same snapshot, replaces what was shown: the GM plays on it.
    const whole = opened(OPEN_HISTORY_MEASURE);
    expect(whole.linesRead).toBe(fight.lines.length);
    expect(whole.startedFrom).toBe(shown.startedFrom);
    expect(store.previewing).toBe(false);
    expect(store.encounter?.events).toEqual(fight.encounter.events);
    expect(store.encounter?.state).toEqual(fight.encounter.state);
    await session.checked;
    expect(session.message).toBeNull();
    expect(store.dispatch({ type: 'roll', notation: 'd6' })).toBe(true);
  }, 60_000);

  it('never starts from a forged snapshot (its digest made to match)', async () => {
    const { session, store, id, fight } = await campaignWithLongFight(forgedSnapshots);
    for (let i = 0; i < 2; i++) {
      expect(await session.openEncounter(id)).toBe(true);
      expect(startedFrom()).toBe(0);
      expect(store.encounter?.state).toEqual(fight.encounter.state);
      expect(await session.closeEncounter()).toBe(true);
    }
  });

  it('a trusted snapshot the history disagrees with shows for a moment, then the history wins and the GM is told', async () => {
    // As a snapshot written by an older version whose rules have changed since would.
    const { db, folder, session, store, id, fight } = await campaignWithLongFight(forgedSnapshots);
    const [first] = fight.lines.filter(isSnapshot);
    if (!first) throw new Error('expected a snapshot');
    await trustSnapshot(db, folder, id, renamedSnapshot(first, 'Forged').digest);
    expect(await session.openEncounter(id)).toBe(true);
    expect(store.encounter?.state.combatants.every((c) => c.name === 'Forged')).toBe(true);
    await session.checked;
    expect(store.encounter?.state).toEqual(fight.encounter.state);
    expect(session.message).toMatch(/did not match its steps, so the fight was opened again from its steps alone/);
    expect(await trustedSnapshots(db, folder, id)).toEqual(new Set());

    // The next step writes a fresh snapshot (the stale one is relied on no more), trusted as written.
    expect(store.dispatch({ type: 'roll', notation: 'd6' })).toBe(true);
    await session.flush();
    const fresh = [...(await trustedSnapshots(db, folder, id))];
    expect(fresh).toHaveLength(1);

    // Opened again: from the fresh snapshot, the history agrees, and no note.
    expect(await session.closeEncounter()).toBe(true);
    expect(await session.openEncounter(id)).toBe(true);
    expect(startedFrom()).toBe(fight.encounter.events.length + 1);
    await session.checked;
    expect(session.message).toBeNull();
    expect(store.encounter?.state.combatants.map((c) => c.name)).toEqual(fight.encounter.state.combatants.map((c) => c.name));
  });

  it('closes the fight and shows where its log is damaged when a forged event lies before the snapshot', async () => {
    const { db, folder, session, store, id, fight } = await campaignWithLongFight((lines) => {
      const at = lines.findIndex((line, i) => i > 300 && line.type === 'combatant-damaged');
      return lines.map((line, i) => (i === at ? ({ type: 'combatant-damaged', combatantId: 'c1' } as unknown as JournalLine) : line));
    });
    for (const snapshot of fight.lines.filter(isSnapshot)) await trustSnapshot(db, folder, id, snapshot.digest);
    expect(await session.openEncounter(id)).toBe(true);
    expect(startedFrom()).toBeGreaterThan(0);
    // Its end was shown first, read from the snapshot on (issue 43): the damage lies before it.
    expect(opened().preview).toBe(true);
    await session.checked;
    expect(store.encounter).toBeNull();
    expect(session.damaged?.encounterId).toBe(id);
    expect(session.damaged?.goodSteps).toBeGreaterThan(50);
    expect(session.damaged?.message).toMatch(/can't be read/);
  });
});

/** The journal with every snapshot forged. */
const forgedSnapshots = (lines: JournalLine[]) => lines.map((line) => (isSnapshot(line) ? renamedSnapshot(line, 'Forged') : line));
