import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_EVENT_LINE_BYTES, parseEventLog, serializeEvents, type StoredEvent } from '../../engine/campaign/index';
import { appendEventLines, readEventLog } from './event-log';
import { failed, unwrap, useTempRoots } from './testing/temp-root';

const tempRoot = useTempRoots();
const LABEL = 'c/encounters/e1.jsonl';
const bytes = (text: string) => new TextEncoder().encode(text);

async function emptyLog(): Promise<string> {
  const file = path.join(await tempRoot(), 'e1.jsonl');
  await writeFile(file, '');
  return file;
}

describe('appendEventLines and readEventLog', () => {
  it('reads back events appended in several batches, in order', async () => {
    const file = await emptyLog();
    const batches: StoredEvent[][] = [
      [{ type: 'encounter-created', seed: 42, name: 'Goblin ambush' }],
      [{ type: 'hp-changed', combatantId: 'c1', amount: -3, roll: { dice: [4, 2], total: 6 } }],
      [],
      [{ type: 'note', text: 'émoji 🎲 and "quotes"\nnewline' }, { type: 'round-ended', round: 1 }],
    ];
    for (const batch of batches) unwrap(await appendEventLines(file, LABEL, batch));
    const log = unwrap(await readEventLog(file, LABEL));
    expect(log.torn).toBeNull();
    expect(log.events).toEqual(batches.flat());
    expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(5);
  });

  it('keeps concurrent appends from this process whole and in call order', async () => {
    const file = await emptyLog();
    const appends = Array.from({ length: 40 }, (_, i) => appendEventLines(file, LABEL, [{ type: 'tick', i }]));
    const reading = readEventLog(file, LABEL);
    for (const result of await Promise.all(appends)) unwrap(result);
    // A read queued behind the appends sees all of them, none half-written.
    expect(unwrap(await reading)).toEqual({ events: Array.from({ length: 40 }, (_, i) => ({ type: 'tick', i })), torn: null });
  });

  it('refuses to create a missing log', async () => {
    const dir = await tempRoot();
    expect(failed(await appendEventLines(path.join(dir, 'none.jsonl'), LABEL, [{ type: 'x' }])).code).toBe('events/no-log');
  });

  it('writes nothing when one event of the batch is not valid', async () => {
    const file = await emptyLog();
    const result = failed(await appendEventLines(file, LABEL, [{ type: 'ok' }, { type: 'bad', value: Number.NaN }]));
    expect(result.message).toContain('Event 2 of 2');
    expect(await readFile(file, 'utf8')).toBe('');
    expect(failed(serializeEvents([{ type: '' }], LABEL)).code).toBe('events/not-event');
    expect(failed(serializeEvents([['type']], LABEL)).code).toBe('events/not-event');
    expect(failed(serializeEvents([{ type: 'big', text: 'x'.repeat(MAX_EVENT_LINE_BYTES) }], LABEL)).code).toBe('events/too-large');
  });

  it('moves a torn last line aside before appending, and reports it', async () => {
    const file = await emptyLog();
    await writeFile(file, '{"type":"a"}\n{"type":"b"}\n{"type":"c","te');
    const report = unwrap(await appendEventLines(file, LABEL, [{ type: 'd' }]));
    expect(report.repaired).toMatchObject({ line: 3, bytes: 15 });
    expect(report.repaired?.message).toContain('line 3');
    expect(unwrap(await readEventLog(file, LABEL))).toEqual({ events: [{ type: 'a' }, { type: 'b' }, { type: 'd' }], torn: null });
    const aside = (await readdir(path.dirname(file))).find((name) => name.startsWith('e1.jsonl.torn-'));
    expect(aside).toBeDefined();
    expect(await readFile(path.join(path.dirname(file), aside ?? ''), 'utf8')).toBe('{"type":"c","te');
  });

  it('completes a last event that only lacks its newline', async () => {
    const file = await emptyLog();
    await writeFile(file, '{"type":"a"}\n{"type":"b"}');
    const report = unwrap(await appendEventLines(file, LABEL, [{ type: 'c' }]));
    expect(report.repaired).toBeNull();
    expect(await readFile(file, 'utf8')).toBe('{"type":"a"}\n{"type":"b"}\n{"type":"c"}\n');
  });
});

describe('parseEventLog', () => {
  it('drops and reports a torn last line, keeping everything before it', () => {
    const log = unwrap(parseEventLog(bytes('{"type":"a"}\n{"type":"b","n":'), LABEL));
    expect(log.events).toEqual([{ type: 'a' }]);
    expect(log.torn).toMatchObject({ line: 2, bytes: 16, movedTo: null });
    expect(log.torn?.message).toContain(LABEL);
  });

  it('treats a cut multi-byte character at the end as torn', () => {
    const full = bytes('{"type":"a","t":"é"}');
    const log = unwrap(parseEventLog(full.subarray(0, full.length - 3), LABEL));
    expect(log.events).toEqual([]);
    expect(log.torn?.line).toBe(1);
  });

  it('keeps a whole last event without newline', () => {
    expect(unwrap(parseEventLog(bytes('{"type":"a"}\n{"type":"b"}'), LABEL))).toEqual({ events: [{ type: 'a' }, { type: 'b' }], torn: null });
  });

  it('accepts CRLF line ends (a log edited on Windows)', () => {
    expect(unwrap(parseEventLog(bytes('{"type":"a"}\r\n{"type":"b"}\r\n'), LABEL)).events).toHaveLength(2);
  });

  it('reads an empty log as no events', () => {
    expect(unwrap(parseEventLog(new Uint8Array(), LABEL))).toEqual({ events: [], torn: null });
  });
});
