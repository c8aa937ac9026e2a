import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, addNamed as add, createCampaign, createEncounter, pressOnScreen as key, SHOTS, useApp } from './session';

// Issue 38's grid items for Three Actions, at 1280 × 720: on a yard of 1 m squares Agnessa walks
// diagonally one square at a time, the second diagonal of her move costing 2 m (the metres left
// show while dragging); then her shortbow's attack form shows what the engine reads from the
// squares (the orc flanked by Ann and Bo, who stands within 1 m), and the GM rules otherwise by
// one box. With Dru not on the map the squares can't tell, and the form's boxes are the GM's.

const app = useApp({ width: 1280, height: 720 });

const COLUMNS = 8;
const ROWS = 6;

/** The middle of a square on the battle map's canvas (the map fitted into its box, centred). */
async function square(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const canvas = page.getByRole('application', { name: /^Battle map Yard/ });
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const scale = Math.min(box.width / COLUMNS, box.height / ROWS);
  const left = box.x + (box.width - COLUMNS * scale) / 2;
  const top = box.y + (box.height - ROWS * scale) / 2;
  return { x: left + (x + 0.5) * scale, y: top + (y + 0.5) * scale };
}

/** Shoots the page at 1280 × 720 and at 1920 × 1080. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${SHOTS}/${name}-1920.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

// Beside a map the log folds away with the side panel (S); its lines are read all the same.
const log = (page: Page) => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).textContent();

describe('Three Actions on a grid map', () => {
  it('counts a move\'s diagonals across its walks, and reads the flank and who is within 1 m from the squares', async () => {
    const page = app().page;
    await createCampaign(page, 'Keep yard', 'Three Actions');
    // A yard of 8 × 6 squares of 1 m.
    await page.getByRole('tab', { name: /Maps/ }).click();
    await page.getByLabel('Map name').fill('Yard');
    await page.getByLabel('Start from').selectOption({ label: 'A blank square grid' });
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.getByLabel('Columns').fill(String(COLUMNS));
    await page.getByLabel('Columns').press('Tab');
    await page.getByLabel('Rows').fill(String(ROWS));
    await page.getByLabel('Rows').press('Tab');
    await page.getByLabel('A square is').fill('1');
    await page.getByLabel('A square is').press('Tab');
    await page.getByLabel('Unit').selectOption({ label: 'metres' });
    await page.getByRole('button', { name: '← All maps' }).click();
    await page.getByRole('tab', { name: /Encounters/ }).click();
    await createEncounter(page, 'Orc in the yard', 3);
    await page.getByLabel('Lay out').selectOption({ label: 'Yard' });
    await page.getByRole('button', { name: 'Lay out this map' }).click();
    await expect.poll(() => page.getByRole('application', { name: /^Battle map Yard/ }).count()).toBe(1);

    // Agnessa carries a shortbow (a projectile: a luck roll of 1 may stray).
    const form = page.getByRole('form', { name: 'Add combatants' });
    await form.getByText(/^Weapons and items/).click();
    await form.getByRole('button', { name: '+ Weapon' }).click();
    await form.getByLabel('Item name').fill('Shortbow');
    await form.getByLabel('Delivery').selectOption({ label: 'Projectile' });
    await add(page, 'Agnessa', 'Heroes');
    for (const [name, faction] of [['Ann', 'Heroes'], ['Bo', 'Heroes'], ['Orc', 'Enemies'], ['Cai', 'Enemies']] as const) await add(page, name, faction);
    // The orc on E3 between Ann (D3) and Bo (F3); Cai beside the orc on E4; Agnessa on A6.
    for (const [name, at] of [['Agnessa', 'A6'], ['Ann', 'D3'], ['Bo', 'F3'], ['Orc', 'E3'], ['Cai', 'E4']] as const) {
      await page.getByRole('button', { name: `Place ${name}` }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel(`Square for ${name}`).fill(at);
      await page.getByLabel(`Square for ${name}`).press('Enter');
    }
    await expect.poll(() => page.getByRole('group', { name: 'Not on the map' }).count()).toBe(0);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    await setup.getByLabel('Who holds the initiative (started the fight)').selectOption({ label: 'Heroes' });
    await page.getByRole('button', { name: 'Start combat' }).click();
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Agnessa');

    // Her Move, walked square by square: A6 to B5 is 1 m (typed), B5 to C4 the move's second diagonal, 2 m.
    const turn = page.getByRole('article', { name: 'Turn' });
    await turn.getByRole('button', { name: 'Move', exact: true }).click();
    await key(page, 'w');
    await page.getByLabel('Agnessa walks to').fill('B5');
    await page.getByRole('button', { name: 'Walk', exact: true }).click();
    await expect.poll(() => log(page)).toContain('Agnessa walks from A6 to B5 (1 m).');
    const from = await square(page, 1, 4);
    const to = await square(page, 2, 3);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await expect.poll(() => page.locator('section.battle .status').textContent()).toContain('C4: 2 m, 2 m left');
    await shoot(page, 'three-actions-grid-walk');
    await page.mouse.up();
    await expect.poll(() => log(page)).toContain('Agnessa walks from B5 to C4 (2 m).');

    // T: the attack form shows the squares' reading before anything is rolled.
    await key(page, 't');
    const attack = page.getByRole('form', { name: 'Agnessa attacks' });
    await expect.poll(() => attack.getByTestId('map-reading').textContent()).toContain('Flanked: read from the map — Ann and Bo on opposite sides.');
    await expect.poll(() => attack.getByTestId('map-reading').textContent()).toContain('Within 1 m: Ann, Bo and Cai, read from the map (a luck roll of 1 strays onto them).');
    await expect.poll(() => attack.getByTestId('attack-plan').textContent()).toContain('advantage (flanked)');
    expect(await attack.getByLabel('Target flanked').count()).toBe(0);
    await shoot(page, 'three-actions-attack-on-grid');
    expect(await seriousViolations(page)).toEqual([]);
    // The GM rules otherwise: the boxes open, set as the map shows; unticking the flank is the ruling.
    await attack.getByLabel(/Rule otherwise/).check();
    await attack.getByLabel(/Target flanked/).uncheck();
    await expect.poll(() => attack.getByLabel(/Target flanked/).locator('xpath=..').textContent()).toContain('your ruling: the map shows otherwise');
    await expect.poll(() => attack.getByTestId('attack-plan').textContent()).not.toContain('advantage');
    await shoot(page, 'three-actions-attack-ruling');
    await page.keyboard.press('Enter');
    await expect.poll(() => log(page)).toMatch(/Agnessa's Shortbow (hits|misses|, aimed at Orc)/);
    await expect.poll(() => log(page)).toContain("not flanked by the GM's ruling against the map");

    // A maneuver marks whom it is aimed at on the map, as the attack form does, until it closes.
    const orc = page.getByRole('application', { name: /^Battle map Yard/ }).locator('g.token').filter({ has: page.locator('title', { hasText: /^Orc\b/ }) });
    await turn.getByRole('button', { name: 'Maneuver', exact: true }).click();
    const maneuver = page.getByRole('form', { name: "Agnessa's maneuver" });
    await expect.poll(() => orc.getAttribute('data-aimed')).toBe('true');
    await maneuver.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => orc.getAttribute('data-aimed')).toBeNull();

    // Dru joins and isn't on the map yet: he might stand anywhere, so the squares can't tell; the boxes are the GM's.
    await key(page, 'a');
    await add(page, 'Dru', 'Enemies');
    await expect.poll(() => page.getByRole('group', { name: 'Not on the map' }).count()).toBe(1);
    await key(page, 't');
    await expect.poll(() => attack.getByTestId('map-reading').textContent()).toBe("The map can't tell who stands round Orc: Dru isn't on the map. Say it here.");
    await attack.getByLabel('Target flanked').check();
    await expect.poll(() => attack.getByTestId('attack-plan').textContent()).toContain('advantage (flanked)');
    await shoot(page, 'three-actions-attack-off-grid');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
