import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, createCampaign, createEncounter, rows, SHOTS, useApp } from './session';

const app = useApp({ width: 1920, height: 1080 });

async function pressOutsideFields(page: Page, key: string) {
  await page.locator('body').click({ position: { x: 5, y: 1070 } });
  await page.keyboard.press(key);
}

describe('conditions, dice and help at 1920×1080', () => {
  it('expires a timed condition by itself and logs every die of a roll', async () => {
    const page = app().page;
    // Zones & Factions is the default; this fight runs in initiative order.
    await createCampaign(page, 'Troll country', 'Freeform');
    await createEncounter(page, 'Bridge troll');
    const add = page.getByRole('form', { name: 'Add combatants' });
    for (const name of ['Troll', 'Aria', 'Borin']) {
      await add.getByLabel('Name').fill(name);
      await add.getByRole('button', { name: 'Add' }).click();
    }
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Start combat' }).click();
    const first = await activeName(page);

    // "Stunned" on the second in line, for 1 round, ending at the start of the acting combatant's turn.
    await pressOutsideFields(page, 'ArrowDown');
    await pressOutsideFields(page, 'ArrowDown');
    const target = page.getByRole('article', { name: 'Selected combatant' });
    const targetName = await target.getByTestId('target-name').textContent();
    const form = page.getByRole('form', { name: 'Add a condition' });
    await form.getByLabel('Condition').fill('Stunned');
    await form.getByLabel('Rounds').fill('1');
    await form.getByRole('button', { name: 'Add condition' }).click();
    const stunnedRow = rows(page).filter({ hasText: targetName ?? '' });
    await expect.poll(() => stunnedRow.textContent()).toContain('Stunned');
    await page.screenshot({ path: `${SHOTS}/conditions-added.png` });

    // Two turns later it is still there; when the first combatant's turn comes round, it is gone.
    await pressOutsideFields(page, 'n');
    await pressOutsideFields(page, 'n');
    expect(await stunnedRow.textContent()).toContain('Stunned');
    await pressOutsideFields(page, 'n');
    expect(await activeName(page)).toBe(first);
    expect(await page.getByTestId('round').textContent()).toBe('2');
    await expect.poll(() => stunnedRow.textContent()).not.toContain('Stunned');

    // "Raging" until the fight ends, then changed to 2 rounds counted at the end of each round.
    await form.getByLabel('Condition').fill('Raging');
    await form.getByLabel('Ends at').selectOption('fight-end');
    expect(await form.getByLabel('Rounds').count()).toBe(0);
    await form.getByRole('button', { name: 'Add condition' }).click();
    const conditions = target.getByRole('list', { name: 'Conditions' });
    await expect.poll(() => conditions.textContent()).toContain('until the fight ends');
    await target.getByRole('button', { name: 'Duration of Raging' }).click();
    const change = page.getByRole('form', { name: 'How long Raging lasts' });
    // The editor takes the keys at once; Escape closes it and changes nothing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-label'))).toBe('How long Raging lasts');
    await page.keyboard.press('Escape');
    await expect.poll(() => change.count()).toBe(0);
    await target.getByRole('button', { name: 'Duration of Raging' }).click();
    await change.getByLabel('Ends at').selectOption('round-end');
    await change.getByLabel('Rounds').fill('2');
    await change.getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => conditions.textContent()).toContain('2 rounds, counted at the end of each round');
    await expect.poll(() => stunnedRow.textContent()).toContain('Raging 2');
    await page.screenshot({ path: `${SHOTS}/conditions-duration.png` });

    // Typed notation, a die button, and dice rolled at the table entered by hand.
    await pressOutsideFields(page, 'r');
    await page.keyboard.type('4d6kh3+2');
    await page.keyboard.press('Enter');
    const log = page.getByRole('region', { name: 'Dice log' }).getByRole('listitem');
    await expect.poll(() => log.first().textContent()).toContain('4d6kh3+2');
    const dice = await log.first().locator('.die').count();
    expect(dice).toBe(4);
    expect(await log.first().locator('.die.dropped').count()).toBe(1);

    await page.getByRole('group', { name: 'Quick dice' }).getByRole('button', { name: 'd20', exact: true }).click();
    await expect.poll(() => log.first().textContent()).toMatch(/^d20/);

    await page.getByText('Label or dice rolled at the table').click();
    await page.getByLabel('For', { exact: true }).fill('Troll bites');
    await page.getByLabel('Dice rolled by hand').fill('5 6');
    await page.getByLabel('Roll', { exact: true }).fill('2d6+4');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    await expect.poll(() => log.first().textContent()).toContain('Troll bites');
    expect(await log.first().textContent()).toContain('by hand');
    expect(await log.first().getByLabel('total 15').count()).toBe(1);

    // Bad notation is refused with a message that says what works.
    await page.getByLabel('Roll', { exact: true }).fill('2d');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/like 2d6\+1/);
    await page.screenshot({ path: `${SHOTS}/dice-log-1920.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await pressOutsideFields(page, '?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => help.isVisible()).toBe(true);
    expect(await help.textContent()).toContain('Next turn');
    await page.screenshot({ path: `${SHOTS}/help-overlay.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
  });
});
