/**
 * How the GM window's publisher (publisher.svelte.ts) sends the players' screen, chosen once at
 * start-up (store/index.ts):
 * - in the desktop app (`window.gmScreen` is there), over IPC (`app:publish-player-screen`): the
 *   main process checks it, keeps the last one and sends it to the players' window only, which
 *   runs in a session of its own and cannot read this window's IndexedDB;
 * - in a browser (the web build, the e2e tests), into IndexedDB's `player` row, where the page at
 *   `#player` (another tab of the same origin) reads it with a live query (indexeddb-source.ts).
 * The players' page receives through the matching source (screen-source.ts).
 *
 * Each sink also tells how many players' screens are watching, so that nothing is projected or
 * sent while nobody is: in the desktop app the main process counts them (the players' window,
 * electron/players-watching.ts); in a browser the players' pages open in it (tab-presence.ts).
 */
import type { GmScreenApi } from '../../../electron/ipc-contract';
import type { CampaignDatabase } from '../campaigns/campaign-db';
import { refusalReason } from '../platform/ipc-refusal';
import type { PlayerScreen } from './screen';
import { countWatchingPages } from './tab-presence';

/** Where the players' screen goes. */
export interface ScreenSink {
  readonly kind: 'ipc' | 'indexeddb';
  /** Sends one screen (plain data, no $state proxies); rejects with a sentence when it could not. */
  send(screen: PlayerScreen): Promise<void>;
  /**
   * Calls `listener` with how many players' screens are watching, when known and whenever that
   * changes; answers a function that stops. The last screen sent stays where a screen opened
   * later reads it (the main process keeps it; the IndexedDB row stays).
   */
  watchers(listener: (count: number) => void): () => void;
}

/** The part of the desktop bridge the sink uses. */
export type DesktopScreenApi = Pick<GmScreenApi, 'publishPlayerScreen' | 'onPlayersWatching'>;

/** Over IPC to the main process, which relays it to the players' window. */
export function ipcScreenSink(api: DesktopScreenApi): ScreenSink {
  return {
    kind: 'ipc',
    watchers: (listener) => api.onPlayersWatching(listener),
    async send(screen) {
      try {
        await api.publishPlayerScreen(screen);
      } catch (error) {
        throw new Error(refusalReason(error), { cause: error });
      }
    },
  };
}

/** Into the one `player` row of the browser's IndexedDB, stamped with when it was written. */
export function indexedDbScreenSink(
  db: Pick<CampaignDatabase, 'player'>,
  now: () => number = Date.now,
  watchers: ScreenSink['watchers'] = (listener) => countWatchingPages(listener),
): ScreenSink {
  return {
    kind: 'indexeddb',
    watchers,
    async send(screen) {
      await db.player.put({ key: 'screen', screen, writtenAt: now() });
    },
  };
}

/** IPC when the desktop bridge is there, IndexedDB otherwise. */
export function chooseScreenSink(api: DesktopScreenApi | undefined, db: Pick<CampaignDatabase, 'player'>): ScreenSink {
  return api ? ipcScreenSink(api) : indexedDbScreenSink(db);
}
