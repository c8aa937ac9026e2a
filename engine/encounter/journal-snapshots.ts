/**
 * Snapshots in an encounter's journal, so that opening a long fight folds only its tail.
 *
 * Every {@link SNAPSHOT_EVERY} events the encounter store writes, after a step's own lines, one
 * `journal/snapshot` line: the state after the first `at` events and a digest of it. Folding the
 * journal starts from the newest snapshot that still fits the history (nothing undone below it)
 * and replays only what follows.
 *
 * A snapshot is a shortcut, never the record: the events are. It is read from a file, so it is
 * not trusted for what it says: a replay starts only from one this install trusts (it wrote it,
 * or its own replay of the history reached the same state there: `confirmedSnapshot`) and whose
 * digest matches its state; the whole history is replayed again once the fight is on screen
 * (`verifyOpened`), and when that replay disagrees, the history wins.
 */
import { MAX_EVENT_LINE_BYTES, utf8Length } from '../json-guard';
import type { Encounter, StateAt } from './encounter';
import type { JournalLine } from './journal';
import type { EncounterState } from '../core/state';

/** Events between two journal snapshots: opening replays at most this many (a few ms). */
export const SNAPSHOT_EVERY = 1000;

/**
 * The largest snapshot written, in bytes of UTF-8 JSON: well inside a journal line's limit
 * (half of `MAX_EVENT_LINE_BYTES`), so a snapshot never makes its step's write refused; a fight too
 * big for it opens by replaying its whole history, as before snapshots.
 */
const SNAPSHOT_MAX_BYTES = MAX_EVENT_LINE_BYTES / 2;

/** The state after the first `at` events of the history, with a digest of its JSON. */
export interface SnapshotLine {
  readonly type: 'journal/snapshot';
  readonly at: number;
  readonly digest: string;
  readonly state: EncounterState;
}

/** Whether a journal line is a snapshot. */
export function isSnapshot(line: JournalLine): line is SnapshotLine {
  return line.type === 'journal/snapshot';
}

/** The snapshot line of the encounter as it stands, or null when its state is too big to keep in one. */
export function snapshotLine(encounter: Encounter): SnapshotLine | null {
  const json = JSON.stringify(encounter.state);
  if (utf8Length(json) > SNAPSHOT_MAX_BYTES) return null;
  const at = encounter.events.length;
  return { type: 'journal/snapshot', at, digest: digestAt(at, json), state: encounter.state };
}

/** Whether a snapshot is due after a step: `last` is where the newest one still in the history stands (0: none). */
function snapshotDue(encounter: Encounter, last: number): boolean {
  return encounter.events.length - last >= SNAPSHOT_EVERY;
}

/**
 * A GM step's lines (a step, an undo or a redo) as the journal gets them: with a snapshot of
 * `after`, the encounter the step left, when one is due. `marks` holds where the snapshots already
 * written stand, oldest first, and is kept up to date (an undo below one takes it out).
 */
export function withSnapshot(after: Encounter, lines: readonly JournalLine[], marks: number[]): JournalLine[] {
  while ((marks[marks.length - 1] ?? 0) > after.events.length) marks.pop();
  if (!snapshotDue(after, marks[marks.length - 1] ?? 0)) return [...lines];
  const line = snapshotLine(after);
  if (!line) return [...lines];
  marks.push(line.at);
  return [...lines, line];
}

/** A snapshot line found in a journal, where it fits the history: after its first `at` events. */
export interface SnapshotMark {
  readonly line: { readonly type: string };
  readonly at: number;
}

/**
 * The snapshot to start a replay from: the newest of `marks` that this install trusts (it wrote it,
 * or replayed the history to it and found the same state: `trusted` holds their digests) and that
 * is whole. None when there is none such: the replay starts from the beginning.
 */
export function startingSnapshot(marks: readonly SnapshotMark[], encounterId: string, trusted: ReadonlySet<string>): StateAt | undefined {
  for (let i = marks.length - 1; i >= 0; i--) {
    const mark = marks[i];
    const digest = (mark?.line as { digest?: unknown } | undefined)?.digest;
    if (!mark || typeof digest !== 'string' || !trusted.has(digest)) continue;
    const snapshot = readSnapshot(mark.line, mark.at, encounterId);
    if (snapshot) return snapshot;
  }
  return undefined;
}

/**
 * The digest of the snapshot at `mark` when the replay found the same state there (`replayed`
 * kept the state after `mark.at` events among its snapshots), or null: what the GM's own replay
 * vouches for, so that the next opening may start from it.
 */
export function confirmedSnapshot(mark: SnapshotMark | undefined, replayed: Encounter): string | null {
  if (!mark) return null;
  const { digest, state } = mark.line as { digest?: unknown; state?: unknown };
  const kept = replayed.snapshots.find((s) => s.at === mark.at);
  if (!kept || typeof digest !== 'string') return null;
  const json = JSON.stringify(kept.state);
  return json === JSON.stringify(state) && digestAt(mark.at, json) === digest ? digest : null;
}

/**
 * The snapshot a journal line holds, when it is whole: `at` a whole number within the history so
 * far (`length` events), the state an object of this encounter (`encounterId`) whose JSON has the
 * digest written beside it. Null otherwise: the fold then replays past it.
 */
function readSnapshot(line: { type: string }, length: number, encounterId: string): StateAt | null {
  const { at, digest, state } = line as { at?: unknown; digest?: unknown; state?: unknown };
  if (typeof at !== 'number' || !Number.isInteger(at) || at < 1 || at !== length || typeof digest !== 'string') return null;
  if (typeof state !== 'object' || state === null || Array.isArray(state) || (state as { id?: unknown }).id !== encounterId) return null;
  if (digestAt(at, JSON.stringify(state)) !== digest) return null;
  return { at, state: state as EncounterState };
}

/**
 * The digest of a snapshot: of its place and its state's JSON, so that a snapshot moved to
 * another place in the journal no longer matches.
 */
export function snapshotDigest(at: number, state: EncounterState): string {
  return digestAt(at, JSON.stringify(state));
}

function digestAt(at: number, json: string): string {
  return digestOf(`${at}\n${json}`);
}

/**
 * A 53-bit digest of a text (cyrb53, public domain), as 14 hex digits. It catches a damaged
 * snapshot, not a forged one: a signature it is not (see `startingSnapshot` for what is trusted).
 */
function digestOf(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
