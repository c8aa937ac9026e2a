import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createAppHandlers, windowTitle } from './app-handlers';
import { createCampaignHandlers } from './campaign-handlers';
import { registerIpcHandlers } from './ipc';
import { createLogHandlers } from './log-handlers';
import { DEFAULT_SETTINGS } from './settings';
import { createSettingsHandlers } from './settings-handlers';
import type { EncounterEvent } from '../engine/index';
import { NAME_MAX, SEGMENT_MAX } from '../engine/campaign/index';
import {
  API_KEY,
  createApi,
  ipcContract,
  MAX_FOLDER_LENGTH,
  MAX_NAME_LENGTH,
  type AppendReport,
  type AppInfo,
  type BackupInfo,
  type Campaign,
  type Cancelled,
  type ExportedCampaign,
  type ImportedCampaign,
  type SettingsInfo,
  type CampaignList,
  type CreatedEncounter,
  type EventLog,
  type EventToAppend,
  type GmScreenApi,
  type IpcChannel,
  type OpenedCampaignInfo,
  type Result,
  type SavedFile,
} from './ipc-contract';
import { APP_PAGE, fakeIpcMain, type FakeEvent } from './testing/fake-ipc-main';

// Nothing here may load Electron; fail loudly if something tries.
vi.mock('electron', () => {
  throw new Error('electron must not be imported by the IPC modules');
});

const info = { name: 'GM Screen', version: '0.1.0', platform: 'linux' };

function setup() {
  const fake = fakeIpcMain();
  const setWindowTitle = vi.fn<(event: FakeEvent, title: string) => void>();
  const onRefused = vi.fn();
  // The campaign handlers are registered too (the contract needs every channel); these tests do
  // not call them, so their root is never created. campaign-handlers.test.ts covers them.
  const root = path.join(tmpdir(), 'gm-screen-ipc-test-unused');
  const campaigns = createCampaignHandlers({ root, trash: async () => {} });
  const settings = createSettingsHandlers({
    file: path.join(root, 'settings.json'),
    defaultCampaignsFolder: root,
    loaded: { settings: DEFAULT_SETTINGS, problem: null, damaged: false },
    campaigns,
  });
  const unregister = registerIpcHandlers(
    fake.ipcMain,
    { ...createAppHandlers({ info, setWindowTitle }), ...campaigns.handlers, ...settings, ...createLogHandlers() },
    { onRefused },
  );
  return { ...fake, setWindowTitle, onRefused, unregister };
}

