import { describe, expect, it, vi } from 'vitest';
import { GM_WINDOW_BACKGROUND, gmWindowOptions, PLAYER_PARTITION, playerWindowOptions, printWindowOptions } from './window-options';

vi.mock('electron', () => {
  throw new Error('window-options must only import types from electron');
});

describe('gmWindowOptions', () => {
  const options = gmWindowOptions('/app/dist-electron/preload.cjs', true);

  it('is 1280×800, at least 1024×640, dark, shown once painted', () => {
    expect(options).toMatchObject({ width: 1280, height: 800, minWidth: 1024, minHeight: 640, show: false });
    expect(options.backgroundColor).toBe(GM_WINDOW_BACKGROUND);
    // Dark: every channel of the background is low.
    const channels = GM_WINDOW_BACKGROUND.slice(1).match(/../g)!.map((hex) => parseInt(hex, 16));
    expect(Math.max(...channels)).toBeLessThan(0x40);
  });

  it('isolates and sandboxes the page, with no Node in it', () => {
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/dist-electron/preload.cjs',
    });
  });

  it('enables no experimental or Blink features', () => {
    expect(options.webPreferences).not.toHaveProperty('experimentalFeatures');
    expect(options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
  });

  // Issue 14: an installed build keeps the developer tools closed; a development run opens them.
  it('closes the developer tools in a packaged build only', () => {
    expect(options.webPreferences?.devTools).toBe(false);
    expect(gmWindowOptions('/p.cjs', false).webPreferences?.devTools).toBe(true);
    expect(playerWindowOptions('/p.cjs', { x: 0, y: 0, width: 800, height: 600 }, true).webPreferences?.devTools).toBe(false);
  });
});

describe('playerWindowOptions', () => {
  const bounds = { x: 1920, y: 0, width: 1280, height: 720 };
  const options = playerWindowOptions('/app/dist-electron/player-preload.cjs', bounds, true);

  it('has the GM window\'s security settings, with its own preload and its own in-memory session', () => {
    const { preload, partition, ...locks } = options.webPreferences ?? {};
    const { preload: gmPreload, ...gmLocks } = gmWindowOptions('/app/dist-electron/preload.cjs', true).webPreferences ?? {};
    expect(locks).toEqual(gmLocks);
    expect(preload).toBe('/app/dist-electron/player-preload.cjs');
    expect(preload).not.toBe(gmPreload);
    // No `persist:` prefix: nothing of it is kept on disk, and nothing is shared with the GM window's session.
    expect(partition).toBe(PLAYER_PARTITION);
    expect(PLAYER_PARTITION).toBe('gm-screen-players');
    expect(options.webPreferences).not.toHaveProperty('session');
  });

  it('is black, titled for the players, without a menu bar, at the bounds given, shown once painted', () => {
    expect(options).toMatchObject({
      ...bounds,
      title: 'GM Screen — Players',
      backgroundColor: '#000000',
      autoHideMenuBar: true,
      show: false,
    });
    // Full screen is set once shown (on the display it opened on), never forbidden here: an
    // explicit `fullscreen: false` would hide the macOS full-screen button.
    expect(options).not.toHaveProperty('fullscreen');
    expect(options).not.toHaveProperty('parent');
  });
});

describe('printWindowOptions', () => {
  const options = printWindowOptions('gm-screen-print');

  it('is never shown, nor in the task bar', () => {
    expect(options).toMatchObject({ show: false, skipTaskbar: true });
  });

  it('runs no script, has no preload (no IPC bridge), and a session of its own', () => {
    expect(options.webPreferences).toMatchObject({
      javascript: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      partition: 'gm-screen-print',
    });
    expect(options.webPreferences).not.toHaveProperty('preload');
    expect(options.webPreferences).not.toHaveProperty('session');
  });
});
