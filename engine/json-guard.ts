/**
 * JSON in and out of the campaign files, guarded. Every file is read as bytes, checked for size,
 * decoded as strict UTF-8, scanned for nesting depth (a linear scan, so a hostile file of a
 * million `[` cannot blow the stack of anything that walks the result), parsed, and walked
 * (iteratively) for the keys that reach an object's prototype when code later copies or merges it.
 * The same walk checks values before they are written, so the app never writes a file it would
 * refuse to read.
 *
 * Messages are whole sentences about `label` (the file, or a line of it, as the GM sees it); the
 * caller adds what happens next ("The file was not changed.", what to do).
 */
import { failure, ok, type Result } from './result';

/** The part of the Encoding API used here (Node and every browser have it; the engine's lib is plain ES2022). */
declare const TextDecoder: new (label: 'utf-8', options: { fatal: boolean; ignoreBOM: boolean }) => {
  decode(bytes: Uint8Array): string;
};

/** Largest campaign.json read or written. */
export const MAX_CAMPAIGN_BYTES = 20 * 1024 * 1024;

/** Largest single event line (its JSON, without the newline). */
export const MAX_EVENT_LINE_BYTES = 1024 * 1024;

/** Deepest nesting of arrays and objects accepted anywhere. */
export const MAX_JSON_DEPTH = 64;

/**
 * Keys refused anywhere in a file: `__proto__` (JSON.parse keeps it as an own key, and a later
 * spread or merge would set the prototype), and `constructor` / `prototype`, which the usual
 * prototype-pollution paths also go through. The app never writes them.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const BOM = 0xfeff;

/** Size in bytes, as the GM reads it: "812 bytes", "3.5 KB", "20 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value.toFixed(1).replace(/\.0$/, '')} ${unit}`;
}

/** "is 21 MB, over the 20 MB limit", with exact bytes when both round to the same figure. */
export function overLimit(size: number, limit: number): string {
  const shown = formatBytes(size) === formatBytes(limit) ? `${size.toLocaleString('en-US')} bytes` : formatBytes(size);
  return `is ${shown}, over the ${formatBytes(limit)} limit`;
}

/**
 * UTF-8 length of `text` without encoding it (what `Buffer.byteLength` gives, lone surrogates as
 * the 3 bytes of U+FFFD), in plain code so the browser build measures exactly as the disk store does.
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Decodes strict UTF-8. Refuses invalid byte sequences (binary garbage, another encoding) and a
 * leading byte-order mark: the app never writes one, and JSON.parse would reject it with an
 * unhelpful message.
 */
export function decodeUtf8(bytes: Uint8Array, label: string): Result<string> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return failure(
      'json/not-text',
      `${label} is not UTF-8 text (it looks like binary data or another encoding).`,
    );
  }
  if (text.charCodeAt(0) === BOM) {
    return failure(
      'json/bom',
      `${label} starts with a byte-order mark (BOM), which GM Screen does not write. ` +
        'If you edited it by hand, save it again as "UTF-8" without BOM.',
    );
  }
  return ok(text);
}

/**
 * Checks that `text` never nests arrays or objects deeper than `maxDepth`, in one pass without
 * recursion. Brackets inside strings do not count. Does not check syntax (JSON.parse does).
 */
export function checkDepth(text: string, label: string, maxDepth = MAX_JSON_DEPTH): Result<void> {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++; // skip the escaped character, which may be a quote
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > maxDepth) {
        return failure(
          'json/too-deep',
          `${label} nests lists or objects more than ${maxDepth} levels deep (at ${where(text, i)}), which GM Screen never writes.`,
        );
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return ok(undefined);
}

/**
 * Parses JSON text with the depth limit and the forbidden-key check. Syntax errors say where, and
 * say "cut off" when the text simply ends early.
 */
export function parseJsonText(text: string, label: string, maxDepth = MAX_JSON_DEPTH): Result<unknown> {
  if (text.trim() === '') return failure('json/empty', `${label} is empty.`);
  const depth = checkDepth(text, label, maxDepth);
  if (!depth.ok) return depth;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return failure('json/syntax', `${label} is not valid JSON: ${syntaxProblem(text, error)}.`);
  }
  const found = findUnreadable(value);
  if (found?.kind === 'key') {
    return failure(
      'json/forbidden-key',
      `${label} contains the key "${found.key}" (at ${found.path}), which GM Screen refuses because it can change how the program behaves.`,
    );
  }
  if (found?.kind === 'number') {
    // JSON.parse reads 1e309 as Infinity, which no save can write back: every later save would fail.
    return failure('json/number-too-large', `${label} holds a number too large to keep at ${found.path} (${found.text}); correct it in the file and open it again.`);
  }
  return ok(value);
}

