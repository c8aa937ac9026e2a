import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Command, Encounter } from '../../engine/index';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { seriousViolations } from './axe';
import { MAP_FIGHTS, type MapFight } from './map-fights';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 16: a running fight fits one glance. At 1280×720 and 1920×1080 the page never scrolls
// (before, the wheel over Acting now scrolled it to a blank screen: a visually hidden label took
// the page as its box); the whole order shows (one-line rows for twenty), with the acting
// character and whose go it is; each column scrolls on its own.
// Issue 42: a fight with a map fits too. In each ruleset whose fights use one, at both sizes, with
// the attack form open and with a question waiting, the map, the acting row and the turn's first
// action (or the question's first answer) show whole without scrolling, and the map is the largest
// thing on the screen.

const app = useApp({ width: 1280, height: 720 });
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
];

/** Twenty characters, twenty turns in. */
const twenty = () =>
  playedFight({ id: 'twenty', rulesetId: 'freeform' }, [
    ...Array.from({ length: 20 }, (_, i): Command => ({ type: 'add-combatant', name: `Hero ${i + 1}`, factionId: i % 2 ? 'f2' : 'f1', stats: { initMod: 20 - i } })),
    { type: 'start-combat' },
    ...Array.from({ length: 20 }, (): Command => ({ type: 'next-turn' })),
  ]);

/** A Zones fight of ten on three zones, the first hero's turn. */
const zonesTen = () =>
  playedFight({ id: 'zones-ten', rulesetId: 'zones' }, [
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['yard', 'bridge'] }, { id: 'bridge', name: 'Bridge', neighbours: ['hall'] }] },
    ...Array.from({ length: 10 }, (_, i): Command => ({ type: 'add-combatant', name: i % 2 ? `Goblin ${i}` : `Hero ${i}`, factionId: i % 2 ? 'f2' : 'f1', zoneId: ['yard', 'hall', 'bridge'][i % 3], rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] } })),
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Hero 0') }),
  ]);

/** The page's own scroll: how tall it is against the window, and how far it has scrolled. */
const pageScroll = (page: Page) => page.evaluate(() => ({ height: document.scrollingElement?.scrollHeight ?? 0, window: innerHeight, y: scrollY }));

/** Whether the element is wholly inside the window. */
async function onScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height + 0.5 && box.x + box.width <= size.width + 0.5;
}

/** Rows of the order not wholly inside the window (or their list's visible part). */
async function rowsOffScreen(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Combatants' }).evaluate((list) => {
    const frame = list.getBoundingClientRect();
    return [...list.children].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top < Math.max(0, frame.top) - 0.5 || r.bottom > Math.min(innerHeight, frame.bottom) + 0.5;
    }).length;
  });
}

/** Turns the wheel over every panel, as a GM's hand resting on the mouse would. */
async function wheelOverPanels(page: Page): Promise<void> {
  const panels = page.locator('.panel');
  for (let i = 0; i < (await panels.count()); i++) {
    const box = await panels.nth(i).boundingBox();
    if (!box) continue;
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
    await page.mouse.wheel(0, 3000);
  }
}

