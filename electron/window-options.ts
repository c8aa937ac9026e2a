/**
 * The GM window's constructor options, as data so the security settings are unit-tested.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { PRODUCT_NAME } from './app-handlers';

/** Matches the renderer's dark theme, so no white flash before the first paint. */
export const GM_WINDOW_BACKGROUND = '#14161b';

export function gmWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    title: PRODUCT_NAME,
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    backgroundColor: GM_WINDOW_BACKGROUND,
    // Shown on 'ready-to-show', once the page has painted.
    show: false,
    webPreferences: {
      // Written out even where they are Electron's defaults: these are the app's security
      // settings, and a default that changes must not change them silently.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      preload: preloadPath,
    },
  };
}
