import 'fake-indexeddb/auto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../engine/campaign/index';
import { EncounterStore } from '../store/encounter-store.svelte';
import type { CampaignBackend } from './backend';
import type { CampaignDatabase } from './campaign-db';
import { DexieCampaignBackend } from './dexie-backend';
import { diskHarness, type DiskHarness } from './disk-test-support';
import { IpcCampaignBackend } from './ipc-backend';
import { CampaignOutbox } from './outbox.svelte';
import { CampaignSession } from './session.svelte';
import { freshDb, tickingClock } from './test-support';

/** One app window: a session over a backend, as store/index.ts builds it. */
function windowOn(db: CampaignDatabase, backend: CampaignBackend, clock = tickingClock()) {
  const store = new EncounterStore();
  const outbox = backend.kind === 'disk' ? new CampaignOutbox(db, backend) : null;
  const session = new CampaignSession({ backend, db, store, outbox, now: clock, newSeed: () => 42 });
  return { store, session, outbox };
}

async function newCampaign(backend: CampaignBackend, name = 'The Sunken Crown'): Promise<string> {
  const created = await backend.create({ name, rulesetId: 'freeform' });
  if (!created.ok) throw new Error(created.message);
  return created.value.folder;
}

/** A short fight: two goblins and Aria, combat started, a goblin hit. */
async function playFight(win: ReturnType<typeof windowOn>) {
  const { store, session } = win;
  expect(await session.newEncounter('Goblin ambush')).toBe(true);
  const [heroes, enemies] = store.state?.factions ?? [];
  expect(store.dispatch({ type: 'add-combatant', name: 'Goblin', quantity: 2, factionId: enemies?.id ?? '', tracks: { hp: 7 } })).toBe(true);
  expect(store.dispatch({ type: 'add-combatant', name: 'Aria', factionId: heroes?.id ?? '', tracks: { hp: 24 } })).toBe(true);
  expect(store.dispatch({ type: 'start-combat' })).toBe(true);
  const goblin = store.state?.combatants.find((c) => c.name === 'Goblin 1')?.id ?? '';
  expect(store.dispatch({ type: 'damage', combatantId: goblin, amount: 3 })).toBe(true);
  await session.flush();
  return goblin;
}

const harnesses: DiskHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.dispose()));
});

