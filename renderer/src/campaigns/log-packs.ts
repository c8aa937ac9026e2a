/**
 * An encounter's log in the browser's storage: its lines, `seq` 0 up, are its packs (`packs`,
 * {@link PACK_SIZE} lines as one JSON text each) in `first` order, then its unpacked rows
 * (`events`, one line each). IndexedDB's cost is per row rather than per byte, so a long fight
 * reads as a few packs instead of thousands of rows (see `LogPackRow` in campaign-db.ts).
 *
 * New lines go in as rows; the append that brings the unpacked rows to `PACK_SIZE` lines or more
 * packs them: pack rows written and those rows deleted in the caller's transaction, so a crash
 * leaves the log as it was before the append or after it, never with a line lost or twice. Rows
 * written before packs existed are simply unpacked rows: readable as they are, packed (all of
 * them, in `PACK_SIZE` chunks) by the next append that brings them to a pack's size.
 *
 * Every function runs inside the caller's transaction, whose scope must hold `packs` and `events`.
 */
import { checkEventShape, describe, failure, ok, type Failure, type Result, type StoredEvent } from '../../../engine/campaign/index';
import { logLabel } from './campaign-check';
import { logRange, type CampaignDatabase, type CampaignEventRow, type LogPackRow, type LogRow } from './campaign-db';

/** Lines per pack: a 5,000-event fight (~8,000 lines) reads as ~16 packs, and the append that packs stringifies ~512 lines, not more. */
export const PACK_SIZE = 512;

/** All lines of `log`, in order, or a failure naming the log when its packs or rows are damaged. */
export async function readLogLines(db: CampaignDatabase, log: LogRow): Promise<Result<StoredEvent[]>> {
  const { folder, encounterId } = log;
  const [from, to] = logRange(folder, encounterId);
  const [packs, rows] = await Promise.all([
    db.packs.where('[folder+encounterId+first]').between(from, to, true, true).toArray(),
    db.events.where('[folder+encounterId+seq]').between(from, to, true, true).toArray(),
  ]);
  const label = logLabel(folder, encounterId);
  const joined = joinLines(label, 0, packs, rows);
  if (!joined.ok) return joined;
  const lines = joined.value;
  if (lines.length < log.length) return damagedLog(label, `${missing(lines.length, log.length - lines.length)} (its record says ${log.length} lines)`, UNREAD);
  if (lines.length > log.length) return damagedLog(label, `it holds ${lines.length} lines where its record says ${log.length}`, UNREAD);
  return ok(lines);
}

/**
 * The lines of `packs` then `rows` (both in order), which must follow one another from line
 * `first` on: a pack or row elsewhere (one missing, or stored twice) is damage, named.
 */
function joinLines(label: string, first: number, packs: readonly LogPackRow[], rows: readonly CampaignEventRow[]): Result<StoredEvent[]> {
  let lines: StoredEvent[] = [];
  for (const pack of packs) {
    if (pack.first !== first + lines.length) return misplaced(label, first + lines.length, pack.first);
    const unpacked = unpack(pack, label);
    if (!unpacked.ok) return unpacked;
    lines = lines.length === 0 ? unpacked.value : lines.concat(unpacked.value);
  }
  for (const row of rows) {
    if (row.seq !== first + lines.length) return misplaced(label, first + lines.length, row.seq);
    lines.push(row.event);
  }
  return ok(lines);
}

/**
 * The last lines of `log`: its last `packs` packs and its unpacked rows, checked as `readLogLines`
 * checks them, with the `seq` of the first one. Opening a long fight reads these first, to show
 * its end from the newest snapshot (engine/encounter/journal-end.ts) before the rest is read.
 */
export async function readLogEnd(db: CampaignDatabase, log: LogRow, packs: number): Promise<Result<{ first: number; lines: StoredEvent[] }>> {
  const { folder, encounterId } = log;
  const [from, to] = logRange(folder, encounterId);
  const [last, rows] = await Promise.all([
    db.packs.where('[folder+encounterId+first]').between(from, to, true, true).reverse().limit(packs).toArray(),
    db.events.where('[folder+encounterId+seq]').between(from, to, true, true).toArray(),
  ]);
  const label = logLabel(folder, encounterId);
  const first = last.length > 0 ? (last[last.length - 1]?.first ?? 0) : (rows[0]?.seq ?? log.length);
  const joined = joinLines(label, first, last.reverse(), rows);
  if (!joined.ok) return joined;
  const lines = joined.value;
  if (first + lines.length !== log.length) return damagedLog(label, `it holds ${first + lines.length} lines where its record says ${log.length}`, UNREAD);
  return ok({ first, lines });
}

/**
 * Adds `lines` at `fromSeq` (the log's length) to a log, packing its unpacked rows when they reach
 * `PACK_SIZE` lines. Refuses, writing nothing, when those rows do not end right before `fromSeq`.
 */
