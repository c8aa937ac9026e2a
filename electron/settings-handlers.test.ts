/**
 * The settings file and the `settings:*` channels on real folders: defaults, a damaged file
 * (defaults + a problem, never overwritten until the GM changes a setting), choosing and resetting
 * the campaigns folder (refused while a campaign is open), and the number of backups honoured by
 * the campaign store.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useTempRoots } from './campaigns/testing/temp-root';
import type { IpcChannel } from './ipc-contract';
import { DEFAULT_SETTINGS, readSettings, serializeSettings, writeSettings } from './settings';
import { APP_PAGE } from './testing/fake-ipc-main';
import { handlerHarness, value, type HarnessOptions } from './testing/handler-harness';

vi.mock('electron', () => {
  throw new Error('electron must not be imported by the settings handlers');
});

const tempRoot = useTempRoots();

async function setup(options: HarnessOptions & { settingsText?: string | Uint8Array } = {}) {
  const base = await tempRoot();
  if (options.settingsText !== undefined) {
    await mkdir(path.join(base, 'user-data'), { recursive: true });
    await writeFile(path.join(base, 'user-data', 'settings.json'), options.settingsText);
  }
  const ctx = await handlerHarness(base, options);
  const elsewhere = path.join(base, 'usb-stick', 'GM campaigns');
  await mkdir(elsewhere, { recursive: true });
  return { ...ctx, elsewhere };
}

const settingsText = (fields: Record<string, unknown>) => JSON.stringify({ type: 'gm-screen/settings', version: 1, campaignsFolder: null, backupCount: 5, ...fields });

describe('the settings file', () => {
  it('is absent at first: the defaults, no problem, nothing written', async () => {
    const ctx = await setup();
    expect(value(await ctx.call('settings:get'))).toEqual({ campaignsFolder: ctx.defaultRoot, isDefault: true, backupCount: 5, problem: null });
    expect(await readdir(ctx.base)).not.toContain('user-data');
  });

  it('is read at start: the chosen folder and backup count are used', async () => {
    const base = await tempRoot();
    const chosen = path.join(base, 'chosen');
    await mkdir(chosen);
    await mkdir(path.join(base, 'user-data'));
    await writeFile(path.join(base, 'user-data', 'settings.json'), settingsText({ campaignsFolder: chosen, backupCount: 9 }));
    const ctx = await handlerHarness(base);
    expect(value(await ctx.call('settings:get'))).toEqual({ campaignsFolder: chosen, isDefault: false, backupCount: 9, problem: null });
    const { folder } = value(await ctx.call('campaigns:create', { name: 'There', rulesetId: 'zones' }));
    expect(await readdir(chosen)).toEqual([folder]);
  });

  const damaged: [string, string | Uint8Array, RegExp][] = [
    ['not JSON', '{"type": "gm-screen/settings",', /^settings\.json is not valid JSON: it ends in the middle of a value/],
    ['empty', '', /^settings\.json is empty\./],
    ['binary', new Uint8Array([0x7b, 0xff, 0xfe, 0x00]), /^settings\.json is not UTF-8 text/],
    ['control characters', '\u0000\u0001', /^settings\.json is not valid JSON: unexpected control character \(code 0\)/],
    ['a list', '[]', /^settings\.json is not a GM Screen settings file: it holds no object\./],
    ['another type', settingsText({ type: 'gm-screen/campaign' }), /its type is "gm-screen\/campaign"; expected "gm-screen\/settings"/],
    ['a newer version', settingsText({ version: 4 }), /^settings\.json was written by a newer GM Screen \(settings version 4; this one reads up to 3\)/],
    ['version 0', settingsText({ version: 0 }), /^settings\.json is damaged: version/],
    ['a bad backup count', settingsText({ backupCount: 0 }), /^settings\.json is damaged: backupCount should be at least 1\./],
    ['a fractional backup count', settingsText({ backupCount: 2.5 }), /backupCount should be a whole number/],
    ['a relative folder', settingsText({ campaignsFolder: 'campaigns' }), /^settings\.json is damaged: campaignsFolder is not an absolute path\./],
    ['an unknown field', settingsText({ theme: 'dark' }), /it has an unknown field "theme"/],
    ['a prototype key', '{"type":"gm-screen/settings","version":1,"campaignsFolder":null,"backupCount":5,"__proto__":{"x":1}}', /contains the key "__proto__"/],
  ];

  it.each(damaged)('damaged (%s): the defaults and a problem naming the file; the file is left as it is', async (_label, text, problem) => {
    const ctx = await setup({ settingsText: text });
    const info = value(await ctx.call('settings:get'));
    expect(info).toMatchObject({ campaignsFolder: ctx.defaultRoot, isDefault: true, backupCount: 5 });
    expect(info.problem).toMatch(problem);
    expect(info.problem).toMatch(/GM Screen uses the default settings for now; the file is left as it is until you change a setting\.$/);
    // Working with campaigns does not touch it.
    const { folder } = value(await ctx.call('campaigns:create', { name: 'Mine', rulesetId: 'zones' }));
    value(await ctx.call('campaigns:open', { folder }));
    value(await ctx.call('campaigns:close', { folder }));
    value(await ctx.call('settings:get'));
    expect(new Uint8Array(await readFile(ctx.settingsFile))).toEqual(typeof text === 'string' ? new TextEncoder().encode(text) : text);
    expect(await readdir(ctx.userData)).toEqual(['settings.json']);
  });

  it('a damaged file is kept aside and replaced once the GM changes a setting', async () => {
    const text = '{"type": "gm-screen/settings", "version": 1, "backupCount": "many"}';
    const ctx = await setup({ settingsText: text, now: () => new Date('2025-03-01T18:00:00Z') });
    expect(value(await ctx.call('settings:get')).problem).toMatch(/backupCount should be number but is "many"/);
    expect(value(await ctx.call('settings:set-backup-count', { count: 3 }))).toEqual({
      campaignsFolder: ctx.defaultRoot,
      isDefault: true,
      backupCount: 3,
      problem: null,
    });
    expect((await readdir(ctx.userData)).sort()).toEqual(['settings.json', 'settings.json.damaged-2025-03-01T18-00-00-000Z']);
    expect(await readFile(path.join(ctx.userData, 'settings.json.damaged-2025-03-01T18-00-00-000Z'), 'utf8')).toBe(text);
    expect(JSON.parse(await readFile(ctx.settingsFile, 'utf8'))).toEqual({ type: 'gm-screen/settings', version: 3, campaignsFolder: null, backupCount: 3 });
    expect(await readSettings(ctx.settingsFile)).toEqual({ settings: { campaignsFolder: null, backupCount: 3 }, problem: null, damaged: false });
  });

  it('round-trips through serializeSettings / readSettings, and never writes settings it would refuse', async () => {
    const base = await tempRoot();
    const file = path.join(base, 'settings.json');
    value(await writeSettings(file, { campaignsFolder: path.join(base, 'c'), backupCount: 50 }));
    expect(await readSettings(file)).toEqual({ settings: { campaignsFolder: path.join(base, 'c'), backupCount: 50 }, problem: null, damaged: false });
    expect(() => serializeSettings({ ...DEFAULT_SETTINGS, backupCount: 51 })).toThrow(/backupCount should be at most 50/);
    expect(await readdir(base)).toEqual(['settings.json']);
  });

  it('a settings file that cannot be saved is a failure, and nothing changes', async () => {
    const base = await tempRoot();
    // user-data is a file, so settings.json cannot be written under it.
    await writeFile(path.join(base, 'user-data'), 'not a folder');
    const ctx = await handlerHarness(base);
    const elsewhere = path.join(base, 'elsewhere');
    await mkdir(elsewhere);
    expect(await ctx.call('settings:set-backup-count', { count: 2 })).toMatchObject({ ok: false, code: expect.stringMatching(/^io\//), message: /settings\.json/ });
    ctx.desktop.willOpen(elsewhere);
    expect(await ctx.call('settings:choose-campaigns-folder')).toMatchObject({ ok: false });
    expect(ctx.campaigns.root()).toBe(ctx.defaultRoot);
    expect(value(await ctx.call('settings:get'))).toMatchObject({ campaignsFolder: ctx.defaultRoot, backupCount: 5 });
  });
});

describe('choosing the campaigns folder', () => {
  it('uses the chosen folder from then on, saves it, and a restart starts there', async () => {
    const ctx = await setup();
    const old = value(await ctx.call('campaigns:create', { name: 'Old root', rulesetId: 'zones' }));
    ctx.desktop.willOpen(ctx.elsewhere);
    expect(value(await ctx.call('settings:choose-campaigns-folder'))).toEqual({ campaignsFolder: ctx.elsewhere, isDefault: false, backupCount: 5, problem: null });
    const [event, options] = ctx.desktop.showOpenDialog.mock.calls[0]!;
    expect(event.id).toBe(7);
    expect(options).toMatchObject({ defaultPath: ctx.defaultRoot, properties: ['openDirectory', 'createDirectory'] });

    expect(value(await ctx.call('campaigns:list')).campaigns).toEqual([]);
    const { folder } = value(await ctx.call('campaigns:create', { name: 'New root', rulesetId: 'zones' }));
    expect(await readdir(ctx.elsewhere)).toEqual([folder]);
    expect(await ctx.call('campaigns:open', { folder: old.folder })).toMatchObject({ ok: false, code: 'campaign/not-found' });

    expect(JSON.parse(await readFile(ctx.settingsFile, 'utf8'))).toMatchObject({ campaignsFolder: ctx.elsewhere });
    const restarted = await handlerHarness(ctx.base);
    expect(restarted.campaigns.root()).toBe(ctx.elsewhere);
    expect(value(await restarted.call('campaigns:list')).campaigns.map((c) => c.folder)).toEqual([folder]);

    // Back to the default: the old campaigns are there again.
    expect(value(await ctx.call('settings:reset-campaigns-folder'))).toMatchObject({ campaignsFolder: ctx.defaultRoot, isDefault: true });
    expect(value(await ctx.call('campaigns:list')).campaigns.map((c) => c.folder)).toEqual([old.folder]);
    expect(JSON.parse(await readFile(ctx.settingsFile, 'utf8'))).toMatchObject({ campaignsFolder: null });
  });

  it('is refused while a campaign is open, before any dialog, and the folder stays', async () => {
    const ctx = await setup();
    const { folder } = value(await ctx.call('campaigns:create', { name: 'At the table', rulesetId: 'zones' }));
    value(await ctx.call('campaigns:open', { folder }));
    ctx.desktop.willOpen(ctx.elsewhere);
    expect(await ctx.call('settings:choose-campaigns-folder')).toEqual({
      ok: false,
      code: 'campaign/open',
      message: '"At the table" is open in GM Screen; close it before choosing another campaigns folder.',
    });
    expect(ctx.desktop.showOpenDialog).not.toHaveBeenCalled();
    expect(ctx.campaigns.root()).toBe(ctx.defaultRoot);

    // Reset too, once another folder is in use.
    value(await ctx.call('campaigns:close', { folder }));
    value(await ctx.call('settings:choose-campaigns-folder'));
    const there = value(await ctx.call('campaigns:create', { name: 'There', rulesetId: 'zones' }));
    const other = value(await ctx.call('campaigns:create', { name: 'Other', rulesetId: 'zones' }));
    value(await ctx.call('campaigns:open', { folder: there.folder }));
    value(await ctx.call('campaigns:open', { folder: other.folder }));
    expect(await ctx.call('settings:reset-campaigns-folder')).toMatchObject({
      ok: false,
      code: 'campaign/open',
      message: expect.stringMatching(/^2 campaigns are open in GM Screen \("(There|Other)", "(There|Other)"\); close them before going back to the default campaigns folder\.$/),
    });
    expect(ctx.campaigns.root()).toBe(ctx.elsewhere);
    expect(ctx.campaigns.setRoot(ctx.defaultRoot)).toMatchObject({ ok: false, code: 'campaign/open' });
  });

  it('a cancelled dialog changes nothing', async () => {
    const ctx = await setup();
    expect(await ctx.call('settings:choose-campaigns-folder')).toEqual({ ok: true, value: { cancelled: true } });
    expect(ctx.campaigns.root()).toBe(ctx.defaultRoot);
    expect(await readdir(ctx.base)).not.toContain('user-data');
  });

  it('refuses a campaign\'s own folder, a file and a folder that is gone', async () => {
    const ctx = await setup();
    const { folder } = value(await ctx.call('campaigns:create', { name: 'Mine', rulesetId: 'zones' }));
    const file = path.join(ctx.elsewhere, 'notes.txt');
    await writeFile(file, 'x');
    const cases: [string, string, RegExp][] = [
      [path.join(ctx.defaultRoot, folder), 'settings/campaign-folder', /is one campaign's folder \(it holds campaign\.json\); choose the folder that holds your campaign folders\./],
      [file, 'settings/bad-folder', /notes\.txt is not a folder; choose a folder\./],
      [path.join(ctx.base, 'gone'), 'settings/bad-folder', /gone is not there; choose another one\./],
    ];
    for (const [chosen, code, message] of cases) {
      ctx.desktop.willOpen(chosen);
      expect(await ctx.call('settings:choose-campaigns-folder')).toEqual({ ok: false, code, message: expect.stringMatching(message) });
    }
    expect(ctx.campaigns.root()).toBe(ctx.defaultRoot);
    expect(await readdir(ctx.base)).not.toContain('user-data');
  });

  it('choosing the default folder itself counts as the default', async () => {
    const ctx = await setup();
    await mkdir(ctx.defaultRoot);
    ctx.desktop.willOpen(ctx.defaultRoot);
    expect(value(await ctx.call('settings:choose-campaigns-folder'))).toMatchObject({ campaignsFolder: ctx.defaultRoot, isDefault: true });
  });

  it('a chosen folder that is gone (a removed drive) is reported', async () => {
    const base = await tempRoot();
    await mkdir(path.join(base, 'user-data'));
    const gone = path.join(base, 'removed-drive', 'campaigns');
    await writeFile(path.join(base, 'user-data', 'settings.json'), settingsText({ campaignsFolder: gone }));
    const ctx = await handlerHarness(base);
    expect(value(await ctx.call('settings:get'))).toEqual({
      campaignsFolder: gone,
      isDefault: false,
      backupCount: 5,
      problem: `The campaigns folder ${gone} is not there (a removed drive?); connect it, choose another folder, or go back to the default.`,
    });
  });
});

describe('the number of backups', () => {
  /** Opens a new campaign, saves it `saves` times, and answers its backups. */
  async function saveTimes(ctx: Awaited<ReturnType<typeof setup>>, saves: number) {
    const { folder } = value(await ctx.call('campaigns:create', { name: `Saved ${saves}`, rulesetId: 'zones' }));
    const opened = value(await ctx.call('campaigns:open', { folder }));
    for (let i = 1; i <= saves; i++) value(await ctx.call('campaigns:save', { folder, campaign: { ...opened.campaign, settings: { save: i } } }));
    value(await ctx.call('campaigns:close', { folder }));
    return value(await ctx.call('campaigns:list-backups', { folder }));
  }

  it('is honoured by every save from the moment it is set, and saved', async () => {
    const ctx = await setup();
    expect(await saveTimes(ctx, 8)).toHaveLength(5);
    expect(value(await ctx.call('settings:set-backup-count', { count: 2 }))).toMatchObject({ backupCount: 2 });
    const two = await saveTimes(ctx, 6);
    expect(two.map((b) => [b.name, b.problem])).toEqual([
      ['campaign.json.bak1', null],
      ['campaign.json.bak2', null],
    ]);
    value(await ctx.call('settings:set-backup-count', { count: 12 }));
    expect(await saveTimes(ctx, 15)).toHaveLength(12);
    expect(JSON.parse(await readFile(ctx.settingsFile, 'utf8'))).toMatchObject({ backupCount: 12 });
  });

  it('from the settings file at start', async () => {
    const ctx = await setup({ settingsText: settingsText({ backupCount: 1 }) });
    const backups = await saveTimes(ctx, 4);
    expect(backups.map((b) => b.name)).toEqual(['campaign.json.bak1']);
  });

  it('can change while a campaign is open', async () => {
    const ctx = await setup();
    const { folder } = value(await ctx.call('campaigns:create', { name: 'Open', rulesetId: 'zones' }));
    const opened = value(await ctx.call('campaigns:open', { folder }));
    value(await ctx.call('settings:set-backup-count', { count: 1 }));
    for (let i = 0; i < 3; i++) value(await ctx.call('campaigns:save', { folder, campaign: opened.campaign }));
    expect(value(await ctx.call('campaigns:list-backups', { folder })).map((b) => b.number)).toEqual([1]);
  });
});

