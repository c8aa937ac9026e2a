import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, createCampaign, createEncounter, rows, SHOTS, useApp } from './session';

const app = useApp();

async function addCombatants(page: Page, name: string, faction: string, hp: number, initMod: number) {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Faction').selectOption({ label: faction });
  await form.getByLabel('HP').fill(String(hp));
  await form.getByLabel('Initiative modifier').fill(String(initMod));
  await form.getByRole('button', { name: 'Add' }).click();
}


describe('a first fight', () => {
  it('creates an encounter, runs turns, damages, undoes and survives a reload', async () => {
    const page = app().page;
    // Zones & Factions is the default; this fight runs in initiative order.
    await createCampaign(page, 'Goblin war', 'Freeform');
    await createEncounter(page, 'Goblin ambush');

    await addCombatants(page, 'Goblin ×4', 'Enemies', 7, 2);
    await addCombatants(page, 'Aria', 'Heroes', 24, 3);
    await addCombatants(page, 'Borin', 'Heroes', 30, 1);
    await expect.poll(() => rows(page).count()).toBe(6);
    expect(await rows(page).allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Goblin 1'), expect.stringContaining('Goblin 4'), expect.stringContaining('Aria')]),
    );

    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('1');
    const order = (await rows(page).allTextContents()).map((t) => /(Goblin \d|Aria|Borin)/.exec(t)?.[1]);
    expect(await activeName(page)).toBe(order[0]);
    await page.screenshot({ path: `${SHOTS}/first-fight-started.png` });

    // Three turns by keyboard; with six combatants the round stays 1.
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
    expect(await activeName(page)).toBe(order[3]);
    expect(await page.getByTestId('round').textContent()).toBe('1');

    await page.getByRole('button', { name: /Goblin 2/ }).click();
    const target = page.getByRole('article', { name: 'Selected combatant' });
    // Pressing Damage with no amount says what to do instead of failing silently.
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Type how much damage first/);
    await target.getByLabel('Amount').fill('5');
    await target.getByRole('button', { name: 'Damage' }).click();
    const goblin2 = rows(page).filter({ hasText: 'Goblin 2' });
    await expect.poll(() => goblin2.getByRole('meter').getAttribute('aria-valuenow')).toBe('2');
    await page.screenshot({ path: `${SHOTS}/first-fight-damaged.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => goblin2.getByRole('meter').getAttribute('aria-valuenow')).toBe('7');
    await expect.poll(() => page.getByText('Saved', { exact: true }).count()).toBe(1);

    const reloaded = await app().reload();
    await expect.poll(() => reloaded.getByTestId('round').textContent()).toBe('1');
    expect(await rows(reloaded).count()).toBe(6);
    expect(await activeName(reloaded)).toBe(order[3]);
    const after = rows(reloaded).filter({ hasText: 'Goblin 2' });
    expect(await after.getByRole('meter').getAttribute('aria-valuenow')).toBe('7');
    // Undo history survives the reload too: the damage can be redone.
    await reloaded.getByRole('button', { name: /Redo/ }).click();
    await expect.poll(() => after.getByRole('meter').getAttribute('aria-valuenow')).toBe('2');
    await reloaded.screenshot({ path: `${SHOTS}/first-fight-reloaded.png` });
  });
});
