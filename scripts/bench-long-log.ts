// Opening a long fight in Chromium, part of the scale suite: printed figures, never asserted. Run
// through scripts/bench.mjs, next to bench-scale.ts.
//
// A Zones & Factions fight of 200 characters, played by real commands to 50,000 events (one GM
// step per command, a snapshot every SNAPSHOT_EVERY events, as the app writes its journal), is put
// in a campaign in the app's own format and imported through the browser build's campaign manager.
// It is opened once right after the import (the campaign's snapshots are trusted as far as the
// import's own replay vouched for them), then again and again. Figures, taken in the page: the
// session's own measure (from "Resume" to the fight read from the browser's storage and folded,
// ready to draw) and the time to the first frame with every character listed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { campaignFileWith } from '../engine/testing/journals';
import { OPEN_HISTORY_MEASURE, OPEN_MEASURE } from '../renderer/src/campaigns/open-measure';
import { openBenchBrowser, resumeMeasured } from './bench-browser';
import { zonesBenchJournal } from './bench-fights';

const EVENTS = 50_000;
const PEOPLE = 200;
const RUNS = 7;
const CAMPAIGN = 'Long log bench';
const FIGHT = 'Long fight';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One opening: the session's measures and what it read, once the fight is live (and checked). */
async function openOnce(page: Page): Promise<{ ready: number; listed: number; whole: number | null; linesRead: number; replayed: number }> {
  await page.evaluate((name) => performance.clearMeasures(name), OPEN_HISTORY_MEASURE);
  const { ready, listed } = await resumeMeasured(page, FIGHT, PEOPLE);
  // The whole history is read right after the end is drawn: a moment later, it is in.
  await page.waitForTimeout(1500);
  const read = await page.evaluate(
    ([open, history]) => {
      const shown = performance.getEntriesByName(open).pop() as PerformanceMeasure | undefined;
      const whole = performance.getEntriesByName(history).pop() as PerformanceMeasure | undefined;
      const detail = (shown?.detail ?? {}) as { linesRead?: number; replayed?: number };
      return { whole: whole?.duration ?? null, linesRead: detail.linesRead ?? Number.NaN, replayed: detail.replayed ?? Number.NaN };
    },
    [OPEN_MEASURE, OPEN_HISTORY_MEASURE] as const,
  );
  return { ready, listed, ...read };
}

/** Back to the campaign's page once the check of the whole history (off the GM's path) is done. */
async function leave(page: Page): Promise<void> {
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: `☰ ${CAMPAIGN}` }).click();
}

/** The long-log part of the scale suite: opening a 50,000-event fight, first after its import and again. */
async function longLogSuite(): Promise<void> {
  const fight = zonesBenchJournal(EVENTS, 'long-fight');
  const browser = await openBenchBrowser();
  try {
    const file = join(browser.work, 'long-log-bench.gm-campaign.json');
    writeFileSync(file, campaignFileWith({ id: 'long-log-campaign', name: CAMPAIGN, rulesetId: 'zones' }, [{ id: 'long-fight', name: FIGHT, lines: fight.lines }]));
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(browser.url);
    await page.getByLabel(/Import a campaign file/).setInputFiles(file);
    await page.getByRole('button', { name: `Open ${CAMPAIGN}` }).click();
    const what = `open a ${fight.events.toLocaleString('en')}-event fight (${fight.lines.length.toLocaleString('en')} journal lines, ${fight.snapshots} snapshots, ${PEOPLE} characters, Zones & Factions) in Chromium`;
    const said = (o: { linesRead: number; replayed: number; whole: number | null }) =>
      `${o.linesRead.toLocaleString('en')} lines read and ${o.replayed.toLocaleString('en')} events replayed for it` +
      (o.whole === null ? '' : `; whole history read and folded, the fight live, at ${o.whole.toFixed(0)} ms`);
    const first = await openOnce(page);
    await leave(page);
    console.log(`${what}, first open after import: read and folded ${first.ready.toFixed(0)} ms (${said(first)}); every character listed ${first.listed.toFixed(0)} ms`);
    const runs: Awaited<ReturnType<typeof openOnce>>[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(await openOnce(page));
      await leave(page);
    }
    const ready = runs.map((r) => r.ready);
    const wholes = runs.map((r) => r.whole).filter((w): w is number => w !== null);
    const lastRun = runs[runs.length - 1];
    console.log(
      `${what}, again (median of ${RUNS}): read and folded ${median(ready).toFixed(0)} ms (slowest ${Math.max(...ready).toFixed(0)} ms; ${lastRun ? said({ ...lastRun, whole: wholes.length > 0 ? median(wholes) : null }) : ''}); every character listed ${median(runs.map((r) => r.listed)).toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
  }
}

await longLogSuite();
