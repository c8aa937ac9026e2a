/**
 * The players' window against fake displays and windows: where it opens, what it remembers and
 * when, focusing when open, full screen, that it never touches the GM window, and that it gets
 * the published screens (the last one when it loads late or again) in a session of its own.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../engine/campaign/index';
import { ipcContract, type IpcChannel } from './ipc-contract';
import type { PlayerScreen } from '../engine/drawing';
import { PLAYER_SCREEN_CHANNEL, PLAYER_WINDOW_METHODS } from './players-bridge';
import {
  choosePlayerPlacement,
  createPlayerWindowController,
  keepOnDisplay,
  PLACEMENT_SAVE_DELAY_MS,
  PLAYER_PARTITION,
  PLAYER_VIEW_URL,
  PLAYER_WINDOW_CHANNELS,
  playerChannelRefusal,
  type DisplayLike,
  type PlayerWindowLike,
  type ScreenLike,
} from './player-window';
import type { PlayerWindowPlacement, WindowBounds } from './settings';
import { blankScreen } from '../engine/testing/player-screens';

vi.mock('electron', () => {
  throw new Error('player-window must only import types from electron');
});

const rect = (x: number, y: number, width: number, height: number): WindowBounds => ({ x, y, width, height });
/** A display whose work area leaves 40 px for a task bar at the bottom. */
const display = (id: number, bounds: WindowBounds): DisplayLike => ({ id, bounds, workArea: { ...bounds, height: bounds.height - 40 } });

const laptop = display(1, rect(0, 0, 1920, 1080));
const tv = display(2, rect(1920, 0, 3840, 2160));
const projector = display(3, rect(-1280, 0, 1280, 800));
const gmBounds = rect(100, 50, 1280, 800);