describe('CampaignSession in a browser (IndexedDB is the store)', () => {
  it("loads the campaign's ruleset as it opens, and leaves a campaign of a ruleset this version lacks closed, saying so", async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const created = await backend.create({ name: 'Knights and bishops', rulesetId: 'chess' });
    if (!created.ok) throw new Error(created.message);
    const win = windowOn(db, backend);
    expect(await win.session.openCampaign(created.value.folder)).toBe(false);
    expect(win.session.campaign).toBeNull();
    expect(win.session.message).toBe('This version of GM Screen has no ruleset "chess". Update GM Screen to open a campaign of it.');
    // Its lock was let go: another campaign opens, under its own ruleset.
    const folder = await newCampaign(backend);
    expect(await win.session.openCampaign(folder)).toBe(true);
    expect(win.session.ruleset?.id).toBe('freeform');
  });

  it('resumes the campaign and the fight exactly where it stopped after a reload', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const folder = await newCampaign(backend);
    const first = windowOn(db, backend);
    expect(await first.session.openCampaign(folder)).toBe(true);
    await playFight(first);
    expect(first.store.saved).toBe(true);
    expect(first.session.encounterEntry?.status).toBe('running');
    const state = first.store.state;
    // The campaign list says when it was last played: when the fight's entry last changed.
    await first.session.closeEncounter();
    await first.session.flush();
    const listed = await backend.list();
    expect(listed.ok && listed.value.campaigns[0]?.lastPlayedAt).toBe(first.session.campaign?.encounters[0]?.updatedAt);
    await first.session.openEncounter(state?.id ?? '');

    // A reload: a new window on the same storage, started as the app starts.
    const second = windowOn(db, new DexieCampaignBackend(db));
    await second.session.start();
    expect(second.session.campaign?.name).toBe('The Sunken Crown');
    expect(second.store.state).toEqual(state);
    expect(second.session.campaign?.encounters.map((e) => [e.name, e.status])).toEqual([['Goblin ambush', 'running']]);
  });

  it('keeps undo and redo across a reload: the journal only grows, the history comes back', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const folder = await newCampaign(backend);
    const first = windowOn(db, backend);
    await first.session.openCampaign(folder);
    const goblin = await playFight(first);
    const hit = first.store.state;
    first.store.undo();
    first.store.undo();
    first.store.redo();
    await first.session.flush();
    const afterUndo = first.store.state;
    expect(afterUndo?.combatants.find((c) => c.id === goblin)?.tracks['hp']?.value).toBe(7);

    const second = windowOn(db, new DexieCampaignBackend(db));
    await second.session.start();
    expect(second.store.state).toEqual(afterUndo);
    second.store.redo();
    expect(second.store.state).toEqual(hit);
    await second.session.flush();

    const third = windowOn(db, new DexieCampaignBackend(db));
    await third.session.start();
    expect(third.store.state).toEqual(hit);
    expect(third.store.canRedo).toBe(false);
  });

  it('starts a new encounter from a planned one\'s setup, leaving the planned one as it was', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const folder = await newCampaign(backend);
    const { store, session } = windowOn(db, backend);
    await session.openCampaign(folder);
    await session.newEncounter('Bandit toll');
    const enemies = store.state?.factions[1]?.id ?? '';
    store.dispatch({ type: 'add-combatant', name: 'Bandit', quantity: 3, factionId: enemies, tracks: { hp: 9 } });
    await session.closeEncounter();
    const planned = session.campaign?.encounters[0];
    expect(planned?.status).toBe('planned');

    expect(await session.newEncounter('Bandit toll, second night', { fromSetup: planned?.id ?? '' })).toBe(true);
    expect(store.state?.name).toBe('Bandit toll, second night');
    expect(store.state?.id).not.toBe(planned?.id);
    expect(store.state?.combatants.map((c) => c.name)).toEqual(['Bandit 1', 'Bandit 2', 'Bandit 3']);
    store.dispatch({ type: 'start-combat' });
    await session.closeEncounter();

    expect(await session.openEncounter(planned?.id ?? '')).toBe(true);
    expect(store.state?.status).toBe('setup');
    expect(store.state?.combatants).toHaveLength(3);
    expect(session.campaign?.encounters.map((e) => e.status).sort()).toEqual(['planned', 'running']);
  });

  it('refuses a setup that has already started, with a sentence saying which can', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const folder = await newCampaign(backend);
    const win = windowOn(db, backend);
    await win.session.openCampaign(folder);
    await playFight(win);
    const started = win.store.state?.id ?? '';
    await win.session.closeEncounter();
    expect(await win.session.newEncounter('Again', { fromSetup: started })).toBe(false);
    expect(win.session.message).toMatch(/only a planned encounter can serve as a setup/);
  });

  it('carries campaign settings into new encounters', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const created = await backend.create({ name: 'Zones', rulesetId: 'zones' });
    if (!created.ok) throw new Error(created.message);
    const { store, session } = windowOn(db, backend);
    await session.openCampaign(created.value.folder);
    session.edit((c) => ({ ...c, settings: { ...c.settings, fastSlow: true, notASetting: 3 } }));
    await session.flush();
    await session.newEncounter('Fast and slow');
    expect(store.state?.settings['fastSlow']).toBe(true);
    expect(store.state?.settings).not.toHaveProperty('notASetting');
  });
});

