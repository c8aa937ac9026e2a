/**
 * settings.json version 2 (the players' window's place) and its one owner, the settings store:
 * the place round-trips, a damaged place costs nothing else, version 1 files are still read, the
 * settings screen and the players' window never write over each other, and a damaged file is not
 * written over by the window moving.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { unwrap, useTempRoots } from './campaigns/testing/temp-root';
import { DEFAULT_SETTINGS, readSettings, serializeSettings, SETTINGS_VERSION, writeSettings, type PlayerWindowPlacement } from './settings';
import { createSettingsHandlers } from './settings-handlers';
import { createSettingsStore } from './settings-store';

vi.mock('electron', () => {
  throw new Error('electron must not be imported by the settings store');
});

const tempRoot = useTempRoots();

const placement: PlayerWindowPlacement = { displayId: 2779098405, bounds: { x: -1920, y: 0, width: 1280, height: 720 }, fullScreen: true };
const envelope = (fields: Record<string, unknown> = {}) => ({ type: 'gm-screen/settings', version: 3, campaignsFolder: null, backupCount: 5, ...fields });

async function fileWith(text: string | undefined): Promise<string> {
  const file = path.join(await tempRoot(), 'settings.json');
  if (text !== undefined) await writeFile(file, text);
  return file;
}

const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));

describe('settings.json: the players\' window\'s place (version 2 on)', () => {
  it('round-trips', async () => {
    const file = await fileWith(undefined);
    unwrap(await writeSettings(file, { ...DEFAULT_SETTINGS, playerWindow: placement }));
    expect(SETTINGS_VERSION).toBe(3);
    expect(await readJson(file)).toEqual(envelope({ playerWindow: placement }));
    expect(await readSettings(file)).toEqual({ settings: { ...DEFAULT_SETTINGS, playerWindow: placement }, problem: null, damaged: false });
  });

  it('is optional: a file without it (versions 3 and 2, or version 1 from before) is read as it is', async () => {
    for (const version of [1, 2, 3]) {
      const loaded = await readSettings(await fileWith(JSON.stringify(envelope({ version, backupCount: 9 }))));
      expect(loaded).toEqual({ settings: { campaignsFolder: null, backupCount: 9 }, problem: null, damaged: false });
      expect(loaded.settings).not.toHaveProperty('playerWindow');
      expect(loaded).not.toHaveProperty('ignored');
    }
  });

  const damagedPlaces: [string, unknown, RegExp][] = [
    ['not an object', 'TV', /\(playerWindow should be an object but is "TV"\)/],
    ['a missing field', { displayId: 1, fullScreen: false }, /the field "playerWindow\.bounds" is missing/],
    ['an unknown field', { ...placement, maximized: true }, /unknown field "playerWindow\.maximized"/],
    ['a zero width', { ...placement, bounds: { ...placement.bounds, width: 0 } }, /playerWindow\.bounds\.width should be at least 1/],
    ['a fractional coordinate', { ...placement, bounds: { ...placement.bounds, x: 1.5 } }, /playerWindow\.bounds\.x should be a whole number/],
    ['a far-off coordinate', { ...placement, bounds: { ...placement.bounds, y: 1e9 } }, /playerWindow\.bounds\.y should be at most 100000/],
    ['a negative display id', { ...placement, displayId: -1 }, /playerWindow\.displayId should not be negative/],
    ['a full screen that is not true or false', { ...placement, fullScreen: 'yes' }, /playerWindow\.fullScreen should be/],
    ['null', null, /playerWindow should be an object but is null/],
  ];

  it.each(damagedPlaces)('damaged (%s): forgotten, for the log; the other settings are used and nothing is "damaged"', async (_label, playerWindow, why) => {
    const file = await fileWith(JSON.stringify(envelope({ backupCount: 7, playerWindow })));
    const loaded = await readSettings(file);
    expect(loaded.settings).toEqual({ campaignsFolder: null, backupCount: 7 });
    expect(loaded.problem).toBeNull();
    expect(loaded.damaged).toBe(false);
    expect(loaded.ignored).toMatch(/^settings\.json: the player window's last place was forgotten \(/);
    expect(loaded.ignored).toMatch(why);
  });

  it('is never written damaged', () => {
    expect(() => serializeSettings({ ...DEFAULT_SETTINGS, playerWindow: { ...placement, bounds: { ...placement.bounds, height: -5 } } })).toThrow(
      /playerWindow\.bounds\.height should be at least 1/,
    );
  });
});

describe('the settings store', () => {
  it('writes the players\' window\'s place, keeping the other settings; the same place again writes nothing', async () => {
    const file = await fileWith(JSON.stringify(envelope({ version: 1, backupCount: 9 })));
    const store = createSettingsStore({ file, loaded: await readSettings(file) });
    unwrap(await store.rememberPlayerWindow(placement));
    expect(await readJson(file)).toEqual(envelope({ backupCount: 9, playerWindow: placement }));
    expect(store.current()).toEqual({ campaignsFolder: null, backupCount: 9, playerWindow: placement });

    await rm(file);
    unwrap(await store.rememberPlayerWindow({ ...placement, bounds: { ...placement.bounds } }));
    expect(await readdir(path.dirname(file))).toEqual([]);
  });

  it('a setting the GM changes keeps the place, and the place keeps the setting, even sent together', async () => {
    const file = await fileWith(undefined);
    const store = createSettingsStore({ file, loaded: await readSettings(file) });
    const campaigns = { root: () => '/unused', rootChangeRefusal: () => null, setRoot: () => ({ ok: true as const, value: undefined }), setBackupCount: vi.fn() };
    const handlers = createSettingsHandlers({ store, defaultCampaignsFolder: '/unused', campaigns });
    const moved = { ...placement, fullScreen: false };
    const [, , changed] = await Promise.all([
      store.rememberPlayerWindow(placement),
      handlers['settings:set-backup-count']({ count: 12 }, { senderFrame: null }),
      store.rememberPlayerWindow(moved),
    ]);
    expect(changed).toEqual({ ok: true, value: undefined });
    expect(await readJson(file)).toEqual(envelope({ backupCount: 12, playerWindow: moved }));
    expect(campaigns.setBackupCount).toHaveBeenCalledWith(12);
    unwrap(await handlers['settings:set-backup-count']({ count: 3 }, { senderFrame: null }));
    expect(await readJson(file)).toEqual(envelope({ backupCount: 3, playerWindow: moved }));
  });

  it('a damaged file is not written over by the window moving; the GM\'s next change writes the place too', async () => {
    const text = '{"type": "gm-screen/settings", "version": 2, "backupCount": "many"}';
    const file = await fileWith(text);
    const store = createSettingsStore({ file, loaded: await readSettings(file), now: () => new Date('2025-03-01T18:00:00Z') });
    expect(store.damaged()).toBe(true);
    unwrap(await store.rememberPlayerWindow(placement));
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(await readdir(path.dirname(file))).toEqual(['settings.json']);
    expect(store.current().playerWindow).toEqual(placement);
    expect(store.problem()).toMatch(/backupCount should be number/);

    const campaigns = { root: () => '/unused', rootChangeRefusal: () => null, setRoot: () => ({ ok: true as const, value: undefined }), setBackupCount: () => {} };
    const handlers = createSettingsHandlers({ store, defaultCampaignsFolder: '/unused', campaigns });
    expect(await handlers['settings:set-backup-count']({ count: 4 }, { senderFrame: null })).toMatchObject({ ok: true, value: { backupCount: 4, problem: null } });
    expect(await readJson(file)).toEqual(envelope({ backupCount: 4, playerWindow: placement }));
    expect((await readdir(path.dirname(file))).sort()).toEqual(['settings.json', 'settings.json.damaged-2025-03-01T18-00-00-000Z']);
    expect(store.damaged()).toBe(false);
  });
});

describe('settings.json: the campaigns shared with phones (version 3)', () => {
  const shared = { address: '192.168.1.20', port: 5199, pick: true };

  it('remembers a campaign shared, how, and forgets it when sharing stops; the other settings stay', async () => {
    const file = await fileWith(JSON.stringify(envelope({ version: 2, backupCount: 9, playerWindow: placement })));
    const store = createSettingsStore({ file, loaded: await readSettings(file) });
    unwrap(await store.rememberSharing('lost-mine', shared));
    unwrap(await store.rememberSharing('night-watch', { ...shared, pick: false }));
    unwrap(await store.rememberSharing('lost-mine', { ...shared, port: 6000 }));
    const both = [
      { folder: 'night-watch', ...shared, pick: false },
      { folder: 'lost-mine', ...shared, port: 6000 },
    ];
    expect(await readJson(file)).toEqual(envelope({ backupCount: 9, playerWindow: placement, sharedCampaigns: both }));
    expect((await readSettings(file)).settings.sharedCampaigns).toEqual(both);
    unwrap(await store.rememberSharing('night-watch', null));
    unwrap(await store.rememberSharing('lost-mine', null));
    expect(await readJson(file)).toEqual(envelope({ backupCount: 9, playerWindow: placement }));
  });

  it('keeps the join code of a campaign shared (so phones come back after a restart), and reads a list kept before codes were', async () => {
    const file = await fileWith(JSON.stringify(envelope({ sharedCampaigns: [{ folder: 'night-watch', ...shared }] })));
    const loaded = await readSettings(file);
    expect(loaded.settings.sharedCampaigns).toEqual([{ folder: 'night-watch', ...shared }]);
    expect(loaded.ignored).toBeUndefined();
    const store = createSettingsStore({ file, loaded });
    unwrap(await store.rememberSharing('lost-mine', { ...shared, code: 'ab3k-9xq2' }));
    const both = [
      { folder: 'night-watch', ...shared },
      { folder: 'lost-mine', ...shared, code: 'ab3k-9xq2' },
    ];
    expect(await readJson(file)).toEqual(envelope({ sharedCampaigns: both }));
    expect((await readSettings(file)).settings.sharedCampaigns).toEqual(both);
    // A new code replaces the kept one.
    unwrap(await store.rememberSharing('lost-mine', { ...shared, code: 'zzzz-2222' }));
    expect((await readSettings(file)).settings.sharedCampaigns?.at(-1)).toEqual({ folder: 'lost-mine', ...shared, code: 'zzzz-2222' });
  });

  it('reads a kept code with the join code\'s own check: written by hand in capitals or without its dash it is the same code; one that is not a code is dropped, for the log, and the campaign still shares again', async () => {
    const sharedCampaigns = [
      { folder: 'capitals', ...shared, code: 'AB3K9XQ2' },
      { folder: 'a-zero', ...shared, code: 'ab3k-9xq0' },
      { folder: 'a-number', ...shared, code: 12345678 },
      { folder: 'too-long', ...shared, code: 'ab3k-9xq2-ab3k' },
    ];
    const loaded = await readSettings(await fileWith(JSON.stringify(envelope({ backupCount: 7, sharedCampaigns }))));
    expect(loaded.settings).toEqual({
      campaignsFolder: null,
      backupCount: 7,
      sharedCampaigns: [
        { folder: 'capitals', ...shared, code: 'ab3k-9xq2' },
        { folder: 'a-zero', ...shared },
        { folder: 'a-number', ...shared },
        { folder: 'too-long', ...shared },
      ],
    });
    expect(loaded.damaged).toBe(false);
    expect(loaded.ignored).toBe('settings.json: the join codes kept for "a-zero", "a-number", "too-long" are not join codes; those campaigns share with phones again with new codes (the phones scan them again).');
    const one = await readSettings(await fileWith(JSON.stringify(envelope({ sharedCampaigns: sharedCampaigns.slice(1, 2) }))));
    expect(one.ignored).toBe('settings.json: the join code kept for "a-zero" is not a join code; that campaign shares with phones again with a new code (the phones scan it again).');
  });

  it('is never written with a code that is not one', () => {
    expect(() => serializeSettings({ ...DEFAULT_SETTINGS, sharedCampaigns: [{ folder: 'a', ...shared, code: 'ab3k-9xq0' }] })).toThrow(/sharedCampaigns\[0\]\.code should be a join code like ab3k-9xq2/);
  });

  it('keeps the 50 shared most lately', async () => {
    const file = await fileWith(undefined);
    const store = createSettingsStore({ file, loaded: await readSettings(file) });
    for (let i = 0; i < 55; i++) unwrap(await store.rememberSharing(`campaign-${i}`, shared));
    const kept = store.current().sharedCampaigns ?? [];
    expect(kept).toHaveLength(50);
    expect(kept[0]?.folder).toBe('campaign-5');
    expect(kept.at(-1)?.folder).toBe('campaign-54');
  });

  it.each([
    ['not a list', 'all', /sharedCampaigns should be a list but is "all"/],
    ['a path for a folder', [{ folder: '../x', ...shared }], /sharedCampaigns\[0\]\.folder should be a folder name, not a path/],
    ['a host name for an address', [{ folder: 'a', ...shared, address: 'example.com' }], /should be an IPv4 address/],
    ['a privileged port', [{ folder: 'a', ...shared, port: 80 }], /port should be at least 1024/],
  ])('damaged (%s): forgotten, for the log; sharing stays off and the rest is used', async (_label, sharedCampaigns, why) => {
    const file = await fileWith(JSON.stringify(envelope({ backupCount: 7, playerWindow: placement, sharedCampaigns })));
    const loaded = await readSettings(file);
    expect(loaded.settings).toEqual({ campaignsFolder: null, backupCount: 7, playerWindow: placement });
    expect(loaded.damaged).toBe(false);
    expect(loaded.ignored).toMatch(/^settings\.json: which campaigns were shared with phones was forgotten \(/);
    expect(loaded.ignored).toMatch(why);
  });
});
