/**
 * What the players' screen shows: one plain JSON value, written by the GM window into IndexedDB
 * and read by the player window. Everything in it is player-safe: the fight comes only as the
 * engine's projection (`projectPlayerView`), never as the encounter's state or events.
 */
// Straight from the engine's modules, not its index: the players' page must not pull in the whole engine.
import { isStoredPicture } from '../../../engine/space/zones/check-map';
import type { MapBackground } from '../../../engine/space/zones/zone-map';
import type { PlayerView } from '../../../engine/views/player-view';

export const PLAYER_SCREEN_VERSION = 1;

/** A roll the GM chose to show: what it was for, the dice and the total. */
export interface ShownRoll {
  readonly label: string;
  readonly notation: string;
  readonly total: number;
  /** Each die's value, and whether it counted (kept) or was dropped. */
  readonly dice: readonly { readonly value: number; readonly sides: number; readonly kept: boolean }[];
  /** When the GM showed it (ms since 1970): the player screen shows it for a while. */
  readonly shownAt: number;
}

/** A turn countdown (a ruleset's `timer` panel) as the GM window runs it. */
export interface ShownCountdown {
  /** Milliseconds left at `at`. */
  readonly remainingMs: number;
  readonly running: boolean;
  /** When `remainingMs` was measured (ms since 1970). */
  readonly at: number;
}

export interface PlayerScreen {
  readonly version: typeof PLAYER_SCREEN_VERSION;
  /** The open campaign's name, for the curtain; null when none is open. */
  readonly campaign: string | null;
  /** `curtain`: a blank screen with the campaign's name; `handout`: a picture, full screen. */
  readonly mode: 'live' | 'curtain' | 'handout';
  /** The fight as the players may see it; null when no fight is open. */
  readonly view: PlayerView | null;
  /** The fight's ruleset, for its names of the phases and its part of the header; null without a fight. */
  readonly ruleset: string | null;
  /** The laid-out map's picture, when it has one. */
  readonly background: MapBackground | null;
  readonly handout: MapBackground | null;
  readonly roll: ShownRoll | null;
  readonly countdown: ShownCountdown | null;
}

/** How long a shown roll stays up on the players' screen. */
export const ROLL_SHOWN_MS = 12_000;

/** How many milliseconds a countdown has left at `now`. */
export function countdownLeft(countdown: ShownCountdown, now: number): number {
  return Math.max(0, countdown.running ? countdown.remainingMs - (now - countdown.at) : countdown.remainingMs);
}

/**
 * A value read back from the database is a screen of this version, or null (nothing to show yet).
 * A picture that isn't one GM Screen keeps (an SVG, a forged type, too large) is left out: the
 * screen shows without it.
 */
export function readScreen(value: unknown): PlayerScreen | null {
  if (typeof value !== 'object' || value === null) return null;
  const screen = value as Partial<PlayerScreen>;
  if (screen.version !== PLAYER_SCREEN_VERSION || !(screen.mode === 'live' || screen.mode === 'curtain' || screen.mode === 'handout')) return null;
  const picture = (p: unknown): MapBackground | null => (isStoredPicture(p) ? (p as MapBackground) : null);
  return { ...(value as PlayerScreen), background: picture(screen.background), handout: picture(screen.handout) };
}
