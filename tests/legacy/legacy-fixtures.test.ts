/**
 * Legacy fixtures: files written by GM Screen at commit b2dfe7f, before the engine's
 * restructure (rulesets as plug-in folders, namespaced event types, ruleset fields moved into
 * per-ruleset slices), and what they showed then.
 *
 * - fixtures/: two campaign folders as the desktop app leaves them (campaign.json and one
 *   journal per fight, `encounters/<id>.jsonl`: `journal/step` lines with their events,
 *   `journal/undo` and `journal/redo`), each fight's log exported as JSON, and one campaign
 *   exported as a single file. manifest.json says what is where.
 * - expected/: what each fight showed (Markdown, HTML and dice CSV exports for the GM and for
 *   the players, the player view and plain facts after every step) and what each campaign
 *   showed (roster, maps, settings, encounters and where their fights stand).
 *
 * Both were written once by generate/make-fixtures.test.ts (removed after it ran; see commit
 * c78bc36 for it and its scenarios), playing scripted fights through the
 * app's own session, store and disk store. THEY MUST NEVER BE REGENERATED after the restructure:
 * they are the record of what users' files look like. If a change breaks this test, the fix is a
 * migration in the restore path (the journal fold, `importEncounterLog`, the campaign store's
 * open and restore, the campaign import), not new fixtures. Only the few lines of facts.ts and
 * campaign-facts.ts that read a fact out of the state may change, to read it where it now lives.
 *
 * Two exports changed on purpose since: the dice CSV quotes every text field and defuses formula
 * characters after separators too (issue 14), compared as they read under that rule (`requoted`);
 * and two log sentences are worded anew (issue 16, `reworded`): the same facts, told the new way.
 * Attacks now also tell who could not react and why (issue 16), worked out for old logs from the
 * state each attack was declared in; today's exports are compared without those sentences
 * (`untold`), which no-reaction.test.ts checks.
 *
 * Every file is loaded through the public paths the app uses: the event-log reader and
 * `foldJournal` (+ replay) for journals, `importEncounterLog` for exported logs, the campaign
 * store's list, open and read for campaign folders, and the desktop and browser imports for the
 * export file. Tests copy the fixtures to a temporary folder first: opening a campaign writes
 * (its lock, and an upgraded file after a migration).
 */
import 'fake-indexeddb/auto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { csvField, foldJournal, importEncounterLog, type Encounter } from '../../engine/index';
import {
  closeCampaign,
  importCampaign,
  listCampaigns,
  openCampaign,
  readEvents,
  readExportFile,
  type CampaignRef,
} from '../../electron/campaigns/index';
import type { Campaign, StoredEvent } from '../../engine/campaign/index';
import { readEventLog } from '../../electron/campaigns/event-log';
import { DexieCampaignBackend } from '../../renderer/src/campaigns/dexie-backend';
import { freshDb } from '../../renderer/src/campaigns/test-support';
import { campaignFacts, type CampaignFacts } from './campaign-facts';
import { encounterOutputs, OUTPUT_FILES } from './facts';
import {
  CAMPAIGNS_ROOT,
  expectedCampaignFile,
  EXPORTS_DIR,
  logFile,
  readExpected,
  readManifest,
  WRITTEN_BY,
} from './fixture-files';

/**
 * Every event type of b2dfe7f (engine/core/events.ts at that commit), by its name then.
 * Each appears in at least one fixture's journal; none had to be left out. (When the fixtures
 * were written, each also appeared in a history as folded, not only in a step later undone.)
 */
const LEGACY_EVENT_TYPES = [
  'encounter-created',
  'faction-added',
  'combatant-added',
  'combat-started',
  'turn-advanced',
  'turn-set',
  'combat-ended',
  'combatant-damaged',
  'combatant-healed',
  'track-set',
  'stat-set',
  'condition-added',
  'condition-removed',
  'combatant-renamed',
  'faction-changed',
  'concealment-set',
  'notes-set',
  'order-set',
  'combatant-removed',
  'resource-used',
  'resource-set',
  'dice-rolled',
  'initiative-held',
  'phase-started',
  'first-faction-chosen',
  'turn-taken',
  'turn-ended',
  'faction-passed',
  'go-moved',
  'reaction-taken',
  'action-used',
  'moved',
  'morale-phase-started',
  'morale-checked',
  'morale-skipped',
  'zones-set',
  'zone-set',
  'map-set',
  'map-cleared',
  'gear-set',
  'mark-set',
  'grab-set',
  'initiative-faction-set',
  'setting-set',
  'attack-declared',
  'reaction-chosen',
  'attack-resolved',
  'attack-cancelled',
  'chase-resolved',
  'gear-worn',
  'player-factions-set',
  'enemy-health-set',
  'player-name-set',
  'name-revealed',
  'hidden-until-turn-set',
] as const;

const JOURNAL_LINES = ['journal/step', 'journal/undo', 'journal/redo'];

