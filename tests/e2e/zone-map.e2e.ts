import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, rows, SHOTS, useApp } from './session';
import { addCharacter, go, pressOutsideFields, turn } from './zones-helpers';

// The path through the zone map: draw three zones that touch, lay the map out for a
// fight, place six tokens, drag one away from its enemies (and see their opportunity attacks
// offered first), and aim a blast at a zone to see who it hits.

const app = useApp({ width: 1600, height: 1000 });

const battle = (page: Page) => page.getByRole('region', { name: 'Mill yard' });
/** A token on the battle map, by the name in its tooltip. */
const token = (page: Page, name: string) => battle(page).locator('g.token').filter({ has: page.locator('title', { hasText: new RegExp(`^${name}`) }) });

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

describe('a zone map', () => {
  it('draws three zones, lays them out for a fight, moves a token and aims a blast', async () => {
    const page = app().page;
    await createCampaign(page, 'The old mill', 'Zones & Factions');

    // Three rectangles in a row; the second and third start on the previous one's corner, so
    // snapping makes them share an edge and the borders come by themselves.
    await page.getByRole('tab', { name: /Maps/ }).click();
    await page.getByLabel('Map name').fill('Mill yard');
    await page.getByRole('button', { name: 'Create map' }).click();
    const canvas = page.getByRole('application').first();
    await expect.poll(() => canvas.count()).toBe(1);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    const side = page.getByRole('complementary', { name: 'Selected zone and map' });
    for (const [name, x0, x1] of [['Yard', 0.2, 0.4], ['Lane', 0.4, 0.6], ['Mill', 0.6, 0.8]] as const) {
      await page.getByRole('button', { name: 'Rectangle' }).click();
      await dragTo(page, at(x0, 0.3), at(x1, 0.7));
      await side.getByLabel('Name', { exact: true }).fill(name);
      await side.getByLabel('Name', { exact: true }).press('Enter');
    }
    await expect.poll(() => side.getByText(/Borders/).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/map-editor.png` });
    // The map editor, with zones drawn and one selected, passes axe too (issue 14: every screen).
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '← All maps' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Edit Mill yard' }).count()).toBe(1);

    // A fight on it: the map's zones become the fight's zones.
    await page.getByRole('tab', { name: /Encounters/ }).click();
    await createEncounter(page, 'Ambush at the mill', 42);
    await page.getByLabel('Lay out').selectOption({ label: 'Mill yard' });
    await page.getByRole('button', { name: 'Lay out this map' }).click();
    await expect.poll(() => battle(page).count()).toBe(1);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    await setup.getByLabel('Who holds the initiative').selectOption({ label: 'Heroes' });
    // Ann's WIT of 1 makes her blast miss (it needs a WIT save) and deviate: Mill's only neighbour is the lane.
    await addCharacter(page, { name: 'Ann', faction: 'Heroes', wit: 1, hp: 10, zone: 'Yard', blast: true });
    await addCharacter(page, { name: 'Bob', faction: 'Heroes', wit: 10, hp: 10, zone: 'Yard' });
    await addCharacter(page, { name: 'Cid', faction: 'Heroes', wit: 10, hp: 10, zone: 'Lane' });
    await addCharacter(page, { name: 'Bandit ×2', faction: 'Enemies', wit: 8, hp: 6, zone: 'Yard' });
    await addCharacter(page, { name: 'Bandit leader', faction: 'Enemies', wit: 9, hp: 9, zone: 'Mill' });
    await expect.poll(() => battle(page).locator('g.token').count()).toBe(6);
    // Before the fight the GM places anyone anywhere: Cid onto the line between the lane and the mill.
    const edge = await centre(battle(page).locator('g.label text', { hasText: /^Mill$/ }));
    const laneLabel = await centre(battle(page).locator('g.label text', { hasText: /^Lane$/ }));
    await dragTo(page, await centre(token(page, 'Cid')), { x: (edge.x + laneLabel.x) / 2, y: edge.y + 20 });
    await expect.poll(() => rows(page).filter({ hasText: 'Cid' }).textContent()).toMatch(/Heroes · Lane, on the edge of Mill/);
    await page.screenshot({ path: `${SHOTS}/map-tokens-placed.png` });

    // Bob's turn: dragged from the yard to the lane, he would leave two bandits behind, so they are offered their strike first.
    await page.getByRole('button', { name: 'Start combat' }).click();
    await go(page).getByRole('button', { name: 'Bob' }).click();
    await expect.poll(() => turn(page).getByRole('heading').textContent()).toBe("Bob's turn");
    const lane = battle(page).locator('g.label text', { hasText: /^Lane$/ });
    await dragTo(page, await centre(token(page, 'Bob')), await centre(lane));
    // The choice shows under the map, where the GM is looking, and in the turn panel.
    const leaving = battle(page).getByRole('group', { name: 'Enemies may strike first' });
    await expect.poll(() => leaving.getByRole('button').allTextContents()).toEqual(['Bandit 1 attacks', 'Bandit 2 attacks', 'Move on', 'Stay']);
    expect(await turn(page).getByRole('region', { name: 'Moving away' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/map-moving-away.png` });
    await leaving.getByRole('button', { name: 'Move on' }).click();
    await expect.poll(async () => (await centre(token(page, 'Bob'))).x).toBeGreaterThan(box.x + box.width * 0.4);
    await pressOutsideFields(page, 'Space');

    // The bandits' go passes; Ann aims her blast at the mill by clicking it on the map.
    await pressOutsideFields(page, 'x');
    await go(page).getByRole('button', { name: 'Ann' }).click();
    await pressOutsideFields(page, 't');
    const attack = page.getByRole('form', { name: 'Ann attacks' });
    const mill = battle(page).locator('g.label text', { hasText: /^Mill$/ });
    const target = await centre(mill);
    await page.mouse.click(target.x, target.y);
    await expect.poll(() => attack.getByTestId('blast-hits').textContent()).toMatch(/hits Cid, Bandit leader\./);
    expect(await battle(page).getByRole('status').textContent()).toMatch(/Blast on Mill: hits Cid, Bandit leader/);
    await page.screenshot({ path: `${SHOTS}/map-blast-aimed.png` });
    expect(await seriousViolations(page)).toEqual([]);
    // She throws: the save fails and the blast deviates into the lane, numbered 1 on the map.
    await attack.getByRole('button', { name: 'Declare attack' }).click();
    await expect.poll(() => battle(page).getByTestId('deviation').textContent()).toMatch(/The blast missed Mill: only one zone borders it, so it lands in Lane\./);
    expect(await battle(page).locator('g.number.landed text').textContent()).toBe('1');
    await battle(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/map-blast-deviated.png` });

    // The players' screen draws the same map and tokens (nobody here is concealed).
    const player = await app().openPlayers();
    await expect.poll(() => player.locator('g.token').count()).toBe(6);
    await player.screenshot({ path: `${SHOTS}/map-player-view.png` });
    await player.close();
  });
});
