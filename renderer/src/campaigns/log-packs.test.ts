import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, historyLines, stepLines, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { emptyCampaign } from '../../../engine/campaign/index';
import type { StoredEvent } from './backend';
import { logRange, openCampaignDatabase, type CampaignDatabase, type LogRow } from './campaign-db';
import { DexieCampaignBackend } from './dexie-backend';
import { PACK_SIZE, readLogEnd } from './log-packs';
import { failed, freshDb, tickingClock, unwrap } from './test-support';

/** `count` note lines, numbered from `from`. */
function notes(count: number, from = 0): StoredEvent[] {
  return Array.from({ length: count }, (_, i) => ({ type: 'note', n: from + i, text: `line ${from + i + 1}`, tags: ['a', { deep: [from + i, null, true] }] }));
}

/** How a log is stored: its packs as [first, count], its rows' seqs. */
async function stored(db: CampaignDatabase, folder: string, encounterId: string): Promise<{ packs: [number, number][]; rows: number[] }> {
  const [from, to] = logRange(folder, encounterId);
  const packs = await db.packs.where('[folder+encounterId+first]').between(from, to, true, true).toArray();
  const rows = await db.events.where('[folder+encounterId+seq]').between(from, to, true, true).toArray();
  return { packs: packs.map((pack): [number, number] => [pack.first, pack.count]), rows: rows.map((row) => row.seq) };
}

/** `[first, first + 1, …]`, `count` numbers. */
function seqs(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i);
}

/** An open campaign with one encounter whose log is empty. */
async function campaignWithLog(db: CampaignDatabase = freshDb()) {
  const backend = new DexieCampaignBackend(db, { now: tickingClock() });
  const { folder } = unwrap(await backend.create({ name: 'Long Siege', rulesetId: 'freeform' }));
  unwrap(await backend.open({ folder }));
  const { encounter } = unwrap(await backend.createEncounter({ folder, name: 'The wall' }));
  return { db, backend, folder, encounterId: encounter.id };
}

/** The same, with `count` note lines appended in steps of up to 300. */
async function campaignWithNotes(count: number) {
  const made = await campaignWithLog();
  const lines = notes(count);
  for (let at = 0; at < count; at += 300) {
    unwrap(await made.backend.appendEvents({ folder: made.folder, encounterId: made.encounterId, events: lines.slice(at, at + 300) }));
  }
  return { ...made, lines };
}

