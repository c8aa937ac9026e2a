import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPlayerView, type Encounter } from '../../engine/index';
import { blankScreen } from '../../engine/testing/player-screens';
import { stepWithDice } from '../../engine/test-support';
import type { PlayerScreen } from '../../engine/campaign/player-screen';
import { seriousViolations } from './axe';
import { chromiumPath } from './launch';
import { MAP_FIGHTS } from './map-fights';
import { servePhoneFixture, startPhoneFeed, type PhoneFeed } from './phone-fixture';
import { startPhoneServer } from '../../electron/phone-share/index';

// The phone page (issue 44) at a phone's size, against the laptop's own phones' server
// (electron/phone-share/, phone-fixture.ts starts it): it follows three turns of a fight on the
// grid and shows no secret of it, lets a player pick their character, shows the roll the GM puts
// up and the turn countdown on the laptop's clock though the phone's is off it, shows a fight on a
// zone map, and says plainly when sharing ends. The network dropping (the server gone without a word, then
// back) is played by a stand-in that speaks the same protocol: it says "Reconnecting…" meanwhile,
// the turn marked as the last known.
// Screenshots go to test-results/phone-*.png.

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results');

/** A screen as the GM window publishes it with this fight open (publisher.svelte.ts). */
function screenOf(encounter: Encounter): PlayerScreen {
  return blankScreen('The Vale', { mode: 'live', view: projectPlayerView(encounter.state, encounter.ruleset), ruleset: encounter.state.rulesetId });
}

/** "Ann acts": the acting character as the players see them named. */
function actingWords(encounter: Encounter): string {
  const view = projectPlayerView(encounter.state, encounter.ruleset);
  const acting = view.status === 'waiting' ? undefined : view.combatants.find((c) => c.acting);
  return `${acting?.name ?? '?'} acts`;
}

const fightOf = (rulesetId: string) => {
  const found = MAP_FIGHTS.find((f) => f.rulesetId === rulesetId);
  if (!found) throw new Error(`No map fight for ${rulesetId}.`);
  return found.turn();
};

