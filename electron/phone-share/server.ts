/**
 * The phone-sharing server: the players' screen for phones on the table's network, at
 * `http://<address>:<port>/<code>/`. It listens on one address only (the interface the GM
 * picked), answers GET and HEAD for the phone page's files, the screens' stream and the last
 * screen's pictures, to requests carrying the current code, and a bare `404 Not found` to
 * everything else. It never reads a
 * campaign: what it sends is what `publish` was given, and the page's files read at start.
 *
 * Plain Node (`http`, no Electron), so it is tested on 127.0.0.1 with real sockets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIPv4, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { AddressGuard } from './address-guard';
import { RAW_NOT_FOUND, sendFile, sendNotFound, sendPicture, sendToFolder, startStream } from './answers';
import { JoinCodeHistory, newJoinLetters, normalJoinCode, shownJoinCode } from './join-code';
import { PHONE_LIMITS, type PhoneLimits } from './limits';
import { loadPageFiles } from './page-files';
import { PictureShelf } from './pictures';
import { readTarget } from './request-target';
import { ScreenFeed } from './screen-stream';
import type { PhoneScreenUpdate } from './sse-events';

/** The port the app offers first. */
export const DEFAULT_PHONE_PORT = 5199;

export interface PhoneServerOptions {
  /** The chosen interface's IPv4 address (tests: 127.0.0.1); the server listens there only. */
  readonly host: string;
  /** 0: any free port. */
  readonly port: number;
  /** The built phone page's folder (`dist/phone`); its files are read once, at start. */
  readonly pageRoot: string;
  /**
   * The join code (with or without its dash): the one the phones had when sharing started again
   * after the app restarted, so they come back by themselves. A new random one when absent.
   */
  readonly code?: string;
  /** Codes this sharing replaced before, the latest first: a server started again keeps them (join-code.ts). */
  readonly retiredCodes?: readonly string[];
  /** Whether players may pick their character on their phone (default true). */
  readonly allowPick?: boolean;
  readonly limits?: Partial<PhoneLimits>;
  /** A clock in milliseconds for the bounds (default `performance.now`). */
  readonly now?: () => number;
  /** The laptop's time of day (ms since 1970, default `Date.now`), told to each phone that connects. */
  readonly timeOfDay?: () => number;
}

export interface PhoneServer {
  readonly host: string;
  readonly port: number;
  /** The current code, as shown: `ab3k-9xq2`. */
  code(): string;
  /** `http://<host>:<port>/<code>/`. */
  url(): string;
  /** Keeps `update` as the last screen and sends it to every watcher (its pictures by reference, served at `picture/<hash>`). */
  publish(update: PhoneScreenUpdate): void;
  /**
   * Replaces the code: every stream gets `ended` and closes, the old code is a 404 from now on.
   * The new code is `proposed` (letters, from the main process: server-process.ts), unless it
   * was used before in this sharing, or a new random one.
   */
  newCode(proposed?: string): string;
  /** Whether players may pick their character: sent to every watcher. */
  setAllowPick(allow: boolean): void;
  /** Streams open now. */
  watchers(): number;
  /** Calls `listener` with the count whenever it changes; returns its removal. */
  onWatchers(listener: (count: number) => void): () => void;
  /**
   * Calls `listener` if the server stops without being closed, saying why in words the GM can act
   * on: its process ended and could not be started again (server-process-client.ts). A server in
   * this process never does.
   */
  onStopped(listener: (why: string) => void): () => void;
  /**
   * Forgets the last screen (nobody watches, so it would go stale): a watcher that connects next
   * gets the `clock` and `share` events only, and waits for the next screen published.
   */
  forget(): void;
  /**
   * Every connection closed, no longer listening. The watchers get `ended` (final on a phone),
   * unless `resumes`: the app quits and shares again with this code when it restarts.
   */
  close(options?: { readonly resumes?: boolean }): Promise<void>;
}

/** How long close() lets the streams' last bytes go out before it cuts what is left. */
const CLOSE_GRACE_MS = 1000;

