import { describe, expect, it } from 'vitest';
import { PLAYER_SCREEN_VERSION, type PlayerScreen } from '../player/screen';
import { countdownSeconds, rollShown } from '../player/shown-timed';
import { afterSignal, START, type PhoneState, type StreamSignal } from './connection';
import { laptopNow } from './laptop-clock';

// Issue 44: a phone's clock may be minutes off the GM laptop's, and a screen's times (a shown
// roll, the countdown) are the laptop's. The phone page reads them on the laptop's time, from the
// time of day the laptop says as the stream opens.

const MINUTE = 60_000;
/** The laptop's clock as the stream opens. */
const LAPTOP = 1_800_000_000_000;

/** A live screen with a roll shown at `rollAt` and a countdown of 9.5 s measured at `countdownAt` (laptop's clock). */
function screenWith(rollAt: number, countdownAt: number): PlayerScreen {
  return {
    version: PLAYER_SCREEN_VERSION, campaign: 'Vale', mode: 'live', view: null, ruleset: null, background: null, handout: null,
    roll: { label: 'Ann attacks', notation: '1d20+3', total: 17, dice: [{ value: 14, sides: 20, kept: true }], shownAt: rollAt },
    countdown: { remainingMs: 9500, running: true, at: countdownAt },
  };
}

/**
 * The phone's state after its stream opened at LAPTOP (the phone's clock `phoneAhead` ms ahead),
 * the clock event and the screen arriving 20 ms later.
 */
function connected(phoneAhead: number, screen: PlayerScreen): PhoneState {
  const at = LAPTOP + phoneAhead + 20;
  const signals: StreamSignal[] = [
    { type: 'opened', at },
    { type: 'message', event: 'clock', said: { now: LAPTOP }, at },
    { type: 'message', event: 'screen', said: { screen, writtenAt: LAPTOP - 5000 }, at },
  ];
  return signals.reduce(afterSignal, START);
}

/** What the phone shows `later` ms after it connected. */
function onPhone(phoneAhead: number, screen: PlayerScreen, later: number) {
  const now = laptopNow(LAPTOP + phoneAhead + 20 + later, connected(phoneAhead, screen));
  return { roll: rollShown(screen, now), seconds: countdownSeconds(screen, now) };
}

describe('the laptop\'s clock on a phone', () => {
  it.each([
    ['3 minutes ahead', 3 * MINUTE],
    ['3 minutes behind', -3 * MINUTE],
    ['right', 0],
  ])('with the phone\'s clock %s, the countdown shows the laptop\'s seconds and a roll stays up as long', (_label, phoneAhead) => {
    const screen = screenWith(LAPTOP - 2000, LAPTOP - 300);
    // 9.5 s left 300 ms before the stream opened: 9.2 s as it does (the 20 ms on the way go unseen).
    expect(onPhone(phoneAhead, screen, 0).seconds).toBe(10);
    expect(onPhone(phoneAhead, screen, 4500).seconds).toBe(5);
    expect(onPhone(phoneAhead, screen, 9500).seconds).toBe(0);
    // A roll shown 2 s before is up, and still 9 s later; one shown 20 s before is gone.
    expect(onPhone(phoneAhead, screen, 0).roll?.total).toBe(17);
    expect(onPhone(phoneAhead, screen, 9000).roll?.total).toBe(17);
    expect(onPhone(phoneAhead, screen, 10_500).roll).toBeNull();
    expect(onPhone(phoneAhead, screenWith(LAPTOP - 20_000, LAPTOP), 0).roll).toBeNull();
  });

  it('reads a screen written long before the phone connected on the time now, not the time it was written', () => {
    // The GM started 30 s to declare 25 s ago and has changed nothing since: the laptop sends that
    // screen to a phone connecting now. 5 s are left, whatever its clock; the roll is long gone.
    const screen = { ...screenWith(LAPTOP - 25_000, LAPTOP - 25_000), countdown: { remainingMs: 30_000, running: true, at: LAPTOP - 25_000 } };
    for (const phoneAhead of [3 * MINUTE, -MINUTE, 0]) {
      expect(onPhone(phoneAhead, screen, 0)).toEqual({ roll: null, seconds: 5 });
    }
  });

  it('without the laptop\'s time, a phone 3 minutes ahead would show neither', () => {
    // What the players' window does on the laptop, done with the phone's clock: what this module is for.
    const screen = screenWith(LAPTOP - 2000, LAPTOP - 300);
    expect(rollShown(screen, LAPTOP + 3 * MINUTE)).toBeNull();
    expect(countdownSeconds(screen, LAPTOP + 3 * MINUTE)).toBe(0);
  });

  it('takes the phone\'s own clock until the laptop says its time', () => {
    expect(laptopNow(6000, { receivedAt: 5000, laptopAhead: null })).toBe(6000);
    expect(laptopNow(6000, { receivedAt: 5000, laptopAhead: -3 * MINUTE })).toBe(6000 - 3 * MINUTE);
  });

  it('never reads the phone\'s time as before the screen arrived (the page\'s clock is read only while something timed shows)', () => {
    const clock = { receivedAt: 50_000, laptopAhead: -40_000 };
    expect(laptopNow(1000, clock)).toBe(10_000);
    expect(laptopNow(51_000, clock)).toBe(11_000);
  });
});
