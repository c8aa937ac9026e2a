/**
 * Sharing's pushes to the GM window: the main process pushes each new status at once, a burst of
 * changes as one push with the last status, never the same status twice; the GM preload hands the
 * page only what passes the contract's check, and the menu's request to open the dialog.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShareStatus } from './ipc-contract';
import { qrModules } from './share-qr';
import { createSharePush, OPEN_DIALOG_KEPT_MS, openDialogReceiver, shareStatusReceiver } from './share-pushes';

const off: ShareStatus = {
  sharing: false,
  interfaces: [{ name: 'wlan0', address: '192.168.1.20' }],
  address: null,
  url: null,
  code: null,
  qr: null,
  watchers: 0,
  pick: true,
  stopped: null,
};
const URL = 'http://192.168.1.20:5199/ab3k-9xq2/';
const on = (watchers: number): ShareStatus => ({ ...off, sharing: true, address: '192.168.1.20', url: URL, code: 'ab3k-9xq2', qr: qrModules(URL), watchers });

afterEach(() => {
  vi.useRealTimers();
});

describe('the main process\'s push of the status', () => {
  it('pushes a change at once, a burst within the interval as one push of the last status, and nothing when nothing changed', () => {
    vi.useFakeTimers();
    let now = off;
    const sent: ShareStatus[] = [];
    const push = createSharePush({ status: () => now, send: (status) => sent.push(status), intervalMs: 100 });
    now = on(0);
    push.changed();
    expect(sent).toEqual([on(0)]);
    // Ten phones come within the interval: one push, when it ends, with all ten.
    for (let count = 1; count <= 10; count += 1) {
      now = on(count);
      push.changed();
    }
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([on(0), on(10)]);
    // Told again with nothing new (a call that changed nothing): no push.
    vi.advanceTimersByTime(100);
    push.changed();
    expect(sent).toHaveLength(2);
    // After a quiet interval the next change goes at once again.
    vi.advanceTimersByTime(100);
    now = off;
    push.changed();
    expect(sent).toEqual([on(0), on(10), off]);
  });
});

describe('the GM preload\'s side', () => {
  it('hands the page each status that passes the contract\'s check, from when it subscribes, and drops anything else', () => {
    const problems: unknown[] = [];
    const receiver = shareStatusReceiver((error) => problems.push(error));
    receiver.receive(on(1));
    const seen: ShareStatus[] = [];
    const stop = receiver.subscribe((status) => seen.push(status));
    // Not handed over when it came before the subscription: the dialog asks for the status when it opens.
    expect(seen).toEqual([]);
    receiver.receive(on(2));
    const junk: unknown[] = [
      null,
      3,
      { ...on(2), watchers: -1 },
      { ...on(2), watchers: 1.5 },
      { ...on(2), secret: 'the duke' },
      { ...on(2), code: 'AB3K-9XQ2' },
      { ...on(2), code: 'ab3l-9xq2' },
      { ...on(2), url: 'javascript:alert(1)' },
      { ...on(2), address: 'laptop.local' },
      { ...on(2), qr: { size: 21, dark: '1' } },
      { ...on(2), interfaces: [{ name: 'wlan0', address: '192.168.1.20', mac: '00:11' }] },
      { ...off, pick: 'yes' },
    ];
    for (const message of junk) receiver.receive(message);
    receiver.receive(off);
    expect(seen).toEqual([on(2), off]);
    stop();
    receiver.receive(on(3));
    expect(seen).toEqual([on(2), off]);
    // One listener throwing does not keep the next from it.
    receiver.subscribe(() => {
      throw new Error('broken listener');
    });
    receiver.subscribe((status) => seen.push(status));
    receiver.receive(on(4));
    expect(seen).toEqual([on(2), off, on(4)]);
    expect(problems).toHaveLength(1);
    expect(() => receiver.subscribe('not a function' as unknown as () => void)).toThrow('onShareStatus takes a function');
  });

  it('tells the page each time the menu asks for the dialog, and a request made while the page was still loading, but never an old one', () => {
    const clock = { now: 0 };
    const receiver = openDialogReceiver(() => {}, () => clock.now);
    // The GM window came back for the menu's request; the part of the page that opens the dialog
    // subscribes a moment after the request came: it is handed on once.
    receiver.receive(undefined);
    clock.now += 800;
    const asked = vi.fn();
    const stop = receiver.subscribe(asked);
    expect(asked).toHaveBeenCalledOnce();
    receiver.receive(undefined);
    receiver.receive({ forged: true });
    expect(asked).toHaveBeenCalledTimes(2);
    // A request nobody heard for longer than OPEN_DIALOG_KEPT_MS is not acted on later.
    stop();
    receiver.receive(undefined);
    clock.now += OPEN_DIALOG_KEPT_MS + 1;
    const late = vi.fn();
    receiver.subscribe(late);
    expect(late).not.toHaveBeenCalled();
    // Handed once only: a second listener does not get the same request again.
    receiver.receive(undefined);
    const other = vi.fn();
    receiver.subscribe(other);
    expect(other).not.toHaveBeenCalled();
  });
});
