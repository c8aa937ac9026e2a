import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Command } from '../../engine/index';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { seriousViolations } from './axe';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 16: a running fight fits one glance. At 1280×720 and 1920×1080 the page never scrolls
// (before, the wheel over Acting now scrolled it to a blank screen: a visually hidden label took
// the page as its box); the whole order shows (one-line rows for twenty), with the acting
// character and whose go it is; each column scrolls on its own.

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
