import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, createEncounter, createCampaign, pressOnScreen, SHOTS, useApp } from './session';

// Issue 17's path through the grid map editor: start a grid map from the tavern template, paint
// squares and walls by typed squares and by the mouse, undo, and find the map kept in the campaign.

const app = useApp({ width: 1280, height: 720 });

const editorCanvas = (page: Page) => page.getByRole('application', { name: /^Tavern:/ });
const hint = (page: Page) => page.locator('.editor .hint');

/** The middle of a square on the editor's canvas (the map fitted into its box, centred). */
async function squareCentre(page: Page, x: number, y: number, width = 16, height = 12): Promise<{ x: number; y: number }> {
  return mapSquare(page, 'Tavern:', x, y, width, height);
}

/** The middle of a square on a grid map's canvas named from `name` on. */
async function mapSquare(page: Page, name: string, x: number, y: number, width = 16, height = 12): Promise<{ x: number; y: number }> {
  const canvas = page.getByRole('application', { name: new RegExp(`^${name}`) });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const scale = Math.min(box.width / width, box.height / height);
  const left = box.x + (box.width - width * scale) / 2;
  const top = box.y + (box.height - height * scale) / 2;
  return { x: left + (x + 0.5) * scale, y: top + (y + 0.5) * scale };
}

async function hoverSquare(page: Page, x: number, y: number): Promise<string> {
  const at = await squareCentre(page, x, y);
  await page.mouse.move(at.x, at.y);
  return (await hint(page).textContent()) ?? '';
}

