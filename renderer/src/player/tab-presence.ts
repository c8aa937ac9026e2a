/**
 * Which players' pages are open in this browser, for the web build: the GM's tab publishes the
 * players' screen only while one is (publisher.svelte.ts; the desktop app's main process counts
 * its players' window itself, electron/players-watching.ts).
 *
 * - A players' page holds a Web Lock of its own (`LOCK_PREFIX` + a random id) for as long as it is
 *   open, and says so on a BroadcastChannel: at once, and whenever a GM tab asks who is there.
 * - The GM's tab asks when it starts, counts each page that answers, and asks for that page's lock:
 *   the browser grants it when the page closes, reloads or crashes, which is when it stops counting
 *   it. No heartbeat, so a tab in the background (whose timers the browser slows) is never
 *   miscounted.
 * Where a browser has neither (no `navigator.locks` outside a secure context), the GM's tab cannot
 * tell and counts one watcher always: it publishes on every change, as before.
 *
 * Imports nothing of the GM screen's: the players' page loads this (indexeddb-source.ts).
 */

/** The BroadcastChannel both sides talk on (one per origin). */
export const PRESENCE_CHANNEL = 'gm-screen:players-watching';
/** Each players' page's lock is this and its id. */
export const LOCK_PREFIX = 'gm-screen:players-page:';

type PresenceMessage = { readonly kind: 'who' } | { readonly kind: 'watching'; readonly id: string };

/** The part of BroadcastChannel used here. */
export interface PresenceChannel {
  postMessage(message: PresenceMessage): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  close(): void;
}

/** The part of the Web Locks API (`navigator.locks`) used here. */
export interface PresenceLocks {
  request(name: string, options: { readonly signal: AbortSignal }, callback: () => Promise<void> | void): Promise<unknown>;
}

export interface PresenceDeps {
  readonly openChannel: () => PresenceChannel;
  readonly locks: PresenceLocks;
  readonly newId: () => string;
}

/** The browser's own, or null where it lacks one of them. */
export function browserPresence(): PresenceDeps | null {
  if (typeof BroadcastChannel === 'undefined' || typeof navigator === 'undefined' || !navigator.locks) return null;
  return {
    openChannel: () => new BroadcastChannel(PRESENCE_CHANNEL) as unknown as PresenceChannel,
    locks: navigator.locks,
    newId: () => crypto.randomUUID(),
  };
}

/** A page's id in a `watching` message, or null when the message is not one. */
function watchingId(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, id } = data as { kind?: unknown; id?: unknown };
  return kind === 'watching' && typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : null;
}

function isWho(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === 'who';
}

/** The players' page's side: says it watches until the answered function is called. */
export function announceWatching(deps: PresenceDeps | null = browserPresence()): () => void {
  if (!deps) return () => {};
  const id = deps.newId();
  const channel = deps.openChannel();
  const stop = new AbortController();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  deps.locks
    .request(`${LOCK_PREFIX}${id}`, { signal: stop.signal }, () => {
      // Said only once the lock is held, so a GM tab that hears it can wait for its release.
      const say = () => channel.postMessage({ kind: 'watching', id });
      channel.onmessage = (event) => {
        if (isWho(event.data)) say();
      };
      say();
      return held;
    })
    // Stopped before the lock was granted: nothing was said.
    .catch(() => {});
  return () => {
    stop.abort();
    release();
    channel.close();
  };
}

/**
 * The GM's tab's side: calls `listener` with how many players' pages are open in this browser,
 * at once and whenever that changes, until the answered function is called.
 */
export function countWatchingPages(listener: (count: number) => void, deps: PresenceDeps | null = browserPresence()): () => void {
  if (!deps) {
    listener(1);
    return () => {};
  }
  const open = new Set<string>();
  const channel = deps.openChannel();
  const stop = new AbortController();
  channel.onmessage = (event) => {
    const id = watchingId(event.data);
    if (id === null || open.has(id) || stop.signal.aborted) return;
    open.add(id);
    listener(open.size);
    // Granted when the page lets its lock go: it closed, reloaded or crashed.
    deps.locks
      .request(`${LOCK_PREFIX}${id}`, { signal: stop.signal }, () => {
        if (open.delete(id) && !stop.signal.aborted) listener(open.size);
      })
      .catch(() => {});
  };
  listener(0);
  channel.postMessage({ kind: 'who' });
  return () => {
    stop.abort();
    channel.close();
  };
}
