import { compare } from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { fightScreen } from '../../../engine/testing/player-screens';
import { HeldScreen } from './held-screen';

// The screen a phone holds on one connection: whole screens, and patches on the screen held.

const whole = (screen: unknown, writtenAt: number) => JSON.stringify({ screen, writtenAt });
const patch = (base: number, from: unknown, to: unknown, writtenAt: number) => JSON.stringify({ base, writtenAt, patch: compare(from as object, to as object) });

describe('the screen a phone holds', () => {
  const first = fightScreen();
  const second = fightScreen({ mode: 'curtain', roll: null });
  const third = { ...second, campaign: 'Vale <b>' };

  it('takes a whole screen as it is, then each patch made from the screen held', () => {
    const held = new HeldScreen();
    expect(held.whole('1', whole(first, 10))).toEqual({ screen: first, writtenAt: 10 });
    expect(held.patched('2', patch(1, first, second, 11))).toEqual({ screen: second, writtenAt: 11 });
    expect(held.patched('3', patch(2, second, third, 12))).toEqual({ screen: third, writtenAt: 12 });
  });

  it('refuses a patch made from another screen than the one held, and keeps the one held', () => {
    const held = new HeldScreen();
    held.whole('1', whole(first, 10));
    // Screen 2 never reached this phone (a screen skipped): a patch from it is not for this one.
    expect(held.patched('3', patch(2, second, third, 12))).toBeNull();
    expect(held.patched('2', patch(1, first, second, 11))).toEqual({ screen: second, writtenAt: 11 });
  });

  it('refuses a patch before any screen, after a screen that did not read, or without ids', () => {
    expect(new HeldScreen().patched('2', patch(1, first, second, 11))).toBeNull();
    const broken = new HeldScreen();
    broken.whole('1', '{"screen": ');
    expect(broken.patched('2', patch(1, first, second, 11))).toBeNull();
    const held = new HeldScreen();
    held.whole(null, whole(first, 10));
    expect(held.patched('2', patch(1, first, second, 11))).toBeNull();
  });

  it('refuses a patch that does not apply, leaving the screen held as it was', () => {
    const held = new HeldScreen();
    held.whole('1', whole(first, 10));
    const moved = JSON.stringify({ base: 1, writtenAt: 11, patch: [{ op: 'replace', path: '/campaign', value: 'Changed' }, { op: 'remove', path: '/no/such/part' }] });
    expect(held.patched('2', moved)).toBeNull();
    expect(held.patched('2', 'not json')).toBeNull();
    expect(held.patched('2', JSON.stringify({ base: 1, writtenAt: 11, patch: 'all' }))).toBeNull();
    // A patch against the prototype is refused too, and nothing is polluted.
    expect(held.patched('2', JSON.stringify({ base: 1, writtenAt: 11, patch: [{ op: 'add', path: '/__proto__/polluted', value: true }] }))).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The first operation of the failed patch did not stay: the next good patch applies to screen 1.
    expect(held.patched('2', patch(1, first, second, 11))).toEqual({ screen: second, writtenAt: 11 });
  });

  it('never changes a screen it handed out', () => {
    const held = new HeldScreen();
    const shown = held.whole('1', whole(first, 10)) as { screen: { campaign: string } };
    held.patched('2', patch(1, first, third, 11));
    expect(shown.screen.campaign).toBe('Night watch');
  });
});
