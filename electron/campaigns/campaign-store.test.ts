import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveCampaign, deleteCampaign, duplicateCampaign, unarchiveCampaign } from './campaign-folders';
import { listCampaigns } from './campaign-list';
import { archiveRoot } from './campaign-paths';
import type { Campaign, StoredEvent } from '../../engine/campaign/index';
import {
  appendEvents,
  closeCampaign,
  createCampaign,
  createEncounter,
  openCampaign,
  readEvents,
  renameCampaign,
  saveCampaign,
} from './campaign-store';
import { listBackups, restoreCampaignBackup } from './recovery';
import { failed, unwrap, useTempRoots } from './testing/temp-root';

const tempRoot = useTempRoots();
const clock = (iso: string) => () => new Date(iso);

/** A campaign with something in every list. */
function filled(campaign: Campaign): Campaign {
  return {
    ...campaign,
    settings: { morale: true, startingHp: 10, variant: 'gritty' },
    roster: [{ id: 'sybilla', name: 'Sybilla', data: { hp: 12, tags: ['cleric'], notes: null } }],
    bestiary: [{ id: 'goblin', name: 'Goblin', data: { hp: 5, attacks: [{ name: 'Spear', dice: '1d6' }] } }],
    maps: [{ id: 'mine-entrance', name: 'Mine entrance', data: { zones: [{ id: 'z1', name: 'Cart track' }] } }],
  };
}

