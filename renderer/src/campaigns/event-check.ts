/**
 * The event checks of the disk store's event log (`event-log.ts`), Node-free: an event is a JSON
 * object with a non-empty string `type`, holding only JSON data without prototype keys, and its
 * line is at most `MAX_EVENT_LINE_BYTES`. Same codes and messages.
 */
import { checkJsonValue, MAX_EVENT_LINE_BYTES, overLimit } from '../../../electron/campaigns/json-guard';
import type { Result, StoredEvent } from './backend';
import { describe, failure, ok } from './campaign-check';

const encoder = new TextEncoder();

/** UTF-8 length of `text` without encoding it. */
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

/** An event is a JSON object (not a list) with a non-empty string `type`. */
export function checkEventShape(value: unknown, what: string): Result<StoredEvent> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return failure('events/not-event', `${what} is ${describe(value)}, not an event (an object with a "type").`);
  }
  const type: unknown = (value as { type?: unknown }).type;
  if (typeof type !== 'string' || type === '') {
    return failure('events/not-event', `${what} has no event type (expected a "type" text field, got ${describe(type)}).`);
  }
  return ok(value as StoredEvent);
}

/**
 * Checks events before they are stored, as `serializeEvents` does, and returns them as they read
 * back from JSON (an `undefined` property left out, as on disk), so what is compared later is
 * what a log file would hold.
 */
export function checkEvents(events: readonly unknown[], label: string): Result<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (const [index, event] of events.entries()) {
    const what = `Event ${index + 1} of ${events.length} for ${label}`;
    const shape = checkEventShape(event, what);
    if (!shape.ok) return shape;
    const data = checkJsonValue(event, what);
    if (!data.ok) return data;
    const line = JSON.stringify(event);
    const bytes = encoder.encode(line).length;
    if (bytes > MAX_EVENT_LINE_BYTES) {
      return failure('events/too-large', `${what} ${overLimit(bytes, MAX_EVENT_LINE_BYTES)} for one event.`);
    }
    out.push(JSON.parse(line) as StoredEvent);
  }
  return ok(out);
}

/**
 * True when two JSON values are equal: same primitives, same lists in the same order, objects
 * with the same keys and equal values (in any key order, as JSON objects are unordered).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  if (left.length !== Object.values(right).filter((value) => value !== undefined).length) return false;
  return left.every(([key, value]) => Object.hasOwn(right, key) && sameJson(value, right[key]));
}
