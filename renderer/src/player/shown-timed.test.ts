import { describe, expect, it } from 'vitest';
import { PLAYER_SCREEN_VERSION, ROLL_SHOWN_MS, type PlayerScreen } from './screen';
import { countdownSeconds, rollShown } from './shown-timed';

// What both the players' window and the phone page put up of a screen's timed parts, at a time
// on the laptop's clock.

const roll = { label: '', notation: '2d20kh1', total: 17, dice: [{ value: 17, sides: 20, kept: true }, { value: 3, sides: 20, kept: false }], shownAt: 1000 };
const screen = (more: Partial<PlayerScreen>): PlayerScreen => ({
  version: PLAYER_SCREEN_VERSION, campaign: 'Vale', mode: 'live', view: null, ruleset: null, background: null, handout: null, roll: null, countdown: null, ...more,
});

describe('the timed parts of the players\' screen', () => {
  it('puts a roll up for ROLL_SHOWN_MS after the GM showed it, over a fight or a handout, never behind the curtain', () => {
    expect(rollShown(screen({ roll }), 1000)).toBe(roll);
    expect(rollShown(screen({ roll }), 1000 + ROLL_SHOWN_MS - 1)).toBe(roll);
    expect(rollShown(screen({ roll }), 1000 + ROLL_SHOWN_MS)).toBeNull();
    expect(rollShown(screen({ roll, mode: 'handout' }), 2000)).toBe(roll);
    expect(rollShown(screen({ roll, mode: 'curtain' }), 2000)).toBeNull();
    expect(rollShown(screen({}), 2000)).toBeNull();
    expect(rollShown(null, 2000)).toBeNull();
  });

  it('shows the countdown\'s seconds left, rounded up, only while it runs on a live screen', () => {
    const countdown = { remainingMs: 15_000, running: true, at: 1000 };
    expect(countdownSeconds(screen({ countdown }), 1000)).toBe(15);
    expect(countdownSeconds(screen({ countdown }), 1001)).toBe(15);
    expect(countdownSeconds(screen({ countdown }), 11_000)).toBe(5);
    expect(countdownSeconds(screen({ countdown }), 60_000)).toBe(0);
    expect(countdownSeconds(screen({ countdown: { ...countdown, running: false } }), 1000)).toBeNull();
    expect(countdownSeconds(screen({ countdown, mode: 'handout' }), 1000)).toBeNull();
    expect(countdownSeconds(screen({ countdown, mode: 'curtain' }), 1000)).toBeNull();
    expect(countdownSeconds(screen({}), 1000)).toBeNull();
  });
});