describe('registerIpcHandlers', () => {
  it('registers one handler per channel of the contract, and removes them again', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual(Object.keys(ipcContract).sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('answers app:info', async () => {
    const { call } = setup();
    await expect(call('app:info', APP_PAGE)).resolves.toEqual(info);
  });

  it('sets the title of the sending window on app:set-title', async () => {
    const { call, setWindowTitle, onRefused } = setup();
    await expect(call('app:set-title', 'app://gm-screen/', { title: '  Goblin ambush ' })).resolves.toBeUndefined();
    expect(setWindowTitle).toHaveBeenCalledOnce();
    const [event, title] = setWindowTitle.mock.calls[0]!;
    expect(event.id).toBe(7);
    expect(title).toBe('Goblin ambush — GM Screen');
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('accepts a title of exactly 120 characters', async () => {
    const { call, setWindowTitle } = setup();
    await call('app:set-title', APP_PAGE, { title: 'x'.repeat(120) });
    expect(setWindowTitle).toHaveBeenCalledWith(expect.anything(), windowTitle('x'.repeat(120)));
  });

  const refusedPayloads: [string, IpcChannel, unknown[], RegExp][] = [
    ['a title of the wrong type', 'app:set-title', [{ title: 42 }], /^app:set-title refused: title must be a string$/],
    ['a payload that is not an object', 'app:set-title', ['Goblins'], /^app:set-title refused: expected a payload \{ title: string \}, got "Goblins"$/],
    ['an extra-long title', 'app:set-title', [{ title: 'x'.repeat(121) }], /^app:set-title refused: title must be at most 120 characters \(got 121\)$/],
    ['an empty title', 'app:set-title', [{ title: '   ' }], /^app:set-title refused: title must not be empty$/],
    ['a title with a newline', 'app:set-title', [{ title: 'a\nb' }], /control characters/],
    ['a missing payload', 'app:set-title', [], /^app:set-title refused: expected a payload \{ title: string \}, got undefined$/],
    ['a missing field', 'app:set-title', [{}], /^app:set-title refused: missing field title$/],
    ['an unknown field', 'app:set-title', [{ title: 'ok', path: '/etc' }], /^app:set-title refused: unknown field "path"$/],
    ['a second argument', 'app:set-title', [{ title: 'ok' }, 'more'], /at most one payload argument, got 2/],
    ['a payload where none is expected', 'app:info', [{ anything: true }], /^app:info refused: expected no payload$/],
  ];

  it.each(refusedPayloads)('refuses %s with a clear message', async (_label, channel, args, message) => {
    const { call, setWindowTitle, onRefused } = setup();
    await expect(call(channel, APP_PAGE, ...args)).rejects.toThrow(message);
    expect(setWindowTitle).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it.each([
    ['https://evil.example/index.html'],
    ['file:///home/gm/index.html'],
    ['http://localhost:5173/'],
    ['app://gm-screen.evil.example/index.html'],
    ['app://other/index.html'],
    ['about:blank'],
    ['not a url'],
  ])('refuses a sender on %s', async (url) => {
    const { call, setWindowTitle } = setup();
    const expected = `app:set-title refused: sender "${url}" is not a page of app://gm-screen`;
    await expect(call('app:set-title', url, { title: 'ok' })).rejects.toThrow(expected);
    await expect(call('app:info', url)).rejects.toThrow(/^app:info refused: sender/);
    expect(setWindowTitle).not.toHaveBeenCalled();
  });

  it('refuses a sender whose frame is gone', async () => {
    const { call } = setup();
    await expect(call('app:info', null)).rejects.toThrow(
      'app:info refused: sender an unknown or closed frame is not a page of app://gm-screen',
    );
  });

  it('checks the sender before the payload', async () => {
    const { call } = setup();
    await expect(call('app:set-title', 'https://evil.example/', { title: 5 })).rejects.toThrow(/sender/);
  });
});

describe('the player view channels and sender policy', () => {
  function setupPlayer(withPlayerView = true) {
    const fake = fakeIpcMain();
    const playerView = {
      open: vi.fn((): Result<void> => ({ ok: true, value: undefined })),
      toggleFullScreen: vi.fn((): Result<void> => ({ ok: false, code: 'player/not-open', message: 'The player view is not open; open it first.' })),
    };
    const root = path.join(tmpdir(), 'gm-screen-ipc-test-unused');
    const campaigns = createCampaignHandlers({ root, trash: async () => {} });
    const listCampaigns = vi.spyOn(campaigns.handlers, 'campaigns:list');
    const settings = createSettingsHandlers({
      file: path.join(root, 'settings.json'),
      defaultCampaignsFolder: root,
      loaded: { settings: DEFAULT_SETTINGS, problem: null, damaged: false },
      campaigns,
    });
    const onRefused = vi.fn();
    // The test's policy: pages at #player are the players' window and may only ask app:info.
    const senderRefusal = vi.fn((channel: IpcChannel, event: FakeEvent) =>
      event.senderFrame?.url.endsWith('#player') && channel !== 'app:info' ? 'the player window may not use this channel' : null,
    );
    registerIpcHandlers(
      fake.ipcMain,
      { ...createAppHandlers({ info, setWindowTitle: () => {}, ...(withPlayerView ? { playerView } : {}) }), ...campaigns.handlers, ...settings, ...createLogHandlers() },
      { onRefused, senderRefusal },
    );
    return { ...fake, playerView, onRefused, senderRefusal, listCampaigns };
  }

  it('opens the player view and toggles its full screen, answering the Result as given', async () => {
    const { call, playerView } = setupPlayer();
    await expect(call('app:open-player-view', APP_PAGE)).resolves.toEqual({ ok: true, value: undefined });
    expect(playerView.open).toHaveBeenCalledOnce();
    await expect(call('app:toggle-player-full-screen', APP_PAGE)).resolves.toMatchObject({ ok: false, code: 'player/not-open' });
    expect(playerView.toggleFullScreen).toHaveBeenCalledOnce();
  });

  it('refuses a payload on either channel', async () => {
    const { call, playerView } = setupPlayer();
    await expect(call('app:open-player-view', APP_PAGE, { fullScreen: true })).rejects.toThrow(/^app:open-player-view refused: expected no payload$/);
    await expect(call('app:toggle-player-full-screen', APP_PAGE, true)).rejects.toThrow(/expected no payload/);
    expect(playerView.open).not.toHaveBeenCalled();
    expect(playerView.toggleFullScreen).not.toHaveBeenCalled();
  });

  it('answers a failure where there is no player view (tests, harnesses)', async () => {
    const { call } = setupPlayer(false);
    await expect(call('app:open-player-view', APP_PAGE)).resolves.toMatchObject({ ok: false, code: 'app/no-player-view' });
    await expect(call('app:toggle-player-full-screen', APP_PAGE)).resolves.toMatchObject({ ok: false, code: 'app/no-player-view' });
  });

  it('refuses what the sender policy refuses, before the handler and before the payload is read', async () => {
    const { call, onRefused, listCampaigns, senderRefusal } = setupPlayer();
    const players = `${APP_PAGE}#player`;
    await expect(call('campaigns:list', players)).rejects.toThrow('campaigns:list refused: the player window may not use this channel');
    await expect(call('campaigns:delete', players, { folder: 42 })).rejects.toThrow(/may not use this channel/);
    expect(listCampaigns).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledTimes(2);
    await expect(call('app:info', players)).resolves.toEqual(info);
    // The GM window is not limited.
    await expect(call('campaigns:list', APP_PAGE)).resolves.toMatchObject({ ok: expect.any(Boolean) });
    expect(listCampaigns).toHaveBeenCalledOnce();
    // A page of another origin is refused for that first; the policy is not even asked.
    senderRefusal.mockClear();
    await expect(call('app:info', 'https://evil.example/#player')).rejects.toThrow(/is not a page of app:\/\/gm-screen/);
    expect(senderRefusal).not.toHaveBeenCalled();
  });
});

/** Every method of `window.gmScreen`, by channel: what the preload derives from the contract. */
const EXPECTED_METHODS = {
  'app:info': 'appInfo',
  'app:set-title': 'setTitle',
  'app:open-player-view': 'openPlayerView',
  'app:toggle-player-full-screen': 'togglePlayerFullScreen',
  'campaigns:list': 'listCampaigns',
  'campaigns:create': 'createCampaign',
  'campaigns:open': 'openCampaign',
  'campaigns:close': 'closeCampaign',
  'campaigns:save': 'saveCampaign',
  'campaigns:rename': 'renameCampaign',
  'campaigns:duplicate': 'duplicateCampaign',
  'campaigns:archive': 'archiveCampaign',
  'campaigns:delete': 'deleteCampaign',
  'campaigns:create-encounter': 'createEncounter',
  'campaigns:append-events': 'appendEvents',
  'campaigns:read-events': 'readEvents',
  'campaigns:list-backups': 'listBackups',
  'campaigns:restore-backup': 'restoreBackup',
  'campaigns:export': 'exportCampaign',
  'campaigns:import': 'importCampaign',
  'campaigns:reveal': 'revealCampaign',
  'settings:get': 'getSettings',
  'settings:choose-campaigns-folder': 'chooseCampaignsFolder',
  'settings:reset-campaigns-folder': 'resetCampaignsFolder',
  'settings:set-backup-count': 'setBackupCount',
  'logs:save': 'saveLogFile',
  'logs:save-pdf': 'saveLogPdf',
} as const satisfies Record<IpcChannel, string>;

describe('createApi (the preload side)', () => {
  it('has one method per channel, each invoking its channel with the given arguments', async () => {
    const invoke = vi.fn(async (channel: IpcChannel, ...args: unknown[]) => ({ channel, args }));
    const api: GmScreenApi = createApi(invoke);
    expect(Object.keys(api).sort()).toEqual(Object.values(EXPECTED_METHODS).sort());
    await api.appInfo();
    await api.setTitle({ title: 'Round 3' });
    expect(invoke.mock.calls).toEqual([['app:info'], ['app:set-title', { title: 'Round 3' }]]);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('maps every channel to its method, and nothing else', async () => {
    expect(Object.fromEntries(Object.entries(ipcContract).map(([channel, spec]) => [channel, spec.method]))).toEqual(EXPECTED_METHODS);
    const invoke = vi.fn(async () => null);
    const api = createApi(invoke) as unknown as Record<string, (payload?: unknown) => Promise<unknown>>;
    for (const [channel, method] of Object.entries(EXPECTED_METHODS)) {
      invoke.mockClear();
      await api[method]!({ folder: 'x' });
      expect(invoke).toHaveBeenCalledWith(channel, { folder: 'x' });
    }
  });

  it('exposes under window.gmScreen', () => {
    expect(API_KEY).toBe('gmScreen');
    expectTypeOf<typeof API_KEY>().toEqualTypeOf<'gmScreen'>();
    expectTypeOf<Window['gmScreen']>().toEqualTypeOf<GmScreenApi | undefined>();
  });

  it('derives the method types from the contract (checked by tsc)', () => {
    expectTypeOf<keyof GmScreenApi>().toEqualTypeOf<(typeof EXPECTED_METHODS)[IpcChannel]>();
    expectTypeOf<GmScreenApi['appInfo']>().toEqualTypeOf<() => Promise<AppInfo>>();
    expectTypeOf<GmScreenApi['setTitle']>().parameters.toEqualTypeOf<[payload: { title: string }]>();
    expectTypeOf<GmScreenApi['setTitle']>().returns.toEqualTypeOf<Promise<void>>();

    expectTypeOf<GmScreenApi['openPlayerView']>().toEqualTypeOf<() => Promise<Result<void>>>();
    expectTypeOf<GmScreenApi['togglePlayerFullScreen']>().toEqualTypeOf<() => Promise<Result<void>>>();

    expectTypeOf<GmScreenApi['listCampaigns']>().toEqualTypeOf<() => Promise<Result<CampaignList>>>();
    expectTypeOf<GmScreenApi['openCampaign']>().parameters.toEqualTypeOf<[payload: { folder: string; takeOver?: boolean | undefined }]>();
    expectTypeOf<GmScreenApi['openCampaign']>().returns.toEqualTypeOf<Promise<Result<OpenedCampaignInfo>>>();
    expectTypeOf<GmScreenApi['saveCampaign']>().parameters.toEqualTypeOf<[payload: { folder: string; campaign: Campaign }]>();
    expectTypeOf<GmScreenApi['saveCampaign']>().returns.toEqualTypeOf<Promise<Result<Campaign>>>();
    expectTypeOf<GmScreenApi['duplicateCampaign']>().parameters.toEqualTypeOf<[payload: { folder: string; name?: string | undefined }]>();
    expectTypeOf<GmScreenApi['closeCampaign']>().returns.toEqualTypeOf<Promise<Result<void>>>();
    expectTypeOf<GmScreenApi['appendEvents']>().parameters.toEqualTypeOf<
      [payload: { folder: string; encounterId: string; events: readonly EventToAppend[] }]
    >();
    expectTypeOf<GmScreenApi['appendEvents']>().returns.toEqualTypeOf<Promise<Result<AppendReport>>>();
    expectTypeOf<GmScreenApi['readEvents']>().returns.toEqualTypeOf<Promise<Result<EventLog>>>();
    expectTypeOf<GmScreenApi['createEncounter']>().returns.toEqualTypeOf<Promise<Result<CreatedEncounter>>>();
    expectTypeOf<GmScreenApi['listBackups']>().returns.toEqualTypeOf<Promise<Result<BackupInfo[]>>>();
    expectTypeOf<GmScreenApi['restoreBackup']>().parameters.toEqualTypeOf<[payload: { folder: string; n: number }]>();
    expectTypeOf<GmScreenApi['exportCampaign']>().parameters.toEqualTypeOf<[payload: { folder: string }]>();
    expectTypeOf<GmScreenApi['exportCampaign']>().returns.toEqualTypeOf<Promise<Result<ExportedCampaign | Cancelled>>>();
    expectTypeOf<GmScreenApi['importCampaign']>().parameters.toEqualTypeOf<[payload: { from: 'file' | 'folder' }]>();
    expectTypeOf<GmScreenApi['importCampaign']>().returns.toEqualTypeOf<Promise<Result<ImportedCampaign | Cancelled>>>();
    expectTypeOf<GmScreenApi['revealCampaign']>().returns.toEqualTypeOf<Promise<Result<void>>>();
    expectTypeOf<GmScreenApi['getSettings']>().toEqualTypeOf<() => Promise<Result<SettingsInfo>>>();
    expectTypeOf<GmScreenApi['chooseCampaignsFolder']>().toEqualTypeOf<() => Promise<Result<SettingsInfo | Cancelled>>>();
    expectTypeOf<GmScreenApi['resetCampaignsFolder']>().toEqualTypeOf<() => Promise<Result<SettingsInfo>>>();
    expectTypeOf<GmScreenApi['setBackupCount']>().parameters.toEqualTypeOf<[payload: { count: number }]>();
    expectTypeOf<GmScreenApi['saveLogFile']>().parameters.toEqualTypeOf<[payload: { fileName: string; content: string }]>();
    expectTypeOf<GmScreenApi['saveLogFile']>().returns.toEqualTypeOf<Promise<Result<SavedFile | Cancelled>>>();
    expectTypeOf<GmScreenApi['saveLogPdf']>().parameters.toEqualTypeOf<[payload: { fileName: string; html: string }]>();
    expectTypeOf<GmScreenApi['saveLogPdf']>().returns.toEqualTypeOf<Promise<Result<SavedFile | Cancelled>>>();
    // The engine's events (interfaces, without index signatures) can be appended as they are.
    expectTypeOf<EncounterEvent>().toExtend<EventToAppend>();
  });

  it('keeps the contract\'s limits equal to the store\'s', () => {
    expect(MAX_NAME_LENGTH).toBe(NAME_MAX);
    expect(MAX_FOLDER_LENGTH).toBe(SEGMENT_MAX);
  });
});
