/**
 * The screens' stream to every watching phone (`/<code>/screen`, Server-Sent Events).
 *
 * - The last screen published is kept; a watcher gets it as soon as it connects, after the
 *   `clock` and `share` events.
 * - A watcher that holds the screen sent before gets the new one as a patch from it (the changes
 *   only, sse-events.ts); any other, the whole screen. Either is built once, for every watcher.
 * - At most `screensPerSecond` screens go out: a screen published sooner waits, and a newer one
 *   replaces it (the latest wins; the last one always goes out). Each screen's JSON is built once,
 *   when it is first sent, and the same bytes go to every watcher.
 * - A watcher whose connection holds more than `maxBufferedBytes` not yet sent (a phone on a weak
 *   signal, or one that stopped reading) is skipped, so it never holds up the others; when its
 *   connection drains it gets the latest screen. Over the bound for longer than `maxStuckMs`, it is
 *   dropped (its page reconnects).
 * - `: ping` every `pingMs` to each watcher not over the bound.
 */
import type { ServerResponse } from 'node:http';
import type { PhoneLimits } from './limits';
import { compare } from 'fast-json-patch';
import { clockEvent, ENDED_EVENT, PING, patchEvent, screenEvent, shareEvent, type SentUpdate } from './sse-events';

type FeedLimits = Pick<PhoneLimits, 'screensPerSecond' | 'maxBufferedBytes' | 'maxStuckMs' | 'pingMs'>;

/**
 * A published screen; its bytes are built the first time a watcher needs them. Every watcher's
 * socket holds the same Buffer (a write keeps a reference, not a copy), so a screen waiting to go
 * out to 200 phones is in memory once.
 */
interface Published {
  readonly seq: number;
  readonly update: SentUpdate;
  bytes: Buffer | null;
  /**
   * The screen that went out before this one was published, which most watchers hold, while the
   * patch from it is still to be built (then null, so that screens don't hold each other).
   */
  base: Published | null;
  /** The patch from `baseSeq` once built; null when it is 4 KB or more and the whole screen is shorter. */
  patch: Buffer | null;
  readonly baseSeq: number | null;
}

/** How long a stream that was ended may take to finish before its connection is cut. */
export const ENDED_GRACE_MS = 5000;

/** One phone's stream. */
class Watcher {
  /** The sequence number of the last screen written to it. */
  sent = 0;
  /** Since when its connection has held more than the bound (null: not over it). */
  overSince: number | null = null;

  constructor(readonly response: ServerResponse) {}

  /** Whether more than `maxBufferedBytes` wait to be sent (response buffer and socket's together). */
  isOver(maxBufferedBytes: number): boolean {
    return this.response.writableLength > maxBufferedBytes;
  }

  write(bytes: Buffer): void {
    this.response.write(bytes);
  }
}

export class ScreenFeed {
  private readonly watchers = new Set<Watcher>();
  private readonly countListeners = new Set<(count: number) => void>();
  private last: Published | null = null;
  /** The last screen sent out to the watchers (by the rate's timer, not one drained watcher). */
  private lastSent: Published | null = null;
  private seq = 0;
  private pick: boolean;
  /** When the last screen went out (null: none yet), and the timer holding the next one back. */
  private sentAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly pinger: ReturnType<typeof setInterval>;

  constructor(
    private readonly limits: FeedLimits,
    private readonly now: () => number,
    allowPick: boolean,
    /** Told on every ping: the server forgets idle addresses then. */
    private readonly onTick: () => void = () => {},
    /** The laptop's time of day, for the `clock` event. */
    private readonly timeOfDay: () => number = Date.now,
  ) {
    this.pick = allowPick;
    this.pinger = setInterval(() => this.tick(), limits.pingMs);
    this.pinger.unref();
  }

  /** Open streams now. */
  count(): number {
    return this.watchers.size;
  }

  /** Calls `listener` with the count whenever a stream opens or closes; returns its removal. */
  onCount(listener: (count: number) => void): () => void {
    this.countListeners.add(listener);
    return () => this.countListeners.delete(listener);
  }

  /** Keeps `update` as the last screen and sends it to every watcher, within the rate. */
  publish(update: SentUpdate): void {
    this.seq++;
    const base = this.lastSent;
    if (base !== null) base.base = null; // no longer offered: what it came from is not needed
    // Kept as the phones will hold it, as JSON reads back: a key holding undefined (which a
    // screen may carry across IPC) is left out of the JSON, and a patch that replaced it would
    // not apply on a phone. A fraction of a millisecond for a fight of 100, once per screen.
    const held: SentUpdate = { screen: JSON.parse(JSON.stringify(update.screen)) as SentUpdate['screen'], writtenAt: update.writtenAt };
    this.last = { seq: this.seq, update: held, bytes: null, base, patch: null, baseSeq: base?.seq ?? null };
    if (this.timer !== null) return; // the timer sends the latest when it fires
    const wait = this.sentAt === null ? 0 : this.sentAt + 1000 / this.limits.screensPerSecond - this.now();
    if (wait <= 0) this.sendLatest();
    else this.timer = setTimeout(() => {
      this.timer = null;
      this.sendLatest();
    }, wait);
  }