describe('choosePlayerPlacement', () => {
  it('single display, nothing remembered: a normal window beside the GM window', () => {
    // Right of the GM window does not fit (1380 + 1280 > 1920), left neither: a cascade.
    expect(choosePlayerPlacement({ displays: [laptop], gmDisplayId: 1, gmBounds, remembered: null })).toEqual({
      reason: 'beside-gm-window',
      displayId: 1,
      bounds: rect(148, 98, 1280, 720),
      fullScreen: false,
    });
    // A narrow GM window leaves room on its right.
    expect(choosePlayerPlacement({ displays: [laptop], gmDisplayId: 1, gmBounds: rect(0, 0, 600, 1040), remembered: null }).bounds).toEqual(
      rect(600, 0, 1280, 720),
    );
    // ... or on its left.
    expect(choosePlayerPlacement({ displays: [laptop], gmDisplayId: 1, gmBounds: rect(1300, 100, 620, 900), remembered: null }).bounds).toEqual(
      rect(20, 100, 1280, 720),
    );
    // No GM window: the middle of the display.
    expect(choosePlayerPlacement({ displays: [laptop], gmDisplayId: 1, gmBounds: null, remembered: undefined }).bounds).toEqual(
      rect(320, 160, 1280, 720),
    );
  });

  it('a small display: the window is made to fit', () => {
    const small = display(9, rect(0, 0, 1024, 640));
    const chosen = choosePlayerPlacement({ displays: [small], gmDisplayId: 9, gmBounds: rect(0, 0, 1024, 600), remembered: null });
    expect(chosen.bounds).toEqual(rect(0, 0, 1024, 600));
  });

  it('a second display, nothing remembered: full screen on the display the GM window is not on', () => {
    expect(choosePlayerPlacement({ displays: [laptop, tv], gmDisplayId: 1, gmBounds, remembered: null })).toEqual({
      reason: 'second-display',
      displayId: 2,
      bounds: rect(1920 + 1280, 700, 1280, 720),
      fullScreen: true,
    });
    // The GM window is on the TV: the laptop's screen it is.
    expect(choosePlayerPlacement({ displays: [laptop, tv], gmDisplayId: 2, gmBounds: rect(2000, 0, 1280, 800), remembered: null })).toMatchObject({
      displayId: 1,
      fullScreen: true,
    });
    // Three displays: the first one that is not the GM's.
    expect(choosePlayerPlacement({ displays: [laptop, tv, projector], gmDisplayId: 1, gmBounds, remembered: null }).displayId).toBe(2);
  });

  it('remembered, and its display is still there: where it was, full screen or not', () => {
    const remembered: PlayerWindowPlacement = { displayId: 3, bounds: rect(-1200, 40, 1000, 700), fullScreen: false };
    expect(choosePlayerPlacement({ displays: [laptop, tv, projector], gmDisplayId: 1, gmBounds, remembered })).toEqual({
      reason: 'remembered',
      ...remembered,
    });
    // Even on the GM's own display, if that is where the GM put it.
    const onGm: PlayerWindowPlacement = { displayId: 1, bounds: rect(500, 100, 800, 600), fullScreen: true };
    expect(choosePlayerPlacement({ displays: [laptop, tv], gmDisplayId: 1, gmBounds, remembered: onGm })).toEqual({ reason: 'remembered', ...onGm });
  });

  it('remembered on a display that is gone: as if nothing were remembered', () => {
    const remembered: PlayerWindowPlacement = { displayId: 2, bounds: rect(2000, 100, 1280, 720), fullScreen: true };
    expect(choosePlayerPlacement({ displays: [laptop], gmDisplayId: 1, gmBounds, remembered })).toMatchObject({
      reason: 'beside-gm-window',
      displayId: 1,
      fullScreen: false,
    });
    expect(choosePlayerPlacement({ displays: [laptop, projector], gmDisplayId: 1, gmBounds, remembered })).toMatchObject({
      reason: 'second-display',
      displayId: 3,
      fullScreen: true,
    });
  });

  it('remembered bounds that no longer sit on their display (its resolution or arrangement changed) are fitted to it', () => {
    // The TV now sits left of the laptop: the old bounds would be on the laptop.
    const moved = display(2, rect(-3840, 0, 3840, 2160));
    const remembered: PlayerWindowPlacement = { displayId: 2, bounds: rect(2000, 100, 1280, 720), fullScreen: true };
    const chosen = choosePlayerPlacement({ displays: [laptop, moved], gmDisplayId: 1, gmBounds, remembered });
    expect(chosen).toMatchObject({ reason: 'remembered', displayId: 2, fullScreen: true });
    expect(chosen.bounds).toEqual(rect(-3840 + 1280, 700, 1280, 720));
    // Larger than the display now is: shrunk to its work area.
    expect(keepOnDisplay(rect(0, 0, 3000, 2000), laptop.workArea)).toEqual(laptop.workArea);
    // Partly off the display but its middle on it: left as the GM put it.
    expect(keepOnDisplay(rect(1200, 500, 1280, 720), laptop.workArea)).toEqual(rect(1200, 500, 1280, 720));
  });

  it('refuses to choose without any display', () => {
    expect(() => choosePlayerPlacement({ displays: [], gmDisplayId: 1, gmBounds: null, remembered: null })).toThrow(/no display/);
  });
});

/** A stand-in for a window's WebContents: records what is sent, emits its events on demand. */
class FakeContents {
  readonly id = Math.random();
  readonly send = vi.fn((_channel: string, ..._args: unknown[]) => {});
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  destroyed = false;
  isDestroyed = () => this.destroyed;
  // Any of the listeners PlayerContentsLike declares; each is called with what its event carries.
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** Its page (and preload) finished loading: opened, or reloaded. */
  loaded() {
    this.emit('did-finish-load');
  }
  /** The page tries to go to `url`; says whether the window refused. */
  navigates(url: string, event = 'will-navigate'): boolean {
    const preventDefault = vi.fn();
    this.emit(event, { url, preventDefault });
    return preventDefault.mock.calls.length > 0;
  }
}