export async function startPhoneServer(options: PhoneServerOptions): Promise<PhoneServer> {
  const { host, port } = options;
  if (!isIPv4(host) || host === '0.0.0.0') {
    throw new Error(`Sharing needs the IPv4 address of one network interface of this computer, not "${host}". Pick a network in the sharing dialog.`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${port} is not a port number: choose one from 1024 to 65535 (GM Screen offers ${DEFAULT_PHONE_PORT}).`);
  }
  const chosen = options.code === undefined ? newJoinLetters() : normalJoinCode(options.code);
  if (chosen === null) {
    throw new Error(`"${options.code}" is not a join code: 8 letters and digits (no l, o, 0 or 1), like ab3k-9xq2.`);
  }
  const codes = new JoinCodeHistory(chosen, options.retiredCodes);
  const limits: PhoneLimits = { ...PHONE_LIMITS, ...options.limits };
  const now = options.now ?? (() => performance.now());
  const files = await loadPageFiles(options.pageRoot, limits);
  const guard = new AddressGuard(limits, now);

  const server = createServer({ maxHeaderSize: limits.maxHeaderBytes, connectionsCheckingInterval: 1000 });
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;

  // Before a byte is parsed: a connection over the bounds is closed without an answer.
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || !guard.admitConnection(address)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => guard.releaseConnection(address));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => refuseRaw(socket, error.code === 'ECONNRESET'));
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => refuseRaw(socket, false));
  // `Expect:` announces a body: refused before the client sends it.
  server.on('checkContinue', (_request: IncomingMessage, response: ServerResponse) => sendNotFound(response));
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => sendNotFound(response));

  // The last screen's pictures: the only ones served, each sent once per phone, not with every screen.
  const pictures = new PictureShelf();
  const feed = new ScreenFeed(limits, now, options.allowPick ?? true, () => guard.forgetIdle(), options.timeOfDay ?? Date.now);
  // The Host a phone sends: the address and port it was given (known once listening).
  let expectedHosts = new Set<string>();
  let closing: Promise<void> | null = null;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const from = request.socket.remoteAddress ?? '';
    const head = request.method === 'HEAD';
    if (closing !== null || !guard.admitRequest(from) || !(head || request.method === 'GET') || hasBody(request)) return sendNotFound(response);
    // Only the address the phone was given: a page elsewhere whose name points here (DNS rebinding) is not answered.
    if (!expectedHosts.has(request.headers.host?.toLowerCase() ?? '')) return sendNotFound(response);
    const target = readTarget(request.url ?? '', limits.maxPathLength);
    if (target === null) return sendNotFound(response);
    const code = normalJoinCode(target.code);
    if (code !== codes.current) {
      if (code !== null && !codes.isRetired(code)) guard.wrongCode(from);
      return sendNotFound(response);
    }
    if (target.kind === 'bare') return sendToFolder(response, target.code);
    if (target.kind === 'file') {
      const file = files.get(target.file);
      return file === undefined ? sendNotFound(response) : sendFile(response, file, head);
    }
    if (target.kind === 'picture') {
      const picture = pictures.get(target.hash);
      return picture === undefined ? sendNotFound(response) : sendPicture(response, picture, head);
    }
    startStream(response);
    if (head) response.end();
    else feed.watch(response);
  });

  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      feed.stop();
      reject(listenProblem(error, host, port));
    };
    server.once('error', failed);
    server.listen({ host, port, exclusive: true }, () => {
      server.off('error', failed);
      resolve();
    });
  });
  // Errors after start (a failed accept when the system is out of files) must not end the app.
  server.on('error', (error) => console.error('phone sharing: server error', error));

  const address = server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  expectedHosts = new Set([`${host}:${boundPort}`, ...(boundPort === 80 ? [host] : [])]);

  return {
    host,
    port: boundPort,
    code: () => shownJoinCode(codes.current),
    url: () => `http://${host}:${boundPort}/${shownJoinCode(codes.current)}/`,
    publish: (update) => {
      if (closing === null) feed.publish(pictures.shelve(update));
    },
    newCode: (proposed) => {
      const code = codes.replace(proposed);
      feed.endAll();
      return shownJoinCode(code);
    },
    setAllowPick: (allow) => feed.setAllowPick(allow),
    watchers: () => feed.count(),
    onWatchers: (listener) => feed.onCount(listener),
    onStopped: () => () => {},
    forget: () => {
      feed.forget();
      pictures.clear();
    },
    close: (options = {}) => (closing ??= closeServer(options.resumes === true)),
  };

  async function closeServer(resumes: boolean): Promise<void> {
    // No new connection from here on: a phone asking again is refused, not answered a 404.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if (resumes) {
      // The app quits, and sharing starts again with this code when the campaign next opens.
      // `ended` is final on a phone: its player would have to scan the code again. So the
      // streams are cut without it, as a dropped network would cut them: each phone says
      // "Reconnecting…", keeps asking, and is back by itself when the app is (a phone of a GM who
      // never shares again sees "Reconnecting…" until its player closes the page; a new code or
      // End sharing is what tells it the end). Cut, not ended: the process is going, and a
      // stream's last bytes are no use to a phone that will ask again.
      const emptied = new Promise<void>((resolve) => {
        if (feed.count() === 0) return resolve();
        const stop = feed.onCount((count) => {
          if (count > 0) return;
          stop();
          resolve();
        });
      });
      server.closeAllConnections();
      // Once each stream's close has reached the feed, it has no watcher left to send `ended` to.
      await emptied;
    }
    feed.stop();
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    await closed;
    clearTimeout(cut);
  }
}

/** Whether a request says it carries a body (never read: the connection is closed after the 404). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** The 404 straight on a socket with no answer under way; one that has answered before is just closed. */
function refuseRaw(socket: Duplex, reset: boolean): void {
  const fresh = 'bytesWritten' in socket && socket.bytesWritten === 0;
  if (reset || !fresh || !socket.writable) socket.destroy();
  else socket.end(RAW_NOT_FOUND, () => socket.destroy());
}

/** Why listening failed, said so that the GM knows what to do. */
/** Why listening failed, in words the GM can act on; the system's code stays on it (`code`). */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): Error {
  return Object.assign(listenWords(error, host, port), { code: error.code });
}

function listenWords(error: NodeJS.ErrnoException, host: string, port: number): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new Error(`Port ${port} on ${host} is already in use, by another program or another GM Screen. Close it, or choose another port for sharing (from 1024 to 65535), then start sharing again.`);
    case 'EADDRNOTAVAIL':
      return new Error(`${host} is not an address of this computer (any more): the network may have changed. Pick the network again in the sharing dialog.`);
    case 'EACCES':
      return new Error(`This computer does not let GM Screen listen on port ${port} of ${host}${port < 1024 ? ' (ports below 1024 need administrator rights)' : ''}: choose another port, from 1024 to 65535.`);
    default:
      return new Error(`Sharing could not start on ${host}:${port} (${error.code ?? error.message}). Check that this computer is connected to the network, then try again.`);
  }
}
