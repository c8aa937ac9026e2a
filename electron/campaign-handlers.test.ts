/**
 * The `campaigns:*` channels end to end on the main side: a fake sender calls through the
 * validated IPC mechanism (ipc.ts) into the handlers, which work on real files in a temp folder.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppHandlers } from './app-handlers';
import { sampleCampaign } from '../engine/campaign/testing/sample-campaign';
import { createCampaignHandlers, type CampaignChannel, type CampaignHandlerDeps } from './campaign-handlers';
import { useTempRoots } from './campaigns/testing/temp-root';
import { registerIpcHandlers } from './ipc';
import { createLogHandlers } from './log-handlers';
import { createShareHandlers } from './share-handlers';
import { DEFAULT_SETTINGS } from './settings';
import { createSettingsHandlers } from './settings-handlers';
import { MAX_EVENTS_PER_APPEND } from '../engine/campaign/index';
import { ipcContract, type Campaign, type IpcChannel, type IpcRequest, type IpcResponse } from './ipc-contract';
import { APP_PAGE, fakeIpcMain } from './testing/fake-ipc-main';

// Nothing here may load Electron; fail loudly if something tries.
vi.mock('electron', () => {
  throw new Error('electron must not be imported by the campaign handlers');
});

const tempRoot = useTempRoots();
const clock = (iso: string) => () => new Date(iso);
const CAMPAIGN_CHANNELS = Object.keys(ipcContract).filter((channel) => channel.startsWith('campaigns:')) as CampaignChannel[];
/** The channels that show a dialog or the file manager: campaign-transfer.test.ts covers them. */
const DESKTOP_CHANNELS: readonly CampaignChannel[] = ['campaigns:export', 'campaigns:import', 'campaigns:reveal'];

/** A temp folder holding the campaigns root (`<temp>/campaigns`, not created yet) and a trash. */
async function place() {
  const base = await tempRoot();
  return { base, root: path.join(base, 'campaigns'), trashDir: path.join(base, 'trash') };
}

/** A trash that moves the folder into `trashDir`, as `shell.trashItem` would into the system's. */
function fakeTrash(trashDir: string) {
  return vi.fn(async (target: string) => {
    await mkdir(trashDir, { recursive: true });
    await rename(target, path.join(trashDir, path.basename(target)));
  });
}

/** Handlers on `root`, registered with a fake ipcMain; `call` sends as a page of the app. */
function setup(root: string, deps: Partial<CampaignHandlerDeps> = {}) {
  const fake = fakeIpcMain();
  const service = createCampaignHandlers({ root, trash: fakeTrash(path.join(path.dirname(root), 'trash')), ...deps });
  const onRefused = vi.fn();
  const app = createAppHandlers({ info: { name: 'GM Screen', version: '0', platform: 'linux' }, setWindowTitle: () => {} });
  const settings = createSettingsHandlers({
    file: path.join(path.dirname(root), 'user-data', 'settings.json'),
    defaultCampaignsFolder: root,
    loaded: { settings: DEFAULT_SETTINGS, problem: null, damaged: false },
    campaigns: service,
  });
  registerIpcHandlers(fake.ipcMain, { ...app, ...service.handlers, ...settings, ...createLogHandlers(), ...createShareHandlers() }, { onRefused });
  const called = new Set<string>();
  /** One typed call from the GM window; the answer must carry no absolute path. */
  async function call<C extends IpcChannel>(channel: C, ...payload: IpcRequest<C> extends undefined ? [] : [IpcRequest<C>]): Promise<IpcResponse<C>> {
    called.add(channel);
    const answer = (await fake.call(channel, APP_PAGE, ...payload)) as IpcResponse<C>;
    const text = JSON.stringify(answer) ?? '';
    expect(text).not.toContain(root);
    expect(text).not.toContain(path.dirname(root));
    return answer;
  }
  return { ...fake, raw: fake.call, service, call, called, onRefused };
}

