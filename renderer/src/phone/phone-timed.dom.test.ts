// @vitest-environment happy-dom
// (A DOM, so that Svelte runs the page's effects as in a phone's browser.)
/**
 * The phone page shows the roll the GM put up and the turn countdown, read on the GM laptop's
 * clock though the phone's is minutes off it, and reads its own clock only while one of them is
 * up. The page is mounted whole, its stream (`./screen`) played by a stubbed fetch.
 */
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fightScreen } from '../../../engine/testing/player-screens';
import type { PlayerScreen } from '../player/screen';
import PhoneApp from './PhoneApp.svelte';

const MINUTE = 60_000;
/** The laptop's clock when the GM wrote the screen; the phone's clock is 3 minutes ahead of it. */
const WRITTEN = 1_800_000_000_000;
const PHONE_AHEAD = 3 * MINUTE;

/** The stream's body, fed by the test, and how many times the page asked for it. */
function stubbedStream() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const fetch = vi.fn(async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    streams.push(controller);
    return { status: 200, ok: true, body } as unknown as Response;
  });
  const encoder = new TextEncoder();
  return {
    fetch,
    /** The laptop says its time of day (as it does first thing on each stream). */
    clock(now: number) {
      streams.at(-1)?.enqueue(encoder.encode(`event: clock\ndata: ${JSON.stringify({ now })}\n\n`));
    },
    /** Sends a screen the laptop wrote at `writtenAt` (its clock) on the newest stream. */
    send(screen: PlayerScreen, writtenAt: number) {
      streams.at(-1)?.enqueue(encoder.encode(`event: screen\nid: 1\ndata: ${JSON.stringify({ screen, writtenAt })}\n\n`));
    },
    /** The network drops: the newest stream fails. */
    drop() {
      streams.at(-1)?.error(new Error('network down'));
    },
  };
}

/** Lets the stream's reads (promises, on real timers) through, then Svelte's updates. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise<void>((done) => queueMicrotask(done));
  await new Promise<void>((done) => setTimeout(done, 0));
  flushSync();
}

describe('the phone page\'s shown roll and countdown', () => {
  let page: ReturnType<typeof mount> | null = null;
  let target: HTMLElement;
  let stream: ReturnType<typeof stubbedStream>;

  beforeEach(async () => {
    // The page's clock (Date) and its intervals are the test's; the stream's retries keep real timers.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(WRITTEN + PHONE_AHEAD);
    stream = stubbedStream();
    vi.stubGlobal('fetch', stream.fetch);
    target = document.createElement('div');
    document.body.append(target);
    page = mount(PhoneApp, { target });
    await settle();
    // The stream opens as the laptop's clock reads WRITTEN (the phone's, 3 minutes more).
    stream.clock(WRITTEN);
    await settle();
  });

  afterEach(() => {
    if (page) unmount(page);
    page = null;
    target.remove();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const timer = () => target.querySelector('[role="timer"]');
  const roll = () => target.querySelector('aside[aria-label="Roll"]');
  /** The page's intervals: its check on the stream's silence, and its clock while something timed shows. */
  const intervals = () => vi.getTimerCount();

  it('shows the countdown\'s seconds and the roll on the laptop\'s time, ticking only while one of them is up', async () => {
    // Whose go it is, and no timer but the stream's silence check while nothing timed is shown.
    stream.send(fightScreen({ roll: null }), WRITTEN);
    await settle();
    expect(target.querySelector('[data-testid="phone-who"]')?.textContent).toMatch(/acts$/);
    expect(timer()).toBeNull();
    expect(roll()).toBeNull();
    expect(intervals()).toBe(1);

    // The GM shows a roll (2 s before writing, on the laptop's clock) with 8 s left to declare.
    const shown = fightScreen({ countdown: { remainingMs: 8200, running: true, at: WRITTEN - 200 } });
    stream.send({ ...shown, roll: shown.roll && { ...shown.roll, shownAt: WRITTEN - 2000 } }, WRITTEN);
    await settle();
    expect(timer()?.getAttribute('aria-label')).toBe('Time to declare');
    expect(timer()?.textContent).toBe('8');
    expect(timer()?.classList.contains('low')).toBe(false);
    // Beside whose go it is, in the turn at the top.
    expect(timer()?.closest('[data-testid="phone-turn"]')).not.toBeNull();
    expect(roll()?.textContent).toContain('Ann attacks');
    expect(roll()?.querySelector('.total')?.textContent).toBe('17');
    expect([...(roll()?.querySelectorAll('.die') ?? [])].map((die) => [die.textContent, die.classList.contains('dropped')])).toEqual([
      ['17', false],
      ['3', true],
    ]);
    expect(intervals()).toBe(2);

    // 3 s on: 5 s left, shown as running low; the roll is still up.
    vi.advanceTimersByTime(3000);
    flushSync();
    expect(timer()?.textContent).toBe('5');
    expect(timer()?.classList.contains('low')).toBe(true);
    expect(roll()).not.toBeNull();

    // 12 s after it was shown the roll goes; the countdown shows 0 and the page stops ticking.
    vi.advanceTimersByTime(7500);
    flushSync();
    expect(roll()).toBeNull();
    expect(timer()?.textContent).toBe('0');
    expect(intervals()).toBe(1);
  });

  it('reads a screen written long before it connected on the laptop\'s time now', async () => {
    // The GM started 30 s to declare and showed a roll 25 s before this phone connected, and has
    // changed nothing since: the laptop sends that screen as it was written.
    const early = WRITTEN - 25_000;
    const shown = fightScreen({ countdown: { remainingMs: 30_000, running: true, at: early } });
    stream.send({ ...shown, roll: shown.roll && { ...shown.roll, shownAt: early } }, early);
    await settle();
    expect(timer()?.textContent).toBe('5');
    expect(roll()).toBeNull();
  });

  it('puts no roll up that went up 20 s before, and no countdown that is not running', async () => {
    const screen = fightScreen({ countdown: { remainingMs: 8000, running: false, at: WRITTEN } });
    stream.send({ ...screen, roll: screen.roll && { ...screen.roll, shownAt: WRITTEN - 20_000 } }, WRITTEN);
    await settle();
    expect(target.querySelector('[data-testid="phone-who"]')).not.toBeNull();
    expect(roll()).toBeNull();
    expect(timer()).toBeNull();
    expect(intervals()).toBe(1);
  });

  it('takes the countdown down while the link is down (the GM may have stopped it), and keeps the roll', async () => {
    const shown = fightScreen({ countdown: { remainingMs: 8000, running: true, at: WRITTEN } });
    stream.send({ ...shown, roll: shown.roll && { ...shown.roll, shownAt: WRITTEN } }, WRITTEN);
    await settle();
    expect(timer()?.textContent).toBe('8');
    stream.drop();
    await settle();
    expect(target.querySelector('[data-testid="phone-link"]')?.textContent).toBe('Reconnecting…');
    expect(timer()).toBeNull();
    expect(roll()).not.toBeNull();
  });

  it('never shows a roll behind the curtain', async () => {
    const screen = fightScreen({ mode: 'curtain' });
    stream.send({ ...screen, roll: screen.roll && { ...screen.roll, shownAt: WRITTEN } }, WRITTEN);
    await settle();
    expect(target.textContent).toContain('The GM is preparing the next scene');
    expect(roll()).toBeNull();
  });
});