describe('campaign store round trip', () => {
  it('creates, saves every entity, reopens equal, and reads events appended in batches', async () => {
    const root = await tempRoot();
    const created = unwrap(await createCampaign(root, { name: 'The Lost Mine', rulesetId: 'zones', settings: { morale: true } }, { now: clock('2025-01-01T10:00:00Z') }));
    expect(created.folder).toMatch(/^the-lost-mine-[a-z0-9]{6}$/);
    expect(created.campaign).toMatchObject({ type: 'gm-screen/campaign', version: 1, name: 'The Lost Mine', encounters: [], maps: [] });

    const opened = unwrap(await openCampaign(created));
    let campaign = unwrap(await saveCampaign(opened, filled(opened.campaign), { now: clock('2025-01-02T10:00:00Z') }));
    const added = unwrap(await createEncounter(opened, campaign, { name: 'Ambush at the cart' }, { now: clock('2025-01-03T10:00:00Z') }));
    campaign = added.campaign;
    expect(added.encounter).toEqual({ id: added.encounter.id, name: 'Ambush at the cart', status: 'planned', createdAt: '2025-01-03T10:00:00.000Z', updatedAt: '2025-01-03T10:00:00.000Z' });

    const batches: StoredEvent[][] = [
      [{ type: 'encounter-created', seed: 7 }],
      [{ type: 'combatant-added', id: 'g1', name: 'Goblin 1' }, { type: 'combatant-added', id: 'g2', name: 'Goblin 2' }],
      [{ type: 'attack-resolved', roll: { dice: [17], total: 19 }, hit: true }],
    ];
    for (const batch of batches) expect(unwrap(await appendEvents(opened, added.encounter.id, batch)).appended).toBe(batch.length);
    campaign = unwrap(await saveCampaign(opened, { ...campaign, encounters: campaign.encounters.map((e) => ({ ...e, status: 'running' as const })) }));
    unwrap(await closeCampaign(opened));

    const again = unwrap(await openCampaign(created));
    expect(again.campaign).toEqual(campaign);
    expect(again.migratedFrom).toBeNull();
    expect(unwrap(await readEvents(created, added.encounter.id))).toEqual({ events: batches.flat(), torn: null });
    unwrap(await closeCampaign(again));
  });

  it('lists campaigns newest first, with their lock state', async () => {
    const root = await tempRoot();
    const a = unwrap(await createCampaign(root, { name: 'Alpha', rulesetId: 'freeform' }, { now: clock('2025-01-01T00:00:00Z') }));
    const b = unwrap(await createCampaign(root, { name: 'Beta', rulesetId: 'zones' }, { now: clock('2025-02-01T00:00:00Z') }));
    const opened = unwrap(await openCampaign(a));
    const list = unwrap(await listCampaigns(root));
    expect(list.problems).toEqual([]);
    expect(list.campaigns.map((c) => c.folder)).toEqual([b.folder, a.folder]);
    expect(list.campaigns[1]).toMatchObject({ name: 'Alpha', rulesetId: 'freeform', encounterCount: 0, lastPlayedAt: null, fileVersion: 1, lock: { stale: false, info: { pid: process.pid } } });
    expect(list.campaigns[0]?.lock).toBeNull();
    unwrap(await closeCampaign(opened));
  });

  it('refuses bad input on create without leaving a folder behind', async () => {
    const root = await tempRoot();
    expect(failed(await createCampaign(root, { name: '', rulesetId: 'zones' })).code).toBe('name/bad-name');
    const badRuleset = failed(await createCampaign(root, { name: 'X', rulesetId: '../zones' }));
    expect(badRuleset.code).toBe('campaign/invalid');
    expect(badRuleset.message).toContain('rulesetId is not a ruleset id');
    expect(failed(await createCampaign(root, { name: 'X', rulesetId: 'zones', settings: { hp: Number.NaN } })).code).toBe('json/not-data');
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses events for an encounter that has no log, and ids that are not ids', async () => {
    const root = await tempRoot();
    const opened = unwrap(await openCampaign(unwrap(await createCampaign(root, { name: 'A', rulesetId: 'zones' }))));
    expect(failed(await appendEvents(opened, 'no-such-encounter', [{ type: 'x' }])).code).toBe('events/no-log');
    expect(failed(await appendEvents(opened, '../campaign', [{ type: 'x' }])).code).toBe('name/bad-id');
    expect(failed(await readEvents(opened, 'no-such-encounter')).code).toBe('events/no-log');
    unwrap(await closeCampaign(opened));
  });

  it('lists a missing root as empty', async () => {
    expect(unwrap(await listCampaigns(path.join(await tempRoot(), 'not-yet')))).toEqual({ campaigns: [], problems: [] });
  });

  it('renames the display name only, keeping the folder', async () => {
    const root = await tempRoot();
    const created = unwrap(await createCampaign(root, { name: 'Old name', rulesetId: 'zones' }));
    const opened = unwrap(await openCampaign(created));
    expect(failed(await renameCampaign(opened, opened.campaign, '  ')).code).toBe('name/bad-name');
    const renamed = unwrap(await renameCampaign(opened, opened.campaign, 'New name'));
    expect(renamed.name).toBe('New name');
    unwrap(await closeCampaign(opened));
    expect(unwrap(await listCampaigns(root)).campaigns[0]).toMatchObject({ folder: created.folder, name: 'New name' });
  });

  it('refuses to save another campaign into an open one', async () => {
    const root = await tempRoot();
    const opened = unwrap(await openCampaign(unwrap(await createCampaign(root, { name: 'A', rulesetId: 'zones' }))));
    expect(failed(await saveCampaign(opened, { ...opened.campaign, id: 'someone-else' })).code).toBe('campaign/wrong-id');
    expect(failed(await saveCampaign(opened, { ...opened.campaign, roster: [{ id: 'BAD', name: 'x', data: {} }] })).code).toBe('campaign/invalid');
    unwrap(await closeCampaign(opened));
  });

  it('keeps five backups by default, and can go back to one', async () => {
    const root = await tempRoot();
    const created = unwrap(await createCampaign(root, { name: 'Backups', rulesetId: 'zones' }));
    const opened = unwrap(await openCampaign(created));
    let campaign = opened.campaign;
    for (let i = 1; i <= 7; i++) campaign = unwrap(await saveCampaign(opened, { ...campaign, name: `Save ${i}` }));
    unwrap(await closeCampaign(opened));
    const backups = unwrap(await listBackups(created));
    expect(backups.map((b) => [b.name, b.problem])).toEqual([1, 2, 3, 4, 5].map((n) => [`campaign.json.bak${n}`, null]));

    await writeFile(path.join(root, created.folder, 'campaign.json'), '{"type":"gm-screen/campaign",');
    const problem = unwrap(await listCampaigns(root)).problems[0];
    expect(problem?.message).toContain('Its most recent readable backup is campaign.json.bak1');
    const restored = unwrap(await restoreCampaignBackup(created, 1));
    expect(restored.name).toBe('Save 6');
    expect(unwrap(await listCampaigns(root)).campaigns[0]?.name).toBe('Save 6');
    const names = await readdir(path.join(root, created.folder));
    expect(names.some((n) => n.startsWith('campaign.json.damaged-'))).toBe(true);
  });
});