/** The value of an ok answer; fails the test with its message otherwise. */
function value<T>(answer: { ok: true; value: T } | { ok: false; code: string; message: string }): T {
  if (!answer.ok) throw new Error(`expected ok, got ${answer.code}: ${answer.message}`);
  return answer.value;
}

/** A root with one campaign, created through the channels. */
async function withCampaign(deps: Partial<CampaignHandlerDeps> = {}) {
  const where = await place();
  const ctx = setup(where.root, deps);
  const created = value(await ctx.call('campaigns:create', { name: 'The Lost Mine', rulesetId: 'zones' }));
  return { ...where, ...ctx, folder: created.folder, created };
}

describe('campaign channels round trip', () => {
  it('list, create, open, save, rename, encounters and events, backups, duplicate, archive, delete', async () => {
    const { root, base } = await place();
    const { call, called, onRefused } = setup(root, { now: clock('2025-03-01T18:00:00Z') });

    expect(value(await call('campaigns:list'))).toEqual({ campaigns: [], problems: [] });

    const created = value(await call('campaigns:create', { name: '  The Lost Mine ', rulesetId: 'zones' }));
    expect(created.folder).toMatch(/^the-lost-mine-[a-z0-9]{6}$/);
    expect(created.campaign).toMatchObject({ name: 'The Lost Mine', rulesetId: 'zones', encounters: [], createdAt: '2025-03-01T18:00:00.000Z' });
    const { folder } = created;

    const listed = value(await call('campaigns:list'));
    expect(listed.campaigns.map((c) => [c.folder, c.name, c.lock])).toEqual([[folder, 'The Lost Mine', null]]);

    const opened = value(await call('campaigns:open', { folder }));
    expect(opened).toEqual({ folder, campaign: created.campaign, migratedFrom: null, originalKeptAs: null });
    expect(value(await call('campaigns:list')).campaigns[0]!.lock).toMatchObject({ stale: false, info: { pid: process.pid } });

    const edited: Campaign = { ...opened.campaign, roster: [{ id: 'sybilla', name: 'Sybilla', data: { hp: 12 } }] };
    const saved = value(await call('campaigns:save', { folder, campaign: edited }));
    expect(saved).toEqual({ ...edited, updatedAt: '2025-03-01T18:00:00.000Z' });

    const renamed = value(await call('campaigns:rename', { folder, name: 'The Lost Mine of Phandelver' }));
    expect(renamed).toMatchObject({ name: 'The Lost Mine of Phandelver', roster: edited.roster });

    const added = value(await call('campaigns:create-encounter', { folder, name: 'Ambush at the cart' }));
    expect(added.encounter).toMatchObject({ name: 'Ambush at the cart', status: 'planned' });
    expect(added.campaign).toMatchObject({ name: 'The Lost Mine of Phandelver', encounters: [added.encounter] });
    const encounterId = added.encounter.id;

    const batch = [{ type: 'encounter-created', seed: 7 }, { type: 'combatant-added', id: 'g1', name: 'Goblin 1' }];
    expect(value(await call('campaigns:append-events', { folder, encounterId, events: batch }))).toEqual({ appended: 2, repaired: null });
    expect(value(await call('campaigns:append-events', { folder, encounterId, events: [{ type: 'round-started' }] })).appended).toBe(1);
    expect(value(await call('campaigns:read-events', { folder, encounterId }))).toEqual({
      events: [...batch, { type: 'round-started' }],
      torn: null,
    });

    // Three saves after creation: three backups, most recent first.
    const backups = value(await call('campaigns:list-backups', { folder }));
    expect(backups.map((b) => [b.number, b.problem])).toEqual([[1, null], [2, null], [3, null]]);
    expect(backups[0]!.name).toBe('campaign.json.bak1');

    expect(value(await call('campaigns:close', { folder }))).toBeUndefined();
    expect(value(await call('campaigns:list')).campaigns[0]!.lock).toBeNull();

    // Backup 3 is the campaign as created.
    const restored = value(await call('campaigns:restore-backup', { folder, n: 3 }));
    expect(restored).toEqual(created.campaign);
    // The events are still there: a backup is campaign.json only.
    expect(value(await call('campaigns:read-events', { folder, encounterId })).events).toHaveLength(3);

    const copy = value(await call('campaigns:duplicate', { folder, name: 'Second table' }));
    expect(copy.folder).toMatch(/^second-table-[a-z0-9]{6}$/);
    expect(copy.campaign).toMatchObject({ name: 'Second table', rulesetId: 'zones' });
    expect(copy.campaign.id).not.toBe(created.campaign.id);
    const defaultCopy = value(await call('campaigns:duplicate', { folder }));
    expect(defaultCopy.campaign.name).toBe('The Lost Mine (copy)');

    expect(value(await call('campaigns:archive', { folder: copy.folder }))).toBeUndefined();
    expect(await readdir(path.join(root, 'archive'))).toEqual([copy.folder]);

    expect(value(await call('campaigns:delete', { folder: defaultCopy.folder }))).toBeUndefined();
    expect(await readdir(path.join(base, 'trash'))).toEqual([defaultCopy.folder]);

    expect(value(await call('campaigns:list')).campaigns.map((c) => c.folder)).toEqual([folder]);
    expect(onRefused).not.toHaveBeenCalled();
    // Every campaign channel of the contract was exercised above.
    expect([...called].filter((c) => c.startsWith('campaigns:')).sort()).toEqual(CAMPAIGN_CHANNELS.filter((c) => !DESKTOP_CHANNELS.includes(c)).sort());
  });

  it('reopening an open campaign (a reloaded window) answers it as last saved, without a second lock', async () => {
    const { call, folder, service } = await withCampaign();
    const opened = value(await call('campaigns:open', { folder }));
    const saved = value(await call('campaigns:save', { folder, campaign: { ...opened.campaign, settings: { morale: true } } }));
    const again = value(await call('campaigns:open', { folder }));
    expect(again.campaign).toEqual(saved);
    expect(service.openFolders()).toEqual([folder]);
  });

  it('closing a campaign that is not open is fine', async () => {
    const { call, folder } = await withCampaign();
    expect(await call('campaigns:close', { folder })).toEqual({ ok: true, value: undefined });
  });

  it('runs the calls on one folder in the order they came: a close waits for the save sent before it', async () => {
    const { call, folder, root } = await withCampaign();
    const opened = value(await call('campaigns:open', { folder }));
    // Large enough that writing it takes longer than releasing the lock.
    const maps = Array.from({ length: 200 }, (_, i) => ({ id: `map-${i}`, name: `Map ${i}`, data: { cells: 'x'.repeat(20_000) } }));
    const saving = call('campaigns:save', { folder, campaign: { ...opened.campaign, maps } });
    const closed = await call('campaigns:close', { folder });
    expect(closed.ok).toBe(true);
    // By the time the close answered, the save was on disk.
    const onDisk = JSON.parse(await readFile(path.join(root, folder, 'campaign.json'), 'utf8')) as Campaign;
    expect(onDisk.maps).toHaveLength(200);
    expect((await saving).ok).toBe(true);
  });

  it('two opens of one folder at once (a double click) both answer the campaign, with one lock', async () => {
    const { call, folder, service } = await withCampaign();
    const [a, b] = await Promise.all([call('campaigns:open', { folder }), call('campaigns:open', { folder })]);
    expect(value(a).campaign).toEqual(value(b).campaign);
    expect(service.openFolders()).toEqual([folder]);
  });
});

