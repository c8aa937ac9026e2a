/**
 * A phone, as far as the server's tests need one: raw requests written byte for byte to a socket
 * (so hostile paths reach the server exactly as sent), and a reader of the screens' stream.
 * Clients may come from any loopback address (`127.0.0.x`), which the server counts apart.
 */
import { applyPatch, type Operation } from 'fast-json-patch';
import { get } from 'node:http';
import { connect } from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends `request` (the whole request text, or its request line and headers without the Host
 * line and the empty line: `'GET /x/ HTTP/1.1'`) and reads the answer until the server closes the
 * connection; null when it was closed without an answer.
 */
export function rawRequest(port: number, request: string | Buffer, options: { localAddress?: string; host?: string } = {}): Promise<RawAnswer | null> {
  const bytes =
    typeof request === 'string' && !request.includes('\r\n\r\n')
      ? `${request}\r\nHost: ${options.host ?? `127.0.0.1:${port}`}\r\nConnection: close\r\n\r\n`
      : request;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: options.localAddress ?? '127.0.0.1' });
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer (the server closes without reading a body) still leaves the answer.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'))));
  });
}

function parseAnswer(text: string): RawAnswer | null {
  if (text === '') return null;
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) };
}

/** One event of the stream, as EventSource would hand it over. */
export interface StreamEvent {
  readonly event: string;
  readonly id: string | null;
  readonly data: string;
}

export interface PhoneStream {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The events so far (comments left out), in order. */
  readonly events: StreamEvent[];
  /** `: ping` comments so far. */
  pings: number;
  /** Resolves with the first event (from the start) matching `test`. */
  next(test: (event: StreamEvent) => boolean): Promise<StreamEvent>;
  /** Resolves when the server has closed the stream. */
  readonly closed: Promise<void>;
  /** Stops reading (the socket's buffers fill up, as with a phone that stopped listening). */
  pause(): void;
  resume(): void;
  close(): void;
}

/** Opens `path` on the server as a stream; rejects if the answer is not a 200. */
export function openStream(port: number, path: string, localAddress = '127.0.0.1'): Promise<PhoneStream> {
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, localAddress, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      const waiting: { test: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }[] = [];
      let text = '';
      let closedResolve = () => {};
      const closed = new Promise<void>((done) => (closedResolve = done));
      const stream: PhoneStream = {
        status: response.statusCode,
        headers: response.headers,
        events: [],
        pings: 0,
        next: (test) =>
          new Promise((found) => {
            const seen = stream.events.find(test);
            if (seen !== undefined) found(seen);
            else waiting.push({ test, resolve: found });
          }),
        closed,
        pause: () => response.pause(),
        resume: () => response.resume(),
        close: () => request.destroy(),
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (block.startsWith(':')) {
            stream.pings++;
            continue;
          }
          const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
          const event = { event: field('event') ?? 'message', id: field('id'), data: field('data') ?? '' };
          stream.events.push(event);
          for (const wait of waiting.filter((w) => w.test(event))) {
            waiting.splice(waiting.indexOf(wait), 1);
            wait.resolve(event);
          }
        }
      });
      response.on('close', closedResolve);
      response.on('error', closedResolve);
      resolve(stream);
    });
    request.on('error', reject);
  });
}

/** Whether `event` brings a screen: whole (`screen`) or as the changes from the one before (`patch`). */
export function isScreen(event: StreamEvent): boolean {
  return event.event === 'screen' || event.event === 'patch';
}

/** A screen event's `writtenAt` (the tests set it to the step). */
export function writtenAtOf(event: StreamEvent): number {
  return (JSON.parse(event.data) as { writtenAt: number }).writtenAt;
}

/** A test of the stream's events: the screen of step `n`, whole or as a patch. */
export const screenOfStep = (n: number) => (event: StreamEvent) => isScreen(event) && writtenAtOf(event) === n;

/** The screens' sequence in a stream's events (their `writtenAt`, which the tests set to the step). */
export function stepsSeen(stream: PhoneStream): number[] {
  return stream.events.filter(isScreen).map(writtenAtOf);
}

/** A screen as the phone holds it after an event: its id, the laptop's time and the screen itself. */
export interface ScreenHeld {
  readonly id: string;
  readonly writtenAt: number;
  readonly screen: unknown;
}

/**
 * The screens a phone holds after each screen event of `stream`, in order: a whole one as sent, a
 * patch applied to the one before. Throws when a patch names another screen than the one held, or
 * does not apply: the server must never send such a patch to a phone that kept up.
 */
export function screensHeld(stream: PhoneStream): ScreenHeld[] {
  const held: ScreenHeld[] = [];
  for (const event of stream.events.filter(isScreen)) {
    const data = JSON.parse(event.data) as { screen?: unknown; base?: number; writtenAt: number; patch?: Operation[] };
    const id = event.id ?? '';
    if (event.event === 'screen') {
      held.push({ id, writtenAt: data.writtenAt, screen: data.screen });
      continue;
    }
    const before = held.at(-1);
    if (before === undefined || before.id !== String(data.base)) throw new Error(`patch ${id} from screen ${data.base}, but the phone holds ${before?.id ?? 'none'}`);
    held.push({ id, writtenAt: data.writtenAt, screen: applyPatch(before.screen, data.patch ?? [], true, false).newDocument });
  }
  return held;
}
