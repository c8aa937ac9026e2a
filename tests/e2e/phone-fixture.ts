import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { PlayerScreen } from '../../engine/campaign/player-screen';
import { PHONE_CONTENT_SECURITY_POLICY } from '../../renderer/src/phone/policy';
import { startPhoneServer } from '../../electron/phone-share/index';
import { CONTENT_TYPES } from './static-server';
import { PictureShelf } from '../../electron/phone-share/pictures';

// The phones' server for the phone page's end-to-end test: the real one (startPhoneFeed), and a
// stand-in (servePhoneFixture) for what only a network does.
//
// The stand-in speaks the real server's protocol to the phone page:
// the page's files under /<code>/, the screen stream at /<code>/screen (Server-Sent Events:
// `screen`, `share`, `ended`, `: ping`), 404 "Not found" for anything else. It lets a test drive
// what the real server does (a new screen, picking allowed, sharing ended) and what a network
// does (the server going away and coming back without a word, as on a dropped Wi-Fi: the real
// server, stopped, tells every phone that sharing ended).

const COMMON_HEADERS = {
  'content-security-policy': PHONE_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** What a test drives of the server the phone page watches. */
export interface PhoneFeed {
  /** The page's address: `http://127.0.0.1:<port>/<code>/`. */
  readonly url: string;
  readonly code: string;
  /** Sends a new screen to every watcher (and to each one connecting after). */
  show(screen: PlayerScreen): void;
  /** Lets players pick their character on their phones, or not. */
  allowPick(pick: boolean): void;
  /** How many streams are open. */
  watchers(): number;
  /** Sharing ends: watchers get `ended`, streams close, and the code is no longer valid (404). */
  end(): void;
  close(): Promise<void>;
}

/** The stand-in, which can also play the network: the server going away and coming back. */
export interface PhoneFixture extends PhoneFeed {
  /** The server goes away: every connection is cut and nothing listens until `comeBack`. */
  goDown(): Promise<void>;
  /** The server listens again on the same port. */
  comeBack(): Promise<void>;
}

/**
 * The real phones' server (electron/phone-share/, as the desktop app runs it) on 127.0.0.1,
 * serving `distPhone` and starting with `first`, driven through the same calls as the stand-in.
 */
export async function startPhoneFeed(distPhone: string, first: PlayerScreen): Promise<PhoneFeed> {
  const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: distPhone, allowPick: false });
  server.publish({ screen: first, writtenAt: Date.now() });
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= server.close());
  return {
    url: server.url(),
    code: server.code(),
    show: (screen) => server.publish({ screen, writtenAt: Date.now() }),
    allowPick: (pick) => server.setAllowPick(pick),
    watchers: () => server.watchers(),
    end: () => void close(),
    close,
  };
}

/**
 * Serves `distPhone` (the built phone page) and a screen stream that starts with `first` (none:
 * nothing until `show`), on 127.0.0.1 at a free port, under a fixed join code. `pingMs`: how
 * often the stream pings (15 s, as the protocol says).
 */
export async function servePhoneFixture(distPhone: string, first: PlayerScreen | null, options: { pingMs?: number; code?: string } = {}): Promise<PhoneFixture> {
  const base = resolve(distPhone);
  if (!existsSync(join(base, 'index.html'))) throw new Error('Build the phone page first: npm run build.');
  const code = options.code ?? 'ab3k9xq2';
  let screen: { data: string; id: number } | null = null;
  // Pictures go as the laptop's server sends them: by reference, each fetched at picture/<hash>.
  const pictures = new PictureShelf();
  let sequence = 0;
  let pick = false;
  let ended = false;
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  const notFound = (res: ServerResponse): void => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...COMMON_HEADERS }).end('Not found');
  };
  const sendScreen = (res: ServerResponse) => screen && res.write(`event: screen\nid: ${screen.id}\ndata: ${screen.data}\n\n`);
  const sendShare = (res: ServerResponse) => res.write(`event: share\ndata: ${JSON.stringify({ pick })}\n\n`);

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const [, first, ...rest] = path.split('/');
    if (ended || (req.method !== 'GET' && req.method !== 'HEAD') || (first ?? '').replace(/-/g, '').toLowerCase() !== code || rest.length === 0) return notFound(res);
    const name = rest.join('/');
    const picture = rest[0] === 'picture' && rest.length === 2 ? pictures.get(rest[1] ?? '') : undefined;
    if (picture) {
      res.writeHead(200, { 'content-type': picture.mime, ...COMMON_HEADERS }).end(picture.body);
      return;
    }
    if (name === 'screen') {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', ...COMMON_HEADERS });
      streams.add(res);
      res.on('close', () => streams.delete(res));
      sendScreen(res);
      sendShare(res);
      return;
    }
    const file = normalize(join(base, name === '' ? 'index.html' : decodeURIComponent(name)));
    if (name.includes('..') || !file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) return notFound(res);
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', ...COMMON_HEADERS }).end(readFileSync(file));
  }

  const server: Server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const ping = setInterval(() => streams.forEach((res) => res.write(': ping\n\n')), options.pingMs ?? 15_000);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The fixture server has no port.');
  const port = address.port;

  const fixture: PhoneFixture = {
    url: `http://127.0.0.1:${port}/${code}/`,
    code,
    show(next) {
      screen = { data: JSON.stringify(pictures.shelve({ screen: next, writtenAt: Date.now() })), id: ++sequence };
      streams.forEach(sendScreen);
    },
    allowPick(next) {
      pick = next;
      streams.forEach(sendShare);
    },
    watchers: () => streams.size,
    async goDown() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      sockets.forEach((socket) => socket.destroy());
      await closed;
    },
    async comeBack() {
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    },
    end() {
      ended = true;
      streams.forEach((res) => res.end('event: ended\ndata: {}\n\n'));
    },
    async close() {
      clearInterval(ping);
      sockets.forEach((socket) => socket.destroy());
      if (server.listening) await new Promise<void>((done) => server.close(() => done()));
    },
  };
  if (first) fixture.show(first);
  return fixture;
}