const manifest = readManifest();

function campaignOf(key: string): { folder: string; name: string } {
  const found = manifest.campaigns.find((c) => c.key === key);
  if (!found) throw new Error(`the manifest has no campaign ${key}`);
  return found;
}

function journalPath(encounter: (typeof manifest.encounters)[number]): string {
  return path.join(CAMPAIGNS_ROOT, campaignOf(encounter.campaign).folder, 'encounters', `${encounter.id}.jsonl`);
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: string; message: string }): T {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.value;
}

/** Folds a journal as the campaign session does, refusing one with steps cut short. */
function fold(lines: readonly unknown[], label: string): Encounter {
  const folded = unwrap(foldJournal(lines, label));
  expect(folded.cutShort, `${label} has steps cut short`).toEqual([]);
  return folded.encounter;
}

/**
 * A dice CSV written before issue 14 as the export writes it now: the same cells, read back with
 * papaparse, every text field quoted and formula characters defused (`csvField`); the round and
 * total columns stay numbers.
 */
function requoted(csv: string): string {
  const rows = Papa.parse<string[]>(csv.trimEnd(), { newline: '\r\n' }).data;
  const numeric = (row: number, column: number) => row > 0 && (column === 0 || column === 5) && /^-?\d+$/.test(rows[row]?.[column] ?? '');
  return rows.map((cells, r) => cells.map((cell, c) => (numeric(r, c) ? cell : csvField(cell))).join(',')).join('\r\n') + '\r\n';
}

/**
 * A log written before issue 16's wording as the log words it now: a track set by the GM reads
 * "The GM sets Ogre's hit points to 20 of 35." (no verb to agree with a plural label) and an on/off
 * setting "is turned on". Only those two sentences change; everything else must read the same.
 */