describe('payloads that do not match their schema', () => {
  const valid = '2025-01-01T00:00:00.000Z';
  const campaign = sampleCampaign({ createdAt: valid, updatedAt: valid });

  const cases: [string, IpcChannel, unknown[], RegExp][] = [
    ['a payload for list', 'campaigns:list', [{ folder: 'x' }], /^campaigns:list refused: expected no payload$/],
    ['a missing payload', 'campaigns:open', [], /^campaigns:open refused: expected a payload \{ folder: string, takeOver\?: boolean \}, got undefined$/],
    ['a folder of the wrong type', 'campaigns:open', [{ folder: 42 }], /^campaigns:open refused: folder must be a string$/],
    ['an empty folder', 'campaigns:close', [{ folder: '' }], /folder must not be empty/],
    ['a path as folder', 'campaigns:open', [{ folder: '/home/gm/campaigns/mine' }], /folder must be a folder name from the campaign list, not a path/],
    ['a parent folder', 'campaigns:list-backups', [{ folder: '..' }], /folder must be a folder name from the campaign list, not a path/],
    ['a Windows path', 'campaigns:delete', [{ folder: '..\\mine' }], /folder must be a folder name from the campaign list, not a path/],
    ['an overlong folder', 'campaigns:archive', [{ folder: 'x'.repeat(101) }], /folder must be at most 100 characters \(got 101\)/],
    ['an unknown field (a root)', 'campaigns:open', [{ folder: 'mine', root: '/etc' }], /^campaigns:open refused: unknown field "root"$/],
    ['takeOver that is not a boolean', 'campaigns:open', [{ folder: 'mine', takeOver: 'yes' }], /takeOver must be true or false/],
    ['a missing rulesetId', 'campaigns:create', [{ name: 'Mine' }], /^campaigns:create refused: missing field rulesetId$/],
    ['a bad rulesetId', 'campaigns:create', [{ name: 'Mine', rulesetId: '../Zones' }], /rulesetId must be a ruleset id/],
    ['a name of the wrong type', 'campaigns:duplicate', [{ folder: 'mine', name: 5 }], /^campaigns:duplicate refused: name must be a string$/],
    ['an overlong name', 'campaigns:rename', [{ folder: 'mine', name: 'x'.repeat(121) }], /name must be at most 120 characters \(got 121\)/],
    ['a missing campaign', 'campaigns:save', [{ folder: 'mine' }], /^campaigns:save refused: missing field campaign$/],
    ['a campaign that is a list', 'campaigns:save', [{ folder: 'mine', campaign: [] }], /^campaigns:save refused: campaign must be an object, got a list$/],
    ['a campaign with a bad roster entry', 'campaigns:save', [{ folder: 'mine', campaign: { ...campaign, roster: [{ id: 'A B', name: 'x', data: {} }] } }], /campaign is not valid: roster\[0\]\.id/],
    ['a campaign with an unknown field', 'campaigns:save', [{ folder: 'mine', campaign: { ...campaign, path: '/etc' } }], /campaign is not valid: it has an unknown field "path"/],
    ['a campaign with a prototype key', 'campaigns:save', [{ folder: 'mine', campaign: { ...campaign, maps: [{ id: 'm', name: 'm', data: JSON.parse('{"__proto__":{"x":1}}') as unknown }] } }], /campaign cannot be saved: \(top\)\.maps\[0\]\.data\.__proto__ uses a forbidden key/],
    ['events that are not a list', 'campaigns:append-events', [{ folder: 'mine', encounterId: 'e1', events: { type: 'x' } }], /^campaigns:append-events refused: events must be a list, got object$/],
    ['an event without type', 'campaigns:append-events', [{ folder: 'mine', encounterId: 'e1', events: [{ type: 'ok' }, { kind: 'x' }] }], /events\[1\]\.type must be a non-empty string/],
    ['an event that is not an object', 'campaigns:append-events', [{ folder: 'mine', encounterId: 'e1', events: ['x'] }], /events\[0\] must be an object with a string "type"/],
    ['too many events', 'campaigns:append-events', [{ folder: 'mine', encounterId: 'e1', events: Array.from({ length: MAX_EVENTS_PER_APPEND + 1 }, () => ({ type: 'x' })) }], /events must hold at most 1000 events per call \(got 1001\)/],
    ['an encounter id with a path', 'campaigns:read-events', [{ folder: 'mine', encounterId: '../campaign' }], /encounterId must be an id/],
    ['a backup number of 0', 'campaigns:restore-backup', [{ folder: 'mine', n: 0 }], /n must be at least 1/],
    ['a fractional backup number', 'campaigns:restore-backup', [{ folder: 'mine', n: 1.5 }], /n must be a whole number/],
    ['a backup number as text', 'campaigns:restore-backup', [{ folder: 'mine', n: '1' }], /n must be a number/],
  ];

  it.each(cases)('refuses %s, naming the field, and touches nothing', async (_label, channel, args, message) => {
    const { root } = await place();
    const { raw, onRefused, service } = setup(root);
    await expect(raw(channel, APP_PAGE, ...args)).rejects.toThrow(message);
    expect(onRefused).toHaveBeenCalledOnce();
    expect(service.openFolders()).toEqual([]);
    await expect(stat(root)).rejects.toThrow(/ENOENT/);
  });

  it.each(CAMPAIGN_CHANNELS)('refuses %s from a page that is not the app', async (channel) => {
    const { root } = await place();
    const { raw } = setup(root);
    await expect(raw(channel, 'https://evil.example/', { folder: 'x' })).rejects.toThrow(
      `${channel} refused: sender "https://evil.example/" is not a page of app://gm-screen`,
    );
    await expect(stat(root)).rejects.toThrow(/ENOENT/);
  });
});

