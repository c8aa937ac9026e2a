/**
 * The players' window: the app's page at `#player`, in its own window, usually full screen on a
 * second display (a TV, a projector). Plain logic with Electron's `screen` and `BrowserWindow`
 * passed in, so it is tested without Electron.
 *
 * - Where it opens: where it was last time if that display is still connected; else full screen on
 *   a display other than the GM window's; else a normal window beside the GM window.
 * - Where it is (display, bounds out of full screen, full screen or not) is remembered in
 *   settings.json after it moves, is resized or changes full screen (debounced), and when it closes.
 * - Opening it when it is open brings it to the front. Closing it never touches the GM window;
 *   main.ts closes it when the GM window closes.
 * - It is fed only the projection. It runs in a session of its own (`PLAYER_PARTITION`, in
 *   memory: the GM window's IndexedDB is out of its reach) with its own preload
 *   (player-preload.ts: no campaign API). What it shows comes from the GM window over IPC
 *   (`app:publish-player-screen`, checked by the contract): `publishScreen` keeps the last screen
 *   and sends it to this window only, on `PLAYER_SCREEN_CHANNEL`, at once and again whenever its
 *   page has loaded (opened late, or reloaded).
 * - Its IPC is limited to `PLAYER_WINDOW_CHANNELS` (main.ts passes `senderRefusal` to
 *   registerIpcHandlers): it cannot open, save or delete campaigns, nor publish a screen.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import * as v from 'valibot';
import { APP_ENTRY_URL } from './app-origin';
import type { PlayerViewControl } from './app-handlers';
import type { Result } from '../engine/campaign/index';
import type { IpcChannel, PlayerScreenUpdate } from './ipc-contract';
import { PLAYER_SCREEN_CHANNEL, PLAYER_WINDOW_METHODS } from './players-bridge';
import type { PlayerScreen } from '../engine/drawing';
import { playerWindowSchema, type PlayerWindowPlacement, type WindowBounds } from './settings';
import { playerWindowOptions } from './window-options';

export { PLAYER_PARTITION } from './window-options';

/** The hash the renderer shows the players' view for. */
export const PLAYER_VIEW_HASH = '#player';
export const PLAYER_VIEW_URL = `${APP_ENTRY_URL}${PLAYER_VIEW_HASH}`;
/** How long the window must stay still before its place is written. */
export const PLACEMENT_SAVE_DELAY_MS = 750;
/** Its size out of full screen when nothing is remembered (fitted to the display). */
export const DEFAULT_PLAYER_SIZE = { width: 1280, height: 720 } as const;
/** How far a cascaded window sits from the GM window's corner when there is no room beside it. */
const CASCADE_OFFSET = 48;

/**
 * The only channels the players' window may call, the ones its preload offers
 * (players-bridge.ts): nothing that reads or writes a campaign or the settings, nor publishes the
 * players' screen. The page reads only what the main process relays to it.
 */
export const PLAYER_WINDOW_CHANNELS: ReadonlySet<IpcChannel> = new Set<IpcChannel>(
  Object.keys(PLAYER_WINDOW_METHODS) as (keyof typeof PLAYER_WINDOW_METHODS)[],
);

/** Why the players' window may not call `channel`, or null. */
export function playerChannelRefusal(channel: IpcChannel): string | null {
  return PLAYER_WINDOW_CHANNELS.has(channel) ? null : 'the player window may not use this channel';
}

/** The part of Electron's `Display` used here. */
export interface DisplayLike {
  readonly id: number;
  readonly bounds: WindowBounds;
  /** The bounds without task bars and docks. */
  readonly workArea: WindowBounds;
}

/** The part of Electron's `screen` used here. */
export interface ScreenLike {
  getAllDisplays(): DisplayLike[];
  getPrimaryDisplay(): DisplayLike;
  /** The display that `rect` overlaps most. */
  getDisplayMatching(rect: WindowBounds): DisplayLike;
}

export interface PlacementInput {
  readonly displays: readonly DisplayLike[];
  /** The display the GM window is on (the primary one when there is no GM window). */
  readonly gmDisplayId: number;
  /** The GM window's bounds, or null when it is not open. */
  readonly gmBounds: WindowBounds | null;
  /** Where the players' window was last time, if known. */
  readonly remembered: PlayerWindowPlacement | null | undefined;
}