/** A real fight of `rolls` dice rolls after its start, as journal lines (the engine's events behind their step lines). */
function longFight(id: string, rolls: number): { encounter: Encounter; steps: StoredEvent[][] } {
  const created = createEncounter({ id, name: 'The wall', rulesetId: 'freeform', seed: 7 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let encounter = created.encounter;
  const steps = [stepLines(encounter.events) as StoredEvent[]];
  for (let i = 0; i < rolls; i++) {
    const result = dispatch(encounter, { type: 'roll', notation: '1d20+2' });
    if (!result.ok) throw new Error(result.message);
    encounter = result.encounter;
    steps.push(stepLines(result.events) as StoredEvent[]);
  }
  return { encounter, steps };
}

describe('log packs: appending and reading', () => {
  it('packs every 512 lines as appends of any size come in, and reads back exactly the lines appended', async () => {
    const { db, backend, folder, encounterId } = await campaignWithLog();
    const lines = notes(1300);
    // 511 lines, then one more makes a full pack; 511 + 200 then cross the second pack's end.
    const sizes = [1, 2, 5, 100, 300, 103, 1, 511, 200, 77];
    expect(sizes.reduce((a, b) => a + b)).toBe(1300);
    let at = 0;
    for (const size of sizes) {
      expect(unwrap(await backend.appendEvents({ folder, encounterId, events: lines.slice(at, at + size) }))).toEqual({ appended: size, repaired: null });
      at += size;
      expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toStrictEqual(lines.slice(0, at));
      const packed = at - (at % PACK_SIZE);
      expect(await stored(db, folder, encounterId)).toEqual({ packs: seqs(0, packed / PACK_SIZE).map((i) => [i * PACK_SIZE, PACK_SIZE]), rows: seqs(packed, at % PACK_SIZE) });
    }
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [[0, 512], [512, 512]], rows: seqs(1024, 276) });
    expect(await db.logs.get([folder, encounterId])).toMatchObject({ length: 1300 });
    // A pack is the JSON text of its lines.
    const second = await db.packs.get([folder, encounterId, 512]);
    expect(JSON.parse(second?.text ?? 'null')).toStrictEqual(lines.slice(512, 1024));
  });

  it('packs in the append\'s transaction: when writing the pack fails, the log stays exactly as it was', async () => {
    const { db, backend, folder, encounterId, lines } = await campaignWithNotes(500);
    // A row in the pack's place makes adding the pack fail after the rows were deleted.
    await db.packs.add({ folder, encounterId, first: 0, count: 1, text: '[]' });
    const refused = failed(await backend.appendEvents({ folder, encounterId, events: notes(20, 500) }));
    expect(refused.code).toBe('storage/failed');
    await db.packs.delete([folder, encounterId, 0]);
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [], rows: seqs(0, 500) });
    expect(await db.logs.get([folder, encounterId])).toMatchObject({ length: 500 });
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toStrictEqual(lines);
  });

  it('writes an imported long log as full packs plus the rest as rows, and reads it back', async () => {
    const { backend, folder, encounterId } = await campaignWithLog();
    const fight = longFight(encounterId, 700);
    for (const events of fight.steps) unwrap(await backend.appendEvents({ folder, encounterId, events }));
    const journal = historyLines(fight.encounter) as StoredEvent[];
    expect(journal.length).toBeGreaterThan(2 * PACK_SIZE);
    const text = unwrap(await backend.exportCampaign(folder));

    const elsewhere = freshDb();
    const other = new DexieCampaignBackend(elsewhere);
    const imported = unwrap(await other.importCampaign(text));
    const full = Math.floor(journal.length / PACK_SIZE);
    expect(await stored(elsewhere, imported.folder, encounterId)).toEqual({
      packs: seqs(0, full).map((i) => [i * PACK_SIZE, PACK_SIZE]),
      rows: seqs(full * PACK_SIZE, journal.length % PACK_SIZE),
    });
    expect(unwrap(await other.readEvents({ folder: imported.folder, encounterId })).events).toStrictEqual(journal);
    expect(unwrap(await other.exportCampaign(imported.folder))).toBe(text);
  });

  it('duplicates, exports and deletes a campaign whose log is packed', async () => {
    const { db, backend, folder, encounterId, lines } = await campaignWithNotes(1300);
    const copy = unwrap(await backend.duplicate({ folder }));
    expect(await stored(db, copy.folder, encounterId)).toEqual({ packs: [[0, 512], [512, 512]], rows: seqs(1024, 276) });
    expect(unwrap(await backend.readEvents({ folder: copy.folder, encounterId })).events).toStrictEqual(lines);

    const exported = JSON.parse(unwrap(await backend.exportCampaign(folder))) as { encounters: Record<string, unknown[]> };
    expect(exported.encounters[encounterId]).toStrictEqual(lines);

    unwrap(await backend.close({ folder }));
    unwrap(await backend.delete({ folder }));
    expect(await db.packs.where('folder').equals(folder).count()).toBe(0);
    expect(await db.events.where('folder').equals(folder).count()).toBe(0);
    // The copy's packs are its own.
    expect(await stored(db, copy.folder, encounterId)).toEqual({ packs: [[0, 512], [512, 512]], rows: seqs(1024, 276) });
    expect(unwrap(await backend.readEvents({ folder: copy.folder, encounterId })).events).toStrictEqual(lines);
  });
});

