/**
 * The database of the versions before campaigns (`gm-screen`): encounters on their own. It is only
 * read, once, to bring those encounters into a campaign (bring-over.ts); it is never written or
 * deleted, so nothing in it can be lost.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { EncounterEvent } from '../../../engine/index';

/** One encounter's summary and the parts of its history that aren't events. */
export interface EncounterRow {
  id: string;
  name: string;
  rulesetId: string;
  status: 'setup' | 'running' | 'ended';
  round: number;
  createdAt: number;
  updatedAt: number;
  /** Event count after each GM step, so undo after a reload still drops whole steps. */
  steps: number[];
  /** Steps undone and not yet redone, most recent last. */
  redoable: EncounterEvent[][];
}

/** One event of an encounter's log, in order. */
export interface EventRow {
  encounterId: string;
  seq: number;
  event: EncounterEvent;
}

/** Small app-wide values, such as which encounter was open last. */
export interface MetaRow {
  key: string;
  value: string;
}

export type GmDatabase = Dexie & {
  encounters: EntityTable<EncounterRow, 'id'>;
  // Keyed by the compound [encounterId+seq]; EntityTable only models single-field keys.
  events: Table<EventRow, [string, number]>;
  meta: EntityTable<MetaRow, 'key'>;
};

/** Opens the old database. Tests pass their own name. */
export function openDatabase(name = 'gm-screen'): GmDatabase {
  const db = new Dexie(name) as GmDatabase;
  db.version(1).stores({
    encounters: 'id, updatedAt',
    events: '[encounterId+seq], encounterId',
    meta: 'key',
  });
  return db;
}