/** A stand-in for BrowserWindow: records calls, emits events on demand. */
class FakeWindow implements PlayerWindowLike {
  readonly webContents = new FakeContents();
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  destroyed = false;
  minimized = false;
  fullScreen = false;
  bounds: WindowBounds;
  normalBounds: WindowBounds;
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn(() => {
    this.minimized = false;
  });
  readonly loadURL = vi.fn(async (_url: string) => {});
  readonly setFullScreen = vi.fn((flag: boolean) => {
    this.fullScreen = flag;
    this.emit(flag ? 'enter-full-screen' : 'leave-full-screen');
  });
  readonly close = vi.fn(() => {
    this.emit('close');
    this.destroyed = true;
    this.emit('closed');
  });

  constructor(readonly options: BrowserWindowConstructorOptions) {
    this.bounds = rect(options.x ?? 0, options.y ?? 0, options.width ?? 800, options.height ?? 600);
    this.normalBounds = this.bounds;
  }
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isFullScreen = () => this.fullScreen;
  getBounds = () => this.bounds;
  getNormalBounds = () => this.normalBounds;
  // `never[]`: every listener's own parameters are accepted; emit() passes what a test gives.
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (...args: unknown[]) => void]);
    return this;
  }
  once(event: string, listener: (...args: never[]) => void) {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The GM moves it onto `to` (a display's bounds when full screen). */
  moveTo(to: WindowBounds) {
    this.bounds = to;
    if (!this.fullScreen) this.normalBounds = to;
    this.emit('move');
  }
}

function fakeScreen(displays: DisplayLike[]): ScreenLike & { displays: DisplayLike[] } {
  const overlap = (a: WindowBounds, b: WindowBounds) =>
    Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const screen = {
    displays,
    getAllDisplays: () => screen.displays,
    getPrimaryDisplay: () => screen.displays[0]!,
    getDisplayMatching: (r: WindowBounds) => [...screen.displays].sort((a, b) => overlap(r, b.bounds) - overlap(r, a.bounds))[0]!,
  };
  return screen;
}

function setup(options: { displays?: DisplayLike[]; remembered?: PlayerWindowPlacement; remember?: (p: PlayerWindowPlacement) => Promise<Result<void>> } = {}) {
  const screen = fakeScreen(options.displays ?? [laptop, tv]);
  const windows: FakeWindow[] = [];
  const gm = {
    getBounds: vi.fn(() => gmBounds),
    close: vi.fn(),
    destroy: vi.fn(),
    focus: vi.fn(),
    hide: vi.fn(),
    setFullScreen: vi.fn(),
  };
  let saved: PlayerWindowPlacement | undefined = options.remembered;
  const remember = vi.fn(
    options.remember ??
      (async (placement: PlayerWindowPlacement): Promise<Result<void>> => {
        saved = placement;
        return { ok: true, value: undefined };
      }),
  );
  const onOpenChange = vi.fn();
  const onProblem = vi.fn();
  const player = createPlayerWindowController({
    screen,
    createWindow: (windowOptions) => {
      const window = new FakeWindow(windowOptions);
      windows.push(window);
      return window;
    },
    preloadPath: '/app/dist-electron/player-preload.cjs',
    packaged: true,
    gmWindow: () => gm,
    remembered: () => saved,
    remember,
    onOpenChange,
    onProblem,
    now: () => 1_700_000_000_000,
  });
  return { screen, windows, gm, player, remember, onOpenChange, onProblem, saved: () => saved };
}

describe('the players\' window', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the app\'s page at #player, with its own preload and session, and full screen on the second display once painted', () => {
    const { player, windows, onOpenChange } = setup();
    expect(player.open()).toEqual({ ok: true, value: undefined });
    expect(windows).toHaveLength(1);
    const [window] = windows;
    expect(PLAYER_VIEW_URL).toBe('app://gm-screen/index.html#player');
    expect(window!.loadURL).toHaveBeenCalledWith(PLAYER_VIEW_URL);
    expect(window!.options).toMatchObject({
      title: 'GM Screen — Players',
      x: 3200,
      y: 700,
      show: false,
      webPreferences: {
        preload: '/app/dist-electron/player-preload.cjs',
        partition: 'gm-screen-players',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
      },
    });
    expect(PLAYER_PARTITION).toBe('gm-screen-players');
    expect(window!.show).not.toHaveBeenCalled();
    window!.emit('ready-to-show');
    expect(window!.show).toHaveBeenCalledOnce();
    expect(window!.setFullScreen).toHaveBeenCalledWith(true);
    expect(onOpenChange.mock.calls).toEqual([[true]]);
    expect(player.isOpen()).toBe(true);
  });

  it('keeps its own title: the page\'s <title> does not replace it', () => {
    const { player, windows } = setup();
    player.open();
    const event = { preventDefault: vi.fn() };
    windows[0]!.emit('page-title-updated', event, 'GM Screen', false);
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it('with one display: a normal window beside the GM window, not full screen', () => {
    const { player, windows } = setup({ displays: [laptop] });
    player.open();
    windows[0]!.emit('ready-to-show');
    expect(windows[0]!.setFullScreen).not.toHaveBeenCalled();
    expect(windows[0]!.options).toMatchObject({ x: 148, y: 98, width: 1280, height: 720 });
  });

  it('opening it again focuses it (restoring it when minimized) instead of opening another', () => {
    const { player, windows, onOpenChange } = setup();
    player.open();
    windows[0]!.minimized = true;
    expect(player.open()).toEqual({ ok: true, value: undefined });
    expect(windows).toHaveLength(1);
    expect(windows[0]!.restore).toHaveBeenCalledOnce();
    expect(windows[0]!.focus).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledOnce();
  });

  it('toggles full screen, and says so when it is not open', () => {
    const { player, windows } = setup();
    expect(player.toggleFullScreen()).toEqual({ ok: false, code: 'player/not-open', message: expect.stringMatching(/not open/) });
    player.open();
    const [window] = windows;
    expect(player.toggleFullScreen()).toEqual({ ok: true, value: undefined });
    expect(window!.fullScreen).toBe(true);
    player.toggleFullScreen();
    expect(window!.fullScreen).toBe(false);
  });

  it('remembers where it is once it has stopped moving (debounced), and when it closes', async () => {
    const { player, windows, remember, saved } = setup({ displays: [laptop, tv] });
    player.open();
    const [window] = windows;
    window!.moveTo(rect(300, 200, 1280, 720));
    window!.moveTo(rect(310, 210, 1280, 720));
    window!.emit('resize');
    expect(remember).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(PLACEMENT_SAVE_DELAY_MS);
    expect(remember).toHaveBeenCalledOnce();
    expect(saved()).toEqual({ displayId: 1, bounds: rect(310, 210, 1280, 720), fullScreen: false });

    // Moved to the TV and made full screen there: the TV, full screen, its bounds out of full screen.
    window!.moveTo(rect(2500, 300, 1280, 720));
    window!.setFullScreen(true);
    window!.bounds = tv.bounds;
    player.close();
    await player.settled();
    expect(remember).toHaveBeenCalledTimes(2);
    expect(saved()).toEqual({ displayId: 2, bounds: rect(2500, 300, 1280, 720), fullScreen: true });
    // Nothing left waiting after the close.
    await vi.advanceTimersByTimeAsync(PLACEMENT_SAVE_DELAY_MS * 2);
    expect(remember).toHaveBeenCalledTimes(2);
    expect(player.writing()).toBe(false);
  });

  it('reopens where it was last time', async () => {
    const { player, windows } = setup({ displays: [laptop, tv] });
    player.open();
    windows[0]!.emit('ready-to-show');
    // The GM takes it out of full screen and puts it in a corner of the TV.
    windows[0]!.setFullScreen(false);
    windows[0]!.moveTo(rect(1920, 0, 1000, 600));
    windows[0]!.close();
    await player.settled();
    expect(player.isOpen()).toBe(false);

    player.open();
    expect(windows).toHaveLength(2);
    expect(windows[1]!.options).toMatchObject({ x: 1920, y: 0, width: 1000, height: 600 });
    windows[1]!.emit('ready-to-show');
    expect(windows[1]!.setFullScreen).not.toHaveBeenCalled();
  });

  it('opens where it would the first time when the remembered display is gone', () => {
    const remembered = { displayId: 7, bounds: rect(5000, 0, 1280, 720), fullScreen: false };
    const { player, windows } = setup({ displays: [laptop, tv], remembered });
    player.open();
    windows[0]!.emit('ready-to-show');
    expect(windows[0]!.options).toMatchObject({ x: 3200, y: 700 });
    expect(windows[0]!.setFullScreen).toHaveBeenCalledWith(true);
  });

  it('closing it never touches the GM window, and it can be opened again', () => {
    const { player, windows, gm, onOpenChange } = setup();
    player.open();
    windows[0]!.close();
    expect(player.isOpen()).toBe(false);
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
    for (const method of [gm.close, gm.destroy, gm.focus, gm.hide, gm.setFullScreen]) expect(method).not.toHaveBeenCalled();
    player.open();
    expect(windows).toHaveLength(2);
    expect(player.isOpen()).toBe(true);
  });

  it('close() closes it (the GM window closed), and does nothing when it is not open', () => {
    const { player, windows } = setup();
    player.close();
    player.open();
    player.close();
    expect(windows[0]!.close).toHaveBeenCalledOnce();
    expect(player.isOpen()).toBe(false);
  });

  it('keeps its page: navigating to the GM screen or away is refused, and a changed #hash loads the players\' page again', () => {
    const { player, windows, onProblem } = setup();
    player.open();
    const contents = windows[0]!.webContents;
    expect(contents.navigates(PLAYER_VIEW_URL)).toBe(false);
    expect(contents.navigates('app://gm-screen/index.html')).toBe(true);
    expect(contents.navigates('app://gm-screen/index.html#campaigns', 'will-redirect')).toBe(true);
    expect(contents.navigates('app://gm-screen/other.html', 'will-frame-navigate')).toBe(true);
    expect(onProblem).toHaveBeenCalledWith("The players' window may show only its own page; app://gm-screen/index.html was refused.");
    windows[0]!.loadURL.mockClear();
    contents.emit('did-navigate-in-page', {}, PLAYER_VIEW_URL);
    expect(windows[0]!.loadURL).not.toHaveBeenCalled();
    contents.emit('did-navigate-in-page', {}, 'app://gm-screen/index.html#');
    expect(windows[0]!.loadURL).toHaveBeenCalledExactlyOnceWith(PLAYER_VIEW_URL);
  });

  it('tells its own page from others by its webContents', () => {
    const { player, windows } = setup();
    expect(player.owns({})).toBe(false);
    expect(player.owns(undefined)).toBe(false);
    player.open();
    expect(player.owns(windows[0]!.webContents)).toBe(true);
    expect(player.owns({ id: 1 })).toBe(false);
    windows[0]!.close();
    expect(player.owns(windows[0]!.webContents)).toBe(false);
  });

  it('a placement that cannot be written is logged, never thrown', async () => {
    const { player, windows, onProblem } = setup({
      remember: async () => ({ ok: false, code: 'io/failed', message: 'Could not save settings.json (disk full).' }),
    });
    player.open();
    windows[0]!.close();
    await player.settled();
    expect(onProblem).toHaveBeenCalledWith(expect.stringMatching(/not remembered: Could not save settings\.json \(disk full\)/));
  });

  it('a window that cannot be made answers a failure', () => {
    const onProblem = vi.fn();
    const player = createPlayerWindowController({
      screen: fakeScreen([laptop]),
      createWindow: () => {
        throw new Error('GPU process gone');
      },
      preloadPath: '/p.cjs',
      packaged: true,
      gmWindow: () => null,
      remembered: () => undefined,
      remember: async () => ({ ok: true, value: undefined }),
      onProblem,
    });
    expect(player.open()).toEqual({ ok: false, code: 'player/open-failed', message: expect.stringMatching(/GPU process gone/) });
    expect(player.isOpen()).toBe(false);
    expect(onProblem).toHaveBeenCalledOnce();
  });
});

describe('the players\' window\'s channels', () => {
  it('are harmless ones only: no campaign or settings channel, nor publishing a screen', () => {
    for (const channel of Object.keys(ipcContract) as IpcChannel[]) {
      const allowed = playerChannelRefusal(channel) === null;
      expect(allowed, channel).toBe(PLAYER_WINDOW_CHANNELS.has(channel));
      if (channel.startsWith('campaigns:') || channel.startsWith('settings:')) expect(allowed, channel).toBe(false);
    }
    expect(playerChannelRefusal('app:publish-player-screen')).toBe('the player window may not use this channel');
    expect([...PLAYER_WINDOW_CHANNELS].sort()).toEqual(['app:info', 'app:set-title', 'app:toggle-player-full-screen']);
  });

  it('are exactly the ones its preload offers', () => {
    expect(Object.keys(PLAYER_WINDOW_METHODS).sort()).toEqual([...PLAYER_WINDOW_CHANNELS].sort());
    for (const [channel, method] of Object.entries(PLAYER_WINDOW_METHODS)) expect(ipcContract[channel as IpcChannel].method).toBe(method);
  });
});

describe('the screens the GM window publishes', () => {
  const screen = (campaign: string): PlayerScreen => blankScreen(campaign);
  const update = (campaign: string) => ({ screen: screen(campaign), writtenAt: 1_700_000_000_000 });

  it('go to the players\' window, on its channel, as they come', () => {
    const { player, windows } = setup();
    player.open();
    const window = windows[0]!;
    player.publishScreen(screen('Night watch'));
    player.publishScreen(screen('Lost Mine'));
    expect(window.webContents.send.mock.calls).toEqual([
      [PLAYER_SCREEN_CHANNEL, update('Night watch')],
      [PLAYER_SCREEN_CHANNEL, update('Lost Mine')],
    ]);
    expect(PLAYER_SCREEN_CHANNEL).toBe('players:screen');
  });

  it('are kept while no players\' window is open: one opened late gets the last one once its page has loaded', () => {
    const { player, windows } = setup();
    expect(player.lastScreen()).toBeNull();
    player.publishScreen(screen('Early'));
    player.publishScreen(screen('Latest'));
    expect(player.lastScreen()).toEqual(update('Latest'));
    player.open();
    const window = windows[0]!;
    expect(window.webContents.send).not.toHaveBeenCalled();
    window.webContents.loaded();
    expect(window.webContents.send.mock.calls).toEqual([[PLAYER_SCREEN_CHANNEL, update('Latest')]]);
  });

  it('reach a reloaded page again, and a window opened after the last one closed', () => {
    const { player, windows } = setup();
    player.open();
    windows[0]!.webContents.loaded();
    expect(windows[0]!.webContents.send).not.toHaveBeenCalled();
    player.publishScreen(screen('Night watch'));
    windows[0]!.webContents.loaded();
    expect(windows[0]!.webContents.send).toHaveBeenCalledTimes(2);
    windows[0]!.close();
    player.publishScreen(screen('After'));
    expect(windows[0]!.webContents.send).toHaveBeenCalledTimes(2);
    player.open();
    windows[1]!.webContents.loaded();
    expect(windows[1]!.webContents.send.mock.calls).toEqual([[PLAYER_SCREEN_CHANNEL, update('After')]]);
  });

  it('a page that is gone is skipped, and a send that throws is logged, never thrown', () => {
    const { player, windows, onProblem } = setup();
    player.open();
    const contents = windows[0]!.webContents;
    contents.destroyed = true;
    player.publishScreen(screen('Gone'));
    expect(contents.send).not.toHaveBeenCalled();
    contents.destroyed = false;
    contents.send.mockImplementationOnce(() => {
      throw new Error('Render frame was disposed');
    });
    expect(() => player.publishScreen(screen('Again'))).not.toThrow();
    expect(onProblem).toHaveBeenCalledWith(expect.stringMatching(/could not be sent: Error: Render frame was disposed/));
  });
});
