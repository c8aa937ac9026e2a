/**
 * An encounter's journal: how its history is stored in an append-only log (one line per entry,
 * `encounters/<id>.jsonl` on disk, an IndexedDB table in a browser).
 *
 * The engine's history is not append-only: undo drops the last step's events and redo puts them
 * back. A log that can only grow records the GM's operations instead, and folding it gives the
 * history back:
 *
 * - `{ type: 'journal/step', events: n }` opens a GM step: the next `n` lines are its events;
 * - `{ type: 'journal/undo' }` and `{ type: 'journal/redo' }` are the GM pressing undo and redo.
 *
 * The count in the step line makes a step all-or-nothing: a crash in the middle of writing one
 * leaves fewer than `n` events after the last step line, and folding drops that step and says so
 * instead of replaying half a command.
 *
 * - `{ type: 'journal/snapshot', at, digest, state }` keeps the state after the first `at` events,
 *   so that opening folds only what follows (see journal-snapshots.ts).
 */
import { failure, type Failure, type Result } from '../result';
import type { RulesetCatalogue } from '../core/catalogue';
import { isKnownEventType, type EncounterEvent } from '../core/events';
import { upgradeEvent } from './upgrade';
import { isHistoryDamage, restoreEncounter, type Encounter, type HistoryDamage, type StateAt } from './encounter';
import { confirmedSnapshot, startingSnapshot, type SnapshotLine, type SnapshotMark } from './journal-snapshots';

/** Opens a GM step of `events` events. */
export interface StepLine {
  readonly type: 'journal/step';
  readonly events: number;
}

/** The GM undid the last step. */
export interface UndoLine {
  readonly type: 'journal/undo';
}

/** The GM redid the most recently undone step. */
export interface RedoLine {
  readonly type: 'journal/redo';
}

/** One line of an encounter's journal. */
export type JournalLine = StepLine | UndoLine | RedoLine | SnapshotLine | EncounterEvent;

export const UNDO_LINE: UndoLine = { type: 'journal/undo' };
export const REDO_LINE: RedoLine = { type: 'journal/redo' };

/** The lines that record one GM step. */
export function stepLines(events: readonly EncounterEvent[]): JournalLine[] {
  return [{ type: 'journal/step', events: events.length }, ...events];
}

/**
 * The lines that record a whole history as it stands: every step, then the undone steps done and
 * undone again, so that folding them gives the same events, steps and redo list.
 */
export function historyLines(encounter: Encounter): JournalLine[] {
  const lines: JournalLine[] = [];
  let from = 0;
  for (const end of encounter.steps) {
    lines.push(...stepLines(encounter.events.slice(from, end)));
    from = end;
  }
  // The last undone step was undone last, so it lay deepest: redo order is the reverse.
  const undone = [...encounter.redoable].reverse();
  for (const step of undone) lines.push(...stepLines(step));
  for (let i = 0; i < undone.length; i++) lines.push(UNDO_LINE);
  return lines;
}

/** A step whose events were not all written (a crash while it was written); it is left out. */
export interface CutStep {
  /** Line of its step entry (1-based). */
  readonly line: number;
  readonly expected: number;
  readonly found: number;
}

/** What folding a journal gave. */
export interface FoldedJournal {
  readonly encounter: Encounter;
  /** Lines in the journal: the next entry is appended at this place. */
  readonly length: number;
  /** Steps cut short and left out, oldest first (normally none). */
  readonly cutShort: readonly CutStep[];
  /**
   * Where the newest snapshot to rely on stands (events before it): the one the replay started
   * from, or the newest it vouched for; 0 when none, and the next step writes one when due.
   */
  readonly lastSnapshot: number;
  /** The snapshot the replay started from (events before it taken unchecked), 0 when it replayed everything. */
  readonly startedFrom: number;
  /** The digest of the newest snapshot when a replay of everything reached the same state there, else null. */
  readonly confirmed: string | null;
}

/**
 * How to fold: `trusted` (the digests of snapshots this install trusts) starts the replay from the
 * newest of them still in the history, when opening a fight; without it everything is replayed.
 */
export interface FoldOptions {
  readonly trusted?: ReadonlySet<string>;
}

/** Whether `value` has the shape of a journal line (an object with a `type`). */
export const isLine = (value: unknown): value is { type: string } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';

/**
 * Rebuilds an encounter from its journal, or says at which line and why it cannot. `label` names
 * the log in messages ("The log of Bridge fight").
 */
