/**
 * Crash safety for the desktop build: every GM step's events are written to the `outbox` table of
 * the `gm-screen-campaigns` IndexedDB database first (campaign-db.ts), then sent to the main
 * process with `backend.appendEvents`. Only when it answers that they are on disk do they leave
 * the outbox: then the step counts as saved. If the window or the app dies in between, the step
 * is still in the outbox, and `recover()` at the next start puts it on disk.
 *
 * The outbox never appends blindly where the disk log might not be what it expects. For each
 * encounter it learns the length of the log on disk once (by reading it, before its first send
 * of the session) and then counts its own confirmed appends. After a failed send, and in
 * `recover()`, it reads the log again and compares it with the waiting events (`seq` is the
 * event's place in the log, 0-based):
 *
 * - the disk holds exactly the events before the waiting ones: the waiting ones are appended;
 * - the disk already holds some or all of them (equal JSON; a send that reached the disk but
 *   whose answer was lost): those are cleared and only the rest is appended;
 * - anything else (events missing, different, or more of them: the file changed meanwhile):
 *   nothing is written; a conflict is reported for the GM to decide (`discard()` drops the
 *   waiting events), and that encounter's later steps wait in the outbox behind it.
 *
 * Events of one encounter are queued in order (a step must continue where the previous one
 * ended) and sent in order; a later step is never sent before an earlier one is on disk.
 */
import { failure, KeyedQueue, ok } from '../../../engine/campaign/index';
import type { AppendReport, CampaignBackend, Failure, Result, StoredEvent } from './backend';
import { checkEvents, logLabel, sameJson } from './campaign-check';
import { logRange, type CampaignDatabase, type OutboxRow } from './campaign-db';

/** What became of one appended step. */
export type AppendOutcome =
  /** On disk. */
  | { readonly status: 'saved'; readonly appended: number }
  /** Kept in the outbox (safe in this window's storage, not yet on disk); `failure` says why. */
  | { readonly status: 'pending'; readonly failure: Failure };

/** An encounter whose waiting events do not fit the log on disk. Nothing was written. */
export interface OutboxConflict {
  readonly folder: string;
  readonly encounterId: string;
  /** `seq` of the first waiting event. */
  readonly fromSeq: number;
  /** The waiting events, in order. */
  readonly pending: StoredEvent[];
  /** Number of events in the log on disk. */
  readonly diskLength: number;
  /**
   * `disk-shorter`: events before the waiting ones are missing on disk; `disk-differs`: an event
   * on disk is not the one waiting for that place; `disk-longer`: the disk holds the waiting
   * events and more after them.
   */
  readonly reason: 'disk-shorter' | 'disk-differs' | 'disk-longer';
  /** `seq` of the first event that differs (`disk-differs`), else null. */
  readonly firstDifference: number | null;
  /** A sentence for the GM. */
  readonly message: string;
}

/** What `recover()` did for one encounter. */
export type EncounterRecovery =
  | {
      readonly status: 'written';
      readonly folder: string;
      readonly encounterId: string;
      /** Events appended now. */
      readonly appended: number;
      /** Waiting events found already on disk, cleared without writing. */
      readonly alreadyOnDisk: number;
    }
  | { readonly status: 'conflict'; readonly folder: string; readonly encounterId: string; readonly conflict: OutboxConflict }
  | { readonly status: 'failed'; readonly folder: string; readonly encounterId: string; readonly pending: number; readonly failure: Failure };

/** What `recover()` found, one entry per encounter that had waiting events. */
export interface RecoveryReport {
  readonly encounters: EncounterRecovery[];
  readonly conflicts: OutboxConflict[];
}

/** Options of `recover()`. */
export interface RecoverOptions {
  /**
   * Take over a stale lock when a campaign must be opened to write (disk only). A crash leaves
   * the campaign locked by the dead app; the campaign manager asks the GM before passing true.
   */
  readonly takeOver?: boolean;
}

type Key = string;
const keyOf = (folder: string, encounterId: string): Key => JSON.stringify([folder, encounterId]);

export class CampaignOutbox {
  /** Events waiting in the outbox (queued, sent and not yet confirmed, or stuck). */
  pendingCount = $state(0);
  /** True when nothing waits: every step is on disk. */
  saved = $derived(this.pendingCount === 0);
  /** Encounters whose waiting events do not fit the disk log; the GM decides. */
  conflicts = $state.raw<OutboxConflict[]>([]);
  /** The last problem in words for the GM; cleared when everything reached the disk. */
  problem = $state<string | null>(null);

