/**
 * Names that become paths. Nothing the GM types ever becomes a path as it is: folder names are a
 * sanitised slug plus a random suffix, file names are an id (strict pattern) plus a fixed
 * extension, and a folder name the renderer sends back (it got it from the campaign list) is
 * checked to be one harmless path segment before it is joined to the campaigns root.
 *
 * The checks follow the strictest platform (Windows) everywhere, so a campaigns folder copied
 * from Linux to Windows, or kept on a USB stick, still opens.
 *
 * Pure, and shared by the disk store and the renderer's browser build: both use these very
 * functions. New ids and folder names (which need randomness) are random-names.ts.
 */
import { utf8Length } from '../json-guard';
import { failure, type Result } from './result';

/** Longest display name (campaign, encounter, roster entry) the store accepts. */
export const NAME_MAX = 120;

/** Longest slug part of a folder name; the suffix comes on top. */
export const SLUG_MAX = 40;

/** Longest path segment accepted from outside (well under every file system's 255). */
export const SEGMENT_MAX = 100;

/**
 * Ids: lower-case letters, digits and inner hyphens, 1–64 characters. `newId()` output fits.
 * No dot, slash, backslash or colon can appear, so an id can never climb out of its folder or
 * name a drive or stream.
 */
export const ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/**
 * Device names Windows reserves in every folder, with or without an extension and in any case
 * (`con`, `Nul.txt`, `COM1.jsonl`). The superscript digits are reserved too.
 */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(?:\..*)?$/i;

