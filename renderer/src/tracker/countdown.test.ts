import { describe, expect, it } from 'vitest';
import { Countdown } from './countdown';

/** A clock that only moves when the test says so. */
function fakeClock(start = 1000) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describe('Countdown', () => {
  it('starts full and stopped, and does not move until started', () => {
    const t = fakeClock();
    const c = new Countdown(15_000, t.clock);
    t.advance(5000);
    expect(c.running).toBe(false);
    expect(c.seconds()).toBe(15);
    expect(c.tick()).toBe(false);
  });

  it('counts down from the clock, rounding seconds up', () => {
    const t = fakeClock();
    const c = new Countdown(15_000, t.clock);
    c.start();
    t.advance(100);
    expect(c.seconds()).toBe(15);
    t.advance(900);
    expect(c.seconds()).toBe(14);
    t.advance(13_999);
    expect(c.remaining()).toBe(1);
    expect(c.seconds()).toBe(1);
  });

  it('keeps the time left while paused and resumes from it', () => {
    const t = fakeClock();
    const c = new Countdown(10_000, t.clock);
    c.start();
    t.advance(4000);
    c.pause();
    t.advance(60_000);
    expect(c.running).toBe(false);
    expect(c.remaining()).toBe(6000);
    c.start();
    t.advance(2000);
    expect(c.remaining()).toBe(4000);
  });

  it('reports the end once, on the first tick at or past zero, and then stays at zero', () => {
    const t = fakeClock();
    const c = new Countdown(3000, t.clock);
    c.start();
    t.advance(2999);
    expect(c.tick()).toBe(false);
    t.advance(5000);
    expect(c.tick()).toBe(true);
    expect(c.finished).toBe(true);
    expect(c.running).toBe(false);
    expect(c.tick()).toBe(false);
    expect(c.seconds()).toBe(0);
  });

  it('will not start again once finished until reset', () => {
    const t = fakeClock();
    const c = new Countdown(1000, t.clock);
    c.start();
    t.advance(1000);
    c.tick();
    c.start();
    expect(c.running).toBe(false);
    c.reset();
    expect(c.finished).toBe(false);
    expect(c.seconds()).toBe(1);
    c.start();
    expect(c.running).toBe(true);
  });

  it('reset stops it, fills it and can change the length', () => {
    const t = fakeClock();
    const c = new Countdown(15_000, t.clock);
    c.start();
    t.advance(7000);
    c.reset(30_000);
    expect(c.running).toBe(false);
    expect(c.length).toBe(30_000);
    t.advance(7000);
    expect(c.seconds()).toBe(30);
  });

  it('a zero-length countdown finishes instead of running', () => {
    const t = fakeClock();
    const c = new Countdown(0, t.clock);
    c.start();
    expect(c.running).toBe(false);
    expect(c.finished).toBe(true);
  });

  it('pausing or starting twice changes nothing', () => {
    const t = fakeClock();
    const c = new Countdown(5000, t.clock);
    c.pause();
    c.start();
    t.advance(1000);
    c.start();
    t.advance(1000);
    expect(c.remaining()).toBe(3000);
    c.pause();
    c.pause();
    expect(c.remaining()).toBe(3000);
  });
});