export async function appendLogLines(
  db: CampaignDatabase,
  folder: string,
  encounterId: string,
  fromSeq: number,
  lines: readonly StoredEvent[],
): Promise<Result<void>> {
  if (lines.length === 0) return ok(undefined);
  const [from, to] = logRange(folder, encounterId);
  const unpacked = () => db.events.where('[folder+encounterId+seq]').between(from, to, true, true);
  if ((await unpacked().count()) + lines.length < PACK_SIZE) {
    await db.events.bulkAdd(rowsOf(folder, encounterId, fromSeq, lines));
    return ok(undefined);
  }
  const rows = await unpacked().toArray();
  const start = fromSeq - rows.length;
  const astray = rows.findIndex((row, i) => row.seq !== start + i);
  if (start < 0 || astray >= 0) {
    const problem = `its unpacked lines do not end at line ${fromSeq} as its record says`;
    return damagedLog(logLabel(folder, encounterId), problem, `The new events were not saved. ${RECOVER}`);
  }
  const all = [...rows.map((row) => row.event), ...lines];
  const packed = all.length - (all.length % PACK_SIZE);
  // Only the rows that go into packs leave `events`; new lines past the packs become rows.
  await db.events.bulkDelete(rows.slice(0, packed).map((row): [string, string, number] => [folder, encounterId, row.seq]));
  await db.packs.bulkAdd(packsOf(folder, encounterId, start, all.slice(0, packed)));
  const kept = Math.max(packed, rows.length);
  await db.events.bulkAdd(rowsOf(folder, encounterId, start + kept, all.slice(kept)));
  return ok(undefined);
}

/**
 * Writes the lines of a new log (an import, a duplicate): full packs, the rest as rows. Adds only,
 * so it fails (a storage error, rolling the transaction back) rather than replace anything stored.
 */
export async function writeNewLog(db: CampaignDatabase, folder: string, encounterId: string, lines: readonly StoredEvent[]): Promise<void> {
  const packed = lines.length - (lines.length % PACK_SIZE);
  await db.packs.bulkAdd(packsOf(folder, encounterId, 0, lines.slice(0, packed)));
  await db.events.bulkAdd(rowsOf(folder, encounterId, packed, lines.slice(packed)));
}

/** Removes every log of the campaign in `folder`: its packs and its rows. */
export async function deleteLogLines(db: CampaignDatabase, folder: string): Promise<void> {
  await db.packs.where('folder').equals(folder).delete();
  await db.events.where('folder').equals(folder).delete();
}

// --- inside ------------------------------------------------------------------------------------

/** What the GM can do: the browser has no file to repair by hand. */
const RECOVER = 'Its events cannot be read here; import an export of this campaign made before the damage to get the fight back.';
const UNREAD = `Nothing was changed. ${RECOVER}`;

function rowsOf(folder: string, encounterId: string, first: number, lines: readonly StoredEvent[]): CampaignEventRow[] {
  return lines.map((event, i) => ({ folder, encounterId, seq: first + i, event }));
}

/** `lines` (a multiple of `PACK_SIZE` long) as packs, the first starting at `first`. */
function packsOf(folder: string, encounterId: string, first: number, lines: readonly StoredEvent[]): LogPackRow[] {
  const packs: LogPackRow[] = [];
  for (let at = 0; at < lines.length; at += PACK_SIZE) {
    const chunk = lines.slice(at, at + PACK_SIZE);
    packs.push({ folder, encounterId, first: first + at, count: chunk.length, text: JSON.stringify(chunk) });
  }
  return packs;
}

/** A pack's lines, checked: valid JSON, a list of `count` events. */
function unpack(pack: LogPackRow, label: string): Result<StoredEvent[]> {
  if (!Number.isSafeInteger(pack.count) || pack.count < 1) {
    return damagedLog(label, `the pack starting at line ${pack.first + 1} has no valid line count (${describe(pack.count)})`, UNREAD);
  }
  const which = `the pack of ${lineSpan(pack.first, pack.count)}`;
  let parsed: unknown;
  try {
    if (typeof pack.text !== 'string') throw new TypeError('not text');
    parsed = JSON.parse(pack.text);
  } catch {
    return damagedLog(label, `${which} is not valid JSON`, UNREAD);
  }
  if (!Array.isArray(parsed) || parsed.length !== pack.count) {
    const holds = Array.isArray(parsed) ? `${parsed.length} lines` : describe(parsed);
    return damagedLog(label, `${which} holds ${holds} instead of ${pack.count} lines`, UNREAD);
  }
  for (const [i, line] of parsed.entries()) {
    const shaped = checkEventShape(line, `line ${pack.first + i + 1}`);
    if (!shaped.ok) return damagedLog(label, `in ${which}, ${shaped.message.replace(/\.$/, '')}`, UNREAD);
  }
  // Each checked just above: an event.
  return ok(parsed as StoredEvent[]);
}

/** A pack or row found at `found` where line `expected` (0-based `seq`s) should come next. */
function misplaced(label: string, expected: number, found: number): Failure {
  return damagedLog(label, found > expected ? missing(expected, found - expected) : `line ${found + 1} is stored twice`, UNREAD);
}

function missing(first: number, count: number): string {
  return `${lineSpan(first, count)} ${count === 1 ? 'is' : 'are'} missing`;
}

/** "line 7" or "lines 513 to 1024", from 0-based `first` and a count. */
function lineSpan(first: number, count: number): string {
  return count === 1 ? `line ${first + 1}` : `lines ${first + 1} to ${first + count}`;
}

function damagedLog(label: string, problem: string, consequence: string): Failure {
  return failure('events/damaged-log', `The event log ${label} is damaged in this browser's storage: ${problem}. ${consequence}`);
}
