import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EncounterEvent } from '../../../engine/index';
import type { AppendReport, BackendRequest, CampaignBackend, Failure, Result, StoredEvent } from './backend';
import type { CampaignDatabase } from './campaign-db';
import { DexieCampaignBackend } from './dexie-backend';
import { diskHarness, type DiskHarness } from './disk-test-support';
import { IpcCampaignBackend } from './ipc-backend';
import { CampaignOutbox, type AppendOutcome } from './outbox.svelte';
import { freshDb, goblinFight, unwrap } from './test-support';

const DISK_FULL: Failure = { ok: false, code: 'io/no-space', message: 'Could not save events to the log: the disk is full. Free some space and try again.' };

/**
 * A backend in front of another that counts calls and can fail appends: `down` refuses them
 * without writing (a full disk); `loseAnswers` writes them and then answers a failure (the main
 * process died before its answer reached the window).
 */
class FlakyBackend implements CampaignBackend {
  readonly kind = 'disk' as const;
  down = false;
  loseAnswers = false;
  appends = 0;
  reads = 0;
  constructor(readonly inner: CampaignBackend) {}
  list() { return this.inner.list(); }
  create(r: BackendRequest<'campaigns:create'>) { return this.inner.create(r); }
  open(r: BackendRequest<'campaigns:open'>) { return this.inner.open(r); }
  close(r: BackendRequest<'campaigns:close'>) { return this.inner.close(r); }
  save(r: BackendRequest<'campaigns:save'>) { return this.inner.save(r); }
  rename(r: BackendRequest<'campaigns:rename'>) { return this.inner.rename(r); }
  duplicate(r: BackendRequest<'campaigns:duplicate'>) { return this.inner.duplicate(r); }
  archive(r: BackendRequest<'campaigns:archive'>) { return this.inner.archive(r); }
  delete(r: BackendRequest<'campaigns:delete'>) { return this.inner.delete(r); }
  createEncounter(r: BackendRequest<'campaigns:create-encounter'>) { return this.inner.createEncounter(r); }
  readEvents(r: BackendRequest<'campaigns:read-events'>) {
    this.reads++;
    return this.inner.readEvents(r);
  }
  async appendEvents(r: BackendRequest<'campaigns:append-events'>): Promise<Result<AppendReport>> {
    this.appends++;
    if (this.down) return DISK_FULL;
    const written = await this.inner.appendEvents(r);
    if (this.loseAnswers && written.ok) return { ok: false, code: 'ipc/failed', message: 'The main process did not answer.' };
    return written;
  }
}

/** A "disk" (the browser backend on its own database), an encounter on it, and an outbox in front. */
async function setup() {
  const disk = new DexieCampaignBackend(freshDb());
  const { folder } = unwrap(await disk.create({ name: 'Lost Mine', rulesetId: 'freeform' }));
  unwrap(await disk.open({ folder }));
  const encounterId = unwrap(await disk.createEncounter({ folder, name: 'Goblin ambush' })).encounter.id;
  const backend = new FlakyBackend(disk);
  const db = freshDb();
  const outbox = new CampaignOutbox(db, backend);
  const fight = goblinFight(encounterId);
  let length = 0;
  /** Sends the next GM step of the fight through the outbox. */
  const step = async (events: readonly EncounterEvent[]): Promise<AppendOutcome> => {
    const outcome = unwrap(await outbox.append(folder, encounterId, length, events));
    length += events.length;
    return outcome;
  };
  const onDisk = async () => unwrap(await disk.readEvents({ folder, encounterId })).events;
  return { disk, backend, db, outbox, folder, encounterId, fight, step, onDisk };
}

