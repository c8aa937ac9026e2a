import { describe, expect, it } from 'vitest';
import { PLAYER_SCREEN_VERSION, type PlayerScreen } from '../player/screen';
import { countdownSeconds, rollShown } from '../player/shown-timed';
import { GAP_KEPT_MS, laptopNow, measureGap, type ScreenArrival } from './laptop-clock';

// Issue 44: a phone's clock may be minutes off the GM laptop's, and a screen's times (a shown
// roll, the countdown) are the laptop's. The phone page reads them on the laptop's time, worked
// out from when each screen was written (laptop) and when it arrived (phone).

const MINUTE = 60_000;
/** The laptop's clock when the GM writes the screen. */
const WRITTEN = 1_800_000_000_000;

/** A live screen written at WRITTEN, with a roll shown `rollAgo` ms before and a countdown at 9.5 s left 300 ms before. */
function screenAt(rollAgo: number): PlayerScreen {
  return {
    version: PLAYER_SCREEN_VERSION, campaign: 'Vale', mode: 'live', view: null, ruleset: null, background: null, handout: null,
    roll: { label: 'Ann attacks', notation: '1d20+3', total: 17, dice: [{ value: 14, sides: 20, kept: true }], shownAt: WRITTEN - rollAgo },
    countdown: { remainingMs: 9500, running: true, at: WRITTEN - 300 },
  };
}

/** What the phone shows `later` ms after the screen arrived, its clock `phoneAhead` ms ahead of the laptop's (20 ms on the way). */
function onPhone(phoneAhead: number, rollAgo: number, later: number) {
  const arrival: ScreenArrival = { writtenAt: WRITTEN, receivedAt: WRITTEN + phoneAhead + 20 };
  const gap = measureGap(null, arrival);
  const now = laptopNow(WRITTEN + phoneAhead + 20 + later, gap, arrival);
  const screen = screenAt(rollAgo);
  return { roll: rollShown(screen, now), seconds: countdownSeconds(screen, now) };
}

describe('the laptop\'s clock on a phone', () => {
  it.each([
    ['3 minutes ahead', 3 * MINUTE],
    ['3 minutes behind', -3 * MINUTE],
    ['right', 0],
  ])('with the phone\'s clock %s, the countdown shows the laptop\'s seconds and a roll stays up as long', (_label, phoneAhead) => {
    // 9.5 s left 300 ms before it was written: 9.2 s as it arrives (the 20 ms on the way go unseen).
    expect(onPhone(phoneAhead, 2000, 0).seconds).toBe(10);
    expect(onPhone(phoneAhead, 2000, 4500).seconds).toBe(5);
    expect(onPhone(phoneAhead, 2000, 9500).seconds).toBe(0);
    // A roll shown 2 s before is up, and still 9 s later; one shown 20 s before is gone.
    expect(onPhone(phoneAhead, 2000, 0).roll?.total).toBe(17);
    expect(onPhone(phoneAhead, 2000, 9000).roll?.total).toBe(17);
    expect(onPhone(phoneAhead, 2000, 10_500).roll).toBeNull();
    expect(onPhone(phoneAhead, 20_000, 0).roll).toBeNull();
  });

  it('without its own clock\'s correction, a phone 3 minutes ahead would show neither', () => {
    // What the players' window does on the laptop, done with the phone's clock: what this module is for.
    const screen = screenAt(2000);
    expect(rollShown(screen, WRITTEN + 3 * MINUTE)).toBeNull();
    expect(countdownSeconds(screen, WRITTEN + 3 * MINUTE)).toBe(0);
  });

  it('takes the phone\'s own clock when the laptop did not say when it wrote the screen', () => {
    const arrival: ScreenArrival = { writtenAt: null, receivedAt: 5000 };
    expect(measureGap(null, arrival)).toBeNull();
    expect(laptopNow(6000, null, arrival)).toBe(6000);
    // A gap measured before still holds.
    const known = { ahead: -3 * MINUTE, measuredAt: 4000 };
    expect(measureGap(known, arrival)).toBe(known);
    expect(laptopNow(6000, known, arrival)).toBe(6000 - 3 * MINUTE);
  });

  it('never reads the phone\'s time as before the screen arrived (the page\'s clock is read only while something timed shows)', () => {
    const arrival: ScreenArrival = { writtenAt: 10_000, receivedAt: 50_000 };
    const gap = measureGap(null, arrival);
    expect(laptopNow(1000, gap, arrival)).toBe(10_000);
    expect(laptopNow(51_000, gap, arrival)).toBe(11_000);
  });

  it('keeps the gap of a screen that came at once over the last screen sent again on reconnecting, written long before', () => {
    const phoneAhead = 3 * MINUTE;
    const fresh = measureGap(null, { writtenAt: WRITTEN, receivedAt: WRITTEN + phoneAhead + 20 });
    // The phone slept 2 minutes; on waking it is sent the last screen again, with its time of writing.
    const replay: ScreenArrival = { writtenAt: WRITTEN, receivedAt: WRITTEN + phoneAhead + 2 * MINUTE };
    const kept = measureGap(fresh, replay);
    expect(kept).toBe(fresh);
    // So the roll that screen showed 2 s before it was written, 2 minutes ago, does not come back up.
    expect(rollShown(screenAt(2000), laptopNow(WRITTEN + phoneAhead + 2 * MINUTE, kept, replay))).toBeNull();
    // Measured with the replay alone, it would have.
    expect(rollShown(screenAt(2000), laptopNow(WRITTEN + phoneAhead + 2 * MINUTE, measureGap(null, replay), replay))).not.toBeNull();
    // A screen that comes quicker still is the better measure.
    const quicker = measureGap(kept, { writtenAt: WRITTEN + MINUTE, receivedAt: WRITTEN + MINUTE + phoneAhead + 5 });
    expect(quicker?.ahead).toBe(-phoneAhead - 5);
  });

  it('takes a newer gap over a larger one measured long before: either clock may have been set since', () => {
    const old = measureGap(null, { writtenAt: WRITTEN, receivedAt: WRITTEN + 20 });
    // The phone's clock was put 1 minute forward 20 minutes later.
    const after = measureGap(old, { writtenAt: WRITTEN + 20 * MINUTE, receivedAt: WRITTEN + 21 * MINUTE + 20 });
    expect(after?.ahead).toBe(-MINUTE - 20);
    // Within GAP_KEPT_MS the larger gap would have stood.
    expect(measureGap(old, { writtenAt: WRITTEN + GAP_KEPT_MS - 2 * MINUTE, receivedAt: WRITTEN + GAP_KEPT_MS - MINUTE })).toBe(old);
  });
});