  readonly #db: CampaignDatabase;
  readonly #backend: CampaignBackend;
  /** Per encounter: outbox writes, in order. */
  readonly #writes = new KeyedQueue();
  /** Per encounter: sends and checks against the disk, in order. */
  readonly #sends = new KeyedQueue();
  /** Per encounter: number of events known to be in the log on disk. */
  readonly #diskLength = new Map<Key, number>();
  /** Per encounter: why sending stopped (a failure: retried on the next step; a conflict: waits for the GM). */
  readonly #stuck = new Map<Key, { failure: Failure; conflict: boolean }>();

  constructor(db: CampaignDatabase, backend: CampaignBackend) {
    this.#db = db;
    this.#backend = backend;
  }

  /**
   * Queues one step's events for encounter `encounterId` of the open campaign `folder`, starting
   * at `fromSeq` (the number of events before them in the log), and sends them. Resolves once
   * they are on disk (`saved`) or kept for later (`pending`). A failure means they were not
   * queued at all (out of order, not events, or this window's storage failed): the step is not
   * safe anywhere, and the screen must say so.
   */
  async append(folder: string, encounterId: string, fromSeq: number, events: readonly StoredEvent[]): Promise<Result<AppendOutcome>> {
    const key = keyOf(folder, encounterId);
    const queued = await this.#writes.run(key, () => this.#queue(folder, encounterId, fromSeq, events));
    await this.refresh();
    if (!queued.ok) return queued;
    if (queued.value === 0) return ok({ status: 'saved', appended: 0 });
    const sent = await this.#sends.run(key, () => guarded(() => this.#drain(this.#backend, folder, encounterId)));
    await this.refresh();
    if (!sent.ok) {
      this.problem = sent.message;
      return ok({ status: 'pending', failure: sent });
    }
    if (this.pendingCount === 0) this.problem = null;
    return ok({ status: 'saved', appended: queued.value });
  }

