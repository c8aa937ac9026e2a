import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamSignal } from './connection';
import { watchStream } from './stream';

// The phone page's connection against a made-up server: what it hands on, when it tries again,
// and when it stops for good. Every request is a GET of the stream.

/** A stream response the test writes into, and closes. */
function streamed(): { response: Response; write(text: string): void; close(): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

describe('the phone page\'s stream', () => {
  const requests: RequestInit[] = [];
  let answers: (() => Promise<Response>)[] = [];
  const signals: StreamSignal['type'][] = [];
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    requests.length = 0;
    signals.length = 0;
    answers = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      requests.push(init);
      const next = answers.shift();
      return next ? next() : Promise.reject(new TypeError('Failed to fetch'));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands on messages and pings, and tries again after the stream closes, sooner after a success', async () => {
    const first = streamed();
    answers.push(async () => first.response);
    const watcher = watchStream('./screen', (s) => signals.push(s.type));
    await settle();
    first.write('event: screen\ndata: {}\n\n: ping\n\n');
    await settle();
    expect(signals).toEqual(['opened', 'message', 'ping']);
    first.close();
    await settle();
    expect(signals.at(-1)).toBe('dropped');
    // The first try again comes after 1 s; that one fails (no server), the next after 2 s more.
    await vi.advanceTimersByTimeAsync(999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(2);
    const back = streamed();
    answers.push(async () => back.response);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(signals.at(-1)).toBe('opened');
    expect(requests.every((r) => r.method === undefined && r.body === undefined)).toBe(true);
    watcher.stop();
  });

  it('stops for good at once after the stream\'s ended', async () => {
    const last = streamed();
    answers.push(async () => last.response);
    watchStream('./screen', (s) => signals.push(s.type));
    await settle();
    last.write('event: ended\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signals).toEqual(['opened', 'message']);
    expect(requests).toHaveLength(1);
  });

  const notFound = async () => new Response('Not found', { status: 404 });

  it('takes a 404 as final only after asking again 5 s and 15 s later (a rate bound or a lockout answers 404 too)', async () => {
    answers.push(notFound, notFound, notFound);
    watchStream('./screen', (s) => signals.push(s.type));
    await settle();
    expect(signals).toEqual(['dropped']);
    await vi.advanceTimersByTimeAsync(4999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    expect(signals).toEqual(['dropped', 'dropped']);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    expect(signals).toEqual(['dropped', 'dropped', 'refused']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requests).toHaveLength(3);
  });

  it('goes on watching when the stream opens after a 404, and counts 404s again from there', async () => {
    const back = streamed();
    answers.push(notFound, async () => back.response, notFound, notFound, notFound);
    watchStream('./screen', (s) => signals.push(s.type));
    await vi.advanceTimersByTimeAsync(5000);
    expect(signals).toEqual(['dropped', 'opened']);
    back.close();
    await settle();
    // Dropped: tried again after 1 s (a 404), then 5 s and 15 s more before it is final.
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(4);
    expect(signals.at(-1)).toBe('dropped');
    await vi.advanceTimersByTimeAsync(15_000);
    expect(requests).toHaveLength(5);
    expect(signals.at(-1)).toBe('refused');
  });

  it('drops the stream and connects again at once when asked (a phone waking, a silent stream)', async () => {
    const first = streamed();
    const second = streamed();
    answers.push(async () => first.response, async () => second.response);
    const watcher = watchStream('./screen', (s) => signals.push(s.type));
    await settle();
    watcher.restart();
    await settle();
    expect(signals).toEqual(['opened', 'dropped', 'opened']);
    expect(requests).toHaveLength(2);
    // What the old stream says after it was replaced is not heard.
    first.write('event: screen\ndata: {}\n\n');
    await settle();
    expect(signals).toHaveLength(3);
    watcher.stop();
  });

  it('hands on a patch as the screen it makes, and starts again from a whole screen when one does not apply', async () => {
    const first = streamed();
    const second = streamed();
    answers.push(async () => first.response, async () => second.response);
    const said: unknown[] = [];
    watchStream('./screen', (s) => {
      signals.push(s.type);
      if (s.type === 'message') said.push(s.said);
    });
    await settle();
    first.write('event: screen\nid: 4\ndata: {"screen":{"campaign":"Vale","round":1},"writtenAt":40}\n\n');
    first.write('event: patch\nid: 5\ndata: {"base":4,"writtenAt":50,"patch":[{"op":"replace","path":"/round","value":2}]}\n\n');
    await settle();
    expect(said).toEqual([{ screen: { campaign: 'Vale', round: 1 }, writtenAt: 40 }, { screen: { campaign: 'Vale', round: 2 }, writtenAt: 50 }]);
    // A patch from screen 6, which this phone never got: the stream is dropped and opened again.
    first.write('event: patch\nid: 7\ndata: {"base":6,"writtenAt":70,"patch":[]}\n\n');
    await settle();
    expect(signals).toEqual(['opened', 'message', 'message', 'dropped']);
    // The stream given up on is closed, not left open beside the next one.
    expect(requests[0]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(2);
    // On the new connection the screen held starts again: a patch before a whole screen is refused.
    second.write('event: patch\nid: 8\ndata: {"base":5,"writtenAt":80,"patch":[]}\n\n');
    await settle();
    expect(signals.slice(4)).toEqual(['opened', 'dropped']);
    expect(said).toHaveLength(2);
  });
});
