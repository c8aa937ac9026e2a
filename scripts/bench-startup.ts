// Start-up of each screen in Chromium: printed figures, never asserted. Run through scripts/bench.mjs.
//
// A fresh page of the web build, each time in a new tab of the same browser (the files come from
// the local server, the browser's cache is warm after the first load, as on a GM's second start):
// first contentful paint, and "ready", the moment the screen's first control can be used (the
// campaign manager's "Create campaign" button; the players' page's waiting message, or its "no
// fight" once a GM page has published). Median of
// 10 loads each.
import type { Page } from 'playwright-core';
import { openBenchBrowser } from './bench-browser';

const LOADS = 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function startup(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<{ paint: number; ready: number }> {
  await page.goto(url);
  await ready(page);
  const readyAt = await page.evaluate(() => performance.now());
  // A page ready within a frame has no paint entry yet: it is read once the browser has painted.
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  return { paint, ready: readyAt };
}

const browser = await openBenchBrowser();
try {
  const screens: [string, string, (page: Page) => Promise<void>][] = [
    ['GM screen (campaign manager)', browser.url, (page) => page.getByRole('button', { name: 'Create campaign' }).waitFor()],
    // Its waiting message, either one: a GM page loaded in the same browser just before may already
    // have told it there is no fight (when it does depends on timing).
    ["players' screen", `${browser.url}#player`, (page) => page.getByText(/^(Waiting for the GM…|No fight right now\.)$/).waitFor()],
  ];
  for (const [name, url, ready] of screens) {
    const runs: { paint: number; ready: number }[] = [];
    for (let i = 0; i < LOADS; i++) {
      const page = await browser.context.newPage();
      runs.push(await startup(page, url, ready));
      await page.close();
    }
    console.log(
      `start-up, ${name}: first contentful paint median ${median(runs.map((r) => r.paint)).toFixed(0)} ms, ` +
        `ready to use median ${median(runs.map((r) => r.ready)).toFixed(0)} ms (${LOADS} loads, warm cache)`,
    );
  }
} finally {
  await browser.close();
}
