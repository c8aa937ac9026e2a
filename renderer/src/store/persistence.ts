import type { Encounter } from '../../../engine/index';
import type { EncounterRow, GmDatabase } from './db';

function rowOf(encounter: Encounter, createdAt: number, now: number): EncounterRow {
  const s = encounter.state;
  return {
    id: s.id,
    name: s.name,
    rulesetId: s.rulesetId,
    status: s.status,
    round: s.round,
    createdAt,
    updatedAt: now,
    steps: [...encounter.steps],
    redoable: encounter.redoable.map((step) => [...step]),
  };
}

/**
 * Writes the difference between two versions of one encounter in a single transaction. Steps
 * only append events (dispatch, redo) or cut them off (undo), so the log is brought in line by
 * deleting the cut tail and adding the new one.
 */
export async function saveEncounter(db: GmDatabase, before: Encounter | null, after: Encounter, now: number): Promise<void> {
  const id = after.state.id;
  const kept = before ? Math.min(before.events.length, after.events.length) : 0;
  await db.transaction('rw', db.encounters, db.events, async () => {
    const existing = await db.encounters.get(id);
    if (before && before.events.length > kept) {
      await db.events.where('[encounterId+seq]').between([id, kept], [id, Infinity], true, true).delete();
    }
    const added = after.events.slice(kept).map((event, i) => ({ encounterId: id, seq: kept + i, event }));
    if (added.length > 0) await db.events.bulkPut(added);
    await db.encounters.put(rowOf(after, existing?.createdAt ?? now, now));
  });
}

/** Reads one encounter's stored history, events in order. */
export async function loadHistory(db: GmDatabase, id: string) {
  const row = await db.encounters.get(id);
  if (!row) return null;
  const events = (await db.events.where('[encounterId+seq]').between([id, 0], [id, Infinity], true, true).toArray()).map((r) => r.event);
  return { row, events };
}

export async function deleteEncounter(db: GmDatabase, id: string): Promise<void> {
  await db.transaction('rw', db.encounters, db.events, async () => {
    await db.events.where('encounterId').equals(id).delete();
    await db.encounters.delete(id);
  });
}
