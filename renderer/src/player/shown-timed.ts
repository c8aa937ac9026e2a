/**
 * What of a screen is timed, at a time on the GM laptop's clock: the roll the GM put up (for
 * ROLL_SHOWN_MS) and the turn countdown's seconds. Both the players' window (on the laptop, so
 * with `Date.now()`) and the phone page (with the laptop's time worked out, phone/laptop-clock.ts)
 * read them here, so they put up and take down the same things at the same moments.
 */
import { countdownLeft, ROLL_SHOWN_MS, type PlayerScreen, type ShownRoll } from './screen';

/** At or under this many seconds the countdown shows as running low. */
export const LOW_SECONDS = 5;

/** The roll the GM showed, while it is still up at `now`; never behind the curtain. */
export function rollShown(screen: PlayerScreen | null, now: number): ShownRoll | null {
  const roll = screen?.roll ?? null;
  return roll && screen?.mode !== 'curtain' && now - roll.shownAt < ROLL_SHOWN_MS ? roll : null;
}

/** The countdown's seconds left at `now` (rounded up), while it runs on a live screen; null when none shows. */
export function countdownSeconds(screen: PlayerScreen | null, now: number): number | null {
  const countdown = screen?.countdown ?? null;
  if (!countdown?.running || screen?.mode !== 'live') return null;
  return Math.ceil(countdownLeft(countdown, now) / 1000);
}