describe('the fight screen', () => {
  it('shows a 20-character Freeform fight whole, with the one acting, and never scrolls the page (20 turns in)', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Crowd', rulesetId: 'freeform' }, { name: 'Twenty', encounter: twenty() });
    for (const size of SIZES) {
      const label = `${size.width}×${size.height}`;
      await page.setViewportSize(size);
      await expect.poll(() => rowsOffScreen(page), { message: label }).toBe(0);
      expect(await onScreen(page, page.locator('li[aria-current="true"]')), label).toBe(true);
      expect(await onScreen(page, page.getByTestId('active-name')), label).toBe(true);
      await wheelOverPanels(page);
      const scroll = await pageScroll(page);
      expect(scroll.height, label).toBeLessThanOrEqual(scroll.window);
      expect(scroll.y).toBe(0);
      await page.screenshot({ path: `${SHOTS}/page-fits-${size.width}.png` });
    }
    expect(await seriousViolations(page), 'axe, a running Freeform fight of 20').toEqual([]);
  });

  it('shows a Zones fight of ten whole, with whose go and the acting character\'s turn, and never scrolls the page', async () => {
    const { page } = app();
    await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 720 });
    // From the fight before, if it ran, back to the list of campaigns.
    if ((await page.getByRole('button', { name: '☰ Crowd' }).count()) > 0) {
      await page.getByRole('button', { name: '☰ Crowd' }).click();
      await page.getByRole('button', { name: '☰ Campaigns' }).click();
    }
    await resumeImported(page, { name: 'Zones crowd', rulesetId: 'zones' }, { name: 'Ten', encounter: zonesTen() });
    // As the fight opens (a wheel turned at one size would leave its column scrolled at the next).
    for (const size of SIZES) {
      const label = `${size.width}×${size.height}`;
      await page.setViewportSize(size);
      await expect.poll(() => rowsOffScreen(page), { message: label }).toBe(0);
      expect(await rows(page).count()).toBe(10);
      expect(await onScreen(page, page.getByRole('article', { name: 'Whose go' })), `${label}: whose go`).toBe(true);
      expect(await onScreen(page, page.getByRole('article', { name: 'Turn' }).getByRole('heading').first()), `${label}: the turn`).toBe(true);
      await page.screenshot({ path: `${SHOTS}/page-fits-zones-${size.width}.png` });
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await wheelOverPanels(page);
      const scroll = await pageScroll(page);
      expect(scroll.height, `${size.width}×${size.height}`).toBeLessThanOrEqual(scroll.window);
      expect(scroll.y).toBe(0);
    }
    expect(await seriousViolations(page), 'axe, a running Zones fight').toEqual([]);
  });
});

/** The battle map (a zone map's or a grid map's canvas). */
const battleMap = (page: Page) => page.getByRole('application', { name: /^Battle map/ });
/** The acting character's token on the map (the ring drawn round it). */
const actingToken = (page: Page) => battleMap(page).locator('g.token:has(circle.active)');
/** The acting character's row in the order. */
const actingRow = (page: Page) => page.getByRole('list', { name: 'Combatants' }).locator('li[aria-current="true"]');
/** The question waiting for the GM's answer (the generic panel and the rulesets' own share the name). */
const question = (page: Page) => page.getByRole('article', { name: 'Waiting for an answer' });
/** The open attack form (the shared frame's and Zones & Factions' own are named "<attacker> attacks"). */
const attackForm = (page: Page) => page.getByRole('form', { name: /attacks$/ });
/** The button that makes the attack: Roll the attack (the shared frame), Declare attack (Zones & Factions). */
const attackButton = (page: Page) => attackForm(page).getByRole('button', { name: /^(Roll the attack|Declare attack)/ });

/** How an element shows: the area of it the window and the boxes that clip it let show, what clips it, what covers its middle. */
interface Shown {
  area: number;
  clippedBy: string | null;
  coveredBy: string | null;
}

/**
 * How the element shows. The boxes that clip it are those it is laid out in (its containing
 * blocks: a fixed panel docked over a column is not clipped by the column) that don't let their
 * content overflow; a column scrolled so that part of the element is out of view clips it.
 */
