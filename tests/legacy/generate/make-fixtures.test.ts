/// <reference types="svelte" />
/**
 * Writes the legacy fixtures (tests/legacy/fixtures) and their expected outputs
 * (tests/legacy/expected) ONCE, with the code of commit b2dfe7f, by playing the scenarios of
 * this folder through the app's own path: the campaign session and encounter store of the
 * renderer, the desktop outbox, the IPC backend and the main process's campaign handlers on a
 * real campaigns folder (renderer/src/campaigns/disk-harness.ts). So the files are exactly what
 * the desktop app of that version writes.
 *
 *   WRITE_LEGACY_FIXTURES=1 npx vitest run tests/legacy/generate/make-fixtures.test.ts
 *
 * It refuses to run when the fixtures or expected folders exist, or when engine/, electron/ or
 * renderer/ differ from b2dfe7f: the fixtures are a record of what that version wrote, and must
 * never be written again by a later one. After the engine is restructured this folder may no
 * longer compile; then delete it (git keeps it), never the fixtures.
 *
 * (The reference to svelte's types above gives tsc the runes of the store classes it drives.)
 */
import 'fake-indexeddb/auto';
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportJson, type Encounter } from '../../../engine/index';
import { exportFileName, exportText, readCampaignContent, type Campaign } from '../../../electron/campaigns/index';
import { newId } from '../../../electron/campaigns/safe-names';
import { CampaignOutbox } from '../../../renderer/src/campaigns/outbox.svelte';
import { diskHarness } from '../../../renderer/src/campaigns/disk-harness';
import { IpcCampaignBackend } from '../../../renderer/src/campaigns/ipc-backend';
import { CampaignSession } from '../../../renderer/src/campaigns/session.svelte';
import { freshDb } from '../../../renderer/src/campaigns/test-support';
import { EncounterStore } from '../../../renderer/src/store/encounter-store.svelte';
import { campaignFacts } from '../campaign-facts';
import { encounterOutputs, EXPORTED_AT } from '../facts';
import {
  CAMPAIGNS_ROOT,
  EXPECTED_DIR,
  expectedBytes,
  expectedCampaignFile,
  expectedFile,
  EXPORTS_DIR,
  FIXTURES_DIR,
  jsonText,
  LEGACY_DIR,
  logFile,
  LOGS_DIR,
  MANIFEST_FILE,
  WRITTEN_BY,
  type Manifest,
} from '../fixture-files';
import { planBridge, playBridge } from './bridge';
import {
  freeformBestiary,
  freeformParty,
  zonesBestiary,
  zonesMaps,
  zonesParty,
  ZONES_CAMPAIGN_SETTINGS,
} from './campaign-content';
import { playCellar } from './cellar';
import { playFord } from './ford';
import { Table, type Gm } from './gm';

const WRITE = process.env.WRITE_LEGACY_FIXTURES === '1';
const REPO = path.resolve(LEGACY_DIR, '../..');

/** A clock that starts on a game night and moves one second per call, for every timestamp written. */
function gameNight(): () => Date {
  let at = Date.parse('2025-03-01T18:00:00.000Z');
  return () => new Date((at += 1000));
}

/** The GM at the app's encounter store, adding from the campaign through the session. */
function storeGm(store: EncounterStore, session: CampaignSession): Gm {
  const current = (): Encounter => {
    if (!store.encounter) throw new Error('no encounter open');
    return store.encounter;
  };
  return {
    get encounter() {
      return current();
    },
    act(command) {
      if (!store.dispatch(command)) throw new Error(`${command.type} was refused: ${store.message ?? ''}`);
    },
    undo: () => store.undo(),
    redo: () => store.redo(),
    addFromCampaign(item, options) {
      if (!session.addToEncounter(item, options)) throw new Error(`adding ${item.name} was refused: ${store.message ?? ''}`);
    },
  };
}

/** A fight played, for its expected outputs. */
interface Played {
  readonly key: string;
  readonly campaign: string;
  readonly encounter: Encounter;
}

function refuseToOverwrite(): void {
  for (const dir of [FIXTURES_DIR, EXPECTED_DIR]) {
    if (existsSync(dir)) throw new Error(`${path.relative(REPO, dir)} exists: the legacy fixtures are written once and never again.`);
  }
  try {
    execFileSync('git', ['diff', '--quiet', WRITTEN_BY, '--', 'engine', 'electron', 'renderer'], { cwd: REPO });
  } catch {
    throw new Error(`engine/, electron/ or renderer/ differ from ${WRITTEN_BY}: the legacy fixtures must be written by that version's code only.`);
  }
}