function reworded(text: string): string {
  return text
    .replace(/(^- |">)([^<>\n]+?)('s|&#39;s) ([^<>\n]+?) is set to (\d+) of (\d+)\./gm, '$1The GM sets $2$3 $4 to $5 of $6.')
    .replace(/The setting ("|&quot;)([^<>\n]+?)("|&quot;) is set to (true|false)\./g, (_all, open: string, label: string, close: string, value: string) => `The setting ${open}${label}${close} is turned ${value === 'true' ? 'on' : 'off'}.`);
}

/** An export without the sentences telling who could not react to an attack, and why ("Bo can't react: …."). */
function untold(text: string): string {
  return text.replace(/ [^.<>\n]+? can(?:'|&#39;)t react: [^.<>\n]+\./g, '');
}

/** Compares everything the encounter shows with what it showed when it was written. */
function expectShows(key: string, encounter: Encounter, campaignName: string, via: string): void {
  const actual = encounterOutputs(encounter, campaignName);
  for (const output of OUTPUT_FILES) {
    const expected = output.endsWith('.dice.csv') ? requoted(readExpected(key, output)) : /\.(md|html)$/.test(output) ? reworded(readExpected(key, output)) : readExpected(key, output);
    const got = /\.(md|html)$/.test(output) ? untold(actual[output] ?? '') : actual[output];
    if (got === expected) continue;
    if (output.endsWith('.json')) {
      // One entry per step: name the first step that differs, and show that step's difference.
      const gotLines = (got ?? '').split('\n');
      const wantLines = expected.split('\n');
      const at = wantLines.findIndex((line, i) => line !== gotLines[i]);
      const parse = (line: string | undefined) => (line === undefined || line === ']' || line === '' ? line : (JSON.parse(line.replace(/,$/, '')) as unknown));
      expect(parse(gotLines[at]), `${key} (${via}): ${output}, entry ${at - 1} (after step ${at - 1})`).toEqual(parse(wantLines[at]));
      expect(gotLines.length, `${key} (${via}): ${output} has another number of steps`).toBe(wantLines.length);
    }
    expect(got, `${key} (${via}): ${output} differs from what b2dfe7f showed`).toBe(expected);
  }
}

async function expectedCampaign(key: string): Promise<CampaignFacts> {
  return JSON.parse(await readFile(expectedCampaignFile(key), 'utf8')) as CampaignFacts;
}

/** Every fight of the campaign folded from the events its store holds, by encounter id. */
async function fightsOf(campaign: Campaign, read: (id: string) => Promise<{ ok: true; value: { events: StoredEvent[] } } | { ok: false; code: string; message: string }>): Promise<Record<string, Encounter>> {
  const fights: Record<string, Encounter> = {};
  for (const entry of campaign.encounters) {
    const log = await read(entry.id);
    if (!log.ok && log.code === 'events/no-log') continue;
    fights[entry.id] = fold(unwrap(log).events, `the log of "${entry.name}"`);
  }
  return fights;
}

/** Each fight the manifest knows in these, compared in full with what it showed. */
function expectFightsShow(campaignKey: string, fights: Readonly<Record<string, Encounter>>, via: string): void {
  const known = manifest.encounters.filter((e) => e.campaign === campaignKey);
  expect(Object.keys(fights).sort()).toEqual(known.map((e) => e.id).sort());
  for (const { key, id } of known) {
    const fight = fights[id];
    if (!fight) throw new Error(`no fight ${id}`);
    expectShows(key, fight, campaignOf(campaignKey).name, via);
  }
}

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gm-legacy-'));
  temps.push(dir);
  return dir;
}

// Each test replays whole fights and renders every export; a busy two-core machine needs room.
describe(`the legacy fixtures written by ${WRITTEN_BY}`, { timeout: 30_000 }, () => {
  it('were written by that version, and hold every event type it had', async () => {
    expect(manifest.writtenBy).toBe(WRITTEN_BY);
    const seen = new Set<string>();
    for (const encounter of manifest.encounters) {
      for (const line of (await readFile(journalPath(encounter), 'utf8')).split('\n')) {
        if (line !== '') seen.add((JSON.parse(line) as { type: string }).type);
      }
    }
    const missing = LEGACY_EVENT_TYPES.filter((type) => !seen.has(type));
    expect(missing, 'event types no fixture holds').toEqual([]);
    const unknown = [...seen].filter((type) => !(LEGACY_EVENT_TYPES as readonly string[]).includes(type) && !JOURNAL_LINES.includes(type));
    expect(unknown, 'types that were no event of that version').toEqual([]);
    expect(JOURNAL_LINES.filter((type) => !seen.has(type)), 'journal lines no fixture holds').toEqual([]);
  });

  describe.each(manifest.encounters)('the fight $name ($key)', (encounter) => {
    const campaignName = campaignOf(encounter.campaign).name;

    it('replays from its journal file (the event-log reader, then foldJournal) to what it showed', async () => {
      const log = unwrap(await readEventLog(journalPath(encounter), `${encounter.id}.jsonl`));
      expect(log.torn).toBeNull();
      expectShows(encounter.key, fold(log.events, `the log of "${encounter.name}"`), campaignName, 'journal');
    });

    it('imports from its exported log (importEncounterLog) to what it showed', async () => {
      const imported = unwrap(importEncounterLog(await readFile(logFile(encounter.key), 'utf8')));
      expectShows(encounter.key, imported, campaignName, 'exported log');
    });
  });

  describe.each(manifest.campaigns)('the campaign $name ($key)', ({ key, folder }) => {
    it('is listed, opens (store open and restore) and reads back to what it showed', async () => {
      const root = await tempDir();
      await cp(path.join(CAMPAIGNS_ROOT, folder), path.join(root, folder), { recursive: true });
      const listed = unwrap(await listCampaigns(root));
      expect(listed.problems).toEqual([]);
      expect(listed.campaigns.map((c) => c.folder)).toEqual([folder]);
      const ref: CampaignRef = { root, folder };
      const opened = unwrap(await openCampaign(ref));
      try {
        const fights = await fightsOf(opened.campaign, (id) => readEvents(ref, id));
        expect(campaignFacts(opened.campaign, fights)).toEqual(await expectedCampaign(key));
        expectFightsShow(key, fights, 'campaign folder');
      } finally {
        unwrap(await closeCampaign(opened));
      }
    });
  });

  describe.each(manifest.exports)('the campaign export $file', ({ campaign: key, file }) => {
    it('imports into a campaigns folder (desktop import) and opens to what it showed', async () => {
      const data = unwrap(await readExportFile(path.join(EXPORTS_DIR, file)));
      const root = await tempDir();
      const imported = unwrap(await importCampaign(root, data));
      expect(imported.renamedId).toBe(false);
      const ref: CampaignRef = { root, folder: imported.folder };
      const opened = unwrap(await openCampaign(ref));
      try {
        const fights = await fightsOf(opened.campaign, (id) => readEvents(ref, id));
        expect(campaignFacts(opened.campaign, fights)).toEqual(await expectedCampaign(key));
        expectFightsShow(key, fights, 'export, desktop import');
      } finally {
        unwrap(await closeCampaign(opened));
      }
      expect(await readdir(root)).toEqual([imported.folder]);
    });

    it('imports into the browser build (IndexedDB) and opens to what it showed', async () => {
      const backend = new DexieCampaignBackend(freshDb());
      const imported = unwrap(await backend.importCampaign(await readFile(path.join(EXPORTS_DIR, file), 'utf8')));
      const opened = unwrap(await backend.open({ folder: imported.folder }));
      const fights = await fightsOf(opened.campaign, (encounterId) => backend.readEvents({ folder: imported.folder, encounterId }));
      expect(campaignFacts(opened.campaign, fights)).toEqual(await expectedCampaign(key));
      expectFightsShow(key, fights, 'export, browser import');
      unwrap(await backend.close({ folder: imported.folder }));
    });
  });
});