/**
 * Checks a value before it is written: only JSON data (plain objects, arrays, text, finite
 * numbers, booleans, null), no forbidden key, no deeper than `maxDepth` (which also catches
 * cycles). Functions, dates, `NaN` and the like are refused rather than silently changed by
 * JSON.stringify. An object property that is `undefined` is allowed: JSON.stringify leaves it
 * out, and an absent optional field reads back the same; in a list it would become null, so
 * there it is refused.
 */
export function checkJsonValue(value: unknown, label: string, maxDepth = MAX_JSON_DEPTH): Result<void> {
  const stack: { value: unknown; path: string; depth: number; inObject: boolean }[] = [{ value, path: '(top)', depth: 0, inObject: false }];
  const refuse = (path: string, problem: string) =>
    failure('json/not-data', `${label} cannot be saved: ${path} ${problem}.`);
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path, depth } = item;
    if (current === undefined && item.inObject) continue;
    if (current === null || typeof current === 'string' || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return refuse(path, `is ${current}, which JSON cannot hold`);
      continue;
    }
    if (typeof current !== 'object') return refuse(path, `is ${typeof current}, which JSON cannot hold`);
    if (depth >= maxDepth) return refuse(path, `is nested more than ${maxDepth} levels deep (or refers to itself)`);
    if (Array.isArray(current)) {
      current.forEach((element: unknown, index) => stack.push({ value: element, path: `${path}[${index}]`, depth: depth + 1, inObject: false }));
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(current);
    if (proto !== Object.prototype && proto !== null) return refuse(path, 'is not a plain object');
    for (const [key, element] of Object.entries(current)) {
      if (FORBIDDEN_KEYS.has(key)) return refuse(`${path}.${key}`, 'uses a forbidden key');
      stack.push({ value: element, path: `${path}.${key}`, depth: depth + 1, inObject: true });
    }
  }
  return ok(undefined);
}

/**
 * The first forbidden key or number too large to keep (JSON.parse reads 1e309 as Infinity) in a
 * parsed value, with its path; iterative.
 */
function findUnreadable(value: unknown): { kind: 'key'; key: string; path: string } | { kind: 'number'; text: string; path: string } | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '(top)' }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'number' && !Number.isFinite(current)) return { kind: 'number', text: String(current), path: item.path };
    if (typeof current !== 'object' || current === null) continue;
    if (Array.isArray(current)) {
      current.forEach((element: unknown, index) => stack.push({ value: element, path: `${item.path}[${index}]` }));
      continue;
    }
    // JSON.parse creates `__proto__` as an own key, so Object.keys sees it.
    for (const [key, element] of Object.entries(current)) {
      if (FORBIDDEN_KEYS.has(key)) return { kind: 'key', key, path: item.path === '(top)' ? key : `${item.path}.${key}` };
      stack.push({ value: element, path: item.path === '(top)' ? key : `${item.path}.${key}` });
    }
  }
  return null;
}

/** "line 3, column 14" for an offset into `text`; "character 14" for one-line text (an event line). */
function where(text: string, offset: number): string {
  if (!text.includes('\n')) return `character ${offset + 1}`;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

/** A readable reason from V8's JSON.parse error, without quoting the file back. */
function syntaxProblem(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  const offset = position?.[1] === undefined ? null : Number(position[1]);
  if (/end of JSON input/i.test(message) || (offset !== null && offset >= text.trimEnd().length)) {
    return 'it ends in the middle of a value, so it was probably cut off';
  }
  if (offset !== null) {
    const clause = message.slice(0, position?.index).trim().replace(/ in JSON$/, '');
    return `${clause.charAt(0).toLowerCase()}${clause.slice(1)} at ${where(text, offset)}`;
  }
  // "Unexpected token 'x', "…" is not valid JSON" carries no position; find the first odd character.
  const token = /Unexpected token '(.*?)'/s.exec(message);
  if (token?.[1] !== undefined) {
    const shown = /^\p{Cc}$/u.test(token[1]) ? `control character (code ${token[1].charCodeAt(0)})` : `"${token[1]}"`;
    return `unexpected ${shown}`;
  }
  return message.length > 200 ? `${message.slice(0, 197)}...` : message;
}