describe('campaign folders', () => {
  it('duplicates with a new id and folder, copying encounters and their logs', async () => {
    const root = await tempRoot();
    const created = unwrap(await createCampaign(root, { name: 'Source', rulesetId: 'zones' }));
    const opened = unwrap(await openCampaign(created));
    const { campaign, encounter } = unwrap(await createEncounter(opened, filled(opened.campaign), { name: 'Fight' }));
    unwrap(await appendEvents(opened, encounter.id, [{ type: 'encounter-created' }, { type: 'round-started', round: 1 }]));
    // Duplicating an open campaign only reads it.
    const copy = unwrap(await duplicateCampaign(created));
    unwrap(await closeCampaign(opened));
    expect(copy.folder).not.toBe(created.folder);
    expect(copy.campaign.id).not.toBe(campaign.id);
    expect(copy.campaign.name).toBe('Source (copy)');
    expect(copy.campaign.roster).toEqual(campaign.roster);
    expect(copy.campaign.encounters).toEqual(campaign.encounters);
    expect(unwrap(await readEvents(copy, encounter.id)).events).toEqual([{ type: 'encounter-created' }, { type: 'round-started', round: 1 }]);
    expect(unwrap(await listCampaigns(root)).campaigns).toHaveLength(2);
    expect(unwrap(await duplicateCampaign(created, { name: 'Named copy' })).campaign.name).toBe('Named copy');
  });

  it('archives into archive/ and back, refusing while open', async () => {
    const root = await tempRoot();
    const created = unwrap(await createCampaign(root, { name: 'Old campaign', rulesetId: 'zones' }));
    const opened = unwrap(await openCampaign(created));
    expect(failed(await archiveCampaign(created)).code).toBe('lock/held');
    unwrap(await closeCampaign(opened));

    const archived = unwrap(await archiveCampaign(created));
    expect(archived).toEqual({ root: archiveRoot(root), folder: created.folder });
    expect(unwrap(await listCampaigns(root)).campaigns).toEqual([]);
    const inArchive = unwrap(await listCampaigns(archiveRoot(root)));
    expect(inArchive.campaigns.map((c) => c.name)).toEqual(['Old campaign']);
    expect(inArchive.campaigns[0]?.lock).toBeNull();

    unwrap(await unarchiveCampaign(root, created.folder));
    expect(unwrap(await listCampaigns(root)).campaigns.map((c) => c.name)).toEqual(['Old campaign']);
    expect(unwrap(await listCampaigns(archiveRoot(root))).campaigns).toEqual([]);
  });

  it('refuses to archive over an archived folder of the same name', async () => {
    const root = await tempRoot();
    const created = unwrap(await createCampaign(root, { name: 'Twice', rulesetId: 'zones' }));
    await mkdir(path.join(archiveRoot(root), created.folder), { recursive: true });
    expect(failed(await archiveCampaign(created)).code).toBe('campaign/exists');
    expect(unwrap(await listCampaigns(root)).campaigns).toHaveLength(1);
    // And its lock was released.
    unwrap(await closeCampaign(unwrap(await openCampaign(created))));
  });

  it('deletes through the injected trash, also a damaged campaign, never an open one', async () => {
    const root = await tempRoot();
    const trashed: string[] = [];
    const trash = async (p: string) => {
      trashed.push(p);
      await rename(p, path.join(path.dirname(p), `.trashed-${trashed.length}`));
    };
    const created = unwrap(await createCampaign(root, { name: 'Doomed', rulesetId: 'zones' }));
    const opened = unwrap(await openCampaign(created));
    expect(failed(await deleteCampaign(created, trash)).code).toBe('lock/held');
    expect(trashed).toEqual([]);
    unwrap(await closeCampaign(opened));
    unwrap(await deleteCampaign(created, trash));
    expect(trashed).toEqual([path.join(root, created.folder)]);

    const damaged = unwrap(await createCampaign(root, { name: 'Damaged', rulesetId: 'zones' }));
    await writeFile(path.join(root, damaged.folder, 'campaign.json'), 'garbage');
    unwrap(await deleteCampaign(damaged, trash));
    expect(unwrap(await listCampaigns(root))).toEqual({ campaigns: [], problems: [] });

    const failing = unwrap(await createCampaign(root, { name: 'Stays', rulesetId: 'zones' }));
    const refused = failed(await deleteCampaign(failing, async () => { throw new Error('no trash on this desktop'); }));
    expect(refused.message).toContain('no trash on this desktop');
    expect(refused.message).toContain('Nothing was deleted');
    unwrap(await closeCampaign(unwrap(await openCampaign(failing))));
    expect(failed(await deleteCampaign({ root, folder: '../x' }, trash)).code).toBe('name/unsafe');
  });
});

