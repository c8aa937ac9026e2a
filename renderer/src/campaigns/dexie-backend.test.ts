import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { replay, type EncounterEvent, BUILTIN_RULESETS } from '../../../engine/index';
import type { Campaign } from './backend';
import { DexieCampaignBackend } from './dexie-backend';
import { failed, freshDb, goblinFight, tickingClock, unwrap } from './test-support';

function setup() {
  const db = freshDb();
  const backend = new DexieCampaignBackend(db, { now: tickingClock() });
  return { db, backend };
}

/** A campaign, open, with one encounter whose log holds a whole goblin fight. */
async function campaignWithFight() {
  const { db, backend } = setup();
  const { folder } = unwrap(await backend.create({ name: 'Lost Mine', rulesetId: 'freeform' }));
  unwrap(await backend.open({ folder }));
  const { encounter } = unwrap(await backend.createEncounter({ folder, name: 'Goblin ambush' }));
  const fight = goblinFight(encounter.id);
  for (const events of fight.steps) unwrap(await backend.appendEvents({ folder, encounterId: encounter.id, events }));
  return { db, backend, folder, encounterId: encounter.id, fight };
}

describe('DexieCampaignBackend: every method', () => {
  it('creates, lists, opens, adds an encounter, appends and reads its events', async () => {
    const { backend, folder, encounterId, fight } = await campaignWithFight();
    expect(folder).toMatch(/^lost-mine-[a-z0-9]{6}$/);

    const list = unwrap(await backend.list());
    expect(list.problems).toEqual([]);
    expect(list.campaigns).toEqual([
      expect.objectContaining({ folder, name: 'Lost Mine', rulesetId: 'freeform', encounterCount: 1, fileVersion: 1, lock: null }),
    ]);

    const log = unwrap(await backend.readEvents({ folder, encounterId }));
    expect(log.torn).toBeNull();
    expect(log.events).toEqual(fight.encounter.events);
    // The stored log replays to the very state the engine reached.
    expect(replay(log.events as EncounterEvent[], BUILTIN_RULESETS)).toEqual(fight.encounter.state);
  });

  it('answers appends with the count, and an empty append writes nothing', async () => {
    const { backend, folder, encounterId, fight } = await campaignWithFight();
    expect(unwrap(await backend.appendEvents({ folder, encounterId, events: [] }))).toEqual({ appended: 0, repaired: null });
    const extra = [{ type: 'note', text: 'the goblins flee', skipped: undefined }];
    expect(unwrap(await backend.appendEvents({ folder, encounterId, events: extra }))).toEqual({ appended: 1, repaired: null });
    const log = unwrap(await backend.readEvents({ folder, encounterId }));
    expect(log.events).toHaveLength(fight.encounter.events.length + 1);
    // Stored as a log line would hold it: the undefined property is left out.
    expect(log.events.at(-1)).toStrictEqual({ type: 'note', text: 'the goblins flee' });
  });

  it('saves (stamping updatedAt) and renames an open campaign', async () => {
    const { backend, folder } = await campaignWithFight();
    const opened = unwrap(await backend.open({ folder }));
    expect(opened).toMatchObject({ folder, migratedFrom: null, originalKeptAs: null });
    const changed: Campaign = {
      ...opened.campaign,
      settings: { morale: true, wounds: 3 },
      roster: [{ id: 'aria', name: 'Aria', data: { hp: 24, notes: 'elf' } }],
    };
    const saved = unwrap(await backend.save({ folder, campaign: changed }));
    expect(saved.roster).toEqual(changed.roster);
    expect(saved.updatedAt > opened.campaign.updatedAt).toBe(true);

    const renamed = unwrap(await backend.rename({ folder, name: '  The Lost Mine  ' }));
    expect(renamed.name).toBe('The Lost Mine');
    expect(renamed.roster).toEqual(changed.roster);
    expect(unwrap(await backend.open({ folder })).campaign).toEqual(renamed);
    expect(unwrap(await backend.list()).campaigns[0]).toMatchObject({ folder, name: 'The Lost Mine', updatedAt: renamed.updatedAt });
  });

  it('duplicates a campaign with its event logs under a new id and folder', async () => {
    const { backend, folder, encounterId, fight } = await campaignWithFight();
    const original = unwrap(await backend.open({ folder })).campaign;
    const copy = unwrap(await backend.duplicate({ folder }));
    expect(copy.folder).not.toBe(folder);
    expect(copy.campaign).toMatchObject({ name: 'Lost Mine (copy)', encounters: original.encounters, rulesetId: 'freeform' });
    expect(copy.campaign.id).not.toBe(original.id);
    expect(unwrap(await backend.readEvents({ folder: copy.folder, encounterId })).events).toEqual(fight.encounter.events);

    // The copy's log is its own: appending to it leaves the original alone.
    unwrap(await backend.open({ folder: copy.folder }));
    unwrap(await backend.appendEvents({ folder: copy.folder, encounterId, events: [{ type: 'note' }] }));
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toHaveLength(fight.encounter.events.length);

    const named = unwrap(await backend.duplicate({ folder, name: 'Second table' }));
    expect(named.campaign.name).toBe('Second table');
    expect(unwrap(await backend.list()).campaigns.map((c) => c.name).sort()).toEqual(['Lost Mine', 'Lost Mine (copy)', 'Second table']);
  });

  it('archives a closed campaign out of the list, lists the archive and brings it back', async () => {
    const { backend, folder } = await campaignWithFight();
    expect(failed(await backend.archive({ folder })).code).toBe('campaign/open');
    unwrap(await backend.close({ folder }));
    unwrap(await backend.close({ folder })); // closing again is fine
    unwrap(await backend.archive({ folder }));
    expect(unwrap(await backend.list()).campaigns).toEqual([]);
    expect(unwrap(await backend.listArchived()).campaigns.map((c) => c.folder)).toEqual([folder]);
    // Archived campaigns are out of reach, as in the disk store's archive folder.
    expect(failed(await backend.open({ folder })).code).toBe('campaign/not-found');

    unwrap(await backend.unarchive(folder));
    expect(unwrap(await backend.list()).campaigns.map((c) => c.folder)).toEqual([folder]);
    expect(unwrap(await backend.listArchived()).campaigns).toEqual([]);
    expect(failed(await backend.unarchive(folder)).code).toBe('campaign/not-found');
  });

  it('deletes a closed campaign with all its events', async () => {
    const { db, backend, folder, encounterId } = await campaignWithFight();
    expect(failed(await backend.delete({ folder })).code).toBe('campaign/open');
    unwrap(await backend.close({ folder }));
    unwrap(await backend.delete({ folder }));
    expect(unwrap(await backend.list()).campaigns).toEqual([]);
    expect(await db.events.where('folder').equals(folder).count()).toBe(0);
    expect(await db.logs.where('folder').equals(folder).count()).toBe(0);
    expect(failed(await backend.readEvents({ folder, encounterId })).code).toBe('campaign/not-found');
    expect(failed(await backend.delete({ folder })).code).toBe('campaign/not-found');
  });

  it('lists the most recently changed first', async () => {
    const { backend } = setup();
    const a = unwrap(await backend.create({ name: 'Alpha', rulesetId: 'zones' }));
    const b = unwrap(await backend.create({ name: 'Beta', rulesetId: 'zones' }));
    expect(unwrap(await backend.list()).campaigns.map((c) => c.folder)).toEqual([b.folder, a.folder]);
    unwrap(await backend.open({ folder: a.folder }));
    unwrap(await backend.rename({ folder: a.folder, name: 'Alpha two' }));
    expect(unwrap(await backend.list()).campaigns.map((c) => c.folder)).toEqual([a.folder, b.folder]);
  });
});