  /** Whether players may pick their character; sent to every watcher at once. */
  setAllowPick(allow: boolean): void {
    this.pick = allow;
    const event = shareEvent(allow);
    for (const watcher of this.watchers) watcher.write(event);
  }

  /** Takes a stream whose head is sent: the `clock` and `share` events and the last screen go out at once. */
  watch(response: ServerResponse): void {
    const watcher = new Watcher(response);
    this.watchers.add(watcher);
    response.on('drain', () => {
      watcher.overSince = null;
      this.offer(watcher);
    });
    response.on('close', () => {
      if (this.watchers.delete(watcher)) this.tellCount();
    });
    watcher.write(clockEvent(this.timeOfDay()));
    watcher.write(shareEvent(this.pick));
    this.offer(watcher);
    this.tellCount();
  }

  /** Sends `ended` to every watcher and closes each stream (a new code, or sharing stopped). */
  endAll(): void {
    const ending = [...this.watchers];
    this.watchers.clear();
    for (const watcher of ending) {
      // One that is not reading would not take the end either: its connection goes at once.
      if (watcher.isOver(this.limits.maxBufferedBytes)) watcher.response.destroy();
      else {
        watcher.response.end(ENDED_EVENT);
        // A phone that went away without a word would keep its connection (and its place under
        // the bounds) until TCP gives up, minutes later: it is cut once the end had time to go.
        setTimeout(() => watcher.response.destroy(), ENDED_GRACE_MS).unref();
      }
    }
    if (ending.length > 0) this.tellCount();
  }

  /** Ends every stream and stops the feed's timers. */
  stop(): void {
    this.endAll();
    clearInterval(this.pinger);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private sendLatest(): void {
    this.sentAt = this.now();
    this.lastSent = this.last;
    for (const watcher of this.watchers) {
      if (!this.dropIfStuck(watcher)) this.offer(watcher);
    }
  }

  /** Writes the last screen to `watcher` unless it has it already or is over the bound. */
  private offer(watcher: Watcher): void {
    const last = this.last;
    if (last === null || watcher.sent >= last.seq) return;
    if (watcher.isOver(this.limits.maxBufferedBytes)) {
      watcher.overSince ??= this.now();
      return; // its 'drain' brings the latest
    }
    watcher.write((watcher.sent === last.baseSeq && this.patchOf(last)) || this.wholeOf(last));
    watcher.sent = last.seq;
  }

  private wholeOf(published: Published): Buffer {
    return (published.bytes ??= screenEvent(published.seq, published.update));
  }

  /** The patch to `published` from the screen before it, built once; null when the whole is shorter. */
  private patchOf(published: Published): Buffer | null {
    const base = published.base;
    if (base !== null) {
      published.base = null;
      const operations = compare(base.update.screen, published.update.screen);
      published.patch = patchEvent(published.seq, base.seq, published.update.writtenAt, operations, () => this.wholeOf(published));
    }
    return published.patch;
  }

  /** Drops `watcher` when it has been over the bound for too long; true when it was dropped. */
  private dropIfStuck(watcher: Watcher): boolean {
    if (!watcher.isOver(this.limits.maxBufferedBytes)) {
      watcher.overSince = null;
      return false;
    }
    watcher.overSince ??= this.now();
    if (this.now() - watcher.overSince <= this.limits.maxStuckMs) return false;
    watcher.response.destroy();
    return true;
  }

  private tick(): void {
    for (const watcher of this.watchers) {
      if (!this.dropIfStuck(watcher) && watcher.overSince === null) watcher.write(PING);
    }
    this.onTick();
  }

  private tellCount(): void {
    const count = this.watchers.size;
    for (const listener of this.countListeners) {
      try {
        listener(count);
      } catch (error) {
        // A listener of the dialog failing must not stop the stream nor the other listeners.
        console.error('phone sharing: a watcher-count listener failed', error);
      }
    }
  }

  /**
   * Forgets the last screen: nobody watches, so the GM window stopped publishing and it would go
   * stale. A watcher that connects next gets the `clock` and `share` events only, then the next
   * screen.
   */
  forget(): void {
    this.last = null;
    this.lastSent = null;
  }
}