describe('refusals answered as data', () => {
  it('an unknown folder', async () => {
    const { call } = await withCampaign();
    const unknown = { folder: 'no-such-campaign-abc123' };
    for (const answer of [
      await call('campaigns:open', unknown),
      await call('campaigns:duplicate', unknown),
      await call('campaigns:archive', unknown),
      await call('campaigns:delete', unknown),
      await call('campaigns:list-backups', unknown),
      await call('campaigns:restore-backup', { ...unknown, n: 1 }),
      await call('campaigns:read-events', { ...unknown, encounterId: 'e1' }),
    ]) {
      expect(answer).toEqual({
        ok: false,
        code: 'campaign/not-found',
        message: 'The campaign in folder "no-such-campaign-abc123" does not exist. Refresh the campaign list.',
      });
    }
  });

  it('a folder name the store refuses (hidden, the archive, a Windows device name)', async () => {
    const { call } = await withCampaign();
    for (const folder of ['.lost-mine.creating', 'archive', 'con']) {
      const answer = await call('campaigns:open', { folder });
      expect(answer).toMatchObject({ ok: false, code: 'name/unsafe' });
    }
  });

  it('writing to a campaign that is not open', async () => {
    const { call, folder, created } = await withCampaign();
    const answers = [
      [await call('campaigns:save', { folder, campaign: created.campaign }), 'saving it'],
      [await call('campaigns:rename', { folder, name: 'New' }), 'renaming it'],
      [await call('campaigns:create-encounter', { folder, name: 'Fight' }), 'adding an encounter'],
      [await call('campaigns:append-events', { folder, encounterId: 'e1', events: [{ type: 'x' }] }), 'saving events to it'],
    ] as const;
    for (const [answer, doing] of answers) {
      expect(answer).toEqual({
        ok: false,
        code: 'campaign/not-open',
        message: `The campaign in folder "${folder}" is not open in GM Screen; open it before ${doing}.`,
      });
    }
  });

  it('archive, delete and restore of a campaign open here', async () => {
    const { call, folder, root } = await withCampaign();
    value(await call('campaigns:open', { folder }));
    expect(await call('campaigns:archive', { folder })).toEqual({
      ok: false,
      code: 'campaign/open',
      message: '"The Lost Mine" is open in GM Screen; close it before archiving it.',
    });
    expect(await call('campaigns:delete', { folder })).toMatchObject({ ok: false, code: 'campaign/open', message: /close it before deleting it/ });
    expect(await call('campaigns:restore-backup', { folder, n: 1 })).toMatchObject({ ok: false, code: 'campaign/open' });
    expect(await readdir(root)).toEqual([folder]);
  });

  it('the store\'s own refusals: a wrong campaign id, an encounter without log, a missing backup', async () => {
    const { call, folder } = await withCampaign();
    const opened = value(await call('campaigns:open', { folder }));
    expect(await call('campaigns:save', { folder, campaign: { ...opened.campaign, id: 'someone-else' } })).toMatchObject({ ok: false, code: 'campaign/wrong-id' });
    expect(await call('campaigns:append-events', { folder, encounterId: 'e1', events: [{ type: 'x' }] })).toMatchObject({ ok: false, code: 'events/no-log' });
    value(await call('campaigns:close', { folder }));
    expect(await call('campaigns:restore-backup', { folder, n: 4 })).toMatchObject({ ok: false, code: 'campaign/missing' });
  });

  it('a trash that fails: nothing is deleted and the message names no path', async () => {
    const { call, folder, root } = await withCampaign({
      trash: async (target) => {
        throw new Error(`Failed to move "${target}" to the trash`);
      },
    });
    const answer = await call('campaigns:delete', { folder });
    expect(answer).toEqual({
      ok: false,
      code: 'campaign/trash-failed',
      message: `Could not move The campaign in folder "${folder}" to the trash (Failed to move "${folder}" to the trash). Nothing was deleted.`,
    });
    expect(await readdir(root)).toEqual([folder]);
  });

  it('an unexpected exception becomes a failure too, and is reported', async () => {
    const { root } = await place();
    const onUnexpected = vi.fn();
    const { call } = setup(root, {
      onUnexpected,
      now: () => {
        throw new Error(`clock broke in ${root}`);
      },
    });
    const answer = await call('campaigns:create', { name: 'Mine', rulesetId: 'zones' });
    expect(answer).toEqual({
      ok: false,
      code: 'app/unexpected',
      message: 'Something unexpected went wrong while creating the campaign (clock broke in the campaigns folder). Try again; if it keeps happening, restart GM Screen.',
    });
    expect(onUnexpected).toHaveBeenCalledWith(expect.any(Error), 'campaigns:create');
  });
});