  /**
   * Brings every encounter with waiting events in line with its log on disk (see the module
   * comment); run at start, and when the GM asks to try again. A campaign that is not open is
   * opened to write and closed again. Never overwrites a log that changed: that is a conflict.
   */
  async recover(backend: CampaignBackend = this.#backend, options: RecoverOptions = {}): Promise<RecoveryReport> {
    const keys = (await this.#db.outbox.toCollection().primaryKeys()) as [string, string, number][];
    const encounters = new Map<Key, [string, string]>();
    for (const [folder, encounterId] of keys) encounters.set(keyOf(folder, encounterId), [folder, encounterId]);
    const results = await Promise.all(
      [...encounters].map(([key, [folder, encounterId]]) =>
        this.#sends.run(key, async (): Promise<EncounterRecovery> => {
          const result = await guarded(async () => ok(await this.#reconcile(backend, folder, encounterId, { open: true, takeOver: options.takeOver === true })));
          if (result.ok) return result.value;
          return { status: 'failed', folder, encounterId, pending: (await this.pending(folder, encounterId).catch(() => [])).length, failure: result };
        }),
      ),
    );
    await this.refresh();
    const conflicts = results.flatMap((result) => (result.status === 'conflict' ? [result.conflict] : []));
    const failed = results.find((result) => result.status === 'failed');
    this.problem = conflicts[0]?.message ?? (failed?.status === 'failed' ? failed.failure.message : null);
    return { encounters: results, conflicts };
  }

  /**
   * Drops the waiting events of one encounter (the GM chose the log on disk over them). Returns
   * how many were dropped. The next step of that encounter reads the disk log again first.
   */
  async discard(folder: string, encounterId: string): Promise<number> {
    const key = keyOf(folder, encounterId);
    const dropped = await this.#sends.run(key, () =>
      this.#writes.run(key, async () => {
        const [from, to] = logRange(folder, encounterId);
        const count = await this.#db.outbox.where('[folder+encounterId+seq]').between(from, to, true, true).delete();
        this.#stuck.delete(key);
        this.#diskLength.delete(key);
        this.#setConflict(key, null);
        return count;
      }),
    );
    await this.refresh();
    if (this.conflicts.length === 0 && this.pendingCount === 0) this.problem = null;
    return dropped;
  }

  /** The waiting events of one encounter, in order (to show or export them). */
  async pending(folder: string, encounterId: string): Promise<OutboxRow[]> {
    const [from, to] = logRange(folder, encounterId);
    return this.#db.outbox.where('[folder+encounterId+seq]').between(from, to, true, true).toArray();
  }

  /** Counts the waiting events again (`pendingCount`); keeps the last count if storage fails. */
  async refresh(): Promise<void> {
    try {
      this.pendingCount = await this.#db.outbox.count();
    } catch {
      // The failure itself reaches the caller through the operation that hit it.
    }
  }

  /** Waits for every queued write and send so far (tests, and before closing). */
  async flush(): Promise<void> {
    await Promise.all([this.#writes.idle(), this.#sends.idle()]);
  }

  // --- inside ----------------------------------------------------------------------------------

  /** Writes a step to the outbox after checking it continues the encounter's log. */
  async #queue(folder: string, encounterId: string, fromSeq: number, events: readonly StoredEvent[]): Promise<Result<number>> {
    const label = logLabel(folder, encounterId);
    if (!Number.isInteger(fromSeq) || fromSeq < 0) {
      return failure('outbox/bad-seq', `The events for ${label} must say where they start in the log (a whole number from 0), not ${String(fromSeq)}; nothing was saved.`);
    }
    const checked = checkEvents(events, label);
    if (!checked.ok) return checked;
    if (checked.value.length === 0) return ok(0);
    const key = keyOf(folder, encounterId);
    try {
      return await this.#db.transaction('rw', this.#db.outbox, async () => {
        const [from, to] = logRange(folder, encounterId);
        const last = await this.#db.outbox.where('[folder+encounterId+seq]').between(from, to, true, true).last();
        const expected = last ? last.seq + 1 : this.#diskLength.get(key);
        if (expected !== undefined && fromSeq !== expected) {
          const where = last ? 'after the events still waiting to be saved' : 'after the events on disk';
          return failure('outbox/out-of-order', `The events for ${label} start at event ${fromSeq + 1}, but the next one ${where} is event ${expected + 1}; nothing was saved.`);
        }
        const queuedAt = Date.now();
        await this.#db.outbox.bulkAdd(checked.value.map((event, i) => ({ folder, encounterId, seq: fromSeq + i, event, queuedAt })));
        return ok(checked.value.length);
      });
    } catch (error) {
      return failure('storage/failed', `This window's storage could not keep the events for ${label} (${String(error)}); they were not saved. Export the encounter log, then reload.`);
    }
  }

  /** Sends everything waiting for one encounter, in order. Ok when all of it is on disk. */
  async #drain(backend: CampaignBackend, folder: string, encounterId: string): Promise<Result<void>> {
    const key = keyOf(folder, encounterId);
    const stuck = this.#stuck.get(key);
    if (stuck?.conflict) return waiting(stuck.failure);
    const known = this.#diskLength.get(key);
    const rows = await this.pending(folder, encounterId);
    if (rows.length === 0) return ok(undefined);
    // Unknown disk length, a failed send before, or a gap: compare with the disk first.
    if (stuck || known === undefined || rows[0]?.seq !== known) {
      const result = await this.#reconcile(backend, folder, encounterId, { open: false, takeOver: false });
      if (result.status === 'written') return ok(undefined);
      return result.status === 'conflict' ? waiting(conflictFailure(result.conflict)) : result.failure;
    }
    const sent = await backend.appendEvents({ folder, encounterId, events: rows.map((row) => row.event) });
    if (!sent.ok) {
      this.#stuck.set(key, { failure: sent, conflict: false });
      return sent;
    }
    await this.#confirm(key, rows, rows.length);
    return ok(undefined);
  }

  /** Compares one encounter's waiting events with its disk log and writes what is missing. */
  async #reconcile(
    backend: CampaignBackend,
    folder: string,
    encounterId: string,
    options: { open: boolean; takeOver: boolean },
  ): Promise<EncounterRecovery> {
    const key = keyOf(folder, encounterId);
    const rows = await this.pending(folder, encounterId);
    const first = rows[0];
    if (!first) {
      this.#stuck.delete(key);
      this.#setConflict(key, null);
      return { status: 'written', folder, encounterId, appended: 0, alreadyOnDisk: 0 };
    }
    const fail = (failed: Failure): EncounterRecovery => {
      this.#stuck.set(key, { failure: failed, conflict: false });
      return { status: 'failed', folder, encounterId, pending: rows.length, failure: failed };
    };
    const log = await backend.readEvents({ folder, encounterId });
    if (!log.ok) return fail(log);
    const disk = log.value.events;
    const conflict = findConflict(folder, encounterId, rows, disk);
    if (conflict) {
      this.#stuck.set(key, { failure: conflictFailure(conflict), conflict: true });
      this.#setConflict(key, conflict);
      return { status: 'conflict', folder, encounterId, conflict };
    }
    const onDisk = disk.length - first.seq;
    const missing = rows.slice(onDisk).map((row) => row.event);
    if (missing.length > 0) {
      const sent = await appendOpening(backend, { folder, encounterId, events: missing }, options);
      if (!sent.ok) {
        // What the disk already held is confirmed, whatever happens to the rest.
        await this.#confirm(key, rows, onDisk, false);
        return fail(sent);
      }
    }
    await this.#confirm(key, rows, rows.length);
    this.#stuck.delete(key);
    this.#setConflict(key, null);
    return { status: 'written', folder, encounterId, appended: missing.length, alreadyOnDisk: onDisk };
  }

  /** The first `count` of `rows` are on disk: they leave the outbox. */
  async #confirm(key: Key, rows: readonly OutboxRow[], count: number, complete = true): Promise<void> {
    const done = rows.slice(0, count);
    const last = done.at(-1);
    if (!last) return;
    // Known before the rows leave, so a step queued meanwhile is checked against the disk length.
    if (complete) this.#diskLength.set(key, last.seq + 1);
    await this.#db.outbox.bulkDelete(done.map((row): [string, string, number] => [row.folder, row.encounterId, row.seq]));
  }

  #setConflict(key: Key, conflict: OutboxConflict | null): void {
    const others = this.conflicts.filter((c) => keyOf(c.folder, c.encounterId) !== key);
    if (conflict) this.conflicts = [...others, conflict];
    else if (others.length !== this.conflicts.length) this.conflicts = others;
  }
}

