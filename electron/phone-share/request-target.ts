/**
 * Reads a request's target (`/ab3k-9xq2/assets/index.js`) into what it asks for, before any code
 * or file is looked at. Only the origin form is read (`/…`, never `http://host/…` or `*`), and
 * only unreserved characters and slashes: a `%` (so `%2e%2e`, `%2f`, `%00`), a backslash, a
 * control character or anything beyond ASCII makes it no target at all, as does a `.` or `..`
 * segment, an empty segment inside it, or a length over the bound. File names are then looked up
 * as exact strings among the page's files (page-files.ts), never joined to a folder.
 */

/** What a well-formed target asks for; `code` is its first segment as sent (checked by the server). */
export type PhoneTarget =
  /** `/<code>`: the page's address without its last slash. */
  | { readonly kind: 'bare'; readonly code: string }
  /** `/<code>/`: the page; `/<code>/<file>`: one of its files. */
  | { readonly kind: 'file'; readonly code: string; readonly file: string }
  /** `/<code>/screen`: the stream of screens. */
  | { readonly kind: 'stream'; readonly code: string }
  /** `/<code>/picture/<hash>`: a picture of the last screen (`hash` as sent: the server looks it up). */
  | { readonly kind: 'picture'; readonly code: string; readonly hash: string };

/** The page's entry file, answered at `/<code>/`. */
export const PAGE_ENTRY = 'index.html';
/** The stream's name after the code. */
export const STREAM_NAME = 'screen';
/** The folder name of the pictures after the code (no page file lives there). */
export const PICTURES_FOLDER = 'picture';

const SAFE_PATH = /^[A-Za-z0-9._~/-]+$/;

/** What `target` asks for, or null when it is not a target this server answers (always a 404). */
export function readTarget(target: string, maxLength: number): PhoneTarget | null {
  if (target.length > maxLength) return null;
  // A query is never used: it is left out, unread (links shared through a messenger may gain one).
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!path.startsWith('/') || !SAFE_PATH.test(path)) return null;
  const [code, ...rest] = path.slice(1).split('/');
  if (code === undefined || code === '') return null;
  if (rest.length === 0) return { kind: 'bare', code };
  const file = rest.join('/');
  if (file === '') return { kind: 'file', code, file: PAGE_ENTRY };
  if (rest.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  if (rest[0] === PICTURES_FOLDER && rest.length === 2 && rest[1] !== undefined) return { kind: 'picture', code, hash: rest[1] };
  return file === STREAM_NAME ? { kind: 'stream', code } : { kind: 'file', code, file };
}