describe('CampaignSession keeping every change', () => {
  it('does not let a slow save and the working copy undo edits made meanwhile', async () => {
    const db = freshDb();
    const real = new DexieCampaignBackend(db);
    const folder = await newCampaign(real, 'X');
    // The same backend with saves that take a while.
    const slow = new Proxy(real, {
      get(target, key) {
        if (key === 'save') {
          return async (request: Parameters<CampaignBackend['save']>[0]) => {
            await new Promise((resolve) => setTimeout(resolve, 40));
            return target.save(request);
          };
        }
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { session } = windowOn(db, slow);
    await session.openCampaign(folder);
    session.edit((c) => ({ ...c, name: `${c.name}+A` }));
    session.edit((c) => ({ ...c, name: `${c.name}+B` }));
    await new Promise((resolve) => setTimeout(resolve, 15));
    session.edit((c) => ({ ...c, name: `${c.name}+C` }));
    await session.flush();
    expect(session.campaign?.name).toBe('X+A+B+C');
    expect((await db.working.get(folder))?.campaign.name).toBe('X+A+B+C');
    const listed = await real.list();
    expect(listed.ok && listed.value.campaigns[0]?.name).toBe('X+A+B+C');
  });
});

describe('CampaignSession in the desktop app (disk through the main process)', () => {
  async function disk() {
    const harness = await diskHarness(tickingClock());
    harnesses.push(harness);
    return harness;
  }

  it('writes every step to the encounter file and resumes from disk alone', async () => {
    const harness = await disk();
    const backend = new IpcCampaignBackend(harness.api);
    const folder = await newCampaign(backend);
    const win = windowOn(freshDb(), backend);
    await win.session.openCampaign(folder);
    await playFight(win);
    expect(win.store.saved).toBe(true);
    expect(win.outbox?.pendingCount).toBe(0);
    const state = win.store.state;
    await win.session.closeCampaign();

    // Another computer: a fresh IndexedDB, the same campaigns folder.
    const other = windowOn(freshDb(), new IpcCampaignBackend(harness.api));
    await other.session.openCampaign(folder);
    const entry = other.session.campaign?.encounters[0];
    expect(entry?.status).toBe('running');
    await other.session.openEncounter(entry?.id ?? '');
    expect(other.store.state).toEqual(state);
  });

  /**
   * A fight played to disk, then one more damage step in a window whose appends are never
   * answered (the main process hung, then the app was killed): that step waits in `db`'s outbox.
   */
  async function stepThatNeverArrived(damage: number) {
    const harness = await disk();
    const db = freshDb();
    const backend = new IpcCampaignBackend(harness.api);
    const folder = await newCampaign(backend);
    const first = windowOn(db, backend);
    await first.session.openCampaign(folder);
    const goblin = await playFight(first);
    const id = first.store.state?.id ?? '';
    const crashed = windowOn(db, new IpcCampaignBackend({ ...harness.api, appendEvents: () => new Promise(() => {}) }));
    // The campaign is open in the main process already; the lock is this process's own.
    await crashed.session.openCampaign(folder);
    await crashed.session.openEncounter(id);
    crashed.store.dispatch({ type: 'damage', combatantId: goblin, amount: damage });
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { harness, db, backend, folder, goblin, id, crashed };
  }

  it('after a crash, puts steps that never reached the disk there at the next start and resumes them', async () => {
    const { harness, db, goblin, crashed } = await stepThatNeverArrived(2);
    expect(crashed.store.saved).toBe(false);
    expect(await db.outbox.count()).toBeGreaterThan(0);
    const lost = crashed.store.state;

    const restarted = windowOn(db, new IpcCampaignBackend(harness.api));
    await restarted.session.start();
    expect(await db.outbox.count()).toBe(0);
    expect(restarted.store.state).toEqual(lost);
    expect(restarted.store.state?.combatants.find((c) => c.id === goblin)?.tracks['hp']?.value).toBe(2);
  });

  it('offers the GM the choice when the file changed while steps waited, and keeps the disk\'s log when asked', async () => {
    // This window's next step never reaches the disk...
    const { harness, db, backend, folder, goblin, id } = await stepThatNeverArrived(4);
    // ...while another window (its own storage) plays on in the same file.
    const other = windowOn(freshDb(), backend);
    await other.session.openCampaign(folder);
    await other.session.openEncounter(id);
    other.store.dispatch({ type: 'heal', combatantId: goblin, amount: 1 });
    await other.session.flush();
    const onDisk = other.store.state;

    const restarted = windowOn(db, new IpcCampaignBackend(harness.api));
    await restarted.session.start();
    const conflicts = restarted.session.conflicts;
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]?.message).toMatch(/changed meanwhile/);
    expect(restarted.store.state).toBeNull();
    await restarted.session.keepDisk(conflicts[0] ?? (undefined as never));
    expect(restarted.session.conflicts).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    await restarted.session.openCampaign(folder);
    await restarted.session.openEncounter(id);
    expect(restarted.store.state).toEqual(onDisk);
  });

  it('keeps unsaved changes through a stale-lock take-over at the next start', async () => {
    const harness = await disk();
    const db = freshDb();
    const folder = await newCampaign(new IpcCampaignBackend(harness.api));
    const first = windowOn(db, new IpcCampaignBackend({ ...harness.api, saveCampaign: () => new Promise(() => {}) }));
    await first.session.openCampaign(folder);
    first.session.edit((c) => ({ ...c, name: 'The Drowned Crown' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The app died: its lock is left behind, damaged.
    await harness.api.closeCampaign({ folder });
    await writeFile(path.join(harness.root, folder, LOCK_FILE), '');

    const restarted = windowOn(db, new IpcCampaignBackend(harness.api));
    await restarted.session.start();
    expect(restarted.session.prompt?.kind).toBe('unsaved-campaign');
    await restarted.session.settleUnsaved(true);
    expect(restarted.session.prompt?.kind).toBe('stale-lock');
    expect(await restarted.session.openCampaign(folder, true)).toBe(true);
    await restarted.session.flush();
    expect(restarted.session.campaign?.name).toBe('The Drowned Crown');
    const listed = await harness.api.listCampaigns();
    expect(listed.ok && listed.value.campaigns.map((c) => c.name)).toEqual(['The Drowned Crown']);
  });

  it('a new encounter keeps a change the disk refused, and an edit made while it is created keeps the encounter', async () => {
    const harness = await disk();
    const db = freshDb();
    const folder = await newCampaign(new IpcCampaignBackend(harness.api));
    const drive = { full: true };
    const backend = new IpcCampaignBackend({
      ...harness.api,
      saveCampaign: (request) => (drive.full ? Promise.resolve({ ok: false, code: 'io/no-space', message: 'The disk is full.' }) : harness.api.saveCampaign(request)),
      createEncounter: async (request) => {
        const created = await harness.api.createEncounter(request);
        await new Promise((resolve) => setTimeout(resolve, 30));
        return created;
      },
    });
    const { session } = windowOn(db, backend);
    await session.openCampaign(folder);
    session.edit((c) => ({ ...c, name: 'Renamed' }));
    await session.flush();
    expect(session.campaignSaved).toBe(false);

    drive.full = false;
    const creating = session.newEncounter('Fight');
    await new Promise((resolve) => setTimeout(resolve, 5));
    session.edit((c) => ({ ...c, name: 'Renamed again' }));
    expect(await creating).toBe(true);
    await session.flush();
    expect(session.campaign?.name).toBe('Renamed again');
    expect(session.campaign?.encounters.map((e) => e.name)).toEqual(['Fight']);
    expect(session.campaignSaved).toBe(true);
    const listed = await harness.api.listCampaigns();
    expect(listed.ok && listed.value.campaigns.map((c) => [c.name, c.encounterCount])).toEqual([['Renamed again', 1]]);
  });

  it('asks before taking over a lock left by an app that stopped, and opens the campaign once the GM agrees', async () => {
    const harness = await disk();
    const backend = new IpcCampaignBackend(harness.api);
    const folder = await newCampaign(backend);
    // An empty lock file: the app died while taking the lock.
    await writeFile(path.join(harness.root, folder, LOCK_FILE), '');
    const { session } = windowOn(freshDb(), backend);
    expect(await session.openCampaign(folder)).toBe(false);
    expect(session.prompt).toMatchObject({ kind: 'stale-lock', folder });
    expect(session.campaign).toBeNull();
    expect(await session.openCampaign(folder, true)).toBe(true);
    expect(session.prompt).toBeNull();
    expect(session.campaign?.name).toBe('The Sunken Crown');
  });

  it('finds campaign changes that never reached the disk and writes them when the GM says so', async () => {
    const harness = await disk();
    const db = freshDb();
    const folder = await newCampaign(new IpcCampaignBackend(harness.api));
    const saveless = new IpcCampaignBackend({ ...harness.api, saveCampaign: () => new Promise(() => {}) });
    const first = windowOn(db, saveless);
    await first.session.openCampaign(folder);
    first.session.edit((c) => ({ ...c, name: 'The Drowned Crown' }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    const restarted = windowOn(db, new IpcCampaignBackend(harness.api));
    await restarted.session.start();
    expect(restarted.session.prompt).toMatchObject({ kind: 'unsaved-campaign', name: 'The Drowned Crown' });
    await restarted.session.settleUnsaved(true);
    expect(restarted.session.campaign?.name).toBe('The Drowned Crown');
    const listed = await new IpcCampaignBackend(harness.api).list();
    expect(listed.ok && listed.value.campaigns.map((c) => c.name)).toEqual(['The Drowned Crown']);
  });
});
