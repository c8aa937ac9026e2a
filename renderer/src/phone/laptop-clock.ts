/**
 * The GM laptop's clock, read on a phone. The times in a screen (when a roll went up, when the
 * countdown was measured) are the laptop's, and a phone's clock may be minutes off it, so the
 * phone page reads them on the laptop's time: the laptop says its time of day as each stream
 * opens (`event: clock`, electron/phone-share/sse-events.ts) and with each screen it writes
 * (`writtenAt`), and the phone notes its own as it reads them (connection.ts keeps the nearest
 * difference, `laptopAhead`). The phone reads each a little after the laptop wrote it (milliseconds
 * on a LAN), so the laptop's time worked out is that much early: a roll stays up and a countdown
 * shows that much longer.
 */

/** What the page knows for it: PhoneState's two fields. */
export interface LaptopClock {
  /** When the screen shown arrived (phone's clock), or null before the first. */
  readonly receivedAt: number | null;
  /** How far the laptop's clock is ahead of the phone's (ms; below 0: behind), or null before the stream said. */
  readonly laptopAhead: number | null;
}

/**
 * The laptop's time when the phone's clock reads `phoneNow`. `phoneNow` is never taken as before
 * the screen's arrival (the page's clock may have been read long before it: it ticks only while
 * something timed is shown). Before the laptop said its time, the phone's own clock is taken as
 * the laptop's: phones and laptops mostly set their clocks from the network, and a wrong guess
 * only keeps a roll up for a wrong time or shows a countdown off by the clocks' difference, until
 * the stream opens and says.
 */
export function laptopNow(phoneNow: number, clock: LaptopClock): number {
  const now = Math.max(phoneNow, clock.receivedAt ?? phoneNow);
  return now + (clock.laptopAhead ?? 0);
}
