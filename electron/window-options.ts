/**
 * The windows' constructor options, as data so the security settings are unit-tested. The GM
 * window and the players' window have the same locked-down web preferences, but the players'
 * window has its own preload (player-preload.ts: no campaign API) and its own in-memory session
 * (`PLAYER_PARTITION`): the same app:// pages, but not the GM window's IndexedDB.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { PRODUCT_NAME } from './app-handlers';
import type { WindowBounds } from './settings';

/** Matches the renderer's dark theme, so no white flash before the first paint. */
export const GM_WINDOW_BACKGROUND = '#14161b';
/** The players' window is black: on a TV or projector anything else glows. */
export const PLAYER_WINDOW_BACKGROUND = '#000000';
export const PLAYER_WINDOW_TITLE = `${PRODUCT_NAME} — Players`;
/**
 * The players' window's session: no `persist:` prefix, so it lives in memory only and shares
 * nothing (IndexedDB, storage, cache) with the GM window's. main.ts serves app:// in it and
 * refuses its permissions as in the app's own session.
 */
export const PLAYER_PARTITION = 'gm-screen-players';

/**
 * The security settings of every window of the app. `packaged`: a build a GM installed, where the
 * developer tools stay closed (no console to run code in the app's pages from).
 */
export function secureWebPreferences(preloadPath: string, packaged: boolean): WebPreferences {
  return { ...lockedDown(), preload: preloadPath, devTools: !packaged };
}

/**
 * Every window's locks, without a preload. Written out even where they are Electron's defaults:
 * these are the app's security settings, and a default that changes must not change them silently.
 */
function lockedDown(): WebPreferences {
  return {
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  };
}

/**
 * The hidden window that prints an encounter log to PDF (pdf-printer.ts). Stricter than the app's
 * windows: no JavaScript at all, no preload (so no IPC bridge), its own in-memory session
 * (`partition`, not the app's: no IndexedDB, no app:// pages, its own permission and request
 * handlers set in main.ts), never shown.
 */
export function printWindowOptions(partition: string): BrowserWindowConstructorOptions {
  return {
    title: `${PRODUCT_NAME} — PDF`,
    // An A4 page at 96 dpi; printing lays the page out again at the paper's size.
    width: 794,
    height: 1123,
    show: false,
    skipTaskbar: true,
    webPreferences: {
      ...lockedDown(),
      javascript: false,
      navigateOnDragDrop: false,
      // A hidden window may be throttled; printing must not wait for it.
      backgroundThrottling: false,
      partition,
    },
  };
}

export function gmWindowOptions(preloadPath: string, packaged: boolean): BrowserWindowConstructorOptions {
  return {
    title: PRODUCT_NAME,
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    backgroundColor: GM_WINDOW_BACKGROUND,
    // Shown on 'ready-to-show', once the page has painted.
    show: false,
    webPreferences: secureWebPreferences(preloadPath, packaged),
  };
}

/**
 * `preloadPath`: the players' own preload (player-preload.ts); `bounds`: where the window goes out
 * of full screen (player-window.ts chooses it).
 */
export function playerWindowOptions(preloadPath: string, bounds: WindowBounds, packaged: boolean): BrowserWindowConstructorOptions {
  return {
    title: PLAYER_WINDOW_TITLE,
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: 320,
    minHeight: 240,
    backgroundColor: PLAYER_WINDOW_BACKGROUND,
    // The players need no menu; Alt still shows it on Windows and Linux.
    autoHideMenuBar: true,
    // Shown on 'ready-to-show', then made full screen where wanted (player-window.ts).
    show: false,
    webPreferences: { ...secureWebPreferences(preloadPath, packaged), partition: PLAYER_PARTITION },
  };
}
