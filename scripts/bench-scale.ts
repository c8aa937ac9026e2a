// The screen at scale in Chromium: printed figures, never asserted. Run through scripts/bench.mjs.
//
// Running Freeform fights of 100, 500 and 1,000 combatants (the engine's cap), each played by real
// commands (characters added 50 at a time, the fight started), are put in a campaign in the app's
// own format and imported through the browser build's campaign manager. Figures, all taken in the
// page:
// - opening each fight: from "Resume" to the first frame showing its turn order (and the session's
//   own measure, read from the browser's storage and folded);
// - next turn, key → next frame: a keydown of N sent to the window with nothing focused, to the
//   frame that paints the new acting row. The acting row is looked for once a frame; once it has
//   moved, the time is taken from a message posted in that frame's requestAnimationFrame, which
//   runs after the frame's style, layout and paint;
// - the DOM of the turn order at 100: elements and all nodes (text and comments too) per row drawn
//   (a long list draws only the rows in and near its view), and the whole page's;
// - the JS heap after a garbage collection (through the DevTools protocol), on the campaign list
//   and with each fight open.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { historyLines } from '../engine/index';
import { crowdFight } from '../engine/testing/crowds';
import { campaignFileWith } from '../engine/testing/journals';
import { nextTurn, openBenchBrowser, percentile, resumeMeasured } from './bench-browser';

const SIZES = [100, 500, 1_000] as const;
const OPENINGS = 5;
const TURNS = 50;
const WARM_UP_TURNS = 5;
const CAMPAIGN = 'Scale bench';

const fightName = (size: number) => `Fight of ${size.toLocaleString('en')}`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A running Freeform fight of `size` combatants, half on each side, as the app writes its journal. */
function fightOf(size: number): { id: string; name: string; lines: ReturnType<typeof historyLines> } {
  const id = `scale-${size}`;
  return { id, name: fightName(size), lines: historyLines(crowdFight(id, size)) };
}

/** Back to the campaign's page, once the check of the whole history (a moment after opening) is done. */
async function leave(page: Page): Promise<void> {
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: `☰ ${CAMPAIGN}` }).click();
}

/** The turn order's DOM: rows, and the elements and nodes (text and comments too) under the list and in the page. */
function orderDom(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('[aria-label="Combatants"]');
    if (!list) throw new Error('no turn order');
    const count = (root: Node) => {
      const seen = { elements: 0, text: 0, blank: 0, comments: 0 };
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.ELEMENT_NODE) seen.elements++;
        else if (node.nodeType === Node.COMMENT_NODE) seen.comments++;
        else {
          seen.text++;
          if ((node.textContent ?? '').trim() === '') seen.blank++;
        }
      }
      return seen;
    };
    return { rows: list.querySelectorAll(':scope > li').length, list: count(list), page: count(document.documentElement) };
  });
}

/** The JS heap in use after a garbage collection, in bytes. */
async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    return (await cdp.send('Runtime.getHeapUsage')).usedSize;
  } finally {
    await cdp.detach();
  }
}

const browser = await openBenchBrowser();
try {
  const fights = SIZES.map(fightOf);
  const file = join(browser.work, 'scale-bench.gm-campaign.json');
  writeFileSync(file, campaignFileWith({ id: 'scale-campaign', name: CAMPAIGN, rulesetId: 'freeform' }, fights));
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.goto(browser.url);
  await page.getByLabel(/Import a campaign file/).setInputFiles(file);
  await page.getByRole('button', { name: `Open ${CAMPAIGN}` }).click();
  await page.getByRole('button', { name: `Resume ${fightName(SIZES[0])}` }).waitFor();
  const heaps: string[] = [`campaign list ${mb(await heapAfterGc(page))} MB`];

  for (const size of SIZES) {
    const what = `a running Freeform fight of ${size} combatants`;
    // Opened again and again; the last opening stays open for the turns.
    const openings: { ready: number; listed: number }[] = [];
    for (let run = 0; run < OPENINGS; run++) {
      if (run > 0) await leave(page);
      openings.push(await resumeMeasured(page, fightName(size), size));
    }
    const listed = openings.map((o) => o.listed);
    console.log(
      `scale, open ${what}, in Chromium (median of ${OPENINGS}): drawn, the order listed, ${percentile(listed, 50).toFixed(0)} ms (slowest ${Math.max(...listed).toFixed(0)} ms); read and folded, ready to draw, ${percentile(openings.map((o) => o.ready), 50).toFixed(0)} ms`,
    );

    await page.waitForTimeout(400);
    for (let i = 0; i < WARM_UP_TURNS; i++) await nextTurn(page);
    const turns: number[] = [];
    for (let i = 0; i < TURNS; i++) {
      turns.push(await nextTurn(page));
      // The step stored and the page idle before the next key, as between a GM's presses.
      await page.waitForTimeout(20);
    }
    console.log(
      `scale, next turn at ${size} combatants, key → next painted frame, in Chromium (${TURNS} turns of ${what}): median ${percentile(turns, 50).toFixed(1)} ms, 95th percentile ${percentile(turns, 95).toFixed(1)} ms`,
    );

    if (size === SIZES[0]) {
      const dom = await orderDom(page);
      const per = (n: number) => (n / dom.rows).toFixed(1);
      const all = (c: typeof dom.list) => c.elements + c.text + c.comments;
      console.log(
        `scale, DOM of the turn order at ${size} combatants (${dom.rows} rows drawn), in Chromium: per row ${per(dom.list.elements)} elements, ${per(all(dom.list))} nodes ` +
          `(${per(dom.list.text)} text, ${per(dom.list.blank)} of them blank, ${per(dom.list.comments)} comments); ` +
          `whole page ${dom.page.elements.toLocaleString('en')} elements, ${all(dom.page).toLocaleString('en')} nodes`,
      );
    }
    heaps.push(`${size} combatants open ${mb(await heapAfterGc(page))} MB`);
    await leave(page);
  }
  console.log(`scale, JS heap in use after garbage collection, in Chromium: ${heaps.join('; ')}`);
} finally {
  await browser.close();
}