describe('DexieCampaignBackend: refusals', () => {
  it('refuses bad names and ruleset ids when creating, and stores nothing', async () => {
    const { db, backend } = setup();
    expect(failed(await backend.create({ name: '   ', rulesetId: 'zones' }))).toMatchObject({
      code: 'name/bad-name',
      message: 'The campaign name must not be empty.',
    });
    expect(failed(await backend.create({ name: 'x'.repeat(121), rulesetId: 'zones' })).message).toMatch(/at most 120 characters/);
    expect(failed(await backend.create({ name: 'a\nb', rulesetId: 'zones' })).message).toMatch(/control characters/);
    const bad = failed(await backend.create({ name: 'Fine', rulesetId: 'Not A Ruleset' }));
    expect(bad.code).toBe('campaign/invalid');
    expect(bad.message).toMatch(/was not saved: rulesetId is not a ruleset id/);
    expect(await db.campaigns.count()).toBe(0);
  });

  it('refuses unknown folders with the disk store\'s code and message', async () => {
    const { backend } = setup();
    const missing = 'no-such-campaign';
    const says = 'The campaign in folder "no-such-campaign" does not exist. Refresh the campaign list.';
    for (const result of [
      await backend.open({ folder: missing }),
      await backend.duplicate({ folder: missing }),
      await backend.archive({ folder: missing }),
      await backend.delete({ folder: missing }),
      await backend.readEvents({ folder: missing, encounterId: 'e1' }),
      await backend.exportCampaign(missing),
    ]) {
      expect(failed(result)).toEqual({ ok: false, code: 'campaign/not-found', message: says });
    }
  });

  it('needs the campaign open to write, as the main process does', async () => {
    const { backend } = setup();
    const { folder, campaign } = unwrap(await backend.create({ name: 'Closed', rulesetId: 'zones' }));
    const says = (doing: string) => `The campaign in folder "${folder}" is not open in GM Screen; open it before ${doing}.`;
    expect(failed(await backend.save({ folder, campaign }))).toMatchObject({ code: 'campaign/not-open', message: says('saving it') });
    expect(failed(await backend.rename({ folder, name: 'New' })).message).toBe(says('renaming it'));
    expect(failed(await backend.createEncounter({ folder, name: 'Fight' })).message).toBe(says('adding an encounter'));
    expect(failed(await backend.appendEvents({ folder, encounterId: 'e1', events: [] })).message).toBe(says('saving events to it'));
  });

  it('refuses unknown encounters and bad encounter ids', async () => {
    const { backend, folder } = await campaignWithFight();
    expect(failed(await backend.appendEvents({ folder, encounterId: 'nope', events: [{ type: 'note' }] }))).toEqual({
      ok: false,
      code: 'events/no-log',
      message: `The event log ${folder}/encounters/nope.jsonl does not exist; create the encounter first (or refresh the campaign).`,
    });
    expect(failed(await backend.readEvents({ folder, encounterId: 'nope' }))).toMatchObject({
      code: 'events/no-log',
      message: `The event log ${folder}/encounters/nope.jsonl does not exist.`,
    });
    expect(failed(await backend.readEvents({ folder, encounterId: '../x' })).code).toBe('name/bad-id');
    expect(failed(await backend.appendEvents({ folder, encounterId: 'con', events: [] })).message).toMatch(/reserved by Windows/);
  });

  it('refuses events that are not events, and writes none of the batch', async () => {
    const { backend, folder, encounterId, fight } = await campaignWithFight();
    const length = fight.encounter.events.length;
    const cases: [unknown[], string, RegExp][] = [
      [[{ type: 'note' }, { text: 'no type' }], 'events/not-event', /Event 2 of 2 for .* has no event type/],
      [[{ type: '' }], 'events/not-event', /has no event type/],
      [[['a list']], 'events/not-event', /is a list, not an event/],
      [[{ type: 'note', at: new Date() }], 'json/not-data', /is not a plain object/],
      [[{ type: 'note', n: Number.NaN }], 'json/not-data', /NaN/],
      [[JSON.parse('{"type":"note","__proto__":{"x":1}}') as unknown], 'json/not-data', /forbidden key/],
      [[{ type: 'note', text: 'x'.repeat(1024 * 1024) }], 'events/too-large', /over the 1 MB limit for one event/],
    ];
    for (const [events, code, says] of cases) {
      const refused = failed(await backend.appendEvents({ folder, encounterId, events: events as { type: string }[] }));
      expect(refused.code).toBe(code);
      expect(refused.message).toMatch(says);
    }
    expect(unwrap(await backend.readEvents({ folder, encounterId })).events).toHaveLength(length);
  });

  it('validates every save with the campaign schema and the JSON guard', async () => {
    const { backend, folder } = await campaignWithFight();
    const before = unwrap(await backend.open({ folder })).campaign;
    const cases: [Campaign, string, RegExp][] = [
      [{ ...before, extra: 1 } as Campaign, 'campaign/invalid', /unknown field "extra"/],
      [{ ...before, roster: [{ id: 'a', name: ' A', data: {} }] }, 'campaign/invalid', /roster\[0\]\.name has spaces/],
      [{ ...before, roster: [{ id: 'a', name: 'A', data: {} }, { id: 'a', name: 'B', data: {} }] }, 'campaign/invalid', /two roster entries with the id "a"/],
      [{ ...before, maps: [{ id: 'm', name: 'Map', data: JSON.parse('{"constructor":{}}') as Record<string, unknown> }] }, 'json/not-data', /forbidden key/],
      [{ ...before, settings: { odd: Number.POSITIVE_INFINITY } }, 'json/not-data', /Infinity/],
      [{ ...before, bestiary: [{ id: 'b', name: 'Big', data: { blob: 'x'.repeat(21 * 1024 * 1024) } }] }, 'campaign/too-large', /would be 21 MB, over the 20 MB limit/],
      [{ ...before, id: 'someone-else' }, 'campaign/wrong-id', /holds campaign .*, not someone-else; nothing was saved/],
    ];
    for (const [campaign, code, says] of cases) {
      const refused = failed(await backend.save({ folder, campaign }));
      expect(refused.code).toBe(code);
      expect(refused.message).toMatch(says);
    }
    expect(unwrap(await backend.open({ folder })).campaign).toEqual(before);
  });

  it('lists a damaged stored campaign as a problem without hiding the others', async () => {
    const { db, backend, folder } = await campaignWithFight();
    const row = await db.campaigns.get(folder);
    if (!row) throw new Error('no row');
    await db.campaigns.put({ ...row, folder: 'from-the-future', campaign: { ...row.campaign, version: 2 } as unknown as Campaign });
    await db.campaigns.put({ ...row, folder: 'damaged', campaign: { ...row.campaign, name: '' } });
    const list = unwrap(await backend.list());
    expect(list.campaigns.map((c) => c.folder)).toEqual([folder]);
    expect(list.problems.map((p) => [p.folder, p.code])).toEqual([
      ['damaged', 'campaign/invalid'],
      ['from-the-future', 'campaign/newer-version'],
    ]);
    expect(list.problems[1]?.message).toMatch(/saved by a newer GM Screen \(campaign version 2/);
    expect(failed(await backend.open({ folder: 'damaged' })).message).toMatch(/name is empty/);
  });

  it('turns a storage exception into a failure', async () => {
    const { db, backend } = setup();
    db.close();
    const refused = failed(await backend.list());
    expect(refused.code).toBe('storage/failed');
    expect(refused.message).toMatch(/The browser's storage failed while listing the campaigns \(DatabaseClosedError/);
  });
});
