/**
 * Where the players' page (PlayerApp.svelte) receives the players' screen from, matching how the
 * GM window sends it (transport.ts):
 * - in the desktop app's players' window (`window.gmScreenPlayers`, its own preload), from the
 *   main process over IPC: the last screen at once, then each new one;
 * - in a browser, from IndexedDB's `player` row with a live query (indexeddb-source.ts, loaded
 *   only then: the desktop path never loads the campaign database or Dexie).
 * Every screen is read with `readScreen` before it reaches the page: one that is not a screen of
 * this version arrives as null (nothing to show), pictures GM Screen does not keep are left out.
 *
 * Imports nothing of the GM screen's: this module is in the players' page's first download.
 */
import type { PlayersApi } from '../../../electron/ipc-contract';
import { readScreen, type PlayerScreen } from './screen';

/** One screen as the page shows it, and when the GM window's side wrote it (ms since 1970; 0 unknown). */
export interface ScreenUpdate {
  readonly screen: PlayerScreen | null;
  readonly writtenAt: number;
}

export interface ScreenSource {
  readonly kind: 'ipc' | 'indexeddb';
  /** Calls `next` with each screen; `fail` when no more can come. Answers a function that stops. */
  subscribe(next: (update: ScreenUpdate) => void, fail: (error: unknown) => void): () => void;
}

/** From the main process, through the players' window's bridge. */
export function ipcScreenSource(bridge: Pick<PlayersApi, 'onScreen'>): ScreenSource {
  return {
    kind: 'ipc',
    subscribe(next) {
      return bridge.onScreen((update) => {
        const writtenAt = typeof update?.writtenAt === 'number' ? update.writtenAt : 0;
        next({ screen: readScreen(update?.screen), writtenAt });
      });
    },
  };
}

/** Loads the browser's source (a chunk of its own, with Dexie and the campaign database). */
const loadIndexedDbSource = async (): Promise<ScreenSource> => (await import('./indexeddb-source')).indexedDbScreenSource();

/** The players' bridge's source in the desktop app; IndexedDB's (loaded then) in a browser. */
export async function chooseScreenSource(
  bridge: Pick<PlayersApi, 'onScreen'> | undefined,
  indexedDb: () => Promise<ScreenSource> = loadIndexedDbSource,
): Promise<ScreenSource> {
  return bridge ? ipcScreenSource(bridge) : indexedDb();
}
