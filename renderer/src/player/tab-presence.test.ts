/**
 * The web build's count of open players' pages (tab-presence.ts): the GM's tab publishes only
 * while one is open. Node's BroadcastChannel stands in for the browser's (the same API, delivered
 * between instances of one process); a small lock manager for the Web Locks API.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceWatching, countWatchingPages, PRESENCE_CHANNEL, type PresenceChannel, type PresenceDeps, type PresenceLocks } from './tab-presence';

/** Web Locks' exclusive mode: one holder per name, the rest wait in turn; an aborted wait is dropped. */
function fakeLocks(): PresenceLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, { signal }, callback) {
      const before = tails.get(name) ?? Promise.resolve();
      const granted = before.then(() => {
        if (signal.aborted) throw new Error('aborted while waiting');
        return callback();
      });
      tails.set(name, granted.catch(() => {}));
      return granted;
    },
  };
}

const channels: PresenceChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close();
});

/** One browser: its channel and its locks, shared by the tabs opened in it. */
function browser(): PresenceDeps {
  let n = 0;
  const locks = fakeLocks();
  return {
    openChannel: () => {
      const channel = new BroadcastChannel(PRESENCE_CHANNEL) as unknown as PresenceChannel;
      channels.push(channel);
      return channel;
    },
    locks,
    newId: () => `page-${++n}`,
  };
}

describe('counting the open players\' pages', () => {
  it('counts none at first, each page that opens, before or after the GM\'s tab, and each one that closes', async () => {
    const deps = browser();
    const openEarlier = announceWatching(deps);
    const counts: number[] = [];
    const stop = countWatchingPages((count) => counts.push(count), deps);
    // The page open before the GM's tab answers its question.
    await vi.waitFor(() => expect(counts).toEqual([0, 1]));
    const openLater = announceWatching(deps);
    await vi.waitFor(() => expect(counts).toEqual([0, 1, 2]));
    openEarlier();
    await vi.waitFor(() => expect(counts).toEqual([0, 1, 2, 1]));
    openLater();
    await vi.waitFor(() => expect(counts).toEqual([0, 1, 2, 1, 0]));
    stop();
  });

  it('counts a page once however often it answers, and ignores messages that are not a page\'s', async () => {
    const deps = browser();
    const counts: number[] = [];
    const stop = countWatchingPages((count) => counts.push(count), deps);
    const page = announceWatching(deps);
    await vi.waitFor(() => expect(counts).toEqual([0, 1]));
    const stranger = deps.openChannel();
    for (const junk of [{ kind: 'watching', id: 'page-1' }, { kind: 'watching' }, { kind: 'watching', id: '' }, 'watching', null, { kind: 'who' }]) {
      stranger.postMessage(junk as never);
    }
    // A second GM tab asking again: the page answers again, and is still one page.
    const second: number[] = [];
    const stopSecond = countWatchingPages((count) => second.push(count), deps);
    await vi.waitFor(() => expect(second).toEqual([0, 1]));
    expect(counts).toEqual([0, 1]);
    page();
    await vi.waitFor(() => expect(second).toEqual([0, 1, 0]));
    await vi.waitFor(() => expect(counts).toEqual([0, 1, 0]));
    stop();
    stopSecond();
  });

  it('tells nothing more once stopped', async () => {
    const deps = browser();
    const counts: number[] = [];
    const stop = countWatchingPages((count) => counts.push(count), deps);
    const page = announceWatching(deps);
    await vi.waitFor(() => expect(counts).toEqual([0, 1]));
    stop();
    page();
    announceWatching(deps)();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(counts).toEqual([0, 1]);
  });

  it('counts one watcher always where the browser cannot tell (no Web Locks): it publishes every change then', () => {
    const counts: number[] = [];
    countWatchingPages((count) => counts.push(count), null)();
    expect(counts).toEqual([1]);
    expect(() => announceWatching(null)()).not.toThrow();
  });
});
