/**
 * The campaigns' IndexedDB database, `gm-screen-campaigns`, apart from the encounter tracker's
 * `gm-screen` (which it only reads once, to bring old encounters over). One database, eight tables:
 *
 * - `campaigns`, `logs`, `packs`, `events`: the store of record of the browser build
 *   (`dexie-backend.ts`), the browser's counterpart of the campaigns folder: one row per campaign
 *   folder, one per event log (`encounters/<id>.jsonl`), and the log's lines: most of them in packs
 *   of 512 lines, the newest one row each (log-packs.ts).
 * - `outbox`: the desktop build's crash safety (`outbox.svelte.ts`): each GM step's events wait
 *   here until the main process says they are on disk. It lives in the same database so there is
 *   one schema and one version history to keep; in the browser build it stays empty.
 * - `working`, `meta`: the open campaign as the screen reads it, and what was open last
 *   (session.svelte.ts).
 * - `player`: what the players' screen shows, in the browser build (player/transport.ts).
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { Campaign, StoredEvent } from './backend';

/** The database's name in the app. Tests pass their own. */
export const CAMPAIGN_DATABASE = 'gm-screen-campaigns';

/** One campaign: its folder name (the handle the list gives out), its content, whether it is archived. */
export interface CampaignRow {
  folder: string;
  /** The campaign's id (indexed, to keep ids unique on import). */
  id: string;
  /** 1 when archived; a number because IndexedDB cannot index booleans. */
  archived: 0 | 1;
  campaign: Campaign;
}

/** One encounter's event log: it exists once the encounter was created. */
export interface LogRow {
  folder: string;
  encounterId: string;
  /** Number of events in the log: the `seq` the next one gets. */
  length: number;
}

/**
 * Many lines of one log in one row, as the text of a JSON array. IndexedDB's cost is per row, not
 * per byte: a 5,000-event fight read as ~8,000 rows takes 150 ms or more, as ~16 packs a tenth of
 * that. A log's lines are its packs in `first` order, then its `events` rows (log-packs.ts).
 */
export interface LogPackRow {
  folder: string;
  encounterId: string;
  /** The `seq` of its first line. */
  first: number;
  /** How many lines it holds (its lines have the `seq`s `first` to `first + count - 1`). */
  count: number;
  /**
   * `JSON.stringify` of the array of its lines. Text, not objects: one string is cloned in and out
   * of IndexedDB far faster than thousands of small objects, and lines are plain JSON data
   * (`checkEvents` saw to that before they were stored), so they read back deep-equal.
   */
  text: string;
}

/** One stored event: a line of a log not (yet) in a pack. */
export interface CampaignEventRow {
  folder: string;
  encounterId: string;
  seq: number;
  event: StoredEvent;
}

/** One event waiting to reach the disk (desktop build). */
export interface OutboxRow {
  folder: string;
  encounterId: string;
  /** Its place in the encounter's log (0-based). */
  seq: number;
  event: StoredEvent;
  /** When it was queued (ms since 1970), for the GM when it has waited long. */
  queuedAt: number;
}

/**
 * The open campaign's working copy, which the screen reads through a live query. Written before
 * the campaign is sent to its store; `dirty` stays 1 until the store confirmed it, so a change
 * that never reached the disk is found at the next start.
 */
export interface WorkingRow {
  folder: string;
  campaign: Campaign;
  dirty: 0 | 1;
}

/** Small values kept between sessions: the campaign and encounter open last. */
export interface MetaRow {
  key: string;
  value: string;
}

/**
 * What the players' screen shows, in the browser build: written by the GM window's tab and read by
 * the page at `#player` through a live query (one row, key `screen`). It holds only player-safe
 * data: the engine's projection of the fight (never the state itself) and what the GM chose to put
 * up. The desktop app sends it over IPC instead (its players' window has a session of its own).
 * See player/transport.ts.
 */
export interface PlayerScreenRow {
  key: 'screen';
  /** The player-safe screen; its type lives with the player view. */
  screen: unknown;
  /** When the GM window wrote it (ms since 1970), to measure how long a step takes to show. */
  writtenAt: number;
}

export type CampaignDatabase = Dexie & {
  campaigns: EntityTable<CampaignRow, 'folder'>;
  logs: Table<LogRow, [string, string]>;
  packs: Table<LogPackRow, [string, string, number]>;
  events: Table<CampaignEventRow, [string, string, number]>;
  outbox: Table<OutboxRow, [string, string, number]>;
  working: EntityTable<WorkingRow, 'folder'>;
  meta: EntityTable<MetaRow, 'key'>;
  player: EntityTable<PlayerScreenRow, 'key'>;
};

/** Opens (creating if needed) the campaigns database. */
export function openCampaignDatabase(name = CAMPAIGN_DATABASE): CampaignDatabase {
  const db = new Dexie(name) as CampaignDatabase;
  db.version(1).stores({
    campaigns: 'folder, id, archived',
    logs: '[folder+encounterId], folder',
    events: '[folder+encounterId+seq], folder',
    outbox: '[folder+encounterId+seq]',
  });
  // Version 2 adds the open campaign's working copy and the session's memory; nothing moves.
  db.version(2).stores({ working: 'folder', meta: 'key' });
  // Version 3 adds what the players' screen shows.
  db.version(3).stores({ player: 'key' });
  // Version 4 adds packs of log lines. Rows written before stay in `events`, readable as they are
  // (a log's unpacked tail); the next append that brings them to a pack's size packs them.
  db.version(4).stores({ packs: '[folder+encounterId+first], folder' });
  return db;
}

/** The key range of one log's events, packs (by `first`) or outbox entries, in `seq` order. */
export function logRange(folder: string, encounterId: string): [[string, string, number], [string, string, number]] {
  return [
    [folder, encounterId, 0],
    [folder, encounterId, Infinity],
  ];
}
