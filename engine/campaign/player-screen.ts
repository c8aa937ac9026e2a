/**
 * What the players' screen shows, as one plain JSON value: the engine's player-safe projection of
 * the fight (`projectPlayerView`, never the state or its events) plus what the GM put up (curtain,
 * handout, a roll, the countdown). The format the GM window publishes and the players' window
 * reads, shared as equals by the renderer (renderer/src/player/screen.ts re-exports it and reads
 * it back) and the main process (electron/ipc-contract/ checks it before relaying it to the
 * players' window). Types and one constant only: nothing here runs.
 */
import type { MapBackground } from '../core/maps/zone-map';
import type { PlayerView } from '../views/player-view';

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
