import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppHandlers } from '../../../electron/app-handlers';
import { createCampaignHandlers } from '../../../electron/campaign-handlers';
import { registerIpcHandlers } from '../../../electron/ipc';
import { createApi, type GmScreenApi } from '../../../electron/ipc-contract';
import { createLogHandlers } from '../../../electron/log-handlers';
import { createShareHandlers } from '../../../electron/share-handlers';
import { createPlayersApi } from '../../../electron/players-bridge';
import { createPlayerWindowController, playerChannelRefusal, type PlayerWindowLike } from '../../../electron/player-window';
import { DEFAULT_SETTINGS } from '../../../electron/settings';
import { createSettingsHandlers } from '../../../electron/settings-handlers';
import { APP_PAGE, fakeIpcMain } from '../../../electron/testing/fake-ipc-main';
import { openCampaignDatabase, type CampaignDatabase } from '../campaigns/campaign-db';
import { indexedDbScreenSource } from './indexeddb-source';
import type { PlayerScreen } from './screen';
import { ipcScreenSource, type ScreenUpdate } from './screen-source';
import { chooseScreenSink, indexedDbScreenSink, ipcScreenSink } from './transport';
import { blankScreen } from '../../../engine/testing/player-screens';

// Issue 14: the GM window sends the players' screen over IPC in the desktop app (the players'
// window has a session of its own and cannot read this window's IndexedDB), into IndexedDB in a
// browser (unchanged: the page at #player reads it with a live query).

const png = { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 10, height: 10 } as const;
const screen = (campaign: string, more: Partial<PlayerScreen> = {}): PlayerScreen => blankScreen(campaign, { mode: 'live', ...more });

const fakeApi = () => ({
  publishPlayerScreen: vi.fn(async (_screen: PlayerScreen) => {}),
  onPlayersWatching: vi.fn((_listener: (count: number) => void) => () => {}),
});

describe('chooseScreenSink', () => {
  it('sends over IPC when the desktop bridge is there, and never touches IndexedDB then', async () => {
    const api = fakeApi();
    const db = { player: { put: vi.fn() } } as unknown as CampaignDatabase;
    const sink = chooseScreenSink(api, db);
    expect(sink.kind).toBe('ipc');
    await sink.send(screen('Night watch'));
    expect(api.publishPlayerScreen).toHaveBeenCalledExactlyOnceWith(screen('Night watch'));
    expect(db.player.put).not.toHaveBeenCalled();
  });

  it('writes into IndexedDB without it (the browser build)', () => {
    const db = { player: { put: vi.fn() } } as unknown as CampaignDatabase;
    expect(chooseScreenSink(undefined, db).kind).toBe('indexeddb');
  });
});

describe('ipcScreenSink', () => {
  it('hears how many players\' screens watch from the main process, through the bridge', () => {
    const api = fakeApi();
    const stop = vi.fn();
    api.onPlayersWatching.mockReturnValueOnce(stop);
    const listener = vi.fn();
    expect(ipcScreenSink(api).watchers(listener)).toBe(stop);
    expect(api.onPlayersWatching).toHaveBeenCalledExactlyOnceWith(listener);
  });

  it('turns a refusal into its reason, for the GM to read', async () => {
    const api = fakeApi();
    api.publishPlayerScreen.mockRejectedValueOnce(
      new Error("Error invoking remote method 'app:publish-player-screen': IpcRefusedError: app:publish-player-screen refused: screen is 17.0 MB, over the 16 MB limit; the players' screen was not updated"),
    );
    await expect(ipcScreenSink(api).send(screen('Big'))).rejects.toThrow(/^screen is 17\.0 MB, over the 16 MB limit; the players' screen was not updated$/);
    api.publishPlayerScreen.mockRejectedValueOnce('gone');
    await expect(ipcScreenSink(api).send(screen('Big'))).rejects.toThrow(/^gone$/);
  });
});

describe('the browser path: IndexedDB, as before', () => {
  let db: CampaignDatabase | null = null;
  afterEach(async () => {
    db?.close();
    if (db) await db.delete();
    db = null;
  });

  it('the page at #player reads what the GM\'s tab wrote, each screen read with readScreen', async () => {
    const name = `player-transport-${Math.random()}`;
    db = openCampaignDatabase(name);
    const sink = indexedDbScreenSink(db, () => 42);
    // The page says it watches for as long as it is subscribed (tab-presence.ts).
    const stopAnnouncing = vi.fn();
    const announce = vi.fn(() => stopAnnouncing);
    const source = indexedDbScreenSource(() => openCampaignDatabase(name), announce);
    expect(source.kind).toBe('indexeddb');
    const seen: ScreenUpdate[] = [];
    const fail = vi.fn();
    const stop = source.subscribe((update) => seen.push(update), fail);
    expect(announce).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(seen).toEqual([{ screen: null, writtenAt: 0 }]));
    await sink.send(screen('Night watch', { handout: png }));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ screen: screen('Night watch', { handout: png }), writtenAt: 42 }));
    // Whatever is in the row, the page gets only a screen readScreen accepts.
    await db.player.put({ key: 'screen', screen: { ...screen('Forged'), handout: { ...png, mime: 'image/svg+xml' } }, writtenAt: 43 });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ screen: screen('Forged'), writtenAt: 43 }));
    await db.player.put({ key: 'screen', screen: { version: 99 }, writtenAt: 44 });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ screen: null, writtenAt: 44 }));
    expect(stopAnnouncing).not.toHaveBeenCalled();
    stop();
    expect(stopAnnouncing).toHaveBeenCalledOnce();
    expect(fail).not.toHaveBeenCalled();
  });
});

