// JS per screen, as the browser fetched it: printed figures, never asserted. Run through scripts/bench.mjs.
//
// Each screen is loaded in a fresh tab and, once it shows what it is for and the network is idle,
// the scripts the page fetched are read from its resource timing (the entry, what it imports and
// every chunk loaded on demand since): their sizes gzipped at level 9, as a server would send
// them. Screens: the campaign list on a first start; the tracker of a running fight of Zones &
// Factions (on a zone map) and of Sides & Shock (on a grid map), each reopened by a fresh start
// (the app reopens the last fight); the players' screen showing that Sides & Shock fight.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { historyLines } from '../engine/index';
import { campaignFileWith } from '../engine/testing/journals';
import { MAP_FIGHTS } from '../tests/e2e/map-fights';
import { openBenchBrowser, type BenchBrowser } from './bench-browser';

const gzipped = new Map<string, number>();
/** The size of a built file gzipped, in bytes. */
function gzSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join('dist/assets', file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

/** The scripts the page has fetched since it loaded, by file name. */
async function fetchedScripts(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  return [...new Set(urls.filter((u) => u.endsWith('.js')).map((u) => u.slice(u.lastIndexOf('/') + 1)))];
}

async function report(screen: string, page: Page): Promise<void> {
  const files = await fetchedScripts(page);
  const gz = files.reduce((sum, f) => sum + gzSize(f), 0);
  const rulesets = [...new Set(files.filter((f) => f.startsWith('ruleset-')).map((f) => f.replace(/^ruleset-/, '').replace(/-[^-]+$/, '')))];
  console.log(`JS per screen, ${screen}: ${(gz / 1024).toFixed(1)} KB gzipped in ${files.length} files (ruleset chunks: ${rulesets.length === 0 ? 'none' : rulesets.join(', ')})`);
}

/** Imports a campaign holding one running fight and resumes it, then closes the tab. */
async function playFrom(browser: BenchBrowser, rulesetId: 'zones' | 'sides', campaign: string): Promise<void> {
  const fight = MAP_FIGHTS.find((f) => f.rulesetId === rulesetId);
  if (!fight) throw new Error(`no map fight of ${rulesetId}`);
  const encounter = fight.turn();
  const id = encounter.state.id;
  const file = join(browser.work, `${id}.gm-campaign.json`);
  writeFileSync(file, campaignFileWith({ id: `campaign-${id}`, name: campaign, rulesetId }, [{ id, name: `${campaign} fight`, lines: historyLines(encounter) }]));
  const page = await browser.context.newPage();
  await page.goto(browser.url);
  await page.getByRole('button', { name: 'Create campaign' }).waitFor();
  await page.getByLabel(/Import a campaign file/).setInputFiles(file);
  await page.getByRole('button', { name: `Open ${campaign}` }).click();
  await page.getByRole('button', { name: `Resume ${campaign} fight` }).click();
  await page.getByRole('list', { name: 'Combatants' }).getByRole('listitem').first().waitFor();
  await page.close();
}

/** Leaves the fight and its campaign, so the next start shows the campaign list. */
async function leave(page: Page, campaign: string): Promise<void> {
  await page.getByRole('button', { name: `☰ ${campaign}` }).click();
  await page.getByRole('button', { name: '☰ Campaigns' }).click();
  await page.getByRole('button', { name: 'Create campaign' }).waitFor();
  await page.close();
}

/** A fresh start of the GM screen, which reopens the last fight: its tracker once it shows. */
async function reopened(browser: BenchBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(browser.url);
  await page.getByRole('list', { name: 'Combatants' }).getByRole('listitem').first().waitFor();
  return page;
}

const browser = await openBenchBrowser();
try {
  const list = await browser.context.newPage();
  await list.goto(browser.url);
  await list.getByRole('button', { name: 'Create campaign' }).waitFor();
  await report('campaign list', list);
  await list.close();

  await playFrom(browser, 'zones', 'Bench Zones');
  const zones = await reopened(browser);
  await report('tracker, a Zones & Factions fight on a zone map', zones);
  await leave(zones, 'Bench Zones');

  await playFrom(browser, 'sides', 'Bench Sides');
  const sides = await reopened(browser);
  await report('tracker, a Sides & Shock fight on a grid map', sides);
  const players = await browser.context.newPage();
  await players.goto(`${browser.url}#player`);
  await players.getByRole('list').first().waitFor();
  await report("players' screen, that Sides & Shock fight", players);
} finally {
  await browser.close();
}