function shown(element: Locator): Promise<Shown> {
  return element.evaluate((el): Shown => {
    const named = (e: Element) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')}`;
    const box = el.getBoundingClientRect();
    let [left, top, right, bottom] = [Math.max(box.left, 0), Math.max(box.top, 0), Math.min(box.right, innerWidth), Math.min(box.bottom, innerHeight)];
    let clippedBy: string | null = null;
    for (let node: Element = el; ; ) {
      const position = getComputedStyle(node).position;
      if (position === 'fixed') break;
      let up = node.parentElement;
      if (position === 'absolute') while (up && up !== document.documentElement && getComputedStyle(up).position === 'static') up = up.parentElement;
      if (!up) break;
      const style = getComputedStyle(up);
      const clip = up.getBoundingClientRect();
      const outX = style.overflowX !== 'visible' && (box.left < clip.left - 0.5 || box.right > clip.right + 0.5);
      const outY = style.overflowY !== 'visible' && (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5);
      if (style.overflowX !== 'visible') [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      if (style.overflowY !== 'visible') [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      if ((outX || outY) && !clippedBy) clippedBy = `${named(up)} (scrolled ${up.scrollTop}px)`;
      node = up;
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { area: Math.max(0, right - left) * Math.max(0, bottom - top), clippedBy, coveredBy: hit && !el.contains(hit) ? named(hit) : null };
  });
}

/**
 * Why the element isn't shown whole without scrolling, or '' when it is: it must lie inside the
 * window (`onScreen`), inside every box that clips it, and, unless `coverable`, be what the
 * pointer finds at its middle (no panel docked over it).
 */
async function notShownWhole(page: Page, element: Locator, coverable = false): Promise<string> {
  if ((await element.count()) !== 1) return `${await element.count()} found`;
  if (!(await onScreen(page, element))) return `not inside the window: ${JSON.stringify(await element.boundingBox())}`;
  const { clippedBy, coveredBy } = await shown(element);
  if (clippedBy) return `clipped by ${clippedBy}`;
  return !coverable && coveredBy ? `covered by ${coveredBy}` : '';
}

/** How much of the element shows, in square pixels. */
async function areaShown(element: Locator): Promise<number> {
  return (await element.count()) === 0 ? 0 : (await shown(element)).area;
}

/** From wherever the app is (a fight, a campaign, the list), back to the list of campaigns. */
async function toCampaigns(page: Page): Promise<void> {
  const list = page.getByLabel(/Import a campaign file/);
  const back = page.getByRole('button', { name: /^☰ / });
  // As the app opens, once it shows a screen.
  await expect.poll(async () => (await list.count()) + (await back.count())).toBeGreaterThan(0);
  if ((await list.count()) > 0) return;
  const campaigns = page.getByRole('button', { name: '☰ Campaigns' });
  // In a fight, the top bar's way back to its campaign first.
  if ((await campaigns.count()) === 0) await back.click();
  await campaigns.click();
  await expect.poll(() => list.count()).toBe(1);
}

/**
 * The screen of a fight with a map, as it stands, fits the window: the map, the acting token on it
 * (uncovered), the acting row and `action` (the turn's first action, or the question's first
 * answer) shown whole, and the map larger on screen than the order column and than each of
 * `panels` (the turn's). Then a screenshot. Soft: every way it doesn't fit is reported, not only
 * the first.
 */
async function fitsWithMap(page: Page, action: Locator, panels: readonly Locator[], shot: string): Promise<void> {
  const size = page.viewportSize();
  const label = `${shot} at ${size?.width ?? 0}×${size?.height ?? 0}`;
  await expect.poll(() => battleMap(page).count(), { message: `${label}: the map is drawn` }).toBe(1);
  expect.soft(await notShownWhole(page, battleMap(page), true), `${label}: the map`).toBe('');
  expect.soft(await notShownWhole(page, actingToken(page)), `${label}: the acting token`).toBe('');
  expect.soft(await notShownWhole(page, actingRow(page)), `${label}: the acting row`).toBe('');
  expect.soft(await notShownWhole(page, action), `${label}: the turn's first action`).toBe('');
  // Every name in the order whole, however narrow the column beside the map.
  const cut = await page.getByRole('list', { name: 'Combatants' }).locator('.called').evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
  expect.soft(cut, `${label}: names cut short in the order`).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/page-fits-map-${shot}-${size?.width ?? 0}.png` });
  const map = await areaShown(battleMap(page));
  const others = [['the order column', page.getByRole('region', { name: 'Turn order' })] as const, ...panels.map((p, i) => [`panel ${i + 1} of the turn`, p] as const)];
  for (const [name, panel] of others) expect.soft(map, `${label}: the map shows larger than ${name}`).toBeGreaterThan(await areaShown(panel));
}

/** The page never scrolls, not even with the wheel turned over every panel (which leaves the columns scrolled: last). */
async function neverScrolls(page: Page, label: string): Promise<void> {
  await wheelOverPanels(page);
  const scroll = await pageScroll(page);
  expect.soft(scroll.height, `${label}: the page's height`).toBeLessThanOrEqual(scroll.window);
  expect.soft(scroll.y, `${label}: the page scrolled`).toBe(0);
}

/** A key pressed with the focus on nothing (not in a field, and nothing clicked for it). */
async function pressUnfocused(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  await page.keyboard.press(key);
}

/** Opens the acting character's attack form by its key, T. */
async function openAttack(page: Page, fight: MapFight): Promise<void> {
  await pressUnfocused(page, 't');
  await expect.poll(() => attackForm(page).count(), { message: `${fight.rulesetId}: T opens the attack form` }).toBe(1);
}

/** Closes the attack form. */
async function closeAttack(page: Page): Promise<void> {
  await attackForm(page).getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(() => attackForm(page).count()).toBe(0);
}

/**
 * The fight of `fight` at each size, with the acting character's attack form open (T) as the GM
 * opens it at that size; for a ruleset without one (Freeform), its turn: the acting card and Next turn.
 */
async function turnFits(page: Page, fight: MapFight): Promise<void> {
  await toCampaigns(page);
  await resumeImported(page, { name: `${fight.ruleset} on a map`, rulesetId: fight.rulesetId }, { name: 'Turn on the map', encounter: fight.turn() });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    if (fight.attackForm) {
      await openAttack(page, fight);
      // The form's first control (its first target) as well as the button that makes the attack.
      expect.soft(await notShownWhole(page, attackForm(page).locator('input, select, button').first()), `${fight.rulesetId}-form at ${size.width}: the attack form's first control`).toBe('');
      await fitsWithMap(page, attackButton(page), [page.getByRole('article', { name: 'Turn' })], `${fight.rulesetId}-form`);
    } else {
      await fitsWithMap(page, page.getByRole('button', { name: /^Next turn/ }), [page.getByRole('article', { name: 'Acting now' })], `${fight.rulesetId}-turn`);
      expect.soft(await notShownWhole(page, page.getByTestId('active-name')), `${fight.rulesetId} at ${size.width}: the acting card's name`).toBe('');
    }
    if (size === SIZES[0]) expect.soft(await seriousViolations(page), `axe, a ${fight.ruleset} fight on a map${fight.attackForm ? ' with the attack form open' : ''}`).toEqual([]);
    if (fight.attackForm) await closeAttack(page);
  }
  for (const size of SIZES) {
    await page.setViewportSize(size);
    if (fight.attackForm) await openAttack(page, fight);
    await neverScrolls(page, `${fight.rulesetId}-${fight.attackForm ? 'form' : 'turn'} at ${size.width}`);
    if (fight.attackForm) await closeAttack(page);
  }
}

/** The fight of `fight` with its question waiting, at each size. */
async function questionFits(page: Page, fight: MapFight, encounter: () => Encounter): Promise<void> {
  await toCampaigns(page);
  await resumeImported(page, { name: `${fight.ruleset}, a question waiting`, rulesetId: fight.rulesetId }, { name: 'Question on the map', encounter: encounter() });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect.poll(() => question(page).count(), { message: `${fight.rulesetId}: the question shows` }).toBe(1);
    await fitsWithMap(page, question(page).getByRole('button').first(), [question(page), page.getByRole('article', { name: 'Turn' })], `${fight.rulesetId}-question`);
    // Who is who in it, as the map marks them, shows whole over the question (the rulesets' own panels too), where the question says.
    const parts = page.getByRole('list', { name: /^Who is who/ });
    // Three Actions' own Defend panel: the one striking, the one hit, the allies who may step in (the question's subjects).
    if (fight.rulesetId === 'three-actions') expect.soft(await parts.getByRole('listitem').allTextContents(), 'three-actions-question: who is who').toEqual(['Orc 1 strikes', 'Ann hit, may defend', 'Bo, Cai, Dru may step in']);
    if ((await parts.count()) > 0) expect.soft(await notShownWhole(page, parts), `${fight.rulesetId}-question at ${size.width}: who is who`).toBe('');
  }
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await neverScrolls(page, `${fight.rulesetId}-question at ${size.width}`);
  }
}

