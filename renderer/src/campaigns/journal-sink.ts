/**
 * Where the open encounter's journal lines go (see engine/encounter/journal.ts). The encounter
 * store hands each GM step's lines to a sink and marks the step saved when the sink says so:
 *
 * - desktop: through the outbox, so "saved" means the main process flushed them to disk, and a
 *   crash in between leaves them in IndexedDB for the next start;
 * - browser: straight into IndexedDB, which is the store of record there.
 */
import type { JournalLine } from '../../../engine/index';
import { ok } from '../../../engine/campaign/index';
import type { CampaignBackend, Result, StoredEvent } from './backend';
import type { AppendOutcome, CampaignOutbox } from './outbox.svelte';

export interface JournalSink {
  /** Appends `lines` to encounter `encounterId`'s journal, where `fromLine` lines are already. */
  append(encounterId: string, fromLine: number, lines: readonly JournalLine[]): Promise<Result<AppendOutcome>>;
}

/** Journal lines are events in the storage layer's sense: objects with a string `type`. */
const stored = (lines: readonly JournalLine[]): StoredEvent[] => lines.map((line) => line as StoredEvent);

/** Desktop: every step waits in the outbox until the disk has it. */
export function outboxSink(outbox: CampaignOutbox, folder: string): JournalSink {
  return {
    append: (encounterId, fromLine, lines) => outbox.append(folder, encounterId, fromLine, stored(lines)),
  };
}

/** Browser: IndexedDB is the store of record; saved once its transaction committed. */
export function directSink(backend: CampaignBackend, folder: string): JournalSink {
  return {
    async append(encounterId, _fromLine, lines) {
      // The encounter store sends one step at a time, in order, so the place is always the end.
      const sent = await backend.appendEvents({ folder, encounterId, events: stored(lines) });
      if (!sent.ok) return sent;
      return ok({ status: 'saved', appended: lines.length });
    },
  };
}