describe('payloads that do not match their schema', () => {
  const cases: [IpcChannel, unknown[], RegExp][] = [
    ['settings:get', [{ all: true }], /^settings:get refused: expected no payload$/],
    ['settings:choose-campaigns-folder', [{ folder: '/etc' }], /^settings:choose-campaigns-folder refused: expected no payload$/],
    ['settings:reset-campaigns-folder', ['now'], /^settings:reset-campaigns-folder refused: expected no payload$/],
    ['settings:set-backup-count', [], /^settings:set-backup-count refused: expected a payload \{ count: number \}, got undefined$/],
    ['settings:set-backup-count', [{}], /^settings:set-backup-count refused: missing field count$/],
    ['settings:set-backup-count', [{ count: 0 }], /^settings:set-backup-count refused: count must be at least 1$/],
    ['settings:set-backup-count', [{ count: 51 }], /^settings:set-backup-count refused: count must be at most 50$/],
    ['settings:set-backup-count', [{ count: 2.5 }], /^settings:set-backup-count refused: count must be a whole number$/],
    ['settings:set-backup-count', [{ count: '5' }], /^settings:set-backup-count refused: count must be a number$/],
    ['settings:set-backup-count', [{ count: Number.NaN }], /^settings:set-backup-count refused: count must be a number$/],
    ['settings:set-backup-count', [{ count: 5, campaignsFolder: '/etc' }], /^settings:set-backup-count refused: unknown field "campaignsFolder"$/],
  ];

  it.each(cases)('refuses %s %j and changes nothing', async (channel, args, message) => {
    const ctx = await setup();
    await expect(ctx.raw(channel, APP_PAGE, ...args)).rejects.toThrow(message);
    expect(ctx.onRefused).toHaveBeenCalledOnce();
    expect(ctx.desktop.showOpenDialog).not.toHaveBeenCalled();
    expect(await readdir(ctx.base)).not.toContain('user-data');
  });

  it.each(['settings:get', 'settings:choose-campaigns-folder', 'settings:reset-campaigns-folder', 'settings:set-backup-count'] as const)(
    'refuses %s from a page that is not the app',
    async (channel) => {
      const ctx = await setup();
      await expect(ctx.raw(channel, 'https://evil.example/', { count: 3 })).rejects.toThrow(`${channel} refused: sender "https://evil.example/"`);
    },
  );
});
