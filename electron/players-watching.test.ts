/**
 * The main process's count of players' screens watching, by where they watch from: the GM window
 * is told each new total, and only when it changes (it publishes only while someone watches).
 */
import { describe, expect, it } from 'vitest';
import { createWatcherCount, watchingCountOf } from './players-watching';

describe('the watcher count', () => {
  it('adds the players\' window and the phones, and tells each new total once', () => {
    const told: number[] = [];
    const count = createWatcherCount((total) => told.push(total));
    expect(count.total()).toBe(0);
    count.set('window', 1);
    count.set('phones', 3);
    count.set('phones', 3);
    count.set('window', 0);
    count.set('phones', 0);
    expect(told).toEqual([1, 4, 3, 0]);
    expect(count.total()).toBe(0);
  });

  it('refuses a count that is not a whole number of at least 0, and keeps the one it had', () => {
    const told: number[] = [];
    const count = createWatcherCount((total) => told.push(total));
    count.set('phones', 2);
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => count.set('phones', bad)).toThrow(RangeError);
    expect(count.total()).toBe(2);
    expect(told).toEqual([2]);
  });

  it('reads a count from the main process only when it is a whole number of at least 0', () => {
    expect(watchingCountOf(0)).toBe(0);
    expect(watchingCountOf(7)).toBe(7);
    for (const junk of [-1, 2.5, '3', null, undefined, {}, Number.NaN]) expect(watchingCountOf(junk)).toBeNull();
  });
});
