import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { GmScreenApi } from '../../../electron/ipc-contract';
import { exportJson, redo, undo, type Encounter } from '../../../engine/index';
import { GOLDEN_META, goldenZonesFight } from '../../../engine/testing/log-fixtures';
import { EncounterStore } from '../store/encounter-store.svelte';
import type { BackendAnswer, BackendRequest, Campaign, CampaignBackend } from './backend';
import type { CampaignDatabase } from './campaign-db';
import { DexieCampaignBackend } from './dexie-backend';
import { diskHarness, type DiskHarness } from './disk-test-support';
import { checkFightLog, fightUnder } from './import-log';
import { IpcCampaignBackend } from './ipc-backend';
import { CampaignOutbox } from './outbox.svelte';
import { CampaignSession } from './session.svelte';
import { stateProxy } from './state-proxy-test-support';
import { freshDb, tickingClock, unwrap } from './test-support';

/** The zones fight with a history: two steps undone, one of them redone (one left to redo). */
const zonesFight = (): Encounter => redo(undo(undo(goldenZonesFight()))).encounter;

function windowOn(db: CampaignDatabase, backend: CampaignBackend) {
  const store = new EncounterStore();
  const outbox = backend.kind === 'disk' ? new CampaignOutbox(db, backend) : null;
  return { store, session: new CampaignSession({ backend, db, store, outbox, now: tickingClock(), newSeed: () => 42 }) };
}

/** A Zones campaign with a party member and a planned fight, open in a window. */
async function openZonesCampaign(db: CampaignDatabase, backend: CampaignBackend) {
  const created = unwrap(await backend.create({ name: 'The Salt Road', rulesetId: 'zones' }));
  const win = windowOn(db, backend);
  expect(await win.session.openCampaign(created.folder)).toBe(true);
  win.session.edit((c) => ({ ...c, roster: [{ id: 'ann', name: 'Ann', data: { tracks: { health: 12 } } }] }));
  expect(await win.session.newEncounter('Planned later')).toBe(true);
  expect(await win.session.closeEncounter()).toBe(true);
  await win.session.flush();
  return { folder: created.folder, ...win };
}

/** The campaign without what an import may change: its encounter list and the time it was saved. */
const apartFromEncounters = ({ encounters: _encounters, updatedAt: _updatedAt, ...rest }: Campaign) => rest;

/** Once `full`, appends are refused, as by a full disk. */
class FillingUp extends DexieCampaignBackend {
  full = false;
  override async appendEvents(request: BackendRequest<'campaigns:append-events'>): BackendAnswer<'campaigns:append-events'> {
    return this.full ? { ok: false, code: 'storage/full', message: 'The disk is full.' } : super.appendEvents(request);
  }
}

/** The API as Electron's IPC delivers it: every argument structured-cloned on its way to the main process. */
function cloningArguments(api: GmScreenApi): GmScreenApi {
  const call = (method: (...args: unknown[]) => unknown) => (...args: unknown[]) => method(...args.map((arg) => structuredClone(arg)));
  return Object.fromEntries(Object.entries(api).map(([name, method]) => [name, call(method as (...args: unknown[]) => unknown)])) as unknown as GmScreenApi;
}

const harnesses: DiskHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.dispose()));
});