export function foldJournal(lines: readonly unknown[], label: string, rulesets: RulesetCatalogue, options: FoldOptions = {}): Result<FoldedJournal> {
  // Mutated in place: a journal of tens of thousands of steps must fold in linear time.
  const events: EncounterEvent[] = [];
  const steps: number[] = [];
  const redoable: EncounterEvent[][] = [];
  const cutShort: CutStep[] = [];
  // Snapshot lines that fit where they stand in the history, oldest first (an undo below one drops
  // it); only the one the replay starts from has its digest checked.
  const snapshots: SnapshotMark[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const at = `line ${i + 1} of ${label}`;
    if (!isLine(line)) return failure('journal/not-a-line', `${capital(at)} is not a journal entry; the log is damaged.`);
    if (line.type === 'journal/step') {
      const count = (line as { events?: unknown }).events;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
        return failure('journal/bad-step', `${capital(at)} opens a step without a positive event count; the log is damaged.`);
      }
      const created = (events[0] ?? lines[i + 1]) as { type?: unknown; rulesetId?: unknown } | undefined;
      const ruleset = created?.type === 'encounter-created' && typeof created.rulesetId === 'string' ? rulesets.find(created.rulesetId) : undefined;
      const body = lines.slice(i + 1, i + 1 + count).map((entry) => upgradeEvent(entry, ruleset));
      // A step is all-or-nothing: one cut short by the end of the log or by the next entry is left out.
      const end = body.findIndex((entry) => !isLine(entry) || entry.type.startsWith('journal/'));
      if (end >= 0 || body.length < count) {
        const found = end >= 0 ? end : body.length;
        cutShort.push({ line: i + 1, expected: count, found });
        i += 1 + found;
        continue;
      }
      const unknown = body.findIndex((entry) => !isKnownEventType((entry as { type: string }).type, ruleset));
      if (unknown >= 0) {
        const type = (body[unknown] as { type: string }).type;
        return failure('journal/unknown-event', `Line ${i + 2 + unknown} of ${label} has the unknown event "${type}"; it may come from a newer version of GM Screen.`);
      }
      for (const event of body as EncounterEvent[]) events.push(event);
      steps.push(events.length);
      redoable.length = 0;
      i += 1 + count;
      continue;
    }
    if (line.type === 'journal/snapshot') {
      if ((line as { at?: unknown }).at === events.length) snapshots.push({ line, at: events.length });
    } else if (line.type === 'journal/undo') {
      if (steps.length < 2) return failure('journal/nothing-to-undo', `${capital(at)} undoes a step, but there is none to undo; the log is damaged.`);
      steps.pop();
      const keep = steps[steps.length - 1] ?? 0;
      redoable.push(events.splice(keep));
      while ((snapshots[snapshots.length - 1]?.at ?? 0) > keep) snapshots.pop();
    } else if (line.type === 'journal/redo') {
      const step = redoable.pop();
      if (!step) return failure('journal/nothing-to-redo', `${capital(at)} redoes a step, but none was undone; the log is damaged.`);
      for (const event of step) events.push(event);
      steps.push(events.length);
    } else {
      return failure('journal/outside-step', `${capital(at)} is an event outside any step; the log is damaged.`);
    }
    i += 1;
  }
  const createdId = (events[0] as { id?: unknown } | undefined)?.id;
  let from = options.trusted && typeof createdId === 'string' ? startingSnapshot(snapshots, createdId, options.trusted) : undefined;
  // The state at the newest snapshot is kept as the replay passes it, to vouch for that snapshot.
  const newest = snapshots[snapshots.length - 1];
  let folded = finish(events, steps, redoable, label, rulesets, from, newest?.at);
  if (!folded.ok && from) {
    // A tail that doesn't fit the snapshot it starts from (one from an older version, say) is
    // no damage until the history alone says so.
    from = undefined;
    folded = finish(events, steps, redoable, label, rulesets, undefined, newest?.at);
  }
  if (!folded.ok) return folded;
  // Only a replay of everything, every event checked, vouches for a snapshot.
  const confirmed = from ? null : confirmedSnapshot(newest, folded.value);
  const lastSnapshot = from ? from.at : confirmed ? (newest?.at ?? 0) : 0;
  return { ok: true, value: { encounter: folded.value, length: lines.length, cutShort, lastSnapshot, startedFrom: from?.at ?? 0, confirmed } };
}

/**
 * Replays the whole history of an encounter that was opened from a snapshot, every event checked:
 * the encounter as its events alone give it (a damaged history fails as the fold would), and
 * whether its state is the one that was opened. Run once the fight is on screen.
 */
export function verifyOpened(opened: Encounter, label: string): Result<{ encounter: Encounter; agrees: boolean }> {
  // The opened encounter's own ruleset, as a catalogue of one (it was checked when the app's catalogue was made).
  const own: RulesetCatalogue = { find: (id) => (id === opened.ruleset.id ? opened.ruleset : undefined), all: [opened.ruleset] };
  const replayed = finish([...opened.events], [...opened.steps], opened.redoable.map((step) => [...step]), label, own);
  if (!replayed.ok) return replayed;
  return { ok: true, value: { encounter: replayed.value, agrees: JSON.stringify(replayed.value.state) === JSON.stringify(opened.state) } };
}

function finish(events: EncounterEvent[], steps: number[], redoable: EncounterEvent[][], label: string, rulesets: RulesetCatalogue, from?: StateAt, keepAt?: number): Result<Encounter> {
  if (events.length === 0) return failure('journal/empty', `${capital(label)} holds no complete step; the encounter was never saved.`);
  const restored = restoreEncounter({ events, steps, redoable }, rulesets, from, keepAt);
  if (!restored.ok) {
    const message = `${capital(label)}: ${restored.message}`;
    if (!isHistoryDamage(restored) || restored.goodSteps === 0) return { ...restored, message };
    // The steps before the damage, for the GM to open read-only or copy (the undone steps are left out).
    const end = steps[restored.goodSteps - 1] ?? 0;
    const readable = restoreEncounter({ events: events.slice(0, end), steps: steps.slice(0, restored.goodSteps) }, rulesets);
    if (!readable.ok) return { ...restored, message };
    const damage: JournalDamage = { ...restored, message, readable: readable.value };
    return damage;
  }
  return restored;
}

/** A journal whose history is damaged part way: the damage, and the fight up to its last good step. */
export interface JournalDamage extends HistoryDamage {
  readable: Encounter;
}

/** Whether a failed fold is a damaged history with a readable part before the damage. */
export function isJournalDamage(failed: Failure): failed is JournalDamage {
  return isHistoryDamage(failed) && 'readable' in failed;
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