describe('migration', () => {
  it('upgrades the made-up version 0 on open, keeping the original as campaign.json.v0.orig', async () => {
    const root = await tempRoot();
    const folder = 'old-campaign-abc123';
    const v0 = {
      type: 'gm-screen/campaign',
      version: 0,
      id: 'old-campaign',
      name: 'Old campaign',
      rulesetId: 'zones',
      settings: {},
      roster: [],
      bestiary: [],
      encounters: [
        { id: 'e1', name: 'Done fight', finished: true, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' },
        { id: 'e2', name: 'Next fight', finished: false, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' },
      ],
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
    };
    const original = JSON.stringify(v0);
    await mkdir(path.join(root, folder, 'encounters'), { recursive: true });
    await writeFile(path.join(root, folder, 'campaign.json'), original);

    // Listing reads it (migrated in memory) and writes nothing.
    const listed = unwrap(await listCampaigns(root)).campaigns[0];
    expect(listed).toMatchObject({ fileVersion: 0, name: 'Old campaign', encounterCount: 2 });
    expect(await readFile(path.join(root, folder, 'campaign.json'), 'utf8')).toBe(original);

    const opened = unwrap(await openCampaign({ root, folder }));
    expect(opened.migratedFrom).toBe(0);
    expect(opened.originalKeptAs).toBe(`${folder}/campaign.json.v0.orig`);
    expect(opened.campaign.maps).toEqual([]);
    expect(opened.campaign.encounters.map((e) => e.status)).toEqual(['finished', 'planned']);
    expect(await readFile(path.join(root, folder, 'campaign.json.v0.orig'), 'utf8')).toBe(original);
    const onDisk = JSON.parse(await readFile(path.join(root, folder, 'campaign.json'), 'utf8')) as Campaign;
    expect(onDisk).toEqual(opened.campaign);
    unwrap(await closeCampaign(opened));

    const again = unwrap(await openCampaign({ root, folder }));
    expect(again.migratedFrom).toBeNull();
    unwrap(await closeCampaign(again));
  });
});