describe("importing a fight's log into the open campaign", () => {
  it('adds it as a new encounter with its whole history (undo and redo as exported); nothing else changes', async () => {
    const db = freshDb();
    const { session, store, folder } = await openZonesCampaign(db, new DexieCampaignBackend(db));
    const before = session.campaign;
    if (!before) throw new Error('no campaign');
    const original = zonesFight();
    const log = unwrap(checkFightLog(exportJson(original, GOLDEN_META), before));

    const added = unwrap(await session.importFight(log));
    await session.flush();

    expect(added).toMatchObject({ name: 'Ambush at the ford', status: 'finished' });
    expect(session.message).toBeNull();
    expect(session.campaignSaved).toBe(true);
    const after = session.campaign;
    if (!after) throw new Error('no campaign');
    expect(after.encounters).toEqual([...before.encounters, added]);
    expect(apartFromEncounters(after)).toEqual(apartFromEncounters(before));
    expect((await db.working.get(folder))?.dirty).toBe(0);
    expect((await db.campaigns.get(folder))?.campaign.encounters).toEqual(after.encounters);

    // Stored as exported, under its new id; the GM's last undone step is there to redo.
    const stored = unwrap(await session.loadEncounter(added.id));
    const expected = unwrap(fightUnder(original, added));
    expect(stored.events).toEqual(expected.events);
    expect(stored.steps).toEqual(original.steps);
    expect(stored.redoable).toEqual(original.redoable);
    expect(stored.state).toEqual({ ...original.state, id: added.id });
    expect(await session.openEncounter(added.id)).toBe(true);
    expect(store.canRedo).toBe(true);
    store.redo();
    expect(store.encounter?.state).toEqual({ ...redo(original).encounter.state, id: added.id });
    store.undo();
    store.undo();
    expect(store.encounter?.state).toEqual({ ...undo(original).state, id: added.id });
  });

  it('adds a log of a fight already in the campaign as a copy beside it, under another id', async () => {
    const db = freshDb();
    const { session } = await openZonesCampaign(db, new DexieCampaignBackend(db));
    const first = unwrap(await session.importFight(unwrap(checkFightLog(exportJson(zonesFight(), GOLDEN_META), session.campaign!))));
    const firstHistory = unwrap(await session.loadEncounter(first.id));

    // Exported from this campaign and imported back.
    const again = unwrap(checkFightLog(exportJson(firstHistory, GOLDEN_META), session.campaign!));
    expect(again.preview.alreadyHere).toEqual({ why: 'same-fight', name: 'Ambush at the ford' });
    const copy = unwrap(await session.importFight(again));
    await session.flush();

    expect(copy.id).not.toBe(first.id);
    expect(session.campaign?.encounters.filter((e) => e.name === 'Ambush at the ford').map((e) => e.id)).toEqual([first.id, copy.id]);
    expect(unwrap(await session.loadEncounter(first.id))).toEqual(firstHistory);
    expect(unwrap(await session.loadEncounter(copy.id)).steps).toEqual(firstHistory.steps);
  });

  it('adds nothing when the log cannot be stored, and says why', async () => {
    const db = freshDb();
    const backend = new FillingUp(db);
    const { session, folder } = await openZonesCampaign(db, backend);
    const before = session.campaign?.encounters;
    backend.full = true;

    const refused = await session.importFight(unwrap(checkFightLog(exportJson(zonesFight(), GOLDEN_META), session.campaign!)));
    await session.flush();

    expect(refused).toMatchObject({ ok: false, message: 'The fight was not added: The disk is full.' });
    expect(session.campaign?.encounters).toEqual(before);
    expect((await db.campaigns.get(folder))?.campaign.encounters).toEqual(before);
  });

  it('writes it to disk in the desktop app, where it reads back the same in a new window', async () => {
    const harness = await diskHarness();
    harnesses.push(harness);
    const first = await openZonesCampaign(freshDb(), new IpcCampaignBackend(cloningArguments(harness.api)));
    const original = zonesFight();
    // As a component's `$state` would hold it: proxies, which the IPC's structured clone refuses.
    const log = stateProxy(unwrap(checkFightLog(exportJson(original, GOLDEN_META), first.session.campaign!)));
    expect(() => structuredClone(log.encounter.events)).toThrow(/could not be cloned/);
    const added = unwrap(await first.session.importFight(log));
    expect(await first.session.closeCampaign()).toBe(true);

    const second = windowOn(freshDb(), new IpcCampaignBackend(harness.api));
    expect(await second.session.openCampaign(first.folder)).toBe(true);
    expect(second.session.campaign?.encounters.find((e) => e.id === added.id)).toEqual(added);
    const stored = unwrap(await second.session.loadEncounter(added.id));
    expect(stored.events).toEqual(unwrap(fightUnder(original, added)).events);
    expect(stored.redoable).toEqual(original.redoable);
  });
});
