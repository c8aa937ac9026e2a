/**
 * Which journal snapshots this install trusts, per encounter: the ones it wrote, and the ones its
 * own replay of the history reached with the same state (engine/encounter/journal-snapshots.ts).
 * Opening a fight starts only from one of these, so a snapshot in a file from elsewhere (an
 * import, a hand edit) is never shown for what it says. Kept in this window's IndexedDB (`meta`),
 * apart from the journals: on the desktop those are files on disk, anyone's to edit.
 */
import { isSnapshot } from '../../../engine/listing';
import type { CampaignDatabase } from './campaign-db';
import type { JournalSink } from './journal-sink';

/** Digests kept per encounter: the newest few (an undo below the newest falls back on an older one). */
const KEPT = 4;

const keyOf = (folder: string, encounterId: string) => `snapshots:${folder}:${encounterId}`;

/** The digests of the snapshots of `encounterId` in `folder` this install trusts. */
export async function trustedSnapshots(db: CampaignDatabase, folder: string, encounterId: string): Promise<ReadonlySet<string>> {
  const row = await db.meta.get(keyOf(folder, encounterId)).catch(() => undefined);
  if (!row) return new Set();
  try {
    const digests: unknown = JSON.parse(row.value);
    return new Set(Array.isArray(digests) ? digests.filter((d): d is string => typeof d === 'string') : []);
  } catch {
    // A damaged entry trusts nothing: the fight opens by replaying its whole history.
    return new Set();
  }
}

/** Trusts a snapshot of `encounterId` in `folder` from now on. */
export async function trustSnapshot(db: CampaignDatabase, folder: string, encounterId: string, digest: string): Promise<void> {
  const known = [...(await trustedSnapshots(db, folder, encounterId))].filter((d) => d !== digest);
  await db.meta.put({ key: keyOf(folder, encounterId), value: JSON.stringify([...known, digest].slice(-KEPT)) }).catch(() => undefined);
}

/** Trusts no snapshot of `encounterId` in `folder` any more (one of them lost to the history). */
export async function forgetSnapshots(db: CampaignDatabase, folder: string, encounterId: string): Promise<void> {
  await db.meta.delete(keyOf(folder, encounterId)).catch(() => undefined);
}

/** A sink that trusts the snapshots it writes, once they are written. */
export function trustingSink(sink: JournalSink, db: CampaignDatabase, folder: string): JournalSink {
  return {
    async append(encounterId, fromLine, lines) {
      const result = await sink.append(encounterId, fromLine, lines);
      if (result.ok) {
        for (const line of lines.filter(isSnapshot)) await trustSnapshot(db, folder, encounterId, line.digest);
      }
      return result;
    },
  };
}
