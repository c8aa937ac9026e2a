// Opening a long fight in Chromium: printed figures, never asserted. Run through scripts/bench.mjs.
//
// A Zones & Factions fight of 200 characters, played by real commands to 5,000 events (one GM step
// per command, as the app writes them), is put in a campaign twice: once with its journal as the
// app writes it today (a snapshot every SNAPSHOT_EVERY events), once without snapshots (as before
// issue 14). The campaign is exported in the app's own format, imported through the browser
// build's campaign manager, and each fight is opened again and again (the first opening of the
// fight with snapshots replays everything, as a campaign file's snapshots are not trusted, and
// vouches for the newest; the median is of openings that start there). Figures: the session's own
// measure (from "Resume" to the fight read from the browser's storage and folded, ready to draw)
// and the time to the first frame with every character listed (the tracker drawn), both taken in
// the page.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { campaignFileWith } from '../engine/testing/journals';
import { openBenchBrowser, resumeMeasured } from './bench-browser';
import { zonesBenchJournal } from './bench-fights';

const EVENTS = 5_000;
const PEOPLE = 200;
const RUNS = 9;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Opens the fight named `name` `RUNS` times: the session's measure and the time to every character listed, in ms. */
async function openings(page: Page, name: string): Promise<{ ready: number[]; listed: number[] }> {
  const ready: number[] = [];
  const listed: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const opened = await resumeMeasured(page, name, PEOPLE);
    ready.push(opened.ready);
    listed.push(opened.listed);
    // Back to the campaign once the check of the whole history (a moment after) is done.
    await page.waitForTimeout(400);
    await page.getByRole('button', { name: '☰ Open bench' }).click();
  }
  return { ready, listed };
}

const browser = await openBenchBrowser();
try {
  const fast = zonesBenchJournal(EVENTS, 'fight-a', true);
  const slow = zonesBenchJournal(EVENTS, 'fight-b', false);
  const file = join(browser.work, 'open-bench.gm-campaign.json');
  const fights = [
    { id: 'fight-a', name: 'Snapshots', lines: fast.lines },
    { id: 'fight-b', name: 'No snapshots', lines: slow.lines },
  ];
  writeFileSync(file, campaignFileWith({ id: 'bench-campaign', name: 'Open bench', rulesetId: 'zones' }, fights));
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(browser.url);
  await page.getByLabel(/Import a campaign file/).setInputFiles(file);
  await page.getByRole('button', { name: 'Open Open bench' }).click();
  const what = `a fight of ${fast.events.toLocaleString('en')} events (${PEOPLE} characters, Zones & Factions)`;
  for (const [name, label] of [
    ['Snapshots', `${fast.snapshots} snapshots in its journal`],
    ['No snapshots', 'no snapshot, as before issue 14'],
  ] as const) {
    const { ready, listed } = await openings(page, name);
    console.log(
      `open ${what}, ${label}, in Chromium (median of ${RUNS}): read and folded, ready to draw, ${median(ready).toFixed(0)} ms (slowest ${Math.max(...ready).toFixed(0)} ms); drawn, every character listed, ${median(listed).toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
}