describe('a fight with a map', () => {
  for (const fight of MAP_FIGHTS) {
    it(`fits a ${fight.ruleset} fight on its map at both sizes, ${fight.attackForm ? 'with the attack form open' : 'its turn showing'}${fight.question ? ' and with a question waiting' : ''}`, async () => {
      const { page } = app();
      await turnFits(page, fight);
      if (fight.question) await questionFits(page, fight, fight.question);
      await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 720 });
    });
  }
});

describe('the side panel beside a map', () => {
  it('folds the players\' screen, what happened and the dice away, and brings them back with S, or R to roll', async () => {
    const { page } = app();
    const fight = MAP_FIGHTS.find((f) => f.rulesetId === 'zones');
    if (!fight) throw new Error('no Zones fight on a map');
    await toCampaigns(page);
    await resumeImported(page, { name: 'Side panel', rulesetId: fight.rulesetId }, { name: 'Beside the map', encounter: fight.turn() });
    const side = page.getByRole('region', { name: "Players' screen, what happened and dice" });
    const handle = page.getByRole('button', { name: /Dice, log, players/ });
    await expect.poll(() => battleMap(page).count()).toBe(1);
    expect(await side.count(), 'folded away as the fight opens').toBe(0);
    expect(await handle.getAttribute('aria-expanded')).toBe('false');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await pressUnfocused(page, 's');
      await expect.poll(() => side.count()).toBe(1);
      expect(await handle.getAttribute('aria-expanded')).toBe('true');
      await page.screenshot({ path: `${SHOTS}/page-fits-map-side-${size.width}.png` });
      expect(await notShownWhole(page, side.getByRole('region', { name: 'What happened', exact: true }), true), `${size.width}: what happened`).toBe('');
      expect(await notShownWhole(page, side.getByRole('button', { name: 'Open ↗' })), `${size.width}: the players' screen`).toBe('');
      // Over the turn's column for a moment: the map, and the acting token on it, stay in view.
      expect(await notShownWhole(page, battleMap(page), true), `${size.width}: the map`).toBe('');
      expect(await notShownWhole(page, actingToken(page)), `${size.width}: the acting token`).toBe('');
      if (size === SIZES[0]) expect(await seriousViolations(page), 'axe, the side panel out').toEqual([]);
      await pressUnfocused(page, 's');
      await expect.poll(() => side.count()).toBe(0);
    }
    // Last: the wheel leaves the columns scrolled.
    await pressUnfocused(page, 's');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await neverScrolls(page, `the side panel out at ${size.width}`);
    }
    await pressUnfocused(page, 's');
    await expect.poll(() => side.count()).toBe(0);
    // R rolls: the panel comes out with the dice field focused; the handle puts it away again.
    await page.setViewportSize(SIZES[0] ?? { width: 1280, height: 720 });
    await pressUnfocused(page, 'r');
    await expect.poll(() => side.count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label'))).toBe("Players' screen, what happened and dice");
    // The turn's column under it is out of reach meanwhile (no Tab, no screen reader, no click).
    expect(await page.locator('section.dock').evaluate((dock) => (dock as HTMLElement).inert)).toBe(true);
    await handle.click();
    await expect.poll(() => side.count()).toBe(0);
    expect(await page.locator('section.dock').evaluate((dock) => (dock as HTMLElement).inert)).toBe(false);
    expect(await seriousViolations(page), 'axe, the side panel folded away').toEqual([]);
    // A key for the turn folds the panel away: T opens the attack form in plain sight.
    await pressUnfocused(page, 's');
    await expect.poll(() => side.count()).toBe(1);
    await pressUnfocused(page, 't');
    await expect.poll(() => side.count()).toBe(0);
    expect(await notShownWhole(page, attackButton(page))).toBe('');
  });
});
