import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, SHOTS, useApp } from './session';

// Issue 17's path through the grid map editor: start a grid map from the tavern template, paint
// squares and walls by typed squares and by the mouse, undo, and find the map kept in the campaign.

const app = useApp({ width: 1280, height: 720 });

const editorCanvas = (page: Page) => page.getByRole('application', { name: /^Tavern:/ });
const hint = (page: Page) => page.locator('.editor .hint');

/** The middle of a square on the editor's canvas (the map fitted into its box, centred). */
async function squareCentre(page: Page, x: number, y: number, width = 16, height = 12): Promise<{ x: number; y: number }> {
  const box = await editorCanvas(page).boundingBox();
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
});