describe('the phone page', () => {
  let fixture: PhoneFeed;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const methods = new Set<string>();
  const refused: string[] = [];
  const scripts = new Set<string>();
  const outside: string[] = [];
  /** The pictures the page asked the server for, by path (each should be asked for once). */
  const pictureRequests: string[] = [];
  /** The join codes of the servers the page was pointed at. */
  const codes: string[] = [];
  let grid: Encounter;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    grid = fightOf('freeform');
    fixture = await startPhoneFeed(join(ROOT, 'dist/phone'), screenOf(grid));
    codes.push(fixture.code);
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'] });
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      // A picture the page shows from a blob: URL it made itself never reaches the server.
      if (r.url().startsWith('blob:')) return;
      methods.add(r.method());
      const path = new URL(r.url()).pathname;
      if (path.includes('/picture/')) pictureRequests.push(path);
      if (r.resourceType() === 'script') scripts.add(path.split('/').pop() ?? path);
      if (!codes.some((code) => path.startsWith(`/${code}/`)) && path !== '/favicon.ico') outside.push(path);
    });
    page.on('response', (r) => r.status() === 404 && refused.push(new URL(r.url()).pathname));
  });

  afterAll(async () => {
    await browser?.close();
    await fixture?.close();
  });

  const who = () => page.getByTestId('phone-who');

  it('shows whose go it is and the round on top, and follows three turns', async () => {
    // Each turn after the first screen comes as the changes from the one before; a patch the page
    // could not apply would make it open the stream again.
    const streams: string[] = [];
    page.on('request', (request) => (request.url().endsWith('/screen') ? streams.push(request.url()) : undefined));
    await page.goto(fixture.url);
    await expect.poll(() => who().textContent()).toMatch(/acts$/);
    expect(await page.getByTestId('phone-turn').textContent()).toContain('Round 1');
    await page.screenshot({ path: join(SHOTS, 'phone-turn.png') });
    const seen: string[] = [(await who().textContent()) ?? ''];
    for (let turn = 0; turn < 3; turn++) {
      grid = stepWithDice(grid, [], { type: 'next-turn' }).encounter;
      fixture.show(screenOf(grid));
      await expect.poll(() => who().textContent()).toBe(actingWords(grid));
      seen.push(actingWords(grid));
    }
    expect(new Set(seen).size).toBe(4);
    expect(streams).toHaveLength(1);
    // The orcs' real names stay behind the GM's screen (the players see "Enemies 1"…).
    expect(grid.state.combatants.filter((c) => c.name.startsWith('Orc'))).toHaveLength(4);
    expect(await page.content()).not.toMatch(/Orc/);
    for (const c of grid.state.combatants) expect(await page.content()).not.toContain(`"${c.id}"`);
    await page.screenshot({ path: join(SHOTS, 'phone-third-turn.png') });
    await page.screenshot({ path: join(SHOTS, 'phone-grid-full.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('lets a player follow their character once the GM allows it, and remembers the pick', async () => {
    await expect(page.getByLabel('Follow').count()).resolves.toBe(0);
    fixture.allowPick(true);
    await page.getByLabel('Follow').selectOption('Bo');
    await expect.poll(() => page.getByTestId('phone-picked').textContent()).toContain('Bo');
    expect(await page.getByTestId('phone-picked').textContent()).toMatch(/Hit points|HP/);
    await page.screenshot({ path: join(SHOTS, 'phone-picked.png') });
    await page.reload();
    await expect.poll(() => page.getByTestId('phone-picked').textContent()).toContain('Bo');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Stop following' }).click();
    await expect.poll(() => page.getByTestId('phone-picked').count()).toBe(0);
    await page.getByLabel('Follow').selectOption('Ann');
  });

  it('shows the roll the GM puts up and the turn countdown, on the laptop\'s clock though the phone\'s is 3 minutes off it', async () => {
    // The laptop's clock is 3 minutes ahead of the phone's: every time it writes is on it.
    const AHEAD = 3 * 60_000;
    const laptop = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: join(ROOT, 'dist/phone'), allowPick: false, timeOfDay: () => Date.now() + AHEAD });
    codes.push(laptop.code());
    const publish = (screen: PlayerScreen) => laptop.publish({ screen, writtenAt: Date.now() + AHEAD });
    try {
      publish(screenOf(grid));
      await page.goto(laptop.url());
      await expect.poll(() => who().textContent()).toBe(actingWords(grid));
      const timer = page.getByRole('timer', { name: 'Time to declare' });
      const roll = page.getByRole('complementary', { name: 'Roll' });
      expect(await timer.count()).toBe(0);

      // In a fight of Zones & Factions (whose rules run a countdown to declare), the GM shows an
      // attack roll with advantage (the lower d20 dropped) and starts the 15 s to declare.
      const zones = screenOf(fightOf('zones'));
      const started = Date.now();
      const at = started + AHEAD;
      const dice = [{ value: 14, sides: 20, kept: true }, { value: 6, sides: 20, kept: false }];
      publish({ ...zones, roll: { label: 'Bo attacks', notation: '2d20kh1+3', total: 17, dice, shownAt: at }, countdown: { remainingMs: 15_000, running: true, at } });
      await expect.poll(() => roll.count()).toBe(1);
      expect(await roll.textContent()).toMatch(/Bo attacks\s*17\s*14\s*6/);
      expect(await roll.locator('.die.dropped').allTextContents()).toEqual(['6']);
      // The seconds left are the laptop's (read on the phone's own clock they would be 195).
      const secondsLeft = () => Math.ceil((15_000 - (Date.now() - started)) / 1000);
      const shown = async () => Number(await timer.textContent());
      const expected = secondsLeft();
      expect([expected, expected - 1]).toContain(await shown());
      await page.screenshot({ path: join(SHOTS, 'phone-roll-countdown.png') });
      // The countdown stands in the turn at the top; the roll covers neither whose go it is nor the round.
      const turnBox = await page.getByTestId('phone-turn').boundingBox();
      const timerBox = await timer.boundingBox();
      const rollBox = await roll.boundingBox();
      if (!turnBox || !timerBox || !rollBox) throw new Error('The turn, the countdown or the roll has no box.');
      expect(timerBox.y + timerBox.height).toBeLessThanOrEqual(turnBox.y + turnBox.height);
      expect(rollBox.y).toBeGreaterThanOrEqual(turnBox.y + turnBox.height);
      expect(rollBox.y + rollBox.height).toBeLessThanOrEqual(844);
      expect(await seriousViolations(page)).toEqual([]);

      // The roll goes after its 12 s, as on the players' window; the countdown runs on, low at 5 s and under.
      await expect.poll(() => roll.count(), { timeout: 15_000 }).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(11_500);
      await expect.poll(shown, { timeout: 5000 }).toBeLessThanOrEqual(3);
      expect(await timer.getAttribute('class')).toMatch(/\blow\b/);
      await page.screenshot({ path: join(SHOTS, 'phone-countdown-low.png') });
      // The GM stops it: it goes.
      publish({ ...zones, countdown: { remainingMs: 1000, running: false, at: Date.now() + AHEAD } });
      await expect.poll(() => timer.count()).toBe(0);
    } finally {
      // Back to the laptop's server for the rest.
      fixture.show(screenOf(grid));
      await page.goto(fixture.url);
      await laptop.close();
    }
    await expect.poll(() => who().textContent()).toBe(actingWords(grid));
  });

  it('says "Reconnecting…" while the network is down, the turn marked as the last known, and comes back by itself', async () => {
    // The network is played by the stand-in: the same page, pointed at it.
    const network = await servePhoneFixture(join(ROOT, 'dist/phone'), screenOf(grid), { pingMs: 2000 });
    codes.push(network.code);
    try {
      await page.goto(network.url);
      await expect.poll(() => who().textContent()).toBe(actingWords(grid));
      await network.goDown();
      await expect.poll(() => page.getByTestId('phone-link').textContent()).toBe('Reconnecting…');
      expect(await page.getByTestId('phone-turn').textContent()).toMatch(/Last known, as of \d/);
      await page.screenshot({ path: join(SHOTS, 'phone-reconnecting.png') });
      // While away, the fight moved on: the page shows the new turn once it is back.
      grid = stepWithDice(grid, [], { type: 'next-turn' }).encounter;
      await network.comeBack();
      network.show(screenOf(grid));
      await expect.poll(() => who().textContent(), { timeout: 20_000 }).toBe(actingWords(grid));
      expect(await page.getByTestId('phone-link').count()).toBe(0);
      expect(await page.getByTestId('phone-turn').textContent()).not.toContain('Last known');
    } finally {
      await network.close();
    }
    // Back to the laptop's server for the rest.
    fixture.show(screenOf(grid));
    await page.goto(fixture.url);
    await expect.poll(() => who().textContent()).toBe(actingWords(grid));
  });

  it('draws a fight on a zone map, which zooms with two fingers and shows all of it again on a double tap', async () => {
    fixture.show(screenOf(fightOf('zones')));
    const map = page.getByTestId('phone-map');
    await expect.poll(() => map.count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'phone-zones.png') });
    await map.scrollIntoViewIfNeeded();
    await map.screenshot({ path: join(SHOTS, 'phone-zones-map.png') });
    const scale = () => page.locator('[data-testid="phone-map"] > div').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    // Two fingers spread apart across the middle of the map.
    const box = await map.boundingBox();
    if (!box) throw new Error('The map has no box.');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const fingers = (spread: number) => [{ x: cx - spread, y: cy, id: 1 }, { x: cx + spread, y: cy, id: 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
    for (const spread of [45, 60, 75, 90]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(scale).toBeCloseTo(3, 1);
    await map.screenshot({ path: join(SHOTS, 'phone-zones-pinched.png') });
    // A double tap shows the whole map again.
    await page.touchscreen.tap(cx, cy);
    await page.touchscreen.tap(cx, cy);
    await expect.poll(scale).toBe(1);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(scale).toBeCloseTo(1.5, 2);
    await page.getByRole('button', { name: 'Whole map' }).click();
    await expect.poll(scale).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a handout full screen, and the curtain', async () => {
    // A picture of the map just drawn serves as the GM's handout.
    const picture = await page.getByTestId('phone-map').screenshot();
    const size = await page.getByTestId('phone-map').boundingBox();
    fixture.show(blankScreen('The Vale', { mode: 'handout', handout: { mime: 'image/png', base64: picture.toString('base64'), width: Math.round(size?.width ?? 1), height: Math.round(size?.height ?? 1) } }));
    await expect.poll(() => page.getByRole('img', { name: 'A handout from the GM' }).count()).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'phone-handout.png') });
    // The handout on the phone, as a picture under the grid for its map: shown from the page's own
    // blob: URL, and asked for once however many steps show it (the screens carry its reference).
    const mapPicture = { mime: 'image/png' as const, base64: (await page.screenshot()).toString('base64'), width: 390, height: 844 };
    pictureRequests.length = 0;
    for (let turn = 0; turn < 3; turn++) {
      grid = stepWithDice(grid, [], { type: 'next-turn' }).encounter;
      fixture.show({ ...screenOf(grid), background: mapPicture });
      await expect.poll(() => who().textContent()).toBe(actingWords(grid));
    }
    const under = page.locator('[data-testid="phone-map"] image');
    await expect.poll(() => under.getAttribute('href')).toMatch(/^blob:/);
    await page.getByTestId('phone-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'phone-grid-picture.png') });
    expect(pictureRequests).toHaveLength(1);
    fixture.show(blankScreen('The Vale'));
    await expect.poll(() => page.getByRole('heading', { name: 'The Vale' }).count()).toBe(1);
    expect(await page.getByTestId('phone-turn').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'phone-curtain.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says plainly when sharing ends, and stops', async () => {
    fixture.end();
    await expect.poll(() => page.getByTestId('phone-ended').textContent()).toBe('The GM stopped sharing, or gave the table a new code. Scan the new code to watch again.');
    expect(await page.getByTestId('phone-turn').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'phone-ended.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('broke no rule of its policy, and sent nothing but GET requests', () => {
    // A dropped stream and a 404 show as failed loads; nothing else may show (a policy violation would).
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    console.log(`[phone] 404s: ${refused.join(', ') || 'none'}; scripts loaded: ${[...scripts].join(', ')}`);
    // Everything the page asks for is under its code (the browser's own favicon request aside).
    expect(outside).toEqual([]);
    expect([...methods]).toEqual(['GET']);
  });
});
