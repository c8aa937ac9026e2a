/** Helpers for driving a Zones & Factions fight: the panels by role, keys outside fields, adding characters. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const go = (page: Page) => page.getByRole('article', { name: 'Whose go' });
export const turn = (page: Page) => page.getByRole('article', { name: 'Turn' });
// Beside a map the log folds away with the side panel (S); its lines are read all the same.
export const log = (page: Page) => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true });

export async function pressOutsideFields(page: Page, key: string) {
  await page.locator('body').click({ position: { x: 5, y: 990 } });
  await page.keyboard.press(key);
}

/** Adds characters by the Add combatants form; `blast` gives them a ranged blast weapon (range 2) instead of a plain one. */
export async function addCharacter(page: Page, o: { name: string; faction: string; wit: number; hp: number; zone: string; weapon?: boolean; blast?: boolean }) {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.getByLabel('Name').fill(o.name);
  await form.getByLabel('Faction').selectOption({ label: o.faction });
  await form.getByLabel('HP').fill(String(o.hp));
  await form.getByLabel('WIT').fill(String(o.wit));
  await form.getByLabel('Zone').selectOption({ label: o.zone });
  if (o.weapon || o.blast) {
    const gear = form.locator('details');
    if ((await gear.getAttribute('open')) === null) await gear.locator('summary').click();
    await form.getByRole('button', { name: '+ Weapon' }).click();
    if (o.blast) {
      await form.getByLabel('Reach').selectOption('ranged');
      await form.getByLabel('Range', { exact: true }).fill('2');
      await form.getByLabel('Range', { exact: true }).press('Tab');
      await form.getByLabel('Blast').check();
    }
  }
  await form.getByRole('button', { name: 'Add', exact: true }).click();
}

/** The names on the "who acts" buttons, in order. */
export async function mayAct(page: Page): Promise<string[]> {
  const names = await go(page).getByRole('list', { name: 'Who acts' }).getByRole('button').allTextContents();
  return names.map((n) => n.replace(/^\s*\d\s*/, '').trim());
}

export async function takeTurnAndEnd(page: Page, name: string) {
  await go(page).getByRole('button', { name }).click();
  await expect.poll(() => turn(page).getByRole('heading').textContent()).toBe(`${name}'s turn`);
  await pressOutsideFields(page, 'Space');
}

