/**
 * An encounter's event log: `encounters/<id>.jsonl`, append-only, one JSON object per line, each
 * with a string `type`. Deeper checks (known types, order) are the engine's `restoreEncounter`.
 *
 * Appends write whole lines at the end and fsync before resolving, so an event the caller was told
 * is saved survives a crash. A crash during an append can leave a torn last line (no newline, not
 * JSON): reading drops it and reports it; the next append moves it aside to
 * `<id>.jsonl.torn-<time>` (so no byte is lost) before writing.
 *
 * The line format (serialising and checking events, parsing a log's bytes) is
 * `engine/campaign/event-lines.ts`, shared with the browser build.
 */
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isRegularFile, readRegularFile } from './regular-file';
import { syncDirectory, writeDurably } from './atomic-file';
import {
  failure,
  formatBytes,
  NEWLINE,
  ok,
  overLimit,
  parseEventLine,
  parseEventLog,
  randomSuffix,
  serializeEvents,
  type AppendReport,
  type EventLog,
  type Result,
  type TornLine,
} from '../../engine/campaign/index';
import { hasCode, ioFailure } from './io-failure';
import { exclusive } from './serial';

/** Largest event log read whole (about a thousand fights' worth of small events). */
export const MAX_EVENT_LOG_BYTES = 256 * 1024 * 1024;

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
    // Opening a pipe could wait forever: only a regular file is opened.
    if (!(await isRegularFile(file))) return failure('events/not-file', `${label} is not a regular file (a pipe, a device or a folder); nothing was written to it.`);
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
  // The side file's name must be on disk before the bytes are cut from the log, or a power cut
  // right after the truncation would lose them.
  await syncDirectory(path.dirname(file));
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
    const read = await readRegularFile(file, MAX_EVENT_LOG_BYTES);
    if (read.kind === 'not-file') return failure('events/not-file', `${label} is not a regular file (a pipe, a device or a folder), so it was not read. The file was not changed.`);
    if (read.kind === 'too-large') {
      return failure('events/too-large', `${label} ${overLimit(read.size, MAX_EVENT_LOG_BYTES)} for one encounter log. The file was not changed.`);
    }
    bytes = read.bytes;
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return failure('events/no-log', `The event log ${label} does not exist.`);
    return ioFailure('read', label, error);
  }
  return parseEventLog(bytes, label);
}
