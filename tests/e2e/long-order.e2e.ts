import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { crowdFight } from '../../engine/testing/crowds';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 43: a turn order longer than its room draws only the rows in and near its view, so a step
// costs the same at thirty rows or hundreds; the list still says how long it is, the acting row
// still comes into view as the turn moves, and scrolling draws the rows scrolled to. Each row is
// kept to a few nodes (a Freeform row: its parts, no blank text, few anchors), and the dice log
// beside it draws only the newest rolls until asked for more.

const SIZE = 300;
const NODES_PER_ROW = 20;
const app = useApp({ width: 1280, height: 720 });

/** The drawn rows: where each stands in the list, and the nodes under them (elements, text, comments). */
function drawn(page: Page) {
  return page.evaluate(() => {
    const items = [...document.querySelectorAll('[aria-label="Combatants"] > li')];
    let nodes = 0;
    for (const li of items) {
      const walker = document.createTreeWalker(li, NodeFilter.SHOW_ALL);
      for (nodes++; walker.nextNode(); ) nodes++;
    }
    return { positions: items.map((li) => Number(li.getAttribute('aria-posinset'))), sizes: [...new Set(items.map((li) => li.getAttribute('aria-setsize')))], nodes };
  });
}

/** Whether the acting row is drawn and wholly inside the list's scrolled view. */
function actingInView(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('[aria-label="Combatants"] > li[aria-current="true"]');
    const view = row?.closest('.rows');
    if (!row || !view) return false;
    const r = row.getBoundingClientRect();
    const v = view.getBoundingClientRect();
    return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
  });
}

describe('a turn order of hundreds', () => {
  it('draws the rows in view, says how many there are, and follows the turn', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'The horde', rulesetId: 'freeform' }, { name: 'Hold the gate', encounter: crowdFight('horde', SIZE) });

    const first = await drawn(page);
    expect(first.positions.length).toBeGreaterThan(10);
    expect(first.positions.length).toBeLessThan(SIZE / 2);
    expect(first.sizes).toEqual([String(SIZE)]);
    expect(first.positions).toEqual(first.positions.map((_, i) => first.positions[0]! + i));
    expect(first.nodes / first.positions.length).toBeLessThanOrEqual(NODES_PER_ROW);
    expect(await actingInView(page)).toBe(true);
    const acting = Number(await page.locator('[aria-label="Combatants"] > li[aria-current="true"]').getAttribute('aria-posinset'));

    // Scrolled to the end, the last rows are drawn there, and nothing before the view is kept.
    await page.getByRole('list', { name: 'Combatants' }).hover();
    for (let i = 0; i < 40 && !(await drawn(page)).positions.includes(SIZE); i++) await page.mouse.wheel(0, 2_000);
    const end = await drawn(page);
    expect(end.positions).toContain(SIZE);
    expect(end.positions).not.toContain(1);
    await expect.poll(() => rows(page).last().isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/long-order-end.png` });

    // The turn moves on: the acting row, at the top of the list, comes back into view.
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    for (let turn = 1; turn <= 3; turn++) {
      await page.keyboard.press('n');
      await expect.poll(() => page.locator('[aria-label="Combatants"] > li[aria-current="true"]').getAttribute('aria-posinset')).toBe(String(acting + turn));
      await expect.poll(() => actingInView(page)).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/long-order-turn.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(() => actingInView(page)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/long-order-turn-1920.png` });

    // The dice log draws the newest rolls (here, initiative), the older ones a click away.
    const dice = page.getByRole('region', { name: 'Dice log' });
    expect(await dice.getByRole('listitem').count()).toBe(10);
    await dice.getByRole('button', { name: 'Show 90 older rolls' }).click();
    await expect.poll(() => dice.getByRole('listitem').count()).toBe(100);
    await dice.getByRole('button', { name: 'Show the newest 10 only' }).click();
    await expect.poll(() => dice.getByRole('listitem').count()).toBe(10);
  });
});
