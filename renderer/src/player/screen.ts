/**
 * What the players' screen shows: one plain JSON value (its format: engine/campaign/player-screen.ts),
 * published by the GM window and read by the player window (transport.ts, screen-source.ts).
 * Everything in it is player-safe: the fight comes only as the engine's projection
 * (`projectPlayerView`), never as the encounter's state or events. Whatever way it came, the
 * players' page shows it only once `readScreen` has read it.
 */
// The engine's drawing entry, not its index: the players' page must not pull in the whole engine.
import { isStoredPicture, PLAYER_SCREEN_VERSION, type MapBackground, type PlayerScreen, type ShownCountdown } from '../../../engine/drawing';

// The format itself is the engine's: the main process checks it too, before relaying it.
export { PLAYER_SCREEN_VERSION, type PlayerScreen, type ShownCountdown, type ShownRoll } from '../../../engine/drawing';

/** How long a shown roll stays up on the players' screen. */
export const ROLL_SHOWN_MS = 12_000;

/** How many milliseconds a countdown has left at `now`. */
export function countdownLeft(countdown: ShownCountdown, now: number): number {
  return Math.max(0, countdown.running ? countdown.remainingMs - (now - countdown.at) : countdown.remainingMs);
}

/**
 * A value received (read back from the database in a browser, relayed by the main process in the
 * desktop app) is a screen of this version, or null (nothing to show yet).
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