describe('CampaignOutbox', () => {
  it('clears each step once the disk confirms it, reading the disk log only before the first', async () => {
    const { backend, db, outbox, fight, step, onDisk } = await setup();
    expect(outbox.saved).toBe(true);
    for (const events of fight.steps) expect(await step(events)).toEqual({ status: 'saved', appended: events.length });
    expect(await onDisk()).toEqual(fight.encounter.events);
    expect(outbox.pendingCount).toBe(0);
    expect(outbox.saved).toBe(true);
    expect(outbox.problem).toBeNull();
    expect(await db.outbox.count()).toBe(0);
    expect(backend.reads).toBe(1);
    expect(backend.appends).toBe(fight.steps.length);
  });

  it('keeps a step whose append failed, and later steps behind it, until recover writes them', async () => {
    const { backend, db, outbox, folder, encounterId, fight, step, onDisk } = await setup();
    const [first, second, third, ...rest] = fight.steps;
    await step(first ?? []);
    await step(second ?? []);
    backend.down = true;
    const failedStep = await step(third ?? []);
    expect(failedStep).toEqual({ status: 'pending', failure: DISK_FULL });
    expect(outbox.pendingCount).toBe(third?.length);
    expect(outbox.saved).toBe(false);
    expect(outbox.problem).toBe(DISK_FULL.message);
    // The next step tries again (checking the disk first) and waits too.
    expect((await step(rest[0] ?? [])).status).toBe('pending');
    expect(await onDisk()).toEqual([...(first ?? []), ...(second ?? [])]);
    expect((await db.outbox.toArray()).map((row) => row.event)).toEqual([...(third ?? []), ...(rest[0] ?? [])]);

    // recover while still down: nothing changes.
    const stillDown = await outbox.recover();
    expect(stillDown.encounters).toEqual([{ status: 'failed', folder, encounterId, pending: (third?.length ?? 0) + (rest[0]?.length ?? 0), failure: DISK_FULL }]);

    backend.down = false;
    const report = await outbox.recover();
    expect(report.conflicts).toEqual([]);
    expect(report.encounters).toEqual([
      { status: 'written', folder, encounterId, appended: (third?.length ?? 0) + (rest[0]?.length ?? 0), alreadyOnDisk: 0 },
    ]);
    expect(outbox.saved).toBe(true);
    expect(outbox.problem).toBeNull();
    for (const events of rest.slice(1)) expect((await step(events)).status).toBe('saved');
    expect(await onDisk()).toEqual(fight.encounter.events);
  });

  it('recovers at the next start what a crash left in the outbox', async () => {
    const { backend, db, folder, encounterId, fight, step, onDisk } = await setup();
    backend.down = true;
    for (const events of fight.steps) await step(events);
    expect(await onDisk()).toEqual([]);

    // A new window on the same database: the outbox counts what waits, and recover writes it.
    backend.down = false;
    const restarted = new CampaignOutbox(db, backend);
    await restarted.refresh();
    expect(restarted.pendingCount).toBe(fight.encounter.events.length);
    const report = await restarted.recover();
    expect(report.encounters).toEqual([{ status: 'written', folder, encounterId, appended: fight.encounter.events.length, alreadyOnDisk: 0 }]);
    expect(await onDisk()).toEqual(fight.encounter.events);
    expect(restarted.pendingCount).toBe(0);
  });

  it('clears without writing when the disk already has the events (the answer was lost)', async () => {
    const { backend, outbox, folder, encounterId, fight, step, onDisk } = await setup();
    const [first, second] = fight.steps;
    await step(first ?? []);
    backend.loseAnswers = true;
    expect((await step(second ?? [])).status).toBe('pending');
    backend.loseAnswers = false;
    const appends = backend.appends;
    const report = await outbox.recover();
    expect(report.encounters).toEqual([{ status: 'written', folder, encounterId, appended: 0, alreadyOnDisk: second?.length }]);
    expect(backend.appends).toBe(appends);
    expect(await onDisk()).toEqual([...(first ?? []), ...(second ?? [])]);
    expect(outbox.pendingCount).toBe(0);
  });

  it('appends only what is missing when the disk holds the first part of the waiting events', async () => {
    const { disk, backend, outbox, folder, encounterId, fight, step, onDisk } = await setup();
    const [first, second] = fight.steps;
    await step(first ?? []);
    backend.down = true;
    await step(second ?? []); // three goblins: three events
    expect(second?.length).toBe(3);
    // One part of a chunked send got through before the failure.
    unwrap(await disk.appendEvents({ folder, encounterId, events: (second ?? []).slice(0, 1) }));
    backend.down = false;
    const report = await outbox.recover();
    expect(report.encounters).toEqual([{ status: 'written', folder, encounterId, appended: 2, alreadyOnDisk: 1 }]);
    expect(await onDisk()).toEqual([...(first ?? []), ...(second ?? [])]);
  });

  it('reports a conflict and writes nothing when the disk log changed meanwhile', async () => {
    const { disk, backend, outbox, folder, encounterId, fight, step, onDisk } = await setup();
    const [first, second, third] = fight.steps;
    await step(first ?? []);
    backend.down = true;
    await step(second ?? []);
    // Someone else wrote to the log in between (an edited or synced file).
    const foreign: StoredEvent = { type: 'note', text: 'written elsewhere' };
    unwrap(await disk.appendEvents({ folder, encounterId, events: [foreign] }));
    backend.down = false;
    const before = await onDisk();
    const appends = backend.appends;

    const report = await outbox.recover();
    expect(report.conflicts).toEqual([
      {
        folder,
        encounterId,
        fromSeq: first?.length,
        pending: second,
        diskLength: (first?.length ?? 0) + 1,
        reason: 'disk-differs',
        firstDifference: first?.length,
        message: `Event ${(first?.length ?? 0) + 1} of ${folder}/encounters/${encounterId}.jsonl on disk is not the one waiting to be saved there: the file changed meanwhile. Nothing was written; choose which to keep.`,
      },
    ]);
    expect(report.encounters).toEqual([{ status: 'conflict', folder, encounterId, conflict: report.conflicts[0] }]);
    expect(backend.appends).toBe(appends);
    expect(await onDisk()).toEqual(before);
    expect(outbox.conflicts).toEqual(report.conflicts);
    expect(outbox.problem).toBe(report.conflicts[0]?.message);
    expect(outbox.pendingCount).toBe(second?.length);

    // Later steps of that encounter wait behind the conflict without being sent.
    const waiting = await step(third ?? []);
    expect(waiting).toMatchObject({ status: 'pending', failure: { code: 'outbox/conflict' } });
    expect(backend.appends).toBe(appends);
    expect(await onDisk()).toEqual(before);

    // The GM keeps the disk's version: the waiting events go.
    expect(await outbox.discard(folder, encounterId)).toBe((second?.length ?? 0) + (third?.length ?? 0));
    expect(outbox.conflicts).toEqual([]);
    expect(outbox.saved).toBe(true);
    expect(await onDisk()).toEqual(before);
  });

  it('reports a disk log that is shorter, or longer, than the waiting events expect', async () => {
    const shorter = await setup();
    shorter.backend.down = true;
    // The window believes the log already holds 5 events; the disk has none.
    unwrap(await shorter.outbox.append(shorter.folder, shorter.encounterId, 5, [{ type: 'note' }]));
    shorter.backend.down = false;
    expect((await shorter.outbox.recover()).conflicts.map((c) => [c.reason, c.diskLength, c.fromSeq])).toEqual([['disk-shorter', 0, 5]]);
    expect(await shorter.onDisk()).toEqual([]);

    const longer = await setup();
    const [first, second] = longer.fight.steps;
    await longer.step(first ?? []);
    longer.backend.loseAnswers = true;
    await longer.step(second ?? []);
    longer.backend.loseAnswers = false;
    unwrap(await longer.disk.appendEvents({ folder: longer.folder, encounterId: longer.encounterId, events: [{ type: 'note' }] }));
    const report = await longer.outbox.recover();
    expect(report.conflicts.map((c) => c.reason)).toEqual(['disk-longer']);
    expect(report.conflicts[0]?.message).toMatch(/holds the 3 events waiting to be saved and 1 more after them/);
  });

  it('refuses a step that does not continue the log, and queues nothing', async () => {
    const { db, outbox, folder, encounterId, fight, step } = await setup();
    const [first, second] = fight.steps;
    await step(first ?? []);
    const refused = await outbox.append(folder, encounterId, 0, second ?? []);
    expect(refused).toEqual({
      ok: false,
      code: 'outbox/out-of-order',
      message: `The events for ${folder}/encounters/${encounterId}.jsonl start at event 1, but the next one after the events on disk is event 2; nothing was saved.`,
    });
    expect((await outbox.append(folder, encounterId, -1, second ?? [])).ok).toBe(false);
    const notEvents = await outbox.append(folder, encounterId, 1, [{ text: 'no type' } as unknown as StoredEvent]);
    expect(notEvents).toMatchObject({ ok: false, code: 'events/not-event' });
    expect(await db.outbox.count()).toBe(0);
    expect(await outbox.append(folder, encounterId, 1, [])).toEqual({ ok: true, value: { status: 'saved', appended: 0 } });
  });

  it('keeps concurrent steps in order', async () => {
    const { outbox, folder, encounterId, fight, onDisk } = await setup();
    let at = 0;
    const sends = fight.steps.map((events) => {
      const from = at;
      at += events.length;
      return outbox.append(folder, encounterId, from, events);
    });
    const outcomes = await Promise.all(sends);
    expect(outcomes.every((o) => o.ok && o.value.status === 'saved')).toBe(true);
    expect(await onDisk()).toEqual(fight.encounter.events);
  });
});

