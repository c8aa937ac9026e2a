/**
 * Reading an encounter of a campaign from its store: its journal folded into the engine's history,
 * with this window's steps still waiting in the outbox (desktop) after what the disk holds, and
 * what the GM should be told of a torn line or a step cut short.
 */
import { foldJournal, foldJournalEnd, type Encounter, type JournalEnd, BUILTIN_RULESETS } from '../../../engine/index';
import type { CampaignBackend, EncounterEntry, Result } from './backend';
import type { CampaignDatabase } from './campaign-db';
import type { CampaignOutbox } from './outbox.svelte';
import { trustedSnapshots, trustSnapshot } from './snapshot-trust';

/** An encounter read from its store: the history, where its journal stands, and notes for the GM. */
export interface ReadEncounter {
  readonly encounter: Encounter;
  /** Lines in its journal. */
  readonly length: number;
  /** Where the newest snapshot in its journal stands (events before it), 0 for none. */
  readonly lastSnapshot: number;
  /** The snapshot it was opened from (the events before it not checked yet), 0 for none. */
  readonly startedFrom: number;
  readonly notes: string[];
  /** Lines read from the store (every line of the journal). */
  readonly linesRead: number;
}

/**
 * Packs read for a long fight's end: the newest snapshot lies within the last SNAPSHOT_EVERY
 * events (about 1,000 to 2,000 lines), and a pack holds 512; a fight whose newest trusted snapshot
 * lies further back opens without a preview.
 */
export const END_PACKS = 6;

/** A long fight's end, and how many lines were read for it. */
export interface ReadEnd extends JournalEnd {
  readonly linesRead: number;
}

/**
 * The end of `entry`'s journal in `folder`, folded from the newest snapshot this install trusts
 * (engine/encounter/journal-end.ts): what a long fight shows while `readEncounter` reads the rest.
 * Null where the store reads a log only whole (the desktop app, whose steps may also wait in the
 * outbox), when no snapshot of the fight is trusted, or when the end can't be folded on its own.
 */
export async function readEncounterEnd(
  deps: { readonly backend: CampaignBackend; readonly outbox: CampaignOutbox | null; readonly db: CampaignDatabase },
  folder: string,
  entry: EncounterEntry,
): Promise<ReadEnd | null> {
  if (deps.outbox || !deps.backend.readEventsEnd) return null;
  const trusted = await trustedSnapshots(deps.db, folder, entry.id);
  if (trusted.size === 0) return null;
  const read = await deps.backend.readEventsEnd({ folder, encounterId: entry.id }, END_PACKS);
  // A damaged end is told by the whole read, which follows.
  if (!read.ok) return null;
  const end = foldJournalEnd(read.value.lines, entry.id, trusted, BUILTIN_RULESETS);
  return end ? { ...end, linesRead: read.value.lines.length } : null;
}

/**
 * Reads and folds `entry`'s journal in `folder`. `fromSnapshot` starts the replay from the newest
 * snapshot this install trusts; a snapshot the replay reaches with the same state is trusted from
 * then on, so the next opening may start there.
 */
export async function readEncounter(
  deps: { readonly backend: CampaignBackend; readonly outbox: CampaignOutbox | null; readonly db: CampaignDatabase },
  folder: string,
  entry: EncounterEntry,
  fromSnapshot: boolean,
): Promise<Result<ReadEncounter>> {
  const [trusted, log] = await Promise.all([
    fromSnapshot ? trustedSnapshots(deps.db, folder, entry.id) : undefined,
    deps.backend.readEvents({ folder, encounterId: entry.id }),
  ]);
  if (!log.ok) return log;
  const lines: unknown[] = [...log.value.events];
  const notes: string[] = [];
  if (log.value.torn) notes.push(`The last line of "${entry.name}"'s log was cut off (the app stopped while writing it) and was set aside.`);
  // Steps still waiting in the outbox come after what the disk holds (some may be there already).
  const waiting = (deps.outbox ? await deps.outbox.pending(folder, entry.id) : []).filter((row) => row.seq >= lines.length);
  if (waiting[0]?.seq === lines.length) lines.push(...waiting.map((row) => row.event));
  const folded = foldJournal(lines, `the log of "${entry.name}"`, BUILTIN_RULESETS, { trusted });
  if (!folded.ok) return folded;
  const { confirmed } = folded.value;
  if (confirmed && !trusted?.has(confirmed)) await trustSnapshot(deps.db, folder, entry.id, confirmed);
  const cut = folded.value.cutShort.length;
  if (cut > 0) notes.push(`${cut === 1 ? 'One step' : `${cut} steps`} of "${entry.name}" had not been written completely and ${cut === 1 ? 'was' : 'were'} left out.`);
  const { encounter, length, lastSnapshot, startedFrom } = folded.value;
  return { ok: true, value: { encounter, length, lastSnapshot, startedFrom, notes, linesRead: lines.length } };
}