/** A players' window whose page runs the players' preload's bridge, as the main process sees it. */
class FakePlayersWindow implements PlayerWindowLike {
  destroyed = false;
  readonly listeners = new Map<string, (() => void)[]>();
  /** The main process's `webContents.send` lands in the bridge the players' preload built. */
  readonly pushed: ((message: unknown) => void)[] = [];
  readonly bridge = createPlayersApi({
    invoke: async () => undefined,
    listen: (_channel, listener) => void this.pushed.push(listener),
  });
  readonly contentsListeners: (() => void)[] = [];
  readonly webContents = {
    send: (_channel: string, message: unknown) => this.pushed.forEach((listener) => listener(message)),
    // Only the page loading matters here; the navigation lock's events are player-window.test.ts's.
    on: (event: string, listener: (...args: never[]) => void) => void (event === 'did-finish-load' && this.contentsListeners.push(listener as () => void)),
    isDestroyed: () => this.destroyed,
  };
  isDestroyed = () => this.destroyed;
  isMinimized = () => false;
  restore() {}
  show() {}
  focus() {}
  close() {}
  isFullScreen = () => false;
  setFullScreen() {}
  getBounds = () => ({ x: 0, y: 0, width: 1280, height: 720 });
  getNormalBounds = () => this.getBounds();
  loadURL = async () => {};
  on() {
    return this;
  }
  once() {
    return this;
  }
  loaded() {
    this.contentsListeners.forEach((listener) => listener());
  }
}

/** The desktop path without Electron: the contract's API over a fake ipcMain, the real handlers and relay. */
function desktop() {
  const fake = fakeIpcMain();
  const windows: FakePlayersWindow[] = [];
  const display = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1080 } };
  const player = createPlayerWindowController({
    screen: { getAllDisplays: () => [display], getPrimaryDisplay: () => display, getDisplayMatching: () => display },
    createWindow: () => {
      const window = new FakePlayersWindow();
      windows.push(window);
      return window;
    },
    preloadPath: '/app/dist-electron/player-preload.cjs',
    packaged: true,
    gmWindow: () => null,
    remembered: () => undefined,
    remember: async () => ({ ok: true, value: undefined }),
  });
  const root = '/nonexistent/gm-screen-transport-test';
  const campaigns = createCampaignHandlers({ root, trash: async () => {} });
  const settings = createSettingsHandlers({ file: `${root}/settings.json`, defaultCampaignsFolder: root, loaded: { settings: DEFAULT_SETTINGS, problem: null, damaged: false }, campaigns });
  registerIpcHandlers(
    fake.ipcMain,
    { ...createAppHandlers({ info: { name: 'GM Screen', version: '0', platform: 'linux' }, setWindowTitle: () => {}, playerView: player }), ...campaigns.handlers, ...settings, ...createLogHandlers(), ...createShareHandlers() },
    { senderRefusal: (channel, event) => (event.senderFrame?.url.endsWith('#player') ? playerChannelRefusal(channel) : null) },
  );
  const gmApi: GmScreenApi = createApi((channel, ...args) => fake.call(channel, APP_PAGE, ...args));
  return { player, windows, sink: chooseScreenSink(gmApi, {} as CampaignDatabase) };
}

describe('the desktop path: GM window → main process → players\' window', () => {
  it('the players\' page gets each screen, checked on the way in and read on arrival; one opened late gets the last at once', async () => {
    const { player, windows, sink } = desktop();
    expect(sink.kind).toBe('ipc');
    await sink.send(screen('Before'));
    await sink.send(screen('Night watch', { background: png }));
    player.open();
    const window = windows[0]!;
    window.loaded();
    // The page subscribes after its preload got the screen: it gets it at once.
    const seen: ScreenUpdate[] = [];
    const stop = ipcScreenSource(window.bridge).subscribe((update) => seen.push(update), () => {});
    expect(seen).toEqual([{ screen: screen('Night watch', { background: png }), writtenAt: expect.any(Number) }]);
    await sink.send(screen('Night watch', { mode: 'curtain' }));
    expect(seen.at(-1)?.screen).toEqual(screen('Night watch', { mode: 'curtain' }));
    // A malformed screen is refused by the main process: the GM hears why, the players see no change.
    await expect(sink.send({ ...screen('Leak'), handout: { ...png, mime: 'image/svg+xml' } } as unknown as PlayerScreen)).rejects.toThrow(/^handout must be a PNG, JPEG or WebP picture/);
    expect(seen).toHaveLength(2);
    stop();
    await sink.send(screen('Later'));
    expect(seen).toHaveLength(2);
  });
});