describe('a grid map', () => {
  it('starts from the tavern, paints by typed squares and the mouse, undoes, and is kept', async () => {
    const page = app().page;
    await createCampaign(page, 'The salt road', 'Freeform');
    await page.getByRole('tab', { name: /Maps/ }).click();
    await page.getByLabel('Start from').selectOption({ label: 'Grid template: Tavern' });
    await page.getByRole('button', { name: 'Create map' }).click();
    await expect.poll(() => editorCanvas(page).count()).toBe(1);

    // Keyboard: 2 picks Solid, then a range typed and Enter paints it.
    await editorCanvas(page).focus();
    await page.keyboard.press('2');
    await expect.poll(() => page.getByRole('button', { name: /^Solid/ }).getAttribute('aria-pressed')).toBe('true');
    await page.getByLabel('Square or range').fill('B10:C11');
    await page.getByLabel('Square or range').press('Enter');
    expect(await hoverSquare(page, 2, 10)).toContain('C11: solid');

    // W for walls, a range and a side typed: walls along the top of D5 to F5.
    await editorCanvas(page).focus();
    await page.keyboard.press('w');
    await page.getByLabel('Square or range').fill('D5:F5');
    await page.getByLabel('Side').selectOption('top');
    await page.getByRole('button', { name: 'Apply Wall' }).click();
    await expect.poll(() => page.locator('.editor line.wall').count()).toBeGreaterThan(50);

    // A mistyped square says what to type.
    await page.getByLabel('Square or range').fill('Z99');
    await page.getByLabel('Square or range').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Z99 is off the map');

    // The mouse: 4 for hazard, a drag across three squares of row 11.
    await editorCanvas(page).focus();
    await page.keyboard.press('4');
    const from = await squareCentre(page, 5, 10);
    const to = await squareCentre(page, 7, 10);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    expect(await hoverSquare(page, 6, 10)).toContain('G11: hazard');
    await page.screenshot({ path: `${SHOTS}/grid-editor-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // Ctrl+Z takes the whole drag back in one step.
    await page.keyboard.press('Control+z');
    expect(await hoverSquare(page, 6, 10)).toContain('G11: open');
    expect(await hoverSquare(page, 2, 10)).toContain('C11: solid');

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/grid-editor-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Back to the list: the map is there, as a grid, and opens again as it was left.
    await page.getByRole('button', { name: '← All maps' }).click();
    await expect.poll(() => page.getByText('Square grid: 16 × 12 squares of 5 ft').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/grid-maps-list.png` });
    await page.getByRole('button', { name: 'Edit Tavern' }).click();
    await expect.poll(() => editorCanvas(page).count()).toBe(1);
    expect(await hoverSquare(page, 2, 10)).toContain('C11: solid');
  });

  it('lays the tavern out in a Freeform fight, places tokens, walks the one acting, shows cover, a door and fog', async () => {
    const page = app().page;
    await page.getByRole('tab', { name: /Encounters/ }).click();
    await createEncounter(page, 'Tavern brawl', 7);
    const battle = page.getByRole('region', { name: 'Battle map' }).or(page.locator('section.battle'));
    await page.getByLabel('Lay out').selectOption({ label: 'Tavern' });
    await page.getByRole('button', { name: 'Lay out this map' }).click();
    const map = page.getByRole('application', { name: /^Battle map Tavern/ });
    await expect.poll(() => map.count()).toBe(1);

    const form = page.getByRole('form', { name: 'Add combatants' });
    for (const [name, faction, initMod] of [['Aria', 'Heroes', 15], ['Orc', 'Enemies', -5], ['Bandit', 'Enemies', -5]] as const) {
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Faction').selectOption({ label: faction });
      await form.getByLabel('Initiative modifier').fill(String(initMod));
      await form.getByRole('button', { name: 'Add' }).click();
    }
    // Placed from the keyboard: the tray button, then a square typed.
    for (const [name, square] of [['Aria', 'B6'], ['Orc', 'H3'], ['Bandit', 'D6']] as const) {
      await page.getByRole('button', { name: `Place ${name}` }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel(`Square for ${name}`).fill(square);
      await page.getByLabel(`Square for ${name}`).press('Enter');
    }
    await expect.poll(() => page.getByRole('group', { name: 'Not on the map' }).count()).toBe(0);
    expect(await page.locator('section.battle .status').count()).toBe(1);

    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => activeName(page)).toBe('Aria');

    // Pick the orc on H3: the bandit below the table (solid D5 and E5) shows its cover in words.
    const orcAt = await mapSquare(page, 'Battle map Tavern', 7, 2);
    await page.mouse.click(orcAt.x, orcAt.y);
    const seen = page.getByRole('list', { name: 'What Orc sees' });
    await expect.poll(() => seen.textContent()).toContain('Aria:');
    await expect.poll(() => seen.textContent()).toContain('Bandit:');

    // Aria walks from B6 to F8 by the rules: the path and its cost show while dragging.
    const from = await mapSquare(page, 'Battle map Tavern', 1, 5);
    const to = await mapSquare(page, 'Battle map Tavern', 5, 7);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 10 });
    await expect.poll(() => page.locator('section.battle .status').textContent()).toContain('F8: 20 ft');
    await page.screenshot({ path: `${SHOTS}/grid-battle-drag-1280.png` });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await expect.poll(() => page.getByText('Aria walks from B6 to F8 (20 ft), leaving the reach of Bandit.').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close the log' }).click();

    // The measuring tape, one key away (M), typed and dragged: diagonals count one square each in Freeform.
    await pressOnScreen(page, 'm');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('C4 F8');
    await page.keyboard.type('B6 F8');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('section.battle .status').textContent()).toBe('B6 to F8: 20 ft (4 squares)');
    const a = await mapSquare(page, 'Battle map Tavern', 0, 0);
    const b = await mapSquare(page, 'Battle map Tavern', 2, 6);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.locator('section.battle .status').textContent()).toBe('A1 to C7: 30 ft (6 squares)');
    await page.screenshot({ path: `${SHOTS}/grid-measure-1280.png` });
    // M again puts the tape away.
    await pressOnScreen(page, 'm');
    await expect.poll(() => page.getByLabel('From and to').count()).toBe(0);

    // Line of sight, one key away (L): hidden, then shown again for the orc picked.
    await pressOnScreen(page, 'l');
    await expect.poll(() => seen.count()).toBe(0);
    await pressOnScreen(page, 'l');
    await expect.poll(() => seen.textContent()).toContain('Bandit:');

    // The snug's door, opened from the list (F); squares hidden from the players, typed at once.
    await pressOnScreen(page, 'f');
    await page.keyboard.type('L1:P12');
    await page.getByRole('list', { name: 'Doors' }).getByRole('button', { name: 'Open it' }).first().click();
    await expect.poll(() => page.getByRole('list', { name: 'Doors' }).textContent()).toContain(': open');
    await page.getByRole('button', { name: 'Hide from the players' }).click();
    await expect.poll(() => page.getByText('60 squares hidden.').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/grid-battle-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/grid-battle-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });

    // From the keyboard: the picked orc put on a square typed, and made a large creature.
    const orcToken = page.getByRole('application', { name: /^Battle map Tavern/ }).locator('g.token').filter({ has: page.locator('title', { hasText: /^Orc/ }) });
    const before = (await orcToken.boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Put on a square' }).click();
    await page.getByLabel('Put Orc on').fill('I2');
    await page.getByLabel('Put Orc on').press('Enter');
    await page.getByLabel('Size').selectOption('2');
    await expect.poll(async () => ((await orcToken.boundingBox())?.width ?? 0) > before * 1.3).toBe(true);
    await page.getByLabel('Size').selectOption('1');
    await page.getByLabel('Put Orc on').fill('H3');
    await page.getByLabel('Put Orc on').press('Enter');

    // The orc steps into the fog (the GM drags him: it isn't his turn). The players' screen shows
    // the map with the hidden squares dark, Aria and the bandit (to them "Enemies 1") on their squares, and no orc.
    const orcFrom = await mapSquare(page, 'Battle map Tavern', 7, 2);
    const orcTo = await mapSquare(page, 'Battle map Tavern', 12, 2);
    await page.mouse.move(orcFrom.x, orcFrom.y);
    await page.mouse.down();
    await page.mouse.move(orcTo.x, orcTo.y, { steps: 6 });
    await page.mouse.up();
    const players = await app().openPlayers();
    const playersMap = players.getByRole('img', { name: /^Map of Tavern brawl/ });
    await expect.poll(() => playersMap.count()).toBe(1);
    await expect.poll(() => playersMap.locator('g.token title').allTextContents()).toEqual(['Aria', 'Enemies 1']);
    expect((await players.getByTestId('player-screen').innerHTML()).toLowerCase()).not.toContain('orc');
    expect(await playersMap.locator('rect.unseen').count()).toBeGreaterThan(0);
    await players.setViewportSize({ width: 1280, height: 720 });
    await players.screenshot({ path: `${SHOTS}/grid-players-1280.png` });
    await players.setViewportSize({ width: 1920, height: 1080 });
    await players.screenshot({ path: `${SHOTS}/grid-players-1920.png` });
    await players.close();

    // W: the acting character walks to a typed square, whoever was picked before.
    await pressOnScreen(page, 'w');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim())).toBe('Aria walks to');
    await page.keyboard.type('F7');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await expect.poll(() => page.getByText('Aria walks from F8 to F7 (5 ft).').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close the log' }).click();

    // Another map, seldom wanted mid-fight, waits in the map's menu; Esc folds it away.
    expect(await page.getByLabel('Change map').isVisible()).toBe(false);
    await page.getByText('Map ▾').click();
    await expect.poll(() => page.getByLabel('Change map').isVisible()).toBe(true);
    await page.getByLabel('Change map').press('Escape');
    await expect.poll(() => page.getByLabel('Change map').isVisible()).toBe(false);
    void battle;
  });
});
