/**
 * What the main process tells the GM window about sharing with phones, unasked (issue 44):
 *
 * - `SHARE_CHANGED_CHANNEL`: the new `ShareStatus` whenever sharing changed (started, stopped, a
 *   new code, picking allowed or not, phones came or left, resumed as a campaign opened), so the
 *   "Share with phones…" dialog shows it at once instead of asking every few seconds. The main
 *   process pushes at most one per `SHARE_PUSH_INTERVAL_MS` (`createSharePush`): a flood of
 *   connections coming and going becomes a few messages, not one each, and the GM's screen is not
 *   slowed by it.
 * - `SHARE_OPEN_DIALOG_CHANNEL`: the GM chose View › Share with phones… in the menu; the page
 *   opens the dialog.
 *
 * The GM window's preload reads each message (`shareStatusReceiver`, `openDialogReceiver`) and
 * hands the page only what passes the contract's check. A status is not kept for a listener that
 * subscribes later (the dialog asks for the status when it opens); a menu request is, for a few
 * seconds (the page may still be loading the part that opens the dialog), but an old menu click
 * must not open it again.
 *
 * No `electron` import and no Node module: the GM window's preload bundles this.
 */
import { shareStatusOf, type ShareStatus } from './ipc-contract/share';

/** The channel each new status is pushed on (`webContents.send`). */
export const SHARE_CHANGED_CHANNEL = 'share:changed';
/** The channel the menu's "Share with phones…" is sent on (no payload). */
export const SHARE_OPEN_DIALOG_CHANNEL = 'share:open-dialog';

/** The shortest time between two pushes of the status. */
export const SHARE_PUSH_INTERVAL_MS = 100;

export interface SharePushDeps {
  /** Sharing's status now. */
  readonly status: () => ShareStatus;
  /** Sends it to the GM window (nothing when it is not open). */
  readonly send: (status: ShareStatus) => void;
  readonly intervalMs?: number;
}

export interface SharePush {
  /** Sharing may have changed: the status is pushed now, or at the end of the interval when one was just pushed. */
  changed(): void;
}

/** The main process's side: the status pushed when it changed, at most once per interval, never twice the same in a row. */
export function createSharePush({ status, send, intervalMs = SHARE_PUSH_INTERVAL_MS }: SharePushDeps): SharePush {
  let lastSent: string | null = null;
  let waiting: ReturnType<typeof setTimeout> | null = null;
  let pending = false;

  function push(): void {
    const now = status();
    const text = JSON.stringify(now);
    if (text === lastSent) return;
    lastSent = text;
    send(now);
  }

  function changed(): void {
    if (waiting !== null) {
      pending = true;
      return;
    }
    push();
    waiting = setTimeout(() => {
      waiting = null;
      if (!pending) return;
      pending = false;
      changed();
    }, intervalMs);
    // A push still due never keeps the app from quitting.
    (waiting as { unref?: () => void }).unref?.();
  }

  return { changed };
}

/** The GM preload's side of one push channel: each message that reads, to the page's listeners. */
export interface PushReceiver<T> {
  /** Hands a message of the main process on (one that does not read is dropped). */
  receive(message: unknown): void;
  /** Calls `listener` with each value from now on; answers a stop. */
  subscribe(listener: (value: T) => void): () => void;
}

/**
 * With `keepUnheardMs`, a message that came while nobody listened is handed to the first listener
 * that subscribes within that time (then forgotten); without it, such a message is dropped.
 */
interface KeepUnheard {
  readonly keepUnheardMs: number;
  readonly now: () => number;
}

function pushReceiver<T>(readMessage: (message: unknown) => { readonly value: T } | null, method: string, onListenerError: (error: unknown) => void, keep: KeepUnheard | null = null): PushReceiver<T> {
  // One entry per subscription: the same function subscribed twice is two subscriptions.
  const listeners = new Set<{ readonly listener: (value: T) => void }>();
  let unheard: { readonly value: T; readonly at: number } | null = null;
  const tell = (listener: (value: T) => void, value: T) => {
    try {
      listener(value);
    } catch (error) {
      onListenerError(error);
    }
  };
  return {
    receive(message) {
      const read = readMessage(message);
      if (!read) return;
      if (listeners.size === 0 && keep !== null) unheard = { value: read.value, at: keep.now() };
      for (const entry of [...listeners]) {
        tell(entry.listener, read.value);
      }
    },
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError(`${method} takes a function`);
      const entry = { listener };
      listeners.add(entry);
      const waiting = unheard;
      unheard = null;
      if (waiting !== null && keep !== null && keep.now() - waiting.at <= keep.keepUnheardMs) tell(listener, waiting.value);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}

/** The statuses pushed on `SHARE_CHANGED_CHANNEL` that pass the contract's check (`onShareStatus`). */
export function shareStatusReceiver(onListenerError: (error: unknown) => void = () => {}): PushReceiver<ShareStatus> {
  return pushReceiver(
    (message) => {
      const status = shareStatusOf(message);
      return status ? { value: status } : null;
    },
    'onShareStatus',
    onListenerError,
  );
}

/**
 * How long a menu request that came before the page listened is kept for it: the main process
 * sends it as the GM window's page finishes loading, and the app's part that opens the dialog
 * (loaded after the page itself) subscribes a moment later. An older request is not acted on.
 */
export const OPEN_DIALOG_KEPT_MS = 10_000;

/** The menu's requests to open the dialog, on `SHARE_OPEN_DIALOG_CHANNEL` (no payload) (`onOpenShareDialog`). */
export function openDialogReceiver(onListenerError: (error: unknown) => void = () => {}, now: () => number = Date.now): PushReceiver<void> {
  return pushReceiver((message) => (message === undefined ? { value: undefined } : null), 'onOpenShareDialog', onListenerError, { keepUnheardMs: OPEN_DIALOG_KEPT_MS, now });
}
