/**
 * An encounter's event log: `encounters/<id>.jsonl`, append-only, one JSON object per line, each
 * with a string `type`. Deeper checks (known types, order) are the engine's `restoreEncounter`.
 *
 * Appends write whole lines at the end and fsync before resolving, so an event the caller was told
 * is saved survives a crash. A crash during an append can leave a torn last line (no newline, not
 * JSON): reading drops it and reports it; the next append moves it aside to
 * `<id>.jsonl.torn-<time>` (so no byte is lost) before writing.
 */
import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import { writeDurably } from './atomic-file';
import { hasCode, ioFailure } from './io-failure';
import { checkJsonValue, decodeUtf8, formatBytes, MAX_EVENT_LINE_BYTES, overLimit, parseJsonText } from './json-guard';
import { failure, ok, type Result } from './result';
import { describe, randomSuffix } from './safe-names';
import { exclusive } from './serial';

/** Largest event log read whole (about a thousand fights' worth of small events). */
export const MAX_EVENT_LOG_BYTES = 256 * 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Why a last line without newline counts as torn (cut off while being written) rather than
 * damaged: it does not decode or parse. A line that parses but is not an event is damage.
 */
const TORN_CODES: ReadonlySet<string> = new Set(['json/syntax', 'json/not-text', 'json/empty', 'events/blank-line', 'events/line-too-large']);

/**
 * One stored event: a JSON object with a string `type`. The engine's `EncounterEvent` values are
 * events of this shape.
 */
export type StoredEvent = { readonly type: string; readonly [key: string]: unknown };

/** A torn last line that was left out (reading) or moved aside (appending). */
export interface TornLine {
  /** 1-based line number in the log. */
  readonly line: number;
  /** Length of the torn bytes. */
  readonly bytes: number;
  /** Where appending moved the bytes (a path relative to the campaigns root), if it did. */
  readonly movedTo: string | null;
  /** A sentence for the GM. */
  readonly message: string;
}

/** What reading a log gives. */
export interface EventLog {
  readonly events: StoredEvent[];
  /** The torn last line that was left out, or null when the log ended cleanly. */
  readonly torn: TornLine | null;
}

/** What an append did. */
export interface AppendReport {
  /** Number of events written (all of them). */
  readonly appended: number;
  /** A torn last line left by an earlier crash, moved aside before writing. */
  readonly repaired: TornLine | null;
}

/**
 * Serialises events as lines, each checked (JSON data only, no forbidden key, string `type`,
 * at most {@link MAX_EVENT_LINE_BYTES}) so that nothing is written that reading would refuse.
 */
export function serializeEvents(events: readonly unknown[], label: string): Result<string> {
  const lines: string[] = [];
  for (const [index, event] of events.entries()) {
    const what = `Event ${index + 1} of ${events.length} for ${label}`;
    const shape = checkEventShape(event, what);
    if (!shape.ok) return shape;
    const data = checkJsonValue(event, what);
    if (!data.ok) return data;
    const line = JSON.stringify(event);
    const bytes = Buffer.byteLength(line);
    if (bytes > MAX_EVENT_LINE_BYTES) {
      return failure('events/too-large', `${what} ${overLimit(bytes, MAX_EVENT_LINE_BYTES)} for one event.`);
    }
    lines.push(line);
  }
  return ok(lines.map((line) => `${line}\n`).join(''));
}

/**
 * Appends `events` to the log at `file` (which must exist) and resolves after they are fsynced.
 * `label` names the file in messages. An empty list writes nothing.
 */
export async function appendEventLines(file: string, label: string, events: readonly unknown[]): Promise<Result<AppendReport>> {
  const text = serializeEvents(events, label);
  if (!text.ok) return text;
  if (events.length === 0) return ok({ appended: 0, repaired: null });
  return exclusive(file, () => appendNow(file, label, text.value, events.length));
}

async function appendNow(file: string, label: string, text: string, count: number): Promise<Result<AppendReport>> {
  let handle: FileHandle;
  try {
    // r+: no create (a missing log is an error, not a new empty one) and we may read the tail.
    handle = await open(file, 'r+');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) {
      return failure('events/no-log', `The event log ${label} does not exist; create the encounter first (or refresh the campaign).`);
    }
    return ioFailure('open', label, error);
  }
  try {
    const { size } = await handle.stat();
    const tail = await repairTail(handle, size, file, label);
    const data = Buffer.from(tail.prefix + text);
    await writeAll(handle, data, tail.end);
    await handle.sync();
    return ok({ appended: count, repaired: tail.torn });
  } catch (error) {
    return ioFailure('save events to', label, error);
  } finally {
    await handle.close().catch(() => {});
  }
}

/**
 * Looks at the end of the log before an append. A clean end (empty, or ending in a newline) needs
 * nothing. A last line without newline that is a whole event (the crash hit between the JSON and
 * its newline) gets its newline. Anything else is a torn line: its bytes are copied to a side file
 * and fsynced, then cut off, so the new lines do not glue onto it.
 */