describe('locks', () => {
  it('a campaign open in another GM Screen is refused; closeAll releases it and then it opens', async () => {
    const { root, call: first, service, folder } = await withCampaign();
    value(await first('campaigns:open', { folder }));
    const other = setup(root);

    const held = await other.call('campaigns:open', { folder });
    expect(held).toMatchObject({ ok: false, code: 'lock/held' });
    expect(!held.ok && held.message).toMatch(new RegExp(`^The campaign in folder "${folder}" is already open in GM Screen \\(process ${process.pid} on `));
    expect(await other.call('campaigns:archive', { folder })).toMatchObject({ ok: false, code: 'lock/held' });
    expect(await other.call('campaigns:delete', { folder })).toMatchObject({ ok: false, code: 'lock/held' });
    expect(await other.call('campaigns:restore-backup', { folder, n: 1 })).toMatchObject({ ok: false, code: 'lock/held' });
    // Reading takes no lock.
    expect(value(await other.call('campaigns:list-backups', { folder }))).toEqual([]);

    expect(await service.closeAll()).toEqual({ closed: [folder], problems: [] });
    expect(service.openFolders()).toEqual([]);
    await expect(stat(path.join(root, folder, '.lock'))).rejects.toThrow(/ENOENT/);

    expect(value(await other.call('campaigns:open', { folder })).folder).toBe(folder);
    expect(other.service.openFolders()).toEqual([folder]);
    // The first one now has to open it again to write, and is refused while the other has it.
    const current = value(await other.call('campaigns:open', { folder })).campaign;
    expect(await first('campaigns:save', { folder, campaign: current })).toMatchObject({ ok: false, code: 'campaign/not-open' });
    expect(await first('campaigns:open', { folder })).toMatchObject({ ok: false, code: 'lock/held' });
  });

  it('closeAll closes every open campaign and reports nothing when none is open', async () => {
    const { call, service, folder } = await withCampaign();
    const second = value(await call('campaigns:create', { name: 'Second', rulesetId: 'freeform' }));
    value(await call('campaigns:open', { folder }));
    value(await call('campaigns:open', { folder: second.folder }));
    expect(await service.closeAll()).toEqual({ closed: [folder, second.folder].sort(), problems: [] });
    expect(await service.closeAll()).toEqual({ closed: [], problems: [] });
  });

  it('a stale lock (a crashed GM Screen) is refused until taken over; the old holder then loses it', async () => {
    const { root, call: crashed, folder } = await withCampaign();
    const opened = value(await crashed('campaigns:open', { folder }));
    // The other instance sees the first one's process as gone.
    const other = setup(root, { identity: { isRunning: () => false, hostname: hostname() } });

    const stale = await other.call('campaigns:open', { folder });
    expect(stale).toMatchObject({ ok: false, code: 'lock/stale', message: /no longer running .*take it over/ });
    expect(value(await other.call('campaigns:open', { folder, takeOver: true })).campaign).toEqual(opened.campaign);

    expect(await crashed('campaigns:save', { folder, campaign: opened.campaign })).toMatchObject({ ok: false, code: 'lock/lost' });
    // Closing a lock that was taken over forgets it here, and leaves the other one's lock alone.
    expect(await crashed('campaigns:close', { folder })).toMatchObject({ ok: false, code: 'lock/lost' });
    expect(value(await other.call('campaigns:save', { folder, campaign: opened.campaign })).id).toBe(opened.campaign.id);
  });

  it('a lock left by another computer is never taken over', async () => {
    const { root, call, folder } = await withCampaign();
    const since = '2025-01-31T18:30:00.000Z';
    await writeFile(
      path.join(root, folder, '.lock'),
      JSON.stringify({ type: 'gm-screen/lock', version: 1, pid: 4242, hostname: 'other-laptop', since, token: 'abc' }),
    );
    for (const takeOver of [false, true]) {
      expect(await call('campaigns:open', { folder, takeOver })).toMatchObject({
        ok: false,
        code: 'lock/held',
        message: expect.stringContaining('open in GM Screen on another computer (process 4242 on other-laptop since 2025-01-31 18:30 UTC)'),
      });
    }
  });
});

