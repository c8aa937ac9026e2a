import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from './backend';
import * as shared from '../../../engine/campaign/index';
import { parseExport as sharedParseExport } from '../../../engine/campaign/parse-export';
import { sampleCampaign } from '../../../engine/campaign/testing/sample-campaign';
import { EXPORT_TYPE, exportFileName, serializeExport } from './campaign-export';
import { parseExport } from './parse-export';
import { DexieCampaignBackend } from './dexie-backend';
import { failed, freshDb, goblinFight, tickingClock, unwrap } from './test-support';
import { BUILTIN_RULESETS, historyLines, stepLines } from '../../../engine/index';

/** A campaign with two encounters: one with a whole fight, one planned with an empty log. */
async function exported() {
  const backend = new DexieCampaignBackend(freshDb(), { now: tickingClock() });
  const { folder } = unwrap(await backend.create({ name: 'Lost Mine', rulesetId: 'freeform' }));
  unwrap(await backend.open({ folder }));
  const fought = unwrap(await backend.createEncounter({ folder, name: 'Goblin ambush' })).encounter;
  const planned = unwrap(await backend.createEncounter({ folder, name: 'Dragon' })).encounter;
  const fight = goblinFight(fought.id);
  // As the app writes them: each step's events behind its journal line (an import replays them).
  for (const events of fight.steps) unwrap(await backend.appendEvents({ folder, encounterId: fought.id, events: stepLines(events) as StoredEvent[] }));
  const campaign = unwrap(await backend.open({ folder })).campaign;
  const text = unwrap(await backend.exportCampaign(folder));
  return { backend, folder, campaign, text, fight, journal: historyLines(fight.encounter) as StoredEvent[], fought, planned };
}

/** The export with one part replaced, as text. */
function patched(text: string, patch: (data: Record<string, unknown>) => void): string {
  const data = JSON.parse(text) as Record<string, unknown>;
  patch(data);
  return JSON.stringify(data);
}

