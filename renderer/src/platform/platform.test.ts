import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GmScreenApi } from '../../../electron/ipc-contract';
import { detectPlatform, PLAYER_WINDOW_NAME, playerViewUrl } from './platform';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('openPlayerView', () => {
  it('in the desktop app: asks the main process (app:open-player-view)', async () => {
    const openPlayerView = vi.fn<GmScreenApi['openPlayerView']>(async () => ({ ok: true, value: undefined }));
    vi.stubGlobal('window', { gmScreen: { openPlayerView } as Partial<GmScreenApi> });
    const platform = detectPlatform();
    expect(platform.kind).toBe('electron');
    await expect(platform.openPlayerView()).resolves.toBeUndefined();
    expect(openPlayerView).toHaveBeenCalledWith();
  });

  it('in the desktop app: a failure becomes a rejection with its sentence', async () => {
    const openPlayerView = vi.fn<GmScreenApi['openPlayerView']>(async () => ({ ok: false, code: 'player/open-failed', message: 'The player view could not be opened (GPU).' }));
    vi.stubGlobal('window', { gmScreen: { openPlayerView } as Partial<GmScreenApi> });
    await expect(detectPlatform().openPlayerView()).rejects.toThrow('The player view could not be opened (GPU).');
  });

  it('in a browser: opens this page at #player in a named window (a second click reuses it) and focuses it', async () => {
    const opened = { focus: vi.fn() };
    const open = vi.fn(() => opened);
    vi.stubGlobal('window', { open });
    vi.stubGlobal('location', { href: 'https://gm.example/app/index.html?x=1#campaigns' });
    const platform = detectPlatform();
    expect(platform.kind).toBe('browser');
    await platform.openPlayerView();
    await platform.openPlayerView();
    expect(open.mock.calls).toEqual([
      ['https://gm.example/app/index.html?x=1#player', PLAYER_WINDOW_NAME],
      ['https://gm.example/app/index.html?x=1#player', PLAYER_WINDOW_NAME],
    ]);
    expect(PLAYER_WINDOW_NAME).toBe('gm-screen-players');
    expect(opened.focus).toHaveBeenCalledTimes(2);
  });

  it('in a browser: a blocked pop-up says what to do', async () => {
    vi.stubGlobal('window', { open: vi.fn(() => null) });
    vi.stubGlobal('location', { href: 'http://localhost:5173/' });
    await expect(detectPlatform().openPlayerView()).rejects.toThrow(/blocked the player window; allow pop-ups/);
  });

  it('builds the players\' address from any address', () => {
    expect(playerViewUrl('app://gm-screen/index.html')).toBe('app://gm-screen/index.html#player');
    expect(playerViewUrl('app://gm-screen/index.html#player')).toBe('app://gm-screen/index.html#player');
    expect(playerViewUrl('http://localhost:5173/#a#b')).toBe('http://localhost:5173/#player');
  });
});
