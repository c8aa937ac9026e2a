/**
 * The GM laptop's clock, read on a phone. The times in a screen (when a roll went up, when the
 * countdown was measured) are the laptop's, and a phone's clock may be minutes off it, so the
 * phone page reads them against the laptop's time, worked out from the screens it receives: each
 * says when the laptop wrote it (`writtenAt`, laptop's clock), and the phone notes when it arrived
 * (`receivedAt`, its own clock). On a LAN the screen takes milliseconds to arrive, so the two
 * differ by how far the clocks are apart (plus that delay: the laptop's time worked out is that
 * much early, so a roll stays up and a countdown shows a few milliseconds longer).
 */

/** When the screen shown was written (laptop's clock) and when it arrived (phone's): PhoneState's two fields. */
export interface ScreenArrival {
  readonly receivedAt: number | null;
  readonly writtenAt: number | null;
}

/** How far the laptop's clock is ahead of the phone's (ms; below 0: behind), as measured at `measuredAt` (phone's clock). */
export interface ClockGap {
  readonly ahead: number;
  readonly measuredAt: number;
}

/** How long a measured gap is trusted over a smaller one measured later (see `measureGap`). */
export const GAP_KEPT_MS = 10 * 60_000;

/**
 * The gap between the clocks after a screen arrived, given the one known before (null: none).
 * Each screen's `writtenAt - receivedAt` is the gap less the time the screen took to arrive; that
 * is milliseconds for a screen sent as the GM writes it, but the laptop sends its last screen
 * again to a phone connecting (after a drop, or waking up), with the time it was first written,
 * maybe minutes ago. So the larger gap (the screen that arrived soonest) is kept over a smaller
 * one, as long as it is recent (GAP_KEPT_MS): either clock may be set in the meantime, and then
 * the gap measured since is the right one.
 * With no `writtenAt` (a laptop that did not say) there is nothing to measure: the gap known
 * before, or none.
 */
export function measureGap(known: ClockGap | null, arrival: ScreenArrival): ClockGap | null {
  const { receivedAt, writtenAt } = arrival;
  if (receivedAt === null || writtenAt === null) return known;
  const measured: ClockGap = { ahead: writtenAt - receivedAt, measuredAt: receivedAt };
  if (known && known.ahead >= measured.ahead && receivedAt - known.measuredAt < GAP_KEPT_MS) return known;
  return measured;
}

/**
 * The laptop's time when the phone's clock reads `phoneNow`. `phoneNow` is never taken as before
 * the screen's arrival (the page's clock may have been read long before it: it ticks only while
 * something timed is shown). With no gap known the phone's own clock is taken as the laptop's:
 * there is nothing to compare it with, phones and laptops mostly set their clocks from the
 * network, and a wrong guess only keeps a roll up for a wrong time or shows a countdown off by
 * the clocks' difference; the next screen that says when it was written puts it right.
 */
export function laptopNow(phoneNow: number, gap: ClockGap | null, arrival: ScreenArrival): number {
  const now = Math.max(phoneNow, arrival.receivedAt ?? phoneNow);
  return now + (gap?.ahead ?? 0);
}