describe('log packs: damage', () => {
  it('answers a damaged pack, a gap or an overlap with a failure naming the log, for reading, exporting and duplicating', async () => {
    const { db, backend, folder, encounterId, lines } = await campaignWithNotes(1300);
    const label = `${folder}/encounters/${encounterId}.jsonl`;
    const key: [string, string, number] = [folder, encounterId, 512];
    const pack = await db.packs.get(key);
    if (!pack) throw new Error('no second pack');
    const typeless: unknown[] = lines.slice(512, 1024);
    typeless[87] = { text: 'typeless' };
    const damages: [string, () => Promise<unknown>, string][] = [
      ['bad JSON', () => db.packs.put({ ...pack, text: pack.text.slice(0, -10) }), 'the pack of lines 513 to 1024 is not valid JSON'],
      ['too few lines', () => db.packs.put({ ...pack, text: JSON.stringify(lines.slice(512, 1023)) }), 'the pack of lines 513 to 1024 holds 511 lines instead of 512 lines'],
      ['a wrong count', () => db.packs.put({ ...pack, count: 600 }), 'the pack of lines 513 to 1112 holds 512 lines instead of 600 lines'],
      ['not a list', () => db.packs.put({ ...pack, text: '{"type":"note"}' }), 'the pack of lines 513 to 1024 holds an object instead of 512 lines'],
      ['a line that is no event', () => db.packs.put({ ...pack, text: JSON.stringify(typeless) }), 'in the pack of lines 513 to 1024, line 600 has no event type'],
      ['a missing first pack', () => db.packs.delete([folder, encounterId, 0]), 'lines 1 to 512 are missing'],
      ['a missing pack before the rows', () => db.packs.delete(key), 'lines 513 to 1024 are missing'],
      ['overlapping packs', () => db.packs.add({ ...pack, first: 1000, count: 24, text: JSON.stringify(lines.slice(1000, 1024)) }), 'line 1001 is stored twice'],
      ['a missing row', () => db.events.delete([folder, encounterId, 1100]), 'line 1101 is missing'],
      ['a row also in a pack', () => db.events.add({ folder, encounterId, seq: 100, event: { type: 'note' } }), 'line 101 is stored twice'],
      ['a missing last line', () => db.logs.put({ folder, encounterId, length: 1301 }), 'line 1301 is missing (its record says 1301 lines)'],
    ];
    const says = (problem: string) =>
      `The event log ${label} is damaged in this browser's storage: ${problem}`;
    for (const [what, damage, problem] of damages) {
      const before = await db.transaction('r', db.packs, db.events, db.logs, async () => ({
        packs: await db.packs.toArray(),
        events: await db.events.toArray(),
        logs: await db.logs.toArray(),
      }));
      await damage();
      const read = failed(await backend.readEvents({ folder, encounterId }));
      expect(read.code, what).toBe('events/damaged-log');
      expect(read.message, what).toContain(says(problem));
      expect(read.message, what).toMatch(/\. Nothing was changed\. Its events cannot be read here; import an export of this campaign made before the damage/);
      expect(failed(await backend.exportCampaign(folder)), what).toEqual(read);
      expect(failed(await backend.duplicate({ folder })), what).toEqual(read);
      expect(await db.campaigns.count(), what).toBe(1);
      // Undo the damage for the next case.
      await db.transaction('rw', db.packs, db.events, db.logs, async () => {
        await Promise.all([db.packs.clear(), db.events.clear(), db.logs.clear()]);
        await Promise.all([db.packs.bulkAdd(before.packs), db.events.bulkAdd(before.events), db.logs.bulkAdd(before.logs)]);
      });
      expect(unwrap(await backend.readEvents({ folder, encounterId })).events, what).toStrictEqual(lines);
    }
  });

  it('reads the end of a log (its last packs and rows) as it stands, and names the damage in that end', async () => {
    const { db, folder, encounterId, lines } = await campaignWithNotes(1300);
    const log = { folder, encounterId, length: 1300 };
    const end = await db.transaction('r', db.packs, db.events, () => readLogEnd(db, log, 1));
    expect(unwrap(end)).toStrictEqual({ first: 512, lines: lines.slice(512) });
    const damages: [string, () => Promise<unknown>, LogRow, string][] = [
      ['a missing row', () => db.events.delete([folder, encounterId, 1100]), log, 'line 1101 is missing'],
      ['a row also in the pack', () => db.events.add({ folder, encounterId, seq: 600, event: { type: 'note' } }), log, 'line 601 is stored twice'],
      ['a record longer than the log', async () => {}, { ...log, length: 1301 }, 'it holds 1300 lines where its record says 1301'],
    ];
    for (const [what, damage, record, problem] of damages) {
      const rows = await db.events.toArray();
      await damage();
      const read = failed(await db.transaction('r', db.packs, db.events, () => readLogEnd(db, record, 1)));
      expect(read.code, what).toBe('events/damaged-log');
      expect(read.message, what).toContain(problem);
      await db.events.clear();
      await db.events.bulkAdd(rows);
    }
  });

  it('refuses, writing nothing, an append that would pack rows that do not end at the log\'s length', async () => {
    const { db, backend, folder, encounterId, lines } = await campaignWithNotes(500);
    await db.events.delete([folder, encounterId, 250]);
    const refused = failed(await backend.appendEvents({ folder, encounterId, events: notes(20, 500) }));
    expect(refused.code).toBe('events/damaged-log');
    expect(refused.message).toBe(
      `The event log ${folder}/encounters/${encounterId}.jsonl is damaged in this browser's storage: its unpacked lines do not end at line 500 as its record says. The new events were not saved. Its events cannot be read here; import an export of this campaign made before the damage to get the fight back.`,
    );
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [], rows: seqs(0, 500).filter((seq) => seq !== 250) });
    expect(await db.logs.get([folder, encounterId])).toMatchObject({ length: 500 });
    expect(failed(await backend.readEvents({ folder, encounterId })).message).toMatch(/: line 251 is missing\. /);
    // Put back, the log takes the append again.
    await db.events.add({ folder, encounterId, seq: 250, event: lines[250] ?? { type: 'lost' } });
    unwrap(await backend.appendEvents({ folder, encounterId, events: notes(20, 500) }));
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [[0, 512]], rows: seqs(512, 8) });
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toStrictEqual(notes(520));
  });
});