describe('append then read', () => {
  it('reads back exactly what was appended, in batches, also once the campaign is closed', async () => {
    const { call, folder } = await withCampaign();
    value(await call('campaigns:open', { folder }));
    const { encounter } = value(await call('campaigns:create-encounter', { folder, name: 'Goblins' }));
    expect(value(await call('campaigns:read-events', { folder, encounterId: encounter.id }))).toEqual({ events: [], torn: null });

    const events = Array.from({ length: MAX_EVENTS_PER_APPEND }, (_, i) => ({ type: 'die-rolled', n: i, dice: [((i * 7) % 20) + 1] }));
    expect(value(await call('campaigns:append-events', { folder, encounterId: encounter.id, events })).appended).toBe(MAX_EVENTS_PER_APPEND);
    expect(value(await call('campaigns:append-events', { folder, encounterId: encounter.id, events: [] })).appended).toBe(0);
    expect(value(await call('campaigns:append-events', { folder, encounterId: encounter.id, events: [{ type: 'round-ended' }] })).appended).toBe(1);
    value(await call('campaigns:close', { folder }));

    const log = value(await call('campaigns:read-events', { folder, encounterId: encounter.id }));
    expect(log.events).toEqual([...events, { type: 'round-ended' }]);
  });

  it('an event the store refuses (a prototype key) is answered as data and nothing is written', async () => {
    const { call, folder } = await withCampaign();
    value(await call('campaigns:open', { folder }));
    const { encounter } = value(await call('campaigns:create-encounter', { folder, name: 'Goblins' }));
    const bad = JSON.parse('{"type":"x","__proto__":{"polluted":true}}') as { type: string };
    const answer = await call('campaigns:append-events', { folder, encounterId: encounter.id, events: [{ type: 'ok' }, bad] });
    expect(answer).toMatchObject({ ok: false, code: 'json/not-data', message: expect.stringContaining('uses a forbidden key') });
    expect(value(await call('campaigns:read-events', { folder, encounterId: encounter.id })).events).toEqual([]);
  });
});
