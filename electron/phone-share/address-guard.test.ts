import { describe, expect, it } from 'vitest';
import { AddressGuard, type GuardLimits } from './address-guard';
import { PHONE_LIMITS } from './limits';

function setup(limits: Partial<GuardLimits> = {}) {
  const clock = { now: 0 };
  const guard = new AddressGuard({ ...PHONE_LIMITS, ...limits }, () => clock.now);
  return { guard, clock };
}

const times = (n: number, act: () => boolean) => Array.from({ length: n }, act);

describe('AddressGuard', () => {
  it('holds each address to its connections, and everyone to the total', () => {
    const { guard } = setup({ connectionsPerAddress: 8, connections: 20 });
    expect(times(9, () => guard.admitConnection('10.0.0.2'))).toEqual([...Array(8).fill(true), false]);
    // Another address is not held up by the first.
    expect(times(8, () => guard.admitConnection('10.0.0.3')).every(Boolean)).toBe(true);
    expect(times(5, () => guard.admitConnection('10.0.0.4'))).toEqual([true, true, true, true, false]);
    expect(guard.connections()).toBe(20);
    guard.releaseConnection('10.0.0.2');
    expect(guard.admitConnection('10.0.0.5')).toBe(true);
    expect(guard.admitConnection('10.0.0.2')).toBe(false); // the total again
    // A release that was never admitted changes nothing.
    guard.releaseConnection('10.9.9.9');
    expect(guard.connections()).toBe(20);
  });

  it('lets 200 phones watch with the default bounds, with room left for pages loading', () => {
    const { guard } = setup();
    const streams = Array.from({ length: 200 }, (_, i) => guard.admitConnection(`192.168.${Math.floor(i / 100)}.${(i % 100) + 2}`));
    expect(streams.every(Boolean)).toBe(true);
    // A phone loading the page while 200 watch: its browser opens up to 6 more.
    expect(times(6, () => guard.admitConnection('192.168.0.2')).every(Boolean)).toBe(true);
    expect(PHONE_LIMITS.connections - guard.connections()).toBe(50);
  });

  it('lets an address send its burst at once, then its rate', () => {
    const { guard, clock } = setup({ requestsPerSecond: 10, requestBurst: 30 });
    expect(times(31, () => guard.admitRequest('10.0.0.2')).filter(Boolean)).toHaveLength(30);
    expect(guard.admitRequest('10.0.0.3')).toBe(true);
    clock.now += 500; // 5 more
    expect(times(6, () => guard.admitRequest('10.0.0.2')).filter(Boolean)).toHaveLength(5);
    clock.now += 60_000; // never more than the burst
    expect(times(31, () => guard.admitRequest('10.0.0.2')).filter(Boolean)).toHaveLength(30);
  });

  it('locks an address out after a few wrong codes, for a while, and counts them within a window only', () => {
    const { guard, clock } = setup({ wrongCodes: 5, lockoutMs: 60_000 });
    for (let i = 0; i < 4; i++) guard.wrongCode('10.0.0.2');
    expect(guard.isLockedOut('10.0.0.2')).toBe(false);
    expect(guard.admitRequest('10.0.0.2')).toBe(true);
    guard.wrongCode('10.0.0.2');
    expect(guard.isLockedOut('10.0.0.2')).toBe(true);
    expect(guard.admitRequest('10.0.0.2')).toBe(false);
    expect(guard.admitRequest('10.0.0.3')).toBe(true);
    clock.now += 59_999;
    expect(guard.admitRequest('10.0.0.2')).toBe(false);
    clock.now += 1;
    expect(guard.admitRequest('10.0.0.2')).toBe(true);
    // A wrong code now and then (one a minute) never locks a phone out.
    for (let i = 0; i < 20; i++) {
      clock.now += 60_000;
      guard.wrongCode('10.0.0.4');
    }
    expect(guard.isLockedOut('10.0.0.4')).toBe(false);
  });

  it('forgets only the addresses that hold nothing, and turns a new one away when it remembers too many', () => {
    const { guard, clock } = setup({ trackedAddresses: 3, requestBurst: 2, requestsPerSecond: 1 });
    expect(guard.admitConnection('10.0.0.2')).toBe(true); // holds a connection
    guard.wrongCode('10.0.0.3'); // holds a wrong code
    expect(guard.admitRequest('10.0.0.4')).toBe(true); // holds a spent token
    expect(guard.admitRequest('10.0.0.5')).toBe(false);
    clock.now += 1000; // the token is back
    expect(guard.admitRequest('10.0.0.5')).toBe(true);
    // 10.0.0.4 was forgotten to make room; the others were kept.
    guard.releaseConnection('10.0.0.2');
    expect(guard.connections()).toBe(0);
    expect(guard.admitConnection('10.0.0.2')).toBe(true);
  });
});
