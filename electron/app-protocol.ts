/**
 * The `app://gm-screen/...` scheme: serves the built renderer (`dist/`) and nothing else.
 * Plain Node (fs + the global `Response`), so it is tested against a temp folder; main.ts passes
 * it to `protocol.handle`.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST, APP_SCHEME, CONTENT_SECURITY_POLICY } from './app-origin';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

export function mimeTypeOf(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** Where a request URL leads: a file under the root, or a refusal with its status. */
export type Resolution =
  | { readonly ok: true; readonly filePath: string }
  | { readonly ok: false; readonly status: 403 | 404; readonly reason: string };

const refuse = (reason: string): Resolution => ({ ok: false, status: 403, reason });

/**
 * Maps `app://gm-screen/<path>` to a file path under `root`, without touching the disk.
 * Refuses (403) other schemes and hosts, and any segment that could step outside the root once
 * decoded: `..`, `.`, `%2e%2e`, encoded slashes or backslashes, NUL, drive letters (`C:`),
 * and empty segments (`//etc/passwd`).
 */
export function resolveAppUrl(url: string, root: string): Resolution {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('not a URL');
  }
  if (parsed.protocol !== `${APP_SCHEME}:`) return refuse(`scheme ${parsed.protocol}`);
  if (parsed.hostname.toLowerCase() !== APP_HOST || parsed.port !== '') {
    return refuse(`host ${parsed.host}`);
  }
  // The URL parser has already removed plain and %2e dot segments; check again after decoding
  // each segment ourselves, because that is what reaches the file system.
  const raw = parsed.pathname === '' || parsed.pathname === '/' ? '/index.html' : parsed.pathname;
  const segments: string[] = [];
  for (const encoded of raw.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(encoded);
    } catch {
      return refuse('malformed percent-encoding');
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\:\0]/.test(segment)) {
      return refuse(`path segment "${encoded}"`);
    }
    segments.push(segment);
  }
  const resolvedRoot = path.resolve(root);
  const filePath = path.resolve(resolvedRoot, ...segments);
  if (!isInside(resolvedRoot, filePath)) return refuse('outside the renderer folder');
  return { ok: true, filePath };
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // `..` as a whole first segment, not as a prefix: "..notes.txt" is a fine file name.
  const climbs = relative === '..' || relative.startsWith(`..${path.sep}`);
  return relative !== '' && !climbs && !path.isAbsolute(relative);
}

function headers(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    // The files change only with the app itself; no point caching across versions.
    'Cache-Control': 'no-cache',
  });
}

function errorResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: headers('text/plain; charset=utf-8') });
}

/** The part of a fetch `Request` the handler reads (Electron passes a real `Request`). */
export interface AppRequest {
  readonly url: string;
  readonly method: string;
}

/**
 * Answers one request of the `app:` scheme from the files under `root`. A symlink inside the root
 * that points outside it is refused too.
 */
export async function handleAppRequest(request: AppRequest, root: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(405, 'Method not allowed');
  }
  const resolution = resolveAppUrl(request.url, root);
  if (!resolution.ok) return errorResponse(resolution.status, 'Forbidden');
  try {
    const [realRoot, realFile] = await Promise.all([
      realpath(root),
      realpath(resolution.filePath),
    ]);
    if (!isInside(realRoot, realFile)) return errorResponse(403, 'Forbidden');
    if (!(await stat(realFile)).isFile()) return errorResponse(404, 'Not found');
    const body = request.method === 'HEAD' ? null : await readFile(realFile);
    return new Response(body, { status: 200, headers: headers(mimeTypeOf(realFile)) });
  } catch {
    return errorResponse(404, 'Not found');
  }
}
