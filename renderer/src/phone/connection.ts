/**
 * What the phone page knows of its connection to the GM's laptop, as plain data changed by plain
 * functions (the stream in stream.ts feeds it what happens; the page shows it):
 * - `connecting`: the first connection, nothing heard yet;
 * - `connected`: the stream is open and alive (a message or a ping within SILENT_MS);
 * - `reconnecting`: it dropped (an error, the server gone, a phone that slept, or silence) and
 *   is being tried again; what the page shows is the last it knew, marked as such;
 * - `ended`: the GM stopped sharing or gave the table a new code. Final: nothing is tried again.
 */
import { readScreen, type PlayerScreen } from '../player/screen';
import type { Said } from './held-screen';
import { NO_PICTURES, readScreenPictures, type ScreenPictures } from './pictures';

export type Link = 'connecting' | 'connected' | 'reconnecting' | 'ended';

/** A stream that has said nothing, not even its ping (every 15 s), for this long is dead. */
export const SILENT_MS = 40_000;

export interface PhoneState {
  readonly link: Link;
  /** The last screen received, or null before the first; its pictures are in `pictures`. */
  readonly screen: PlayerScreen | null;
  /** That screen's pictures, by reference (fetched by pictures.ts). */
  readonly pictures: ScreenPictures;
  /** When that screen arrived, on the phone's clock (ms since 1970); null before the first. */
  readonly receivedAt: number | null;
  /**
   * Whether a screen arrived since the stream last opened: the one shown before that may be out of
   * date until the laptop sends its own (which it does at once, or as soon as the GM window
   * publishes: a laptop nobody watched keeps no screen).
   */
  readonly fresh: boolean;
  /**
   * How far the laptop's clock is ahead of the phone's (ms; below 0: behind); null until the
   * laptop said its time. The screen's times are the laptop's (laptop-clock.ts). Each time the
   * laptop tells, as the stream opens (`event: clock`) and as it writes a screen (`writtenAt`),
   * is a little before the phone reads it, so each gives the gap less that delay: the largest
   * since the stream opened is the nearest. (A screen sent on connecting may have been written
   * minutes before: it gives a far smaller gap, which the largest leaves aside.) The clock event
   * starts the count again on each stream, in case either clock was set in the meantime.
   */
  readonly laptopAhead: number | null;
  /** When the stream last said anything, a ping included (phone's clock). */
  readonly heardAt: number;
  /** Whether the GM lets players pick their character on their phone. */
  readonly pick: boolean;
}

/** What happened on the stream. `at` is the phone's clock. */
export type StreamSignal =
  | { type: 'opened'; at: number }
  /** What an event said (its data, parsed: null when not JSON); a patch comes as the screen it makes. */
  | { type: 'message'; event: string; said: Said; at: number }
  | { type: 'ping'; at: number }
  | { type: 'dropped' }
  /** The server answered that this code is not (or no longer) valid: a 404. */
  | { type: 'refused' };

export const START: PhoneState = { link: 'connecting', screen: null, pictures: NO_PICTURES, receivedAt: null, fresh: false, laptopAhead: null, heardAt: 0, pick: false };

/** The state after `signal`. Once ended, nothing changes it. */
export function afterSignal(state: PhoneState, signal: StreamSignal): PhoneState {
  if (state.link === 'ended') return state;
  switch (signal.type) {
    case 'opened':
      return { ...state, link: 'connected', heardAt: signal.at, fresh: false };
    case 'ping':
      return { ...state, link: 'connected', heardAt: signal.at };
    case 'dropped':
      return { ...state, link: 'reconnecting' };
    case 'refused':
      return { ...state, link: 'ended' };
    case 'message': {
      const heard: PhoneState = { ...state, link: 'connected', heardAt: signal.at };
      if (signal.event === 'ended') return { ...heard, link: 'ended' };
      const value = signal.said;
      if (signal.event === 'clock') {
        const now = typeof value === 'object' && value !== null ? (value as { now?: unknown }).now : null;
        return typeof now === 'number' && Number.isFinite(now) ? { ...heard, laptopAhead: now - signal.at } : heard;
      }
      if (signal.event === 'share') {
        const pick = typeof value === 'object' && value !== null && (value as { pick?: unknown }).pick === true;
        return { ...heard, pick };
      }
      if (signal.event === 'screen') {
        // A screen that doesn't read is left out: the page keeps the last good one. Its pictures
        // come as references (never as stored pictures: readScreen leaves those out).
        const update = typeof value === 'object' && value !== null ? (value as { screen?: unknown; writtenAt?: unknown }) : {};
        const screen = readScreen(update.screen);
        if (!screen) return heard;
        const { writtenAt } = update;
        const laptopAhead = heard.laptopAhead !== null && typeof writtenAt === 'number' && Number.isFinite(writtenAt) ? Math.max(heard.laptopAhead, writtenAt - signal.at) : heard.laptopAhead;
        return { ...heard, screen, pictures: readScreenPictures(update.screen), receivedAt: signal.at, fresh: true, laptopAhead };
      }
      return heard;
    }
  }
}

/** Whether a connected stream has been silent too long at `now`, so it counts as dropped. */
export function silentTooLong(state: PhoneState, now: number): boolean {
  return state.link === 'connected' && now - state.heardAt > SILENT_MS;
}

/**
 * Whether what the page shows may be out of date: anything but an open, live stream that has
 * sent a screen since it opened (after a reconnection, the screen shown is the last one known).
 */
export function isStale(state: PhoneState): boolean {
  return state.link !== 'connected' || !state.fresh;
}

/** How long to wait before trying again, after `failures` failed tries in a row: 1 s, 2 s, 4 s … at most 15 s. */
export function retryDelay(failures: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, failures));
}

/** "20:14" (or "8:14 PM", as the phone writes times): the phone's time of day, for "as of". */
export function clockTime(at: number, locale?: string): string {
  return new Date(at).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** The server pings every 15 s; a stream unheard for longer than this after the phone wakes is likely dead. */
const WAKE_SILENT_MS = 20_000;

/**
 * Whether to drop the stream and connect again at once when the phone wakes (the page shows again,
 * or the network comes back): when it is not connected, or it has been quiet past a ping, as a
 * stream is after a phone slept (the next retry or the silence check would come later).
 */
export function restartOnWake(state: PhoneState, now: number): boolean {
  if (state.link === 'ended') return false;
  return state.link !== 'connected' || now - state.heardAt > WAKE_SILENT_MS;
}
