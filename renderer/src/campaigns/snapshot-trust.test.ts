import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { JournalLine, SnapshotLine } from '../../../engine/index';
import { longFightJournal, rolledStep } from '../../../engine/testing/journals';
import type { JournalSink } from './journal-sink';
import { trustedSnapshots, trustingSink, trustSnapshot } from './snapshot-trust';
import { freshDb } from './test-support';

const snapshot = longFightJournal(1_050).lines.find((line): line is SnapshotLine => line.type === 'journal/snapshot');

/** A sink that answers `ok` or refuses, as a disk would. */
function sinkThat(accepts: boolean): JournalSink {
  return {
    async append(_id, _from, lines: readonly JournalLine[]) {
      return accepts ? { ok: true, value: { status: 'saved', appended: lines.length } } : { ok: false, code: 'io/no-space', message: 'The disk is full.' };
    },
  };
}

describe('the snapshots this install trusts', () => {
  it('trusts a snapshot once the sink has written it, and not when the write failed', async () => {
    if (!snapshot) throw new Error('expected a snapshot');
    const db = freshDb();
    const lines = [...rolledStep('Perception'), snapshot];
    await trustingSink(sinkThat(false), db, 'camp').append('e1', 10, lines);
    expect(await trustedSnapshots(db, 'camp', 'e1')).toEqual(new Set());
    await trustingSink(sinkThat(true), db, 'camp').append('e1', 10, lines);
    expect(await trustedSnapshots(db, 'camp', 'e1')).toEqual(new Set([snapshot.digest]));
    // Per encounter and per campaign.
    expect(await trustedSnapshots(db, 'camp', 'e2')).toEqual(new Set());
    expect(await trustedSnapshots(db, 'other', 'e1')).toEqual(new Set());
  });

  it('keeps the newest four digests of an encounter', async () => {
    const db = freshDb();
    for (const digest of ['a', 'b', 'c', 'd', 'e', 'c']) await trustSnapshot(db, 'camp', 'e1', digest);
    expect([...(await trustedSnapshots(db, 'camp', 'e1'))]).toEqual(['b', 'd', 'e', 'c']);
  });

  it('trusts nothing when its record is damaged, so the fight opens by replaying everything', async () => {
    const db = freshDb();
    await db.meta.put({ key: 'snapshots:camp:e1', value: '{not json' });
    expect(await trustedSnapshots(db, 'camp', 'e1')).toEqual(new Set());
    await db.meta.put({ key: 'snapshots:camp:e1', value: JSON.stringify({ digest: 'a' }) });
    expect(await trustedSnapshots(db, 'camp', 'e1')).toEqual(new Set());
    await db.meta.put({ key: 'snapshots:camp:e1', value: JSON.stringify(['a', 7, null]) });
    expect(await trustedSnapshots(db, 'camp', 'e1')).toEqual(new Set(['a']));
  });
});