describe('export and import', () => {
  it('round-trips a campaign and its logs into another browser', async () => {
    const { campaign, text, journal, fought, planned } = await exported();
    const data = JSON.parse(text) as { type: string; version: number; campaign: unknown; encounters: Record<string, unknown[]> };
    expect(data.type).toBe(EXPORT_TYPE);
    expect(data.version).toBe(1);
    expect(data.campaign).toEqual(campaign);
    expect(data.encounters).toEqual({ [fought.id]: journal, [planned.id]: [] });
    // One journal line per line.
    expect(text.split('\n').filter((line) => line.trimStart().startsWith('{"type":'))).toHaveLength(journal.length);

    const elsewhere = new DexieCampaignBackend(freshDb());
    const imported = unwrap(await elsewhere.importCampaign(text));
    expect(imported.campaign).toEqual(campaign); // same id: no campaign there had it
    expect(unwrap(await elsewhere.list()).campaigns.map((c) => c.folder)).toEqual([imported.folder]);
    expect(unwrap(await elsewhere.readEvents({ folder: imported.folder, encounterId: fought.id })).events).toEqual(journal);
    expect(unwrap(await elsewhere.readEvents({ folder: imported.folder, encounterId: planned.id })).events).toEqual([]);
    // It exports again to the same file.
    expect(unwrap(await elsewhere.exportCampaign(imported.folder))).toBe(text);
  });

  it('refuses an export whose fight holds a forged event, naming the fight and the step, and adds nothing (issue 14)', async () => {
    const { text, fought } = await exported();
    const forged = patched(text, (d) => (d.encounters as Record<string, unknown[]>)[fought.id]?.push({ type: 'journal/step', events: 1 }, { type: 'turn-advanced', round: 1, activeId: 'nobody', expired: [] }));
    const elsewhere = new DexieCampaignBackend(freshDb());
    const refused = failed(await elsewhere.importCampaign(forged));
    expect(refused.code).toBe('import/damaged-encounter');
    expect(refused.message).toMatch(/^The log of "Goblin ambush" in the import file: Step \d+ of this fight can't be read: in its event \d+ \("turn-advanced"\), the acting character is "nobody", who is not in the encounter\. Nothing was imported\.$/);
    expect(unwrap(await elsewhere.list()).campaigns).toEqual([]);
  });

  it('imports next to the original, never over it, with a fresh folder and id', async () => {
    const { backend, folder, campaign, text, fought } = await exported();
    const later: StoredEvent = { type: 'note', text: 'after export' };
    unwrap(await backend.appendEvents({ folder, encounterId: fought.id, events: [later] }));
    const first = unwrap(await backend.importCampaign(text));
    const second = unwrap(await backend.importCampaign(text));
    expect(new Set([folder, first.folder, second.folder]).size).toBe(3);
    expect(new Set([campaign.id, first.campaign.id, second.campaign.id]).size).toBe(3);
    expect(first.campaign).toEqual({ ...campaign, id: first.campaign.id });
    // The original kept what it had, including what came after the export.
    expect(unwrap(await backend.readEvents({ folder, encounterId: fought.id })).events.at(-1)).toEqual({ type: 'note', text: 'after export' });
    expect(unwrap(await backend.list()).campaigns).toHaveLength(3);
  });

  it('exports an archived campaign too', async () => {
    const { backend, folder, text } = await exported();
    unwrap(await backend.close({ folder }));
    unwrap(await backend.archive({ folder }));
    expect(unwrap(await backend.exportCampaign(folder))).toBe(text);
  });

  it('names the file after the campaign', () => {
    expect(exportFileName({ name: 'Le Château d’Ombre!' })).toBe('le-chateau-d-ombre.gm-campaign.json');
  });

  it('refuses bad files with a sentence, and imports nothing', async () => {
    const { backend, text, fought } = await exported();
    const cases: [string, string, RegExp][] = [
      ['', 'json/empty', /The import file is empty\. Nothing was imported\./],
      [text.slice(0, text.length / 2), 'json/syntax', /is not valid JSON: it ends in the middle of a value, so it was probably cut off/],
      [`${text.slice(0, 40)}}}${text.slice(40)}`, 'json/syntax', /not valid JSON/],
      ['[1, 2]', 'import/not-export', /holds a list instead of an object/],
      [patched(text, (d) => (d.type = 'gm-screen/campaign')), 'import/not-export', /its type is "gm-screen\/campaign"; expected "gm-screen\/campaign-export"/],
      [patched(text, (d) => delete d.type), 'import/not-export', /it has no "type" field/],
      [patched(text, (d) => (d.version = 2)), 'import/newer-version', /exported by a newer GM Screen \(export version 2/],
      [patched(text, (d) => (d.version = '1')), 'import/unknown-version', /unknown export version \(text\)/],
      [patched(text, (d) => (d.version = 0)), 'import/unknown-version', /unknown export version \(0\)/],
      [patched(text, (d) => (d.extra = true)), 'import/invalid', /unknown field "extra"/],
      [patched(text, (d) => delete d.encounters), 'import/invalid', /has no "encounters" field/],
      [patched(text, (d) => (d.encounters = [])), 'import/invalid', /has a list as "encounters"/],
      [patched(text, (d) => delete d.campaign), 'campaign/not-campaign', /The campaign in the import file is not a GM Screen campaign: it holds nothing/],
      [patched(text, (d) => ((d.campaign as Record<string, unknown>).version = 3)), 'campaign/newer-version', /Update GM Screen/],
      [patched(text, (d) => ((d.campaign as Record<string, unknown>).version = 0)), 'campaign/unknown-version', /cannot upgrade/],
      [patched(text, (d) => ((d.campaign as Record<string, unknown>).roster = {})), 'campaign/invalid', /roster should be a list but is an object\. Nothing was imported\./],
      [patched(text, (d) => ((d.encounters as Record<string, unknown>)['stranger'] = [])), 'import/unknown-encounter', /encounter "stranger", which the campaign does not list/],
      [patched(text, (d) => ((d.encounters as Record<string, unknown>)[fought.id] = {})), 'import/invalid', /has an object as the events of encounter/],
      [patched(text, (d) => ((d.encounters as Record<string, unknown[]>)[fought.id]?.push({ text: 'typeless' }))), 'events/not-event', /Event \d+ of encounter "[^"]+" in the import file has no event type/],
      [patched(text, (d) => ((d.encounters as Record<string, unknown[]>)[fought.id]?.push(7))), 'events/not-event', /is a number, not an event/],
    ];
    for (const [file, code, says] of cases) {
      const refused = failed(await backend.importCampaign(file));
      expect(refused.code).toBe(code);
      expect(refused.message).toMatch(says);
    }
    expect(unwrap(await backend.list()).campaigns).toHaveLength(1);
  });

  it('refuses prototype keys anywhere in the file', async () => {
    const { backend, text, fought } = await exported();
    const inEvent = text.replace('{"type":"encounter-created",', '{"type":"encounter-created","__proto__":{"polluted":true},');
    const atTop = text.replace('"type": "gm-screen/campaign-export",', '"type": "gm-screen/campaign-export", "__proto__": {},');
    const inData = patched(text, (d) => ((d.campaign as { roster: unknown[] }).roster = [{ id: 'a', name: 'A', data: { constructor: { prototype: 1 } } }]));
    for (const [file, key] of [
      [inEvent, '__proto__'],
      [atTop, '__proto__'],
      [inData, 'constructor'],
    ] as const) {
      expect(file).not.toBe(text);
      const refused = failed(await backend.importCampaign(file));
      expect(refused.code).toBe('json/forbidden-key');
      expect(refused.message).toMatch(new RegExp(`contains the key "${key}"`));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(text).toContain(fought.id);
    expect(unwrap(await backend.list()).campaigns).toHaveLength(1);
  });

  it('refuses a file over the size limit before parsing it', async () => {
    const { text } = await exported();
    const small = new DexieCampaignBackend(freshDb(), { maxImportBytes: 2048 });
    const refused = failed(await small.importCampaign(text));
    expect(refused.code).toBe('import/too-large');
    expect(refused.message).toMatch(/^The import file is over the 2 KB limit for a campaign export\. Nothing was imported\.$/);
    // Characters under the limit, UTF-8 bytes over it.
    const wide = failed(parseExport(`"${'é'.repeat(1500)}"`, 2048));
    expect(wide).toMatchObject({ code: 'import/too-large', message: expect.stringMatching(/is 2.9 KB, over the 2 KB limit/) });
    expect(unwrap(await small.list()).campaigns).toEqual([]);
  });

  it('refuses nesting deeper than the guard allows', () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(failed(parseExport(deep)).code).toBe('json/too-deep');
  });

  it('accepts a file a text editor saved with a byte-order mark', async () => {
    const { text } = await exported();
    const elsewhere = new DexieCampaignBackend(freshDb());
    unwrap(await elsewhere.importCampaign(`\uFEFF${text}`));
  });
});

describe('one format for the browser build and the desktop app', () => {
  it('is the disk store\'s own module (engine/campaign/campaign-export.ts), re-exported', () => {
    expect(serializeExport).toBe(shared.serializeExport);
    expect(exportFileName).toBe(shared.exportFileName);
    expect(EXPORT_TYPE).toBe(shared.EXPORT_TYPE);
  });

  it('the desktop names the file in messages, keeping its case', () => {
    const text = serializeExport({ campaign: sampleCampaign({ roster: {} as never }), encounters: {} });
    const refused = failed(sharedParseExport(text, BUILTIN_RULESETS, shared.MAX_IMPORT_BYTES, { label: shared.importFileLabel('Lost Mine.JSON') }));
    expect(refused.message).toBe(
      'The campaign in the import file "Lost Mine.JSON" is damaged: roster should be a list but is an object. Nothing was imported.',
    );
  });

  it('an older campaign version inside: the desktop upgrades it, the browser build refuses it', () => {
    const at = '2024-05-01T10:00:00.000Z';
    const v0 = {
      type: 'gm-screen/campaign',
      version: 0,
      id: 'old',
      name: 'Old',
      rulesetId: 'zones',
      settings: {},
      roster: [],
      bestiary: [],
      encounters: [{ id: 'e1', name: 'Fight', finished: false, createdAt: at, updatedAt: at }],
      createdAt: at,
      updatedAt: at,
    };
    const text = JSON.stringify({ type: EXPORT_TYPE, version: 1, campaign: v0, encounters: { e1: [] } });
    const desktop = unwrap(sharedParseExport(text, BUILTIN_RULESETS));
    expect(desktop.campaign).toMatchObject({ version: 1, maps: [], encounters: [{ id: 'e1', status: 'planned' }] });
    expect(failed(parseExport(text))).toMatchObject({ code: 'campaign/unknown-version', message: expect.stringContaining('which the browser build of GM Screen cannot upgrade') });
  });
});