describe('CampaignOutbox on the disk store (desktop path without Electron)', () => {
  const harnesses: DiskHarness[] = [];
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
  });

  async function diskSetup() {
    const harness = await diskHarness();
    harnesses.push(harness);
    const backend = new IpcCampaignBackend(harness.api);
    const { folder } = unwrap(await backend.create({ name: 'Lost Mine', rulesetId: 'freeform' }));
    unwrap(await backend.open({ folder }));
    const encounterId = unwrap(await backend.createEncounter({ folder, name: 'Goblin ambush' })).encounter.id;
    return { backend, folder, encounterId, fight: goblinFight(encounterId) };
  }

  it('writes each step to the event log on disk', async () => {
    const { backend, folder, encounterId, fight } = await diskSetup();
    const outbox = new CampaignOutbox(freshDb(), backend);
    let at = 0;
    for (const events of fight.steps) {
      expect(unwrap(await outbox.append(folder, encounterId, at, events)).status).toBe('saved');
      at += events.length;
    }
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toEqual(fight.encounter.events);
  });

  it('recover opens a closed campaign to write what waits, and closes it again', async () => {
    const { backend, folder, encounterId, fight } = await diskSetup();
    const db: CampaignDatabase = freshDb();
    const outbox = new CampaignOutbox(db, backend);
    const [first, second] = fight.steps;
    expect(unwrap(await outbox.append(folder, encounterId, 0, first ?? [])).status).toBe('saved');
    unwrap(await backend.close({ folder }));
    const pending = unwrap(await outbox.append(folder, encounterId, first?.length ?? 0, second ?? []));
    expect(pending).toMatchObject({ status: 'pending', failure: { code: 'campaign/not-open' } });

    const report = await new CampaignOutbox(db, backend).recover();
    expect(report.encounters).toEqual([{ status: 'written', folder, encounterId, appended: second?.length, alreadyOnDisk: 0 }]);
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toEqual([...(first ?? []), ...(second ?? [])]);
    // Closed again: archiving needs it closed.
    unwrap(await backend.archive({ folder }));
  });
});