async function repairTail(
  handle: FileHandle,
  size: number,
  file: string,
  label: string,
): Promise<{ end: number; prefix: string; torn: TornLine | null }> {
  if (size === 0) return { end: 0, prefix: '', torn: null };
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  if (last[0] === NEWLINE) return { end: size, prefix: '', torn: null };
  const start = await lastLineStart(handle, size);
  const fragment = Buffer.alloc(size - start);
  await handle.read(fragment, 0, fragment.length, start);
  if (parseEventLine(fragment, 'the last line').ok) return { end: size, prefix: '\n', torn: null };
  const suffix = `.torn-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomSuffix(4)}`;
  await writeDurably(`${file}${suffix}`, fragment);
  await handle.truncate(start);
  await handle.sync();
  const line = await countLines(handle, start);
  return {
    end: start,
    prefix: '',
    torn: {
      line,
      bytes: fragment.length,
      movedTo: `${label}${suffix}`,
      message: `The last line of ${label} (line ${line}, ${formatBytes(fragment.length)}) was cut off by an earlier crash before it was saved; it was moved to ${label}${suffix} and the log continues after line ${line - 1}.`,
    },
  };
}

/** Writes all of `data` at `position` (one `write` may write less than asked). */
async function writeAll(handle: FileHandle, data: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < data.length; ) {
    const { bytesWritten } = await handle.write(data, done, data.length - done, position + done);
    done += bytesWritten;
  }
}

/** Offset just after the last newline before `size` (0 when there is none), reading backwards. */
async function lastLineStart(handle: FileHandle, size: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const from = Math.max(0, end - chunk.length);
    const { bytesRead } = await handle.read(chunk, 0, end - from, from);
    const at = chunk.subarray(0, bytesRead).lastIndexOf(NEWLINE);
    if (at >= 0) return from + at + 1;
    end = from;
  }
  return 0;
}

/** 1 + the number of newlines in the first `length` bytes: the number of the line starting there. */
async function countLines(handle: FileHandle, length: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024);
  let lines = 1;
  for (let from = 0; from < length; from += chunk.length) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, length - from), from);
    for (let i = 0; i < bytesRead; i++) if (chunk[i] === NEWLINE) lines++;
  }
  return lines;
}

/**
 * Reads and checks the log at `file`. Never changes the file. Waits for this process's appends
 * to the same log, so it never sees one half-written.
 */
export function readEventLog(file: string, label: string): Promise<Result<EventLog>> {
  return exclusive(file, () => readNow(file, label));
}

async function readNow(file: string, label: string): Promise<Result<EventLog>> {
  let bytes: Buffer;
  try {
    const { size } = await stat(file);
    if (size > MAX_EVENT_LOG_BYTES) {
      return failure('events/too-large', `${label} ${overLimit(size, MAX_EVENT_LOG_BYTES)} for one encounter log. The file was not changed.`);
    }
    bytes = await readFile(file);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return failure('events/no-log', `The event log ${label} does not exist.`);
    return ioFailure('read', label, error);
  }
  return parseEventLog(bytes, label);
}

/**
 * Checks a whole log. Every line ending in a newline must be a valid event; a damaged one stops
 * reading with a message naming the line. A last line without newline is kept when it is a valid
 * event, dropped and reported when it does not parse (torn by a crash), and refused when it parses
 * but is not an event (that is damage, not a crash).
 */
export function parseEventLog(bytes: Uint8Array, label: string): Result<EventLog> {
  const events: StoredEvent[] = [];
  let start = 0;
  let line = 1;
  while (start < bytes.length) {
    const newline = bytes.indexOf(NEWLINE, start);
    const terminated = newline >= 0;
    const end = terminated ? newline : bytes.length;
    const raw = bytes.subarray(start, end);
    const parsed = parseEventLine(raw, `Line ${line} of ${label}`);
    if (parsed.ok) {
      events.push(parsed.value);
    } else if (!terminated && TORN_CODES.has(parsed.code)) {
      return ok({
        events,
        torn: {
          line,
          bytes: raw.length,
          movedTo: null,
          message: `The last line of ${label} (line ${line}, ${formatBytes(raw.length)}) was cut off, probably by a crash while it was being saved; it was left out. The ${events.length} events before it are intact.`,
        },
      });
    } else {
      const readable = line === 1 ? 'No events' : `Events after line ${line - 1}`;
      const advice = terminated
        ? ` The file was not changed. ${readable} cannot be read until this line is repaired or removed in a text editor.`
        : ' The file was not changed.';
      return failure(parsed.code === 'json/syntax' ? 'events/damaged-line' : parsed.code, `${parsed.message}${advice}`);
    }
    start = end + 1;
    line++;
  }
  return ok({ events, torn: null });
}

/** One line's bytes (without its newline) as an event, or why not. */
function parseEventLine(raw: Uint8Array, what: string): Result<StoredEvent> {
  if (raw.length > MAX_EVENT_LINE_BYTES) {
    return failure('events/line-too-large', `${what} ${overLimit(raw.length, MAX_EVENT_LINE_BYTES)} for one event.`);
  }
  const text = decodeUtf8(raw, what);
  if (!text.ok) return text;
  if (text.value.trim() === '') return failure('events/blank-line', `${what} is blank; GM Screen never writes blank lines.`);
  const value = parseJsonText(text.value, what);
  if (!value.ok) return value;
  return checkEventShape(value.value, what);
}

/** An event is a JSON object (not a list) with a non-empty string `type`. */
function checkEventShape(value: unknown, what: string): Result<StoredEvent> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failure('events/not-event', `${what} is ${describe(value)}, not an event (an object with a "type").`);
  }
  const type: unknown = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || type === '') {
    return failure('events/not-event', `${what} has no event type (expected a "type" text field, got ${describe(type)}).`);
  }
  // Checked just above: an object whose `type` is a non-empty string.
  return ok(value as StoredEvent);
}
