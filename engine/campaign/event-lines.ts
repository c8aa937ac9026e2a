/**
 * The lines of an encounter's event log (`encounters/<id>.jsonl`), without the file: one JSON
 * object per line, each with a non-empty string `type`, at most {@link MAX_EVENT_LINE_BYTES}.
 * {@link serializeEvents} checks events before they are written; {@link parseEventLog} checks a
 * whole log's bytes, leaving out a torn last line. The disk store's `electron/campaigns/event-log.ts`
 * reads and appends the files; the renderer's browser build uses these very functions.
 */
import { checkJsonValue, decodeUtf8, formatBytes, MAX_EVENT_LINE_BYTES, overLimit, parseJsonText, utf8Length } from '../json-guard';
import { failure, ok, type Result } from './result';
import { describe } from './safe-names';

/** The byte that ends every line. */
export const NEWLINE = 0x0a;

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

/** A torn last line of an encounter's log that was left out of an export or import (reported, not fatal). */
export interface TornLog {
  readonly encounterId: string;
  /** A sentence for the GM naming the log (`<folder>/encounters/<id>.jsonl`). */
  readonly message: string;
}

/** What an append did. */
export interface AppendReport {
  /** Number of events written (all of them). */
  readonly appended: number;
  /** A torn last line left by an earlier crash, moved aside before writing. */
  readonly repaired: TornLine | null;
}

/**
 * Most events in one append (the `campaigns:append-events` channel); a caller with more sends
 * them in several calls.
 */
export const MAX_EVENTS_PER_APPEND = 1000;

/** What reading a log gives. */
export interface EventLog {
  readonly events: StoredEvent[];
  /** The torn last line that was left out, or null when the log ended cleanly. */
  readonly torn: TornLine | null;
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
    const bytes = utf8Length(line);
    if (bytes > MAX_EVENT_LINE_BYTES) {
      return failure('events/too-large', `${what} ${overLimit(bytes, MAX_EVENT_LINE_BYTES)} for one event.`);
    }
    lines.push(line);
  }
  return ok(lines.map((line) => `${line}\n`).join(''));
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
export function parseEventLine(raw: Uint8Array, what: string): Result<StoredEvent> {
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
export function checkEventShape(value: unknown, what: string): Result<StoredEvent> {
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