/** Characters Windows refuses in a file name, plus the separators of every platform. */
const FORBIDDEN_CHARACTERS = /[<>:"/\\|?*]/;

// Control characters (C0, DEL, C1): refused by Windows (C0) and invisible in every file manager.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * Checks an id that will become part of a file name (`encounters/<id>.jsonl`) or that names a
 * record. Beyond the pattern, refuses ids that are Windows device names (`con`, `nul`, `com1`…):
 * `encounters/con.jsonl` cannot be opened on Windows.
 */
export function checkId(id: unknown, what = 'id'): Result<string> {
  if (typeof id !== 'string') return failure('name/bad-id', `The ${what} must be a string, got ${describe(id)}.`);
  const problem = idProblem(id);
  if (problem !== null) return failure('name/bad-id', `The ${what} "${preview(id)}" ${problem}.`);
  return { ok: true, value: id };
}

/** What is wrong with `id` as a phrase ("is a device name reserved by Windows"), or null. */
export function idProblem(id: string): string | null {
  if (!ID_PATTERN.test(id)) return 'is not valid: use 1–64 lower-case letters, digits and inner hyphens';
  if (WINDOWS_RESERVED.test(id)) return 'is a device name reserved by Windows; choose another';
  return null;
}

/**
 * Checks that `segment` is one safe path segment: not empty, not `.` or `..`, no separator or
 * drive colon (so no traversal and no absolute path), no character or device name Windows
 * refuses, no trailing dot or space (Windows drops them silently, so two names would meet), no
 * control characters, at most {@link SEGMENT_MAX} characters.
 */
export function checkPathSegment(segment: unknown, what = 'folder name'): Result<string> {
  const bad = (problem: string) => failure('name/unsafe', `The ${what} "${preview(String(segment))}" ${problem}.`);
  if (typeof segment !== 'string') return failure('name/unsafe', `The ${what} must be a string, got ${describe(segment)}.`);
  if (segment.length === 0) return failure('name/unsafe', `The ${what} is empty.`);
  if (segment === '.' || segment === '..') return bad('points outside its folder');
  if (segment.includes('/') || segment.includes('\\')) return bad('contains a path separator (/ or \\)');
  if (CONTROL_CHARACTERS.test(segment)) return bad('contains a control character');
  const forbidden = FORBIDDEN_CHARACTERS.exec(segment);
  if (forbidden) return bad(`contains "${forbidden[0]}", which Windows does not allow in file names`);
  if (/[. ]$/.test(segment)) return bad('ends with a dot or a space, which Windows drops');
  if (WINDOWS_RESERVED.test(segment)) return bad('is a device name reserved by Windows');
  if (segment.length > SEGMENT_MAX) return bad(`is longer than ${SEGMENT_MAX} characters`);
  return { ok: true, value: segment };
}

/**
 * Checks a display name (campaign, encounter): trimmed, 1–{@link NAME_MAX} characters, no control
 * characters. Display names are stored inside JSON and never used as paths, so `/`, `..` or
 * `CON` are allowed here: the folder name comes from `folderNameFor` (random-names.ts), not from
 * this text.
 */
export function checkDisplayName(name: unknown, what = 'name'): Result<string> {
  if (typeof name !== 'string') return failure('name/bad-name', `The ${what} must be text, got ${describe(name)}.`);
  const trimmed = name.trim();
  if (trimmed.length === 0) return failure('name/bad-name', `The ${what} must not be empty.`);
  if (trimmed.length > NAME_MAX) {
    return failure('name/bad-name', `The ${what} must be at most ${NAME_MAX} characters (it has ${trimmed.length}).`);
  }
  if (CONTROL_CHARACTERS.test(trimmed)) {
    return failure('name/bad-name', `The ${what} must not contain control characters such as line breaks.`);
  }
  return { ok: true, value: trimmed };
}

/**
 * A slug of `name` for a folder: ASCII letters and digits joined by single hyphens, lower case,
 * at most {@link SLUG_MAX} characters; `campaign` when nothing is left (a name in another script).
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // accents come apart under NFKD; drop the marks, keep the letters
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? 'campaign' : slug;
}

/**
 * Longest file name {@link safeFileName} makes, in UTF-8 bytes. File systems allow 255 (ext4 and
 * APFS count bytes); the atomic writer's temp name (`.<name>.<8 random>.tmp`) adds 14, and a name
 * in a script of 3-byte characters must fit too.
 */
export const FILE_NAME_MAX_BYTES = 200;

// Characters that reorder what a file manager shows (U+202E makes "gpj.exe" look like "exe.jpg").
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A file name safe on every platform, made from a suggested one (`Lost Mine – Bridge fight –
 * 2026-11-23.md`), for a save dialog's default: a double quote becomes `'`; the other characters
 * Windows refuses and both separators (`< > : / \ | ? *`) become `-`; control characters become
 * spaces and bidirectional controls go; runs of spaces become one; leading dots and spaces and
 * trailing dots and spaces of the stem go (hidden files; Windows drops the trailing ones); a
 * Windows device name (`CON`, `com1`) gets `_` in front; the stem is cut (between characters) so
 * the name fits {@link FILE_NAME_MAX_BYTES}. The extension (the last `.xyz`, letters and digits) is
 * kept; a stem left empty becomes `fallback`.
 */
export function safeFileName(name: string, fallback = 'export'): string {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot >= 0 && /^\.[A-Za-z0-9]{1,10}$/.test(name.slice(dot));
  const extension = hasExtension ? name.slice(dot) : '';
  const clean = (text: string) =>
    text
      .replace(BIDI_CONTROLS, '')
      .replace(/\p{Cc}/gu, ' ')
      .replace(/"/g, "'")
      .replace(/[<>:/\\|?*]/g, '-')
      .replace(/\s+/gu, ' ')
      .replace(/^[\s.]+/u, '')
      .replace(/[\s.]+$/u, '');
  let stem = clean(hasExtension ? name.slice(0, dot) : name);
  const budget = FILE_NAME_MAX_BYTES - utf8Length(extension) - 1; // 1: room for a `_` before a device name
  if (utf8Length(stem) > budget) {
    let kept = '';
    let bytes = 0;
    for (const character of stem) {
      bytes += utf8Length(character);
      if (bytes > budget) break;
      kept += character;
    }
    stem = clean(kept);
  }
  if (stem === '') stem = clean(fallback) || 'export';
  if (WINDOWS_RESERVED.test(stem)) stem = `_${stem}`;
  return `${stem}${extension}`;
}

/** "Lost Mine (copy)", cut so it stays within the name limit. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

/** At most 60 characters of `text`, with control characters shown as `?`, for messages. */
export function preview(text: string): string {
  const clean = text.replace(/\p{Cc}/gu, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean;
}

/** A short description of a value's kind, for messages about wrong types. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}
