/**
 * The players' window's bridge (`window.gmScreenPlayers`) as its preload builds it: its few
 * channels and the relayed screens, never the campaign API; the last screen kept for a page that
 * subscribes late; never Electron's event.
 */
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { AppInfo, GmScreenApi, PlayerScreenUpdate, PlayersApi, Result } from './ipc-contract';
import { createPlayersApi, PLAYER_SCREEN_CHANNEL, PLAYERS_API_KEY } from './players-bridge';

vi.mock('electron', () => {
  throw new Error('players-bridge must not import electron');
});

/** A stand-in for ipcRenderer: `push` is the main process sending on a channel. */
function fakeRenderer() {
  const listeners = new Map<string, ((message: unknown) => void)[]>();
  const invoke = vi.fn(async (channel: string, ...args: unknown[]) => ({ channel, args }));
  const listen = vi.fn((channel: string, listener: (message: unknown) => void) => {
    listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
  });
  const push = (channel: string, message: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  };
  return { invoke, listen, push };
}

const update = (campaign: string, writtenAt = 1): PlayerScreenUpdate => ({ screen: { version: 1, campaign }, writtenAt });

describe('the players\' bridge', () => {
  it('offers only its few channels and onScreen: no campaign, settings or log method', async () => {
    const renderer = fakeRenderer();
    const api = createPlayersApi(renderer);
    expect(Object.keys(api).sort()).toEqual(['appInfo', 'onScreen', 'setTitle', 'togglePlayerFullScreen']);
    expect(Object.isFrozen(api)).toBe(true);
    await api.appInfo();
    await api.setTitle({ title: 'Players' });
    await api.togglePlayerFullScreen();
    expect(renderer.invoke.mock.calls).toEqual([['app:info'], ['app:set-title', { title: 'Players' }], ['app:toggle-player-full-screen']]);
    expect(PLAYERS_API_KEY).toBe('gmScreenPlayers');
    // Typed as the contract's methods for those channels, and nothing of the campaign API.
    expectTypeOf<PlayersApi['appInfo']>().toEqualTypeOf<() => Promise<AppInfo>>();
    expectTypeOf<PlayersApi['togglePlayerFullScreen']>().toEqualTypeOf<GmScreenApi['togglePlayerFullScreen']>();
    expectTypeOf<PlayersApi['togglePlayerFullScreen']>().returns.toEqualTypeOf<Promise<Result<void>>>();
    expectTypeOf<keyof PlayersApi>().toEqualTypeOf<'appInfo' | 'setTitle' | 'togglePlayerFullScreen' | 'onScreen'>();
  });

  it('listens on the screen channel as soon as it is built, and hands each screen to the page', () => {
    const renderer = fakeRenderer();
    const api = createPlayersApi(renderer);
    expect(renderer.listen).toHaveBeenCalledExactlyOnceWith(PLAYER_SCREEN_CHANNEL, expect.any(Function));
    const seen: PlayerScreenUpdate[] = [];
    api.onScreen((u) => seen.push(u));
    renderer.push(PLAYER_SCREEN_CHANNEL, update('Night watch', 5));
    renderer.push(PLAYER_SCREEN_CHANNEL, update('Lost Mine', 6));
    expect(seen).toEqual([update('Night watch', 5), update('Lost Mine', 6)]);
  });

  it('gives a page that subscribes late the last screen at once (sent when the window loaded, before the page asked)', () => {
    const renderer = fakeRenderer();
    const api = createPlayersApi(renderer);
    renderer.push(PLAYER_SCREEN_CHANNEL, update('Early', 1));
    renderer.push(PLAYER_SCREEN_CHANNEL, update('Latest', 2));
    const listener = vi.fn();
    api.onScreen(listener);
    expect(listener).toHaveBeenCalledExactlyOnceWith(update('Latest', 2));
    // Nothing yet: nothing at once.
    const fresh = vi.fn();
    createPlayersApi(fakeRenderer()).onScreen(fresh);
    expect(fresh).not.toHaveBeenCalled();
  });

  it('hands the page the screen and its time only, never more of the message', () => {
    const renderer = fakeRenderer();
    const api = createPlayersApi(renderer);
    const listener = vi.fn();
    api.onScreen(listener);
    renderer.push(PLAYER_SCREEN_CHANNEL, { screen: { version: 1 }, writtenAt: 3, sender: { invoke: 'ipcRenderer' } });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ screen: { version: 1 }, writtenAt: 3 });
  });

  it('ignores a message that is no update', () => {
    const renderer = fakeRenderer();
    const api = createPlayersApi(renderer);
    const listener = vi.fn();
    api.onScreen(listener);
    for (const message of [null, 'screen', 42, { screen: {} }, { screen: {}, writtenAt: 'now' }, { screen: {}, writtenAt: Number.NaN }]) {
      renderer.push(PLAYER_SCREEN_CHANNEL, message);
    }
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops telling a page that unsubscribed; a listener that throws does not stop the others', () => {
    const renderer = fakeRenderer();
    const onListenerError = vi.fn();
    const api = createPlayersApi({ ...renderer, onListenerError });
    const broken = vi.fn(() => {
      throw new Error('page bug');
    });
    const kept = vi.fn();
    const stop = api.onScreen(kept);
    api.onScreen(broken);
    renderer.push(PLAYER_SCREEN_CHANNEL, update('One'));
    expect(kept).toHaveBeenCalledOnce();
    expect(onListenerError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'page bug' }));
    stop();
    renderer.push(PLAYER_SCREEN_CHANNEL, update('Two'));
    expect(kept).toHaveBeenCalledOnce();
    expect(broken).toHaveBeenCalledTimes(2);
    expect(() => api.onScreen('not a function' as never)).toThrow(TypeError);
  });
});
