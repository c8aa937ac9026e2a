// Battle-map benchmark in Chromium: printed figures, never asserted. Run through scripts/bench.mjs.
//
// A campaign with a 40-zone map (an 8 × 5 grid of rooms) and a fight of 200 characters laid out on
// it is built here with the engine, exported in the app's own file format, and imported through
// the browser build's campaign manager. Figures: the time from "Resume" to every token being on
// the map, and the frame times while a token is dragged across the map (120 frames, measured with
// requestAnimationFrame in the page).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serializeExport } from '../engine/campaign/index';
import { createEncounter, dispatch, historyLines, type Command, type Encounter, type MapZone, type ZoneMap } from '../engine/index';
import { BUILTIN_RULESETS } from '../engine/all-rulesets';
import { openBenchBrowser } from './bench-browser';

const COLS = 8;
const ROWS = 5;
const ROOM = 200;
const PEOPLE = 200;

function gridMap(): ZoneMap {
  const zones: MapZone[] = [];
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      const x = col * ROOM;
      const y = row * ROOM;
      zones.push({
        id: `z${row}-${col}`,
        name: `Room ${row * COLS + col + 1}`,
        colour: (row + col) % 2 === 0 ? '#4f8fd9' : '#d9a44f',
        hazard: null,
        difficult: false,
        concealment: false,
        cover: false,
        hidden: false,
        points: [[x, y], [x + ROOM, y], [x + ROOM, y + ROOM], [x, y + ROOM]],
      });
    }
  }
  return { width: COLS * ROOM, height: ROWS * ROOM, background: null, zones, links: [], barriers: [], grid: 50 };
}

function step(encounter: Encounter, command: Command): Encounter {
  const result = dispatch(encounter, command);
  if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
  return result.encounter;
}

/** The campaign export: the map in the campaign, and a fight with 200 characters spread over it. */
function exportText(): string {
  const map = gridMap();
  const created = createEncounter({ id: 'bench-fight', name: 'Crowded halls', rulesetId: 'zones', seed: 7 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let fight = step(created.encounter, { type: 'set-map', mapId: 'bench-map', name: 'Forty rooms', map });
  const [heroes, enemies] = fight.state.factions;
  for (let i = 0; i < PEOPLE / 5; i++) {
    const zone = map.zones[i % map.zones.length];
    fight = step(fight, { type: 'add-combatant', name: `Guard ${i + 1}`, quantity: 5, factionId: (i % 2 === 0 ? heroes : enemies)?.id ?? '', zoneId: zone?.id ?? null });
  }
  const now = '2026-11-23T18:00:00.000Z';
  const campaign = {
    type: 'gm-screen/campaign' as const,
    version: 1 as const,
    id: 'bench-campaign',
    name: 'Map bench',
    rulesetId: 'zones',
    settings: {},
    roster: [],
    bestiary: [],
    maps: [{ id: 'bench-map', name: 'Forty rooms', data: map as unknown as Record<string, unknown> }],
    encounters: [{ id: 'bench-fight', name: 'Crowded halls', status: 'planned' as const, createdAt: now, updatedAt: now }],
    createdAt: now,
    updatedAt: now,
  };
  return serializeExport({ campaign, encounters: { 'bench-fight': historyLines(fight).map((line) => line as { type: string }) } });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const browser = await openBenchBrowser();
const { context } = browser;
try {
  const file = join(browser.work, 'map-bench.gm-campaign.json');
  writeFileSync(file, exportText());
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(browser.url);
  await page.getByLabel(/Import a campaign file/).setInputFiles(file);
  await page.getByRole('button', { name: 'Open Map bench' }).click();
  const resume = page.getByRole('button', { name: 'Set up Crowded halls' });
  await resume.waitFor();

  const opening = performance.now();
  await resume.click();
  const tokens = page.locator('svg g.token');
  await page.waitForFunction((n) => document.querySelectorAll('svg g.token').length === n, PEOPLE);
  const openMs = performance.now() - opening;
  // BENCH_SCREENSHOT=file.png keeps a picture of the crowded map, to look at.
  if (process.env.BENCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_SCREENSHOT });
  console.log(`battle map: open a fight of ${PEOPLE} characters on a ${COLS * ROWS}-zone map: ${openMs.toFixed(0)} ms (from Resume to every token drawn)`);

  // Drag the first token across the map while the page records every frame's time.
  const box = await tokens.first().boundingBox();
  const canvas = await page.getByRole('application').first().boundingBox();
  if (!box || !canvas) throw new Error('the map or its tokens are not on screen');
  await page.evaluate(() => {
    const times: number[] = [];
    (window as unknown as { benchFrames: number[] }).benchFrames = times;
    const tick = (t: number) => {
      times.push(t);
      if (times.length <= 121) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // The page's own work while dragging, from Chromium's counters (seconds spent in script, layout
  // and style since the page opened), read before and after: what each pointer move costs.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const work = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return { script: of('ScriptDuration'), layout: of('LayoutDuration') + of('RecalcStyleDuration') };
  };
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const before = await work();
  const MOVES = 130;
  for (let i = 1; i <= MOVES; i++) {
    await page.mouse.move(canvas.x + canvas.width * (0.1 + (0.8 * i) / MOVES), canvas.y + canvas.height * (0.2 + (0.6 * i) / MOVES));
  }
  const after = await work();
  const frames = await page.evaluate(() => (window as unknown as { benchFrames: number[] }).benchFrames);
  await page.mouse.up();
  const gaps = frames.slice(1).map((t, i) => t - (frames[i] ?? t)).slice(0, 120);
  console.log(`battle map: drag a token (${PEOPLE} tokens, ${COLS * ROWS} zones), ${gaps.length} frames: median ${median(gaps).toFixed(1)} ms, worst ${Math.max(...gaps).toFixed(1)} ms`);
  console.log(
    `battle map: work per pointer move while dragging (${MOVES} moves): script ${((after.script - before.script) / MOVES).toFixed(2)} ms, ` +
      `layout and style ${((after.layout - before.layout) / MOVES).toFixed(2)} ms`,
  );
} finally {
  await browser.close();
}