describe.skipIf(!WRITE)('the legacy fixtures', () => {
  it('are written by the app of this version, once', { timeout: 120_000 }, async () => {
    refuseToOverwrite();
    const clock = gameNight();
    const harness = await diskHarness(clock);
    try {
      const db = freshDb();
      const backend = new IpcCampaignBackend(harness.api);
      const store = new EncounterStore();
      const outbox = new CampaignOutbox(db, backend);
      const session = new CampaignSession({ backend, db, store, outbox, now: clock });
      const gm = storeGm(store, session);
      const played: Played[] = [];
      const manifest = {
        writtenBy: WRITTEN_BY,
        campaigns: [] as Manifest['campaigns'][number][],
        encounters: [] as Manifest['encounters'][number][],
        exports: [] as Manifest['exports'][number][],
      } satisfies Manifest;
      const campaigns = new Map<string, Campaign>();

      const openNew = async (key: string, name: string, rulesetId: string) => {
        const created = await backend.create({ name, rulesetId });
        if (!created.ok) throw new Error(created.message);
        expect(await session.openCampaign(created.value.folder)).toBe(true);
        manifest.campaigns.push({ key, folder: created.value.folder, name });
        return created.value.folder;
      };
      const play = async (key: string, campaign: string, name: string, options: { seed: number; fromSetup?: string }, scenario: (t: Table) => void) => {
        expect(await session.newEncounter(name, options), session.message ?? '').toBe(true);
        scenario(new Table(gm));
        await session.flush();
        expect(store.saved, store.message ?? '').toBe(true);
        const encounter = gm.encounter;
        played.push({ key, campaign, encounter });
        manifest.encounters.push({ key, campaign, id: encounter.state.id, name });
        expect(await session.closeEncounter()).toBe(true);
        await session.flush();
        return encounter.state.id;
      };
      const close = async (key: string) => {
        await session.flush();
        const campaign = session.campaign;
        if (!campaign) throw new Error('no campaign open');
        campaigns.set(key, campaign);
        expect(await session.closeCampaign()).toBe(true);
      };

      // The Zones & Factions campaign: rules, party, bestiary and maps set up as separate edits,
      // then four encounters: a finished fight, a plan, a fight started from that plan (left
      // running with undone steps).
      const saltRoad = await openNew('salt-road', 'The Salt Road', 'zones');
      session.edit((c) => ({ ...c, settings: { ...ZONES_CAMPAIGN_SETTINGS } }));
      session.edit((c) => ({ ...c, roster: zonesParty() }));
      session.edit((c) => ({ ...c, bestiary: zonesBestiary() }));
      session.edit((c) => ({ ...c, maps: zonesMaps({ newId }) }));
      await session.flush();
      const zonesItems = () => {
        const c = session.campaign;
        if (!c) throw new Error('no campaign open');
        return { party: c.roster, bestiary: c.bestiary, maps: c.maps };
      };
      await play('ford', 'salt-road', 'Ambush at the ford', { seed: 1234 }, (t) => playFord(t, zonesItems()));
      const plan = await play('bridge-plan', 'salt-road', 'The bridge (plan)', { seed: 99 }, (t) => planBridge(t, zonesItems()));
      await play('bridge', 'salt-road', 'The bridge', { seed: 11, fromSetup: plan }, (t) => playBridge(t, zonesItems()));
      await close('salt-road');

      // The Freeform campaign: its party and bestiary, and one finished fight.
      await openNew('cellar-crawl', 'Cellar Crawl', 'freeform');
      session.edit((c) => ({ ...c, roster: freeformParty(), bestiary: freeformBestiary() }));
      await session.flush();
      await play('cellar', 'cellar-crawl', 'The cellar', { seed: 5 }, (t) => {
        const c = session.campaign;
        if (!c) throw new Error('no campaign open');
        playCellar(t, { party: c.roster, bestiary: c.bestiary });
      });
      await close('cellar-crawl');

      // The campaigns folder as the app leaves it, and the Zones campaign exported as one file
      // (what `campaigns:export` writes, without its save dialog).
      const content = await readCampaignContent({ root: harness.root, folder: saltRoad });
      if (!content.ok) throw new Error(content.message);
      expect(content.value.torn).toEqual([]);
      const text = exportText(content.value.data, saltRoad);
      if (!text.ok) throw new Error(text.message);
      const exportName = exportFileName(content.value.data.campaign);
      manifest.exports.push({ campaign: 'salt-road', file: exportName });

      expect((await readdir(harness.root)).sort()).toEqual(manifest.campaigns.map((c) => c.folder).sort());
      await mkdir(FIXTURES_DIR, { recursive: true });
      // The backups of campaign.json (campaign.json.bak1..5, the same format) are left out to
      // keep the fixtures small.
      await cp(harness.root, CAMPAIGNS_ROOT, { recursive: true, filter: (from) => !/\.bak\d+$/.test(from) });
      await mkdir(EXPORTS_DIR, { recursive: true });
      await writeFile(path.join(EXPORTS_DIR, exportName), text.value);
      await mkdir(LOGS_DIR, { recursive: true });
      const nameOf = (key: string) => manifest.campaigns.find((c) => c.key === key)?.name ?? '';
      for (const { key, campaign, encounter } of played) {
        await writeFile(logFile(key), exportJson(encounter, { campaignName: nameOf(campaign), exportedAt: EXPORTED_AT }));
      }
      await writeFile(MANIFEST_FILE, jsonText(manifest));

      // What they show, from the fights as they were played (not as read back).
      for (const { key, campaign, encounter } of played) {
        await mkdir(path.dirname(expectedFile(key, 'x')), { recursive: true });
        for (const [file, content] of Object.entries(encounterOutputs(encounter, nameOf(campaign)))) await writeFile(expectedFile(key, file), expectedBytes(file, content));
      }
      await mkdir(path.dirname(expectedCampaignFile('x')), { recursive: true });
      for (const [key, campaign] of campaigns) {
        const fights = Object.fromEntries(played.filter((p) => p.campaign === key).map((p) => [p.encounter.state.id, p.encounter]));
        await writeFile(expectedCampaignFile(key), jsonText(campaignFacts(campaign, fights)));
      }
    } catch (error) {
      await rm(FIXTURES_DIR, { recursive: true, force: true });
      await rm(EXPECTED_DIR, { recursive: true, force: true });
      throw error;
    } finally {
      await harness.dispose();
    }
  });
});