/** Why waiting events do not fit the disk log, or null when the disk holds a prefix of them. */
function findConflict(folder: string, encounterId: string, rows: readonly OutboxRow[], disk: readonly StoredEvent[]): OutboxConflict | null {
  const fromSeq = rows[0]?.seq ?? 0;
  const label = logLabel(folder, encounterId);
  const base = { folder, encounterId, fromSeq, pending: rows.map((row) => row.event), diskLength: disk.length };
  const decide = 'Nothing was written; choose which to keep.';
  if (disk.length < fromSeq) {
    return {
      ...base,
      reason: 'disk-shorter',
      firstDifference: null,
      message: `${label} on disk has ${disk.length} events, but the ${rows.length} waiting to be saved start at event ${fromSeq + 1}: the file changed meanwhile. ${decide}`,
    };
  }
  const overlap = Math.min(disk.length - fromSeq, rows.length);
  for (let i = 0; i < overlap; i++) {
    if (!sameJson(disk[fromSeq + i], rows[i]?.event)) {
      return {
        ...base,
        reason: 'disk-differs',
        firstDifference: fromSeq + i,
        message: `Event ${fromSeq + i + 1} of ${label} on disk is not the one waiting to be saved there: the file changed meanwhile. ${decide}`,
      };
    }
  }
  if (disk.length > fromSeq + rows.length) {
    return {
      ...base,
      reason: 'disk-longer',
      firstDifference: null,
      message: `${label} on disk holds the ${rows.length} events waiting to be saved and ${disk.length - fromSeq - rows.length} more after them: the file changed meanwhile. ${decide}`,
    };
  }
  return null;
}

function conflictFailure(conflict: OutboxConflict): Failure {
  return { ok: false, code: 'outbox/conflict', message: conflict.message };
}

/** A step kept in the outbox behind earlier events that wait for the GM. */
function waiting(cause: Failure): Failure {
  return {
    ok: false,
    code: cause.code,
    message: `The events are kept in this window's storage until the earlier ones are sorted out: ${cause.message}`,
  };
}

/**
 * Appends; when `open` is set and the campaign is not open in the main process (recovering at
 * start), opens it, appends and closes it again.
 */
async function appendOpening(
  backend: CampaignBackend,
  request: { folder: string; encounterId: string; events: StoredEvent[] },
  options: { open: boolean; takeOver: boolean },
): Promise<Result<AppendReport>> {
  const sent = await backend.appendEvents(request);
  if (sent.ok || sent.code !== 'campaign/not-open' || !options.open) return sent;
  const opened = await backend.open({ folder: request.folder, takeOver: options.takeOver });
  if (!opened.ok) return opened;
  const retried = await backend.appendEvents(request);
  // Closing can only fail to release the lock; the events' fate is the append's answer.
  await backend.close({ folder: request.folder });
  return retried;
}

/** Runs `task`; an exception (this window's storage failing) becomes a failure. */
async function guarded<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await task();
  } catch (error) {
    return failure('storage/failed', `This window's storage failed while saving events (${String(error)}). They stay waiting; try again, or reload.`);
  }
}
