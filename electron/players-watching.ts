/**
 * How many players' screens are watching, told to the GM window: the GM window projects and
 * publishes the players' screen only while one is (publisher.svelte.ts; a fight of 1,000
 * combatants would otherwise pay for it on every step with nobody looking, issue 43).
 *
 * - The main process counts the watchers by where they watch from (`createWatcherCount`): the
 *   players' window, and the phones watching (phone-sharing.ts). It sends the total to the GM window on
 *   `PLAYERS_WATCHING_CHANNEL` whenever it changes and whenever the GM window's page loads.
 * - The GM window's preload keeps the last count it was told (`watchingReceiver`), so a page that
 *   subscribes after the count arrived gets it at once.
 *
 * No `electron` import and no Node module: the GM window's preload bundles this.
 */
import { relayedValue } from './relayed-value';

/** The channel the main process tells the GM window the count on (`webContents.send`). */
export const PLAYERS_WATCHING_CHANNEL = 'players:watching';

/** Where players watch from; each source's count is set on its own. */
export type WatcherSource = 'window' | 'phones';

export interface WatcherCount {
  /** Sets how many watch from `source`; the total is told when it changes. */
  set(source: WatcherSource, count: number): void;
  total(): number;
}

/** The main process's count; `tell` gets each new total. */
export function createWatcherCount(tell: (total: number) => void): WatcherCount {
  const bySource = new Map<WatcherSource, number>();
  const total = () => [...bySource.values()].reduce((sum, count) => sum + count, 0);
  return {
    set(source, count) {
      if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`a watcher count must be a whole number of at least 0, got ${count}`);
      const before = total();
      bySource.set(source, count);
      const after = total();
      if (after !== before) tell(after);
    },
    total,
  };
}

/** A count as the main process sends it, or null when the message is not one (it is ignored). */
export function watchingCountOf(message: unknown): number | null {
  return typeof message === 'number' && Number.isSafeInteger(message) && message >= 0 ? message : null;
}

/** The GM preload's side: what the main process last told, and the page's listeners. */
export interface WatchingReceiver {
  /** Hands a message of the main process on (an invalid one is ignored). */
  receive(message: unknown): void;
  /** Calls `listener` with each count, and at once with the last one when there is one; answers a stop. */
  subscribe(listener: (count: number) => void): () => void;
}

export function watchingReceiver(onListenerError: (error: unknown) => void = () => {}): WatchingReceiver {
  const counts = relayedValue<number>(onListenerError);
  return {
    receive(message) {
      const count = watchingCountOf(message);
      if (count !== null) counts.receive(count);
    },
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError('onPlayersWatching takes a function');
      return counts.subscribe(listener);
    },
  };
}