export interface ChosenPlacement extends PlayerWindowPlacement {
  readonly reason: 'remembered' | 'second-display' | 'beside-gm-window';
}

/** Where the players' window opens. Pure; `displays` must not be empty. */
export function choosePlayerPlacement({ displays, gmDisplayId, gmBounds, remembered }: PlacementInput): ChosenPlacement {
  const rememberedDisplay = remembered ? displays.find((display) => display.id === remembered.displayId) : undefined;
  if (remembered && rememberedDisplay) {
    return {
      reason: 'remembered',
      displayId: rememberedDisplay.id,
      bounds: keepOnDisplay(remembered.bounds, rememberedDisplay.workArea),
      fullScreen: remembered.fullScreen,
    };
  }
  // Electron lists the displays in a stable order; the first one that is not the GM's wins.
  const other = displays.find((display) => display.id !== gmDisplayId);
  if (other) {
    return { reason: 'second-display', displayId: other.id, bounds: centred(DEFAULT_PLAYER_SIZE, other.workArea), fullScreen: true };
  }
  const display = displays.find((d) => d.id === gmDisplayId) ?? displays[0];
  if (!display) throw new Error('no display to open the player window on');
  return { reason: 'beside-gm-window', displayId: display.id, bounds: besideGmWindow(gmBounds, display.workArea), fullScreen: false };
}

/** `bounds` as they are when the window's centre is on `area` and it fits; else fitted and centred. */
export function keepOnDisplay(bounds: WindowBounds, area: WindowBounds): WindowBounds {
  const centreX = bounds.x + bounds.width / 2;
  const centreY = bounds.y + bounds.height / 2;
  const fits = bounds.width <= area.width && bounds.height <= area.height;
  const centreOn = centreX >= area.x && centreX < area.x + area.width && centreY >= area.y && centreY < area.y + area.height;
  return fits && centreOn ? bounds : centred(bounds, area);
}

/** A window of `size` (at most `area`'s) in the middle of `area`. */
function centred(size: { readonly width: number; readonly height: number }, area: WindowBounds): WindowBounds {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/** Right of the GM window if it fits, else left of it, else a little below and right of its corner. */
function besideGmWindow(gm: WindowBounds | null, area: WindowBounds): WindowBounds {
  if (!gm) return centred(DEFAULT_PLAYER_SIZE, area);
  const width = Math.min(DEFAULT_PLAYER_SIZE.width, area.width);
  const height = Math.min(DEFAULT_PLAYER_SIZE.height, area.height);
  const clampX = (x: number) => Math.max(area.x, Math.min(x, area.x + area.width - width));
  const clampY = (y: number) => Math.max(area.y, Math.min(y, area.y + area.height - height));
  const right = gm.x + gm.width;
  if (right + width <= area.x + area.width) return { x: right, y: clampY(gm.y), width, height };
  if (gm.x - width >= area.x) return { x: gm.x - width, y: clampY(gm.y), width, height };
  return { x: clampX(gm.x + CASCADE_OFFSET), y: clampY(gm.y + CASCADE_OFFSET), width, height };
}

/** The events of the window listened to here. */
type PlacementEvent = 'move' | 'resize' | 'enter-full-screen' | 'leave-full-screen';

/** The part of Electron's `WebContents` used here. */
export interface PlayerContentsLike {
  send(channel: string, ...args: unknown[]): void;
  /** Its page (and preload) has loaded: after opening, and after every reload. */
  on(event: 'did-finish-load', listener: () => void): unknown;
  /** A navigation away from the page, which the listener may refuse. */
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: { readonly url: string; preventDefault(): void }) => void): unknown;
  /** A change of the page's address without a load (its #hash). */
  on(event: 'did-navigate-in-page', listener: (event: unknown, url: string) => void): unknown;
  isDestroyed(): boolean;
}

