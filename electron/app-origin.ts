/**
 * The app's own origin. Pages are served from `app://gm-screen/...` (see app-protocol.ts) rather
 * than `file://`, so the app's pages have one real origin and "is this our page?" is a simple,
 * exact check. (The players' window has the same origin in a session of its own, so not the GM
 * window's IndexedDB: main.ts serves app:// in both sessions.)
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'gm-screen';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * True when `url` is a page of the app itself. Compares protocol and host rather than
 * `URL.origin`, because Node's URL reports `'null'` as the origin of non-special schemes. The host
 * is compared case-insensitively, as Chromium lower-cases it for a standard scheme.
 */
export function isAppUrl(url: string | null | undefined): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname.toLowerCase() === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

// The page's policy: nothing unless named (no connections, fonts, frames, workers or plugins),
// then the app's own scripts, styles and images, no inline scripts or styles, no <base> tricks.
// Svelte's style: directives set properties through the CSSOM, which CSP allows. Images may also
// be blob: URLs: map backgrounds are kept inside the campaign and shown from a blob the page makes
// itself (never a data: URL or another origin).
const PAGE_POLICY = ["default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob:", "base-uri 'none'"];

/** The Content-Security-Policy header sent with every app:// response, errors included. */
export const CONTENT_SECURITY_POLICY = [...PAGE_POLICY, "frame-ancestors 'none'"].join('; ');

/**
 * The same policy as a <meta> tag in the built index.html, for the web build served without our
 * headers. `frame-ancestors` is left out: browsers ignore it in a meta tag and say so.
 */
export const META_CONTENT_SECURITY_POLICY = PAGE_POLICY.join('; ');
