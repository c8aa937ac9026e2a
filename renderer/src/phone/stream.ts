/**
 * The phone page's connection: a GET of the screen stream (`./screen`, Server-Sent Events), read
 * as it arrives (sse.ts), what it says handed on as signals (connection.ts), and tried again after
 * it drops, sooner after each success. The stream's `ended` is final at once. A 404 usually means
 * the code is no longer valid, but the laptop answers the same 404 to an address over its request
 * rate or locked out for a while, so a 404 is tried again after 5 s and 15 s (REFUSED_RETRY_MS)
 * before the watcher takes it as final. Screens sent as patches are applied to the screen held on
 * the connection (held-screen.ts); one that does not apply is a fresh start: the stream is dropped
 * and opened again, and the laptop sends the whole screen. It sends nothing but GET requests.
 */
import { retryDelay, type StreamSignal } from './connection';
import { HeldScreen, saidBy } from './held-screen';
import { SseReader } from './sse';

/** The waits before asking again after a 404; one more 404 after the last of them is final. */
export const REFUSED_RETRY_MS: readonly number[] = [5000, 15_000];

export interface StreamWatcher {
  /** Drops the stream (if any) and connects again now. */
  restart(): void;
  /** Stops for good. */
  stop(): void;
}

export function watchStream(url: string, onSignal: (signal: StreamSignal) => void): StreamWatcher {
  let stopped = false;
  let failures = 0;
  /** 404s in a row (a stream that opens starts the count again). */
  let refusals = 0;
  let attempt: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const stop = () => {
    stopped = true;
    attempt?.abort();
    if (retry !== null) clearTimeout(retry);
  };

  const dropped = (controller: AbortController) => {
    // An attempt that was replaced or stopped says nothing more.
    if (stopped || controller !== attempt) return;
    // A stream given up on while still open (a patch that did not apply) is closed: the laptop
    // would count it as a second phone and go on writing to it.
    controller.abort();
    onSignal({ type: 'dropped' });
    retry = setTimeout(connect, retryDelay(failures++));
  };

  async function read(controller: AbortController): Promise<void> {
    const response = await fetch(url, { cache: 'no-store', headers: { accept: 'text/event-stream' }, signal: controller.signal });
    if (response.status === 404) {
      if (controller !== attempt || stopped) return;
      const wait = REFUSED_RETRY_MS[refusals++];
      if (wait === undefined) {
        onSignal({ type: 'refused' });
        stop();
        return;
      }
      // Maybe only a bound of the laptop's (too many requests from this phone): asked again later.
      onSignal({ type: 'dropped' });
      retry = setTimeout(connect, wait);
      return;
    }
    if (!response.ok || !response.body) throw new Error(`The stream answered ${response.status}.`);
    onSignal({ type: 'opened', at: Date.now() });
    failures = 0;
    refusals = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const sse = new SseReader();
    const held = new HeldScreen();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || controller !== attempt) break;
      for (const item of sse.feed(value)) {
        if (controller !== attempt) return;
        const at = Date.now();
        if (item.kind === 'comment') {
          onSignal({ type: 'ping', at });
          continue;
        }
        if (item.event === 'patch') {
          const screen = held.patched(item.id, item.data);
          if (screen === null) throw new Error('A patch that does not apply to the screen held.');
          onSignal({ type: 'message', event: 'screen', said: screen, at });
          continue;
        }
        onSignal({ type: 'message', event: item.event, said: item.event === 'screen' ? held.whole(item.id, item.data) : saidBy(item.data), at });
        if (item.event === 'ended') {
          stop();
          return;
        }
      }
    }
    throw new Error('The stream closed.');
  }

  function connect(): void {
    if (stopped) return;
    if (retry !== null) clearTimeout(retry);
    retry = null;
    attempt?.abort();
    const controller = new AbortController();
    attempt = controller;
    read(controller).catch(() => dropped(controller));
  }

  connect();
  return {
    restart: () => {
      if (stopped) return;
      const old = attempt;
      attempt = null;
      old?.abort();
      onSignal({ type: 'dropped' });
      connect();
    },
    stop,
  };
}
