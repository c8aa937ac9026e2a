import { describe, expect, it } from 'vitest';
import { PLAYER_SCREEN_VERSION, type PlayerScreen } from '../player/screen';
import { afterSignal, isStale, restartOnWake, retryDelay, SILENT_MS, silentTooLong, START, type PhoneState, type StreamSignal } from './connection';

const screen = (campaign: string): PlayerScreen => ({ version: PLAYER_SCREEN_VERSION, campaign, mode: 'curtain', view: null, ruleset: null, background: null, handout: null, roll: null, countdown: null });
const screenEvent = (s: unknown, at: number): StreamSignal => ({ type: 'message', event: 'screen', said: { screen: s, writtenAt: at - 5 }, at });
const play = (...signals: StreamSignal[]): PhoneState => signals.reduce(afterSignal, START);

describe('the phone page\'s connection', () => {
  it('is connected once the stream opens, and shows each screen with when it arrived', () => {
    const state = play({ type: 'opened', at: 100 }, screenEvent(screen('Vale'), 200));
    expect(state.link).toBe('connected');
    expect(state.screen?.campaign).toBe('Vale');
    expect(state.receivedAt).toBe(200);
    expect(isStale(state)).toBe(false);
  });

  it('keeps how far the laptop\'s clock is from the phone\'s, from the time the laptop says as the stream opens', () => {
    const state = play({ type: 'opened', at: 100 }, { type: 'message', event: 'clock', said: { now: 180_100 }, at: 100 });
    expect(state.laptopAhead).toBe(180_000);
    // One that is not a time changes nothing.
    for (const said of [{ now: 'noon' }, { now: Number.POSITIVE_INFINITY }, null, {}]) {
      expect(afterSignal(state, { type: 'message', event: 'clock', said, at: 200 }).laptopAhead).toBe(180_000);
    }
    expect(START.laptopAhead).toBeNull();
  });

  it('takes the nearest gap between the clocks: a screen read at once sharpens it, one written long before leaves it', () => {
    // The phone read the clock event 400 ms after the laptop wrote it (a page still loading).
    const opened = play({ type: 'opened', at: 1000 }, { type: 'message', event: 'clock', said: { now: 181_000 - 400 }, at: 1000 });
    expect(opened.laptopAhead).toBe(179_600);
    // The last screen, written a minute before, comes with it: it says less, and is left aside.
    const old = afterSignal(opened, { type: 'message', event: 'screen', said: { screen: screen('Vale'), writtenAt: 121_000 }, at: 1000 });
    expect(old.laptopAhead).toBe(179_600);
    // The GM writes the next one; it takes 5 ms to arrive: the gap is 5 ms short of the truth now.
    const next = afterSignal(old, { type: 'message', event: 'screen', said: { screen: screen('Vale'), writtenAt: 182_000 }, at: 2005 });
    expect(next.laptopAhead).toBe(179_995);
    // A new stream starts again from its own clock event (either clock may have been set since).
    const again = [{ type: 'dropped' }, { type: 'opened', at: 5000 }, { type: 'message', event: 'clock', said: { now: 65_000 }, at: 5000 }] satisfies StreamSignal[];
    expect(again.reduce(afterSignal, next).laptopAhead).toBe(60_000);
    // Without the laptop's time, a screen alone says nothing of the gap (it may have been written long before).
    expect(play({ type: 'opened', at: 1 }, screenEvent(screen('Vale'), 2)).laptopAhead).toBeNull();
  });

  it('keeps the screen\'s picture references apart, and leaves out one that does not read', () => {
    const map = { picture: 'a'.repeat(64), mime: 'image/webp', width: 800, height: 600 };
    const state = play({ type: 'opened', at: 100 }, screenEvent({ ...screen('Vale'), mode: 'live', background: map, handout: { picture: '../secret' } }, 200));
    expect(state.screen?.campaign).toBe('Vale');
    expect(state.pictures).toEqual({ background: map, handout: null });
    // Neither kind of picture stays inside the screen itself.
    expect(state.screen?.background).toBeNull();
  });

  it('reconnects after a drop, keeping the last screen but marking it stale until the stream is back', () => {
    const dropped = play({ type: 'opened', at: 100 }, screenEvent(screen('Vale'), 200), { type: 'dropped' });
    expect(dropped.link).toBe('reconnecting');
    expect(dropped.screen?.campaign).toBe('Vale');
    expect(isStale(dropped)).toBe(true);
    const back = afterSignal(dropped, { type: 'opened', at: 900 });
    expect(back.link).toBe('connected');
    // Connected again, the screen shown is still the last known until the laptop sends its own.
    expect(isStale(back)).toBe(true);
    expect(isStale(afterSignal(back, { type: 'ping', at: 950 }))).toBe(true);
    const current = afterSignal(back, screenEvent(screen('Vale'), 1000));
    expect(isStale(current)).toBe(false);
    expect(current.receivedAt).toBe(1000);
  });

  it('is stale before it ever connects', () => {
    expect(START.link).toBe('connecting');
    expect(isStale(START)).toBe(true);
  });

  it('ends for good on the stream\'s ended, or on a 404 for the code, whatever comes after', () => {
    const ended = play({ type: 'opened', at: 1 }, screenEvent(screen('Vale'), 2), { type: 'message', event: 'ended', said: {}, at: 3 });
    expect(ended.link).toBe('ended');
    expect(afterSignal(ended, { type: 'opened', at: 4 }).link).toBe('ended');
    expect(afterSignal(ended, screenEvent(screen('Other'), 5)).screen?.campaign).toBe('Vale');
    expect(play({ type: 'dropped' }, { type: 'refused' }).link).toBe('ended');
  });

  it('keeps the last good screen when one does not read, and follows whether picking is allowed', () => {
    const state = play({ type: 'opened', at: 1 }, screenEvent(screen('Vale'), 2), screenEvent({ version: 99 }, 3), { type: 'message', event: 'screen', said: null, at: 4 });
    expect(state.screen?.campaign).toBe('Vale');
    expect(state.receivedAt).toBe(2);
    expect(afterSignal(state, { type: 'message', event: 'share', said: { pick: true }, at: 5 }).pick).toBe(true);
    expect(play({ type: 'message', event: 'share', said: { pick: 'yes' }, at: 5 }).pick).toBe(false);
  });

  it('counts a stream silent past 40 s, pings included, as dropped', () => {
    const state = play({ type: 'opened', at: 0 }, { type: 'ping', at: 15_000 });
    expect(state.heardAt).toBe(15_000);
    expect(silentTooLong(state, 15_000 + SILENT_MS)).toBe(false);
    expect(silentTooLong(state, 15_000 + SILENT_MS + 1)).toBe(true);
    // Only an open stream goes silent: one reconnecting is being tried already.
    expect(silentTooLong(afterSignal(state, { type: 'dropped' }), 999_999)).toBe(false);
  });

  it('connects again at once when the phone wakes, unless the stream was heard from just now or has ended', () => {
    const heard = play({ type: 'opened', at: 0 }, { type: 'ping', at: 60_000 });
    expect(restartOnWake(heard, 65_000)).toBe(false);
    expect(restartOnWake(heard, 90_000)).toBe(true);
    expect(restartOnWake(afterSignal(heard, { type: 'dropped' }), 61_000)).toBe(true);
    expect(restartOnWake(afterSignal(heard, { type: 'refused' }), 90_000)).toBe(false);
  });

  it('waits longer after each failed try, up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });
});
