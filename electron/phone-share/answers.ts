/**
 * The server's answers and the headers every one of them carries. A refusal is always the same
 * `404 Not found`, whatever was wrong (a wrong code, a path, a method, a limit): nothing in it
 * tells a stranger what to try next.
 */
import type { ServerResponse } from 'node:http';
import type { PageFile } from './page-files';

/**
 * The phone page's policy: nothing unless named; its own scripts, styles and connections (the
 * stream) only, no inline script; images its own (the map and the handout, fetched under the
 * code), or data:/blob: URLs it makes itself; no <base>, no forms, never in a frame.
 */
export const PHONE_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent with every answer, refusals included. Node adds no `Server` or `X-Powered-By` header. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': PHONE_PAGE_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // The page, its files and the stream belong to one sharing session, under its code.
  'Cache-Control': 'no-store',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

const NOT_FOUND = 'Not found';

/**
 * The one refusal. The connection is closed after it: a request body is never read, and a client
 * that was refused has no reason to keep a connection counted against its address.
 */
export function sendNotFound(response: ServerResponse): void {
  response.writeHead(404, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(NOT_FOUND),
    Connection: 'close',
  });
  response.end(NOT_FOUND);
}

/**
 * The same refusal written straight to a socket that has no answer under way (a request Node could
 * not parse, too large a head, a CONNECT), which is then closed.
 */
export const RAW_NOT_FOUND = [
  'HTTP/1.1 404 Not Found',
  ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
  'Content-Type: text/plain; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(NOT_FOUND)}`,
  'Connection: close',
  '',
  NOT_FOUND,
].join('\r\n');

/** One of the page's files (headers only for HEAD). */
export function sendFile(response: ServerResponse, file: PageFile, head: boolean): void {
  response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': file.contentType, 'Content-Length': file.body.length });
  response.end(head ? undefined : file.body);
}

/** A picture of the last screen, with its own type (headers only for HEAD). */
export function sendPicture(response: ServerResponse, picture: { readonly mime: string; readonly body: Buffer }, head: boolean): void {
  sendFile(response, { body: picture.body, contentType: picture.mime }, head);
}

/** `/<code>` to `/<code>/`, so the page's relative file names resolve under the code. */
export function sendToFolder(response: ServerResponse, code: string): void {
  response.writeHead(308, { ...SECURITY_HEADERS, Location: `/${code}/`, 'Content-Length': 0 });
  response.end();
}

/** The stream's head (server.ts then hands the answer to the feed). */
export function startStream(response: ServerResponse): void {
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    // The stream's connection is never reused, so its end closes it.
    Connection: 'close',
  });
  response.flushHeaders();
}