/** The part of Electron's `BrowserWindow` used here. */
export interface PlayerWindowLike {
  readonly webContents: PlayerContentsLike;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  close(): void;
  isFullScreen(): boolean;
  setFullScreen(flag: boolean): void;
  getBounds(): WindowBounds;
  getNormalBounds(): WindowBounds;
  loadURL(url: string): Promise<void>;
  on(event: PlacementEvent | 'close' | 'closed', listener: () => void): unknown;
  on(event: 'page-title-updated', listener: (event: { preventDefault(): void }) => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
}

/**
 * The players' window stays on its one page. Every window is kept on app:// (navigation.ts); this
 * one may not even reach the app's other page, the GM screen: a navigation elsewhere is refused,
 * and a change of its #hash is undone by loading the players' page again.
 */
function keepOnPlayersPage(window: PlayerWindowLike, refused: (message: string) => void): void {
  const stay = (event: { readonly url: string; preventDefault(): void }) => {
    if (event.url === PLAYER_VIEW_URL) return;
    event.preventDefault();
    refused(`The players' window may show only its own page; ${event.url} was refused.`);
  };
  window.webContents.on('will-navigate', stay);
  window.webContents.on('will-redirect', stay);
  window.webContents.on('will-frame-navigate', stay);
  window.webContents.on('did-navigate-in-page', (_event, url) => {
    if (url !== PLAYER_VIEW_URL && !window.isDestroyed()) void window.loadURL(PLAYER_VIEW_URL).catch(() => {});
  });
}

export interface PlayerWindowDeps {
  readonly screen: ScreenLike;
  /** Makes the window (Electron: `new BrowserWindow(options)`). */
  readonly createWindow: (options: BrowserWindowConstructorOptions) => PlayerWindowLike;
  /** The players' window's own preload script (player-preload.ts), not the GM window's. */
  readonly preloadPath: string;
  /** An installed build: the window's developer tools stay closed. */
  readonly packaged: boolean;
  /** The GM window, when it is open: the players' window opens on another display or beside it. */
  readonly gmWindow: () => { getBounds(): WindowBounds } | null;
  /** Where it was last time (settings.json). */
  readonly remembered: () => PlayerWindowPlacement | null | undefined;
  /** Remembers where it is now (settings-store.ts). */
  readonly remember: (placement: PlayerWindowPlacement) => Promise<Result<void>>;
  /** Told when it opens or closes (main.ts enables the full-screen menu item). */
  readonly onOpenChange?: (open: boolean) => void;
  /** Told about a problem nobody needs to act on (for the log). */
  readonly onProblem?: (message: string) => void;
  /** Debounce of the placement writes (tests). */
  readonly saveDelayMs?: number;
  /** The clock the relayed screens are stamped with (tests). */
  readonly now?: () => number;
}

export interface PlayerWindowController extends PlayerViewControl {
  /** The last screen published, as it is sent to the players' window; null before the first. */
  lastScreen(): PlayerScreenUpdate | null;
  isOpen(): boolean;
  /** True when `contents` is the players' window's (IPC sender checks). */
  owns(contents: unknown): boolean;
  /** Closes it (the GM window closed); its place is remembered as for any close. */
  close(): void;
  /** True while a placement write is under way. */
  writing(): boolean;
  /** Resolves once the placement writes started so far are done (quitting waits for it). */
  settled(): Promise<void>;
}

export function createPlayerWindowController(deps: PlayerWindowDeps): PlayerWindowController {
  const delay = deps.saveDelayMs ?? PLACEMENT_SAVE_DELAY_MS;
  let current: PlayerWindowLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writes: Promise<void> = Promise.resolve();
  let inFlight = 0;
  /** The last screen the GM window published; sent to every players' page that loads. */
  let lastScreen: PlayerScreenUpdate | null = null;

  const live = (): PlayerWindowLike | null => (current && !current.isDestroyed() ? current : null);
  const problem = (message: string) => deps.onProblem?.(message);

  function cancelTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /** Where `window` is now, or null when that cannot be told (or would not be read back). */
  function placementOf(window: PlayerWindowLike): PlayerWindowPlacement | null {
    if (window.isDestroyed()) return null;
    const fullScreen = window.isFullScreen();
    const normal = window.getNormalBounds();
    const bounds = {
      x: Math.round(normal.x),
      y: Math.round(normal.y),
      width: Math.round(normal.width),
      height: Math.round(normal.height),
    };
    // Full screen, the window covers its display; otherwise (minimized too) its normal bounds tell.
    const displayId = deps.screen.getDisplayMatching(fullScreen ? window.getBounds() : bounds).id;
    const checked = v.safeParse(playerWindowSchema, { displayId, bounds, fullScreen });
    if (!checked.success) {
      problem(`The player window's place was not remembered: ${JSON.stringify({ displayId, bounds, fullScreen })}.`);
      return null;
    }
    return checked.output;
  }

  function saveNow(window: PlayerWindowLike): void {
    cancelTimer();
    const placement = placementOf(window);
    if (!placement) return;
    inFlight += 1;
    writes = writes
      .then(() => deps.remember(placement))
      .then(
        (result) => {
          if (!result.ok) problem(`The player window's place was not remembered: ${result.message}`);
        },
        (error: unknown) => problem(`The player window's place was not remembered: ${String(error)}`),
      )
      .finally(() => {
        inFlight -= 1;
      });
  }

  function saveSoon(window: PlayerWindowLike): void {
    cancelTimer();
    timer = setTimeout(() => {
      timer = null;
      saveNow(window);
    }, delay);
  }

  /** Sends the last screen to `window`'s page, if there is one and the page is there. */
  function sendScreen(window: PlayerWindowLike): void {
    if (!lastScreen || window.isDestroyed() || window.webContents.isDestroyed()) return;
    try {
      window.webContents.send(PLAYER_SCREEN_CHANNEL, lastScreen);
    } catch (error) {
      // A page going away while the screen is sent: it gets the screen when it loads again.
      problem(`The players' screen could not be sent: ${String(error)}`);
    }
  }

  function focus(window: PlayerWindowLike): void {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  function open(): Result<void> {
    const existing = live();
    if (existing) {
      focus(existing);
      return { ok: true, value: undefined };
    }
    try {
      const gm = deps.gmWindow();
      const gmBounds = gm ? gm.getBounds() : null;
      const gmDisplayId = gmBounds ? deps.screen.getDisplayMatching(gmBounds).id : deps.screen.getPrimaryDisplay().id;
      const placement = choosePlayerPlacement({
        displays: deps.screen.getAllDisplays(),
        gmDisplayId,
        gmBounds,
        remembered: deps.remembered(),
      });
      const window = deps.createWindow(playerWindowOptions(deps.preloadPath, placement.bounds, deps.packaged));
      current = window;
      // The page's <title> would replace "GM Screen — Players"; app:set-title still may.
      window.on('page-title-updated', (event) => event.preventDefault());
      // Opened after the GM published, or reloaded: the page gets the last screen at once.
      window.webContents.on('did-finish-load', () => sendScreen(window));
      keepOnPlayersPage(window, problem);
      window.once('ready-to-show', () => {
        if (window.isDestroyed()) return;
        window.show();
        if (placement.fullScreen) window.setFullScreen(true);
        window.focus();
      });
      for (const event of ['move', 'resize', 'enter-full-screen', 'leave-full-screen'] as const) {
        window.on(event, () => saveSoon(window));
      }
      window.on('close', () => saveNow(window));
      window.on('closed', () => {
        if (current !== window) return;
        cancelTimer();
        current = null;
        deps.onOpenChange?.(false);
      });
      void window.loadURL(PLAYER_VIEW_URL).catch((error: unknown) => problem(`The player view did not load: ${String(error)}`));
      deps.onOpenChange?.(true);
      return { ok: true, value: undefined };
    } catch (error) {
      problem(`The player window could not be opened: ${String(error)}`);
      return {
        ok: false,
        code: 'player/open-failed',
        message: `The player view could not be opened (${error instanceof Error ? error.message : String(error)}).`,
      };
    }
  }

  return {
    open,
    toggleFullScreen() {
      const window = live();
      if (!window) return { ok: false, code: 'player/not-open', message: 'The player view is not open; open it first.' };
      window.setFullScreen(!window.isFullScreen());
      return { ok: true, value: undefined };
    },
    publishScreen(screen: PlayerScreen) {
      lastScreen = { screen, writtenAt: (deps.now ?? Date.now)() };
      const window = live();
      if (window) sendScreen(window);
    },
    lastScreen: () => lastScreen,
    isOpen: () => live() !== null,
    owns: (contents) => {
      const window = live();
      return window !== null && contents !== null && contents !== undefined && window.webContents === contents;
    },
    close() {
      live()?.close();
    },
    writing: () => inFlight > 0,
    settled: () => writes,
  };
}
