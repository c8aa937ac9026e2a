/**
 * How the GM window's publisher (publisher.svelte.ts) sends the players' screen, chosen once at
 * start-up (store/index.ts):
 * - in the desktop app (`window.gmScreen` is there), over IPC (`app:publish-player-screen`): the
 *   main process checks it, keeps the last one and sends it to the players' window only, which
 *   runs in a session of its own and cannot read this window's IndexedDB;
 * - in a browser (the web build, the e2e tests), into IndexedDB's `player` row, where the page at
 *   `#player` (another tab of the same origin) reads it with a live query (indexeddb-source.ts).
 * The players' page receives through the matching source (screen-source.ts).
 */
import type { GmScreenApi } from '../../../electron/ipc-contract';
import type { CampaignDatabase } from '../campaigns/campaign-db';
import type { PlayerScreen } from './screen';

/** Where the players' screen goes. */
export interface ScreenSink {
  readonly kind: 'ipc' | 'indexeddb';
  /** Sends one screen (plain data, no $state proxies); rejects with a sentence when it could not. */
  send(screen: PlayerScreen): Promise<void>;
}

/** Over IPC to the main process, which relays it to the players' window. */
export function ipcScreenSink(api: Pick<GmScreenApi, 'publishPlayerScreen'>): ScreenSink {
  return {
    kind: 'ipc',
    async send(screen) {
      try {
        await api.publishPlayerScreen(screen);
      } catch (error) {
        // Electron wraps a refusal ("Error invoking remote method '…': IpcRefusedError: … refused:
        // <reason>"); the reason is what the GM can read.
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(/refused: (.*)$/s.exec(message)?.[1] ?? message, { cause: error });
      }
    },
  };
}

/** Into the one `player` row of the browser's IndexedDB, stamped with when it was written. */
export function indexedDbScreenSink(db: Pick<CampaignDatabase, 'player'>, now: () => number = Date.now): ScreenSink {
  return {
    kind: 'indexeddb',
    async send(screen) {
      await db.player.put({ key: 'screen', screen, writtenAt: now() });
    },
  };
}

/** IPC when the desktop bridge is there, IndexedDB otherwise. */
export function chooseScreenSink(api: Pick<GmScreenApi, 'publishPlayerScreen'> | undefined, db: Pick<CampaignDatabase, 'player'>): ScreenSink {
  return api ? ipcScreenSink(api) : indexedDbScreenSink(db);
}
