import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createAppHandlers, windowTitle } from './app-handlers';
import { createCampaignHandlers } from './campaign-handlers';
import { registerIpcHandlers } from './ipc';
import { createLogHandlers } from './log-handlers';
import { createShareHandlers } from './share-handlers';
import { fightScreen as testFightScreen } from '../engine/testing/player-screens';
import { DEFAULT_SETTINGS } from './settings';
import { createSettingsHandlers } from './settings-handlers';
import { projectPlayerView, type EncounterEvent } from '../engine/index';
import { NAME_MAX, SEGMENT_MAX } from '../engine/campaign/index';
import { add, newEncounter, run } from '../engine/test-support';
import type { PlayerScreen } from '../engine/drawing';
import {
  API_KEY,
  createApi,
  ipcContract,
  MAX_FOLDER_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PLAYER_SCREEN_BYTES,
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

/**
 * The campaign, settings and log handlers, registered too (the contract needs every channel);
 * these tests do not call them, so their root is never created. campaign-handlers.test.ts covers them.
 */
function otherHandlers() {
  const root = path.join(tmpdir(), 'gm-screen-ipc-test-unused');
  const campaigns = createCampaignHandlers({ root, trash: async () => {} });
  const settings = createSettingsHandlers({
    file: path.join(root, 'settings.json'),
    defaultCampaignsFolder: root,
    loaded: { settings: DEFAULT_SETTINGS, problem: null, damaged: false },
    campaigns,
  });
  return { ...campaigns.handlers, ...settings, ...createLogHandlers(), ...createShareHandlers() };
}

function setup() {
  const fake = fakeIpcMain();
  const setWindowTitle = vi.fn<(event: FakeEvent, title: string) => void>();
  const onRefused = vi.fn();
  const unregister = registerIpcHandlers(fake.ipcMain, { ...createAppHandlers({ info, setWindowTitle }), ...otherHandlers() }, { onRefused });
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
      publishScreen: vi.fn((_screen: PlayerScreen) => {}),
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
      { ...createAppHandlers({ info, setWindowTitle: () => {}, ...(withPlayerView ? { playerView } : {}) }), ...campaigns.handlers, ...settings, ...createLogHandlers(), ...createShareHandlers() },
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

/** A PNG picture as GM Screen keeps one. */
const png = { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 10, height: 10 } as const;

/** A screen as the GM window publishes it mid-fight: the engine's projection, a picture, a roll and the countdown up. */
const fightScreen = () => testFightScreen({ background: png, countdown: { remainingMs: 20_000, running: true, at: 1_700_000_000_000 } });

describe('app:publish-player-screen', () => {
  function setupPublish() {
    const fake = fakeIpcMain();
    const publishScreen = vi.fn((_screen: PlayerScreen) => {});
    const playerView = { open: vi.fn((): Result<void> => ({ ok: true, value: undefined })), toggleFullScreen: vi.fn((): Result<void> => ({ ok: true, value: undefined })), publishScreen };
    const onRefused = vi.fn();
    registerIpcHandlers(
      fake.ipcMain,
      { ...createAppHandlers({ info, setWindowTitle: () => {}, playerView }), ...otherHandlers() },
      // As main.ts: pages at #player stand for the players' window here.
      { onRefused, senderRefusal: (channel, event) => (event.senderFrame?.url.endsWith('#player') && channel !== 'app:info' ? 'the player window may not use this channel' : null) },
    );
    return { ...fake, publishScreen, onRefused };
  }

  it('hands a screen from the GM window to the players\' window, as it was sent', async () => {
    const { call, publishScreen } = setupPublish();
    const screen = fightScreen();
    await expect(call('app:publish-player-screen', APP_PAGE, screen)).resolves.toBeUndefined();
    expect(publishScreen).toHaveBeenCalledExactlyOnceWith(screen);
    // Between fights, curtain down, nothing open: the smallest screen there is.
    const empty = { ...screen, campaign: null, mode: 'curtain', view: null, ruleset: null, background: null, roll: null, countdown: null };
    await expect(call('app:publish-player-screen', APP_PAGE, empty)).resolves.toBeUndefined();
    await expect(call('app:publish-player-screen', APP_PAGE, { ...screen, view: projectPlayerView(run(newEncounter(1), add('Ann')).state, run(newEncounter(1), add('Ann')).ruleset) })).resolves.toBeUndefined();
    expect(publishScreen).toHaveBeenCalledTimes(3);
  });

  const fields = (change: Record<string, unknown>) => ({ ...fightScreen(), ...change });
  const refused: [string, unknown[], RegExp][] = [
    ['no payload', [], /^app:publish-player-screen refused: expected a players' screen \{ version, campaign, mode, view, … \}, got undefined$/],
    ['text', ['<script>alert(1)</script>'], /got string$/],
    ['a list', [[fightScreen()]], /got a list$/],
    ['another version', [fields({ version: 2 })], /refused: version must be 1$/],
    ['an unknown mode', [fields({ mode: 'secret' })], /refused: mode must be "live", "curtain" or "handout"$/],
    ['an unknown field (the encounter\'s state)', [fields({ state: { notes: 'The duke is the traitor' } })], /refused: unknown field "state"$/],
    ['a missing field', [(({ countdown: _, ...rest }) => rest)(fightScreen())], /refused: missing field countdown$/],
    ['a view that is not the projection', [fields({ view: 'everything' })], /refused: view must be the engine's projection \{ version, status, … \} or null, got "everything"$/],
    ['an SVG handout', [fields({ handout: { ...png, mime: 'image/svg+xml' } })], /refused: handout must be a PNG, JPEG or WebP picture/],
    ['a picture as a data: URL', [fields({ background: { ...png, base64: 'data:text/html;base64,PHNjcmlwdD4=' } })], /refused: background must be a PNG, JPEG or WebP picture/],
    ['a ruleset that is no id', [fields({ ruleset: '../zones' })], /refused: ruleset must be a ruleset id/],
    ['a campaign name too long', [fields({ campaign: 'x'.repeat(121) })], /refused: campaign must be at most 120 characters \(got 121\)$/],
    ['a roll with an infinite total', [fields({ roll: { ...fightScreen().roll, total: Infinity } })], /refused: .*Infinity/],
    ['a roll with too many dice', [fields({ roll: { ...fightScreen().roll, dice: Array.from({ length: 1001 }, () => ({ value: 1, sides: 6, kept: true })) } })], /refused: roll\.dice must list at most 1000 dice \(got 1001\)$/],
    ['a countdown without its clock', [fields({ countdown: { remainingMs: 1, running: true } })], /refused: missing field countdown\.at$/],
    ['a prototype key', [JSON.parse(`{"version":1,"__proto__":{"polluted":true}}`)], /refused: screen is not plain data: \(top\)\.__proto__ uses a forbidden key$/],
    ['a second argument', [fightScreen(), 'more'], /at most one payload argument, got 2/],
  ];

  it.each(refused)('refuses %s with a clear message, and relays nothing', async (_label, args, message) => {
    const { call, publishScreen, onRefused } = setupPublish();
    await expect(call('app:publish-player-screen', APP_PAGE, ...args)).rejects.toThrow(message);
    expect(publishScreen).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledOnce();
    expect((Object.prototype as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it(`refuses a screen over ${MAX_PLAYER_SCREEN_BYTES / 1024 / 1024} MB (its JSON in UTF-8), and accepts one with both pictures at their own limit`, async () => {
    const { call, publishScreen } = setupPublish();
    const screen = fightScreen();
    // Two pictures at the picture limit fit; padding the view beyond the screen's limit does not.
    const big = { ...png, base64: 'A'.repeat(4 * 1024 * 1024) };
    await expect(call('app:publish-player-screen', APP_PAGE, { ...screen, background: big, handout: big })).resolves.toBeUndefined();
    const padded = { ...screen, view: { ...screen.view, padding: 'é'.repeat(MAX_PLAYER_SCREEN_BYTES / 2) } };
    await expect(call('app:publish-player-screen', APP_PAGE, padded)).rejects.toThrow(
      /^app:publish-player-screen refused: screen is 16,\d{3},\d{3} bytes, over the 16 MB limit; the players' screen was not updated$/,
    );
    expect(publishScreen).toHaveBeenCalledOnce();
  });

  it('is refused from the players\' window, before its payload is read', async () => {
    const { call, publishScreen } = setupPublish();
    await expect(call('app:publish-player-screen', `${APP_PAGE}#player`, fightScreen())).rejects.toThrow(
      'app:publish-player-screen refused: the player window may not use this channel',
    );
    await expect(call('app:publish-player-screen', 'https://evil.example/', fightScreen())).rejects.toThrow(/is not a page of app:\/\/gm-screen/);
    expect(publishScreen).not.toHaveBeenCalled();
  });

  it('answers nothing and relays nothing where there is no players\' window (tests, harnesses)', async () => {
    const { call } = setup();
    await expect(call('app:publish-player-screen', APP_PAGE, fightScreen())).resolves.toBeUndefined();
  });
});

/** Every method of `window.gmScreen`, by channel: what the preload derives from the contract. */
const EXPECTED_METHODS = {
  'app:info': 'appInfo',
  'app:set-title': 'setTitle',
  'app:open-player-view': 'openPlayerView',
  'app:toggle-player-full-screen': 'togglePlayerFullScreen',
  'app:publish-player-screen': 'publishPlayerScreen',
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
  'share:status': 'shareStatus',
  'share:start': 'startSharing',
  'share:resume': 'resumeSharing',
  'share:stop': 'stopSharing',
  'share:new-code': 'newShareCode',
  'share:allow-pick': 'allowPick',
} as const satisfies Record<IpcChannel, string>;

/** What the main process tells the GM window unasked, one subscribing method each. */
const PUSH_METHODS = ['onPlayersWatching', 'onShareStatus', 'onOpenShareDialog'] as const;

describe('createApi (the preload side)', () => {
  it('has one method per channel, each invoking its channel with the given arguments', async () => {
    const invoke = vi.fn(async (channel: IpcChannel, ...args: unknown[]) => ({ channel, args }));
    const api: GmScreenApi = createApi(invoke);
    expect(Object.keys(api).sort()).toEqual([...Object.values(EXPECTED_METHODS), ...PUSH_METHODS].sort());
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

  it('hands the page the count of players\' screens watching, the last one at once to a late subscriber, and ignores anything else', () => {
    let push: (message: unknown) => void = () => {};
    const listen = vi.fn((channel: string, listener: (message: unknown) => void) => {
      if (channel === 'players:watching') push = listener;
    });
    const problems: unknown[] = [];
    const api = createApi(vi.fn(async () => null), listen, (error) => problems.push(error));
    expect(listen.mock.calls.map(([channel]) => channel)).toEqual(['players:watching', 'share:changed', 'share:open-dialog']);
    const early: number[] = [];
    const stop = api.onPlayersWatching((count) => early.push(count));
    expect(early).toEqual([]);
    push(1);
    for (const junk of [-1, 1.5, '2', null, { count: 2 }, Number.NaN]) push(junk);
    push(0);
    expect(early).toEqual([1, 0]);
    stop();
    push(2);
    expect(early).toEqual([1, 0]);
    // A page that subscribes after the count came gets it at once; one listener throwing does not stop the next.
    api.onPlayersWatching(() => {
      throw new Error('broken listener');
    });
    const late: number[] = [];
    api.onPlayersWatching((count) => late.push(count));
    expect(late).toEqual([2]);
    push(3);
    expect(late).toEqual([2, 3]);
    expect(problems).toHaveLength(2);
    expect(() => api.onPlayersWatching('not a function' as unknown as (count: number) => void)).toThrow(TypeError);
  });

  it('hands the page sharing\'s status as the main process pushes it (checked), and the menu\'s request for the dialog', () => {
    const pushes = new Map<string, (message: unknown) => void>();
    const api = createApi(vi.fn(async () => null), (channel, listener) => void pushes.set(channel, listener));
    const statuses: unknown[] = [];
    const opened = vi.fn();
    api.onShareStatus((status) => statuses.push(status));
    api.onOpenShareDialog(opened);
    const off = { sharing: false, interfaces: [{ name: 'wlan0', address: '192.168.1.20' }], address: null, url: null, code: null, qr: null, watchers: 0, pick: true, stopped: null };
    pushes.get('share:changed')!({ ...off, watchers: 'many' });
    pushes.get('share:changed')!(off);
    pushes.get('share:open-dialog')!(undefined);
    expect(statuses).toEqual([off]);
    expect(opened).toHaveBeenCalledOnce();
  });

  it('exposes under window.gmScreen', () => {
    expect(API_KEY).toBe('gmScreen');
    expectTypeOf<typeof API_KEY>().toEqualTypeOf<'gmScreen'>();
    expectTypeOf<Window['gmScreen']>().toEqualTypeOf<GmScreenApi | undefined>();
  });

  it('derives the method types from the contract (checked by tsc)', () => {
    expectTypeOf<keyof GmScreenApi>().toEqualTypeOf<(typeof EXPECTED_METHODS)[IpcChannel] | (typeof PUSH_METHODS)[number]>();
    expectTypeOf<GmScreenApi['appInfo']>().toEqualTypeOf<() => Promise<AppInfo>>();
    expectTypeOf<GmScreenApi['setTitle']>().parameters.toEqualTypeOf<[payload: { title: string }]>();
    expectTypeOf<GmScreenApi['setTitle']>().returns.toEqualTypeOf<Promise<void>>();

    expectTypeOf<GmScreenApi['openPlayerView']>().toEqualTypeOf<() => Promise<Result<void>>>();
    expectTypeOf<GmScreenApi['togglePlayerFullScreen']>().toEqualTypeOf<() => Promise<Result<void>>>();
    // The GM window sends the engine's players' screen format as it is.
    expectTypeOf<GmScreenApi['publishPlayerScreen']>().toEqualTypeOf<(payload: PlayerScreen) => Promise<void>>();

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