describe('log packs: databases from before packs', () => {
  it('reads a log stored one row per line by the version 3 database, and packs it at the next append', async () => {
    const name = `campaigns-v3-${Math.random().toString(36).slice(2)}`;
    const old = new Dexie(name);
    // The schema as it was before packs (campaign-db.ts, versions 1 to 3).
    old.version(1).stores({ campaigns: 'folder, id, archived', logs: '[folder+encounterId], folder', events: '[folder+encounterId+seq], folder', outbox: '[folder+encounterId+seq]' });
    old.version(2).stores({ working: 'folder', meta: 'key' });
    old.version(3).stores({ player: 'key' });
    const at = '2025-03-01T18:00:00.000Z';
    const folder = 'old-siege-abc123';
    const encounterId = 'wall';
    const campaign = emptyCampaign({ id: 'old-siege', name: 'Old Siege', rulesetId: 'freeform', at });
    const lines = notes(1100);
    await old.table('campaigns').add({ folder, id: campaign.id, archived: 0, campaign: { ...campaign, encounters: [{ id: encounterId, name: 'The wall', status: 'planned', createdAt: at, updatedAt: at }] } });
    await old.table('logs').add({ folder, encounterId, length: lines.length });
    await old.table('events').bulkAdd(lines.map((event, seq) => ({ folder, encounterId, seq, event })));
    old.close();

    const db = openCampaignDatabase(name);
    const backend = new DexieCampaignBackend(db, { now: tickingClock() });
    unwrap(await backend.open({ folder }));
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toStrictEqual(lines);
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [], rows: seqs(0, 1100) });

    const more = notes(3, 1100);
    unwrap(await backend.appendEvents({ folder, encounterId, events: more }));
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [[0, 512], [512, 512]], rows: seqs(1024, 79) });
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toStrictEqual([...lines, ...more]);
    expect(await db.logs.get([folder, encounterId])).toMatchObject({ length: 1103 });
    db.close();
  });

  it('keeps fewer than 512 old rows unpacked until an append brings them to 512', async () => {
    const { db, backend, folder, encounterId } = await campaignWithLog();
    const lines = notes(400);
    await db.events.bulkAdd(lines.map((event, seq) => ({ folder, encounterId, seq, event })));
    await db.logs.put({ folder, encounterId, length: 400 });
    unwrap(await backend.appendEvents({ folder, encounterId, events: notes(111, 400) }));
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [], rows: seqs(0, 511) });
    unwrap(await backend.appendEvents({ folder, encounterId, events: notes(1, 511) }));
    expect(await stored(db, folder, encounterId)).toEqual({ packs: [[0, 512]], rows: [] });
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toStrictEqual(notes(512));
  });
});
