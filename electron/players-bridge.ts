/**
 * The players' window's bridge, `window.gmScreenPlayers` (player-preload.ts exposes it): the few
 * channels that window may call (`PLAYER_WINDOW_METHODS`, the same list the main process enforces
 * in player-window.ts) and `onScreen`, the screens the GM window publishes as the main process
 * relays them on `PLAYER_SCREEN_CHANNEL`. Never the campaign API: this module does not even import
 * the contract's values (only its types), so the players' preload bundle holds no other channel.
 *
 * The last screen is kept here as soon as the preload runs, before the page subscribes: the main
 * process sends it when the window has loaded, and the page (whose screen is loaded on its own,
 * renderer/src/main.ts) gets it at once when it subscribes later.
 *
 * Plain logic with `ipcRenderer` passed in, so it is tested without Electron.
 */
import type { IpcContract, PlayerScreenUpdate, PlayersApi, PlayerWindowChannel } from './ipc-contract';
import { relayedValue } from './relayed-value';

/** The global name of the players' bridge: `window.gmScreenPlayers`. */
export const PLAYERS_API_KEY = 'gmScreenPlayers';

/** The channel the main process sends the players' window each screen on (`webContents.send`). */
export const PLAYER_SCREEN_CHANNEL = 'players:screen';

/** The players' window's channels and their methods (tsc checks them against the contract). */
export const PLAYER_WINDOW_METHODS = {
  'app:info': 'appInfo',
  'app:set-title': 'setTitle',
  'app:toggle-player-full-screen': 'togglePlayerFullScreen',
} as const satisfies { readonly [C in PlayerWindowChannel]: IpcContract[C]['method'] };

export interface PlayersBridgeDeps {
  /** Sends one request (`ipcRenderer.invoke`). */
  readonly invoke: (channel: PlayerWindowChannel, ...args: unknown[]) => Promise<unknown>;
  /**
   * Listens to what the main process sends on `channel`, handing over the message only (never
   * Electron's event, whose `sender` is `ipcRenderer` itself).
   */
  readonly listen: (channel: typeof PLAYER_SCREEN_CHANNEL, listener: (message: unknown) => void) => void;
  /** Told when a page's listener throws (the others still get the screen). */
  readonly onListenerError?: (error: unknown) => void;
}

/** A message of the main process as an update, or null when it is not one (it is then ignored). */
function updateOf(message: unknown): PlayerScreenUpdate | null {
  if (typeof message !== 'object' || message === null) return null;
  const { screen, writtenAt } = message as { screen?: unknown; writtenAt?: unknown };
  return typeof writtenAt === 'number' && Number.isFinite(writtenAt) ? { screen, writtenAt } : null;
}

export function createPlayersApi(deps: PlayersBridgeDeps): PlayersApi {
  const screens = relayedValue<PlayerScreenUpdate>(deps.onListenerError);
  deps.listen(PLAYER_SCREEN_CHANNEL, (message) => {
    const update = updateOf(message);
    if (update) screens.receive(update);
  });

  const api: Record<string, unknown> = {};
  for (const [channel, method] of Object.entries(PLAYER_WINDOW_METHODS) as [PlayerWindowChannel, string][]) {
    api[method] = (...args: unknown[]) => deps.invoke(channel, ...args);
  }
  api['onScreen'] = (listener: unknown) => {
    if (typeof listener !== 'function') throw new TypeError('onScreen takes a function');
    return screens.subscribe(listener as (update: PlayerScreenUpdate) => void);
  };
  // The loop above builds exactly the mapped type; TypeScript cannot follow a loop over keys.
  return Object.freeze(api) as unknown as PlayersApi;
}
