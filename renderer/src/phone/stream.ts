/**
 * The phone page's connection: a GET of the screen stream (`./screen`, Server-Sent Events), read
 * as it arrives (sse.ts), what it says handed on as signals (connection.ts), and tried again after
 * it drops, sooner after each success. A 404 means the code is no longer valid: the watcher then
 * stops for good, as it does after the stream's `ended`. It sends nothing but GET requests.
 */
import { retryDelay, type StreamSignal } from './connection';
import { SseReader } from './sse';

export interface StreamWatcher {
  /** Drops the stream (if any) and connects again now. */
  restart(): void;
  /** Stops for good. */
  stop(): void;
}

export function watchStream(url: string, onSignal: (signal: StreamSignal) => void): StreamWatcher {
  let stopped = false;
  let failures = 0;
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
    onSignal({ type: 'dropped' });
    retry = setTimeout(connect, retryDelay(failures++));
  };

  async function read(controller: AbortController): Promise<void> {
    const response = await fetch(url, { cache: 'no-store', headers: { accept: 'text/event-stream' }, signal: controller.signal });
    if (response.status === 404) {
      if (controller !== attempt) return;
      onSignal({ type: 'refused' });
      stop();
      return;
    }
    if (!response.ok || !response.body) throw new Error(`The stream answered ${response.status}.`);
    onSignal({ type: 'opened', at: Date.now() });
    failures = 0;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const sse = new SseReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || controller !== attempt) break;
      for (const item of sse.feed(value)) {
        if (controller !== attempt) return;
        const at = Date.now();
        onSignal(item.kind === 'comment' ? { type: 'ping', at } : { type: 'message', event: item.event, data: item.data, at });
        if (item.kind === 'message' && item.event === 'ended') {
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
