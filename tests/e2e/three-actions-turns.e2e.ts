import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, addNamed as add, createCampaign, createEncounter, pressOnScreen as key, rows, SHOTS, useApp } from './session';

// Issue 19's actions that name someone else and last until the next turn, at 1280 × 720:
// Clementine commands Roland into cover and guards; the goblin's blow (the GM's damage) takes
// Roland past his constitution and the fortify question waits; he falls; Clementine kneels to
// bring him round the next round.

const app = useApp({ width: 1280, height: 720 });

const conditionsOf = (page: Page, name: string) => rows(page).filter({ hasText: name }).textContent();

describe('Three Actions: command, guard, fortify, resuscitate', () => {
  it('runs the actions that name an ally or last until the next turn, and the questions after a blow', async () => {
    const page = app().page;
    await createCampaign(page, 'Keep road', 'Three Actions');
    await createEncounter(page, 'Goblin ambush', 2);
    await add(page, 'Roland', 'Heroes');
    // Clementine carries the gear form's new shield (metal, none listed: durability 10).
    const form = page.getByRole('form', { name: 'Add combatants' });
    await form.getByText(/^Weapons and items/).click();
    await form.getByRole('button', { name: '+ Shield or parrying item' }).click();
    await expect.poll(() => form.getByLabel('Durability from').locator('option:checked').textContent()).toBe('None listed, metal: 10');
    await add(page, 'Clementine', 'Heroes');
    // The goblin carries the gear form's new weapon (a spear); the gear stays open.
    await form.getByRole('button', { name: '+ Weapon' }).click();
    await add(page, 'Goblin', 'Enemies');
    await expect.poll(() => rows(page).count()).toBe(3);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    // Every hit asks: the heroes carry no shields, but may dodge or step in.
    await setup.getByLabel('Every hit asks for a defence').check();
    await setup.getByLabel('Who holds the initiative (started the fight)').selectOption({ label: 'Heroes' });
    await page.getByRole('button', { name: 'Start combat' }).click();

    // Clementine (2 in the list) commands Roland into cover: 1 action and 2 focus.
    await key(page, '2');
    await expect.poll(() => activeName(page)).toBe('Clementine');
    const turn = page.getByRole('article', { name: 'Turn' });
    await turn.getByRole('button', { name: 'Command' }).click();
    const command = page.getByRole('form', { name: 'Clementine commands an ally' });
    await command.getByLabel('Their action').selectOption({ label: 'Seek cover' });
    await page.screenshot({ path: `${SHOTS}/three-actions-command.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await command.getByRole('button', { name: 'Command' }).click();
    await expect.poll(() => turn.getByTestId('resources').textContent()).toContain('Focus 1/3');
    await expect.poll(() => conditionsOf(page, 'Roland')).toContain('Behind cover');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toContain('Clementine commands Roland (2 focus): Roland takes an action now, seek cover.');
    // Guard ends her turn, +1 to her defences until her next.
    await turn.getByRole('button', { name: 'Guard', exact: true }).click();
    await expect.poll(() => turn.textContent()).toContain('Guard ends the turn: end it.');
    await expect.poll(() => conditionsOf(page, 'Clementine')).toContain('Guarding');
    await key(page, 'Space');

    // The goblin's go: its blow (the GM's 20 damage) takes Roland's 12 endurance and 8 health,
    // more than his constitution of 4 — fortify or fall.
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Goblin');
    await page.getByRole('button', { name: /Roland/ }).first().click();
    const target = page.getByRole('article', { name: 'Selected combatant' });
    await target.getByLabel('Amount').fill('20');
    await target.getByRole('button', { name: 'Damage' }).click();
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => question.textContent()).toContain('Roland has lost more health than their constitution: fortify against 8');
    // The fortify test is the character's own (strength, athletics, fortitude), typed as dice.
    await question.getByLabel('Their fortify test').fill('d6+d4+1');
    await expect.poll(() => question.getByRole('button', { name: /Fortify/ }).textContent()).toContain('Fortify (d6+d4+1)');
    await page.screenshot({ path: `${SHOTS}/three-actions-fortify.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await question.getByRole('button', { name: /Fall unconscious/ }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toContain('Roland falls unconscious.');
    // The goblin's spear at Clementine (the first foe standing).
    await key(page, 't');
    await page.getByRole('form', { name: 'Goblin attacks' }).getByRole('button', { name: 'Roll' }).click();
    // It hits (8 against her guarded evasion 7): she may take it, block or parry with her shield, or
    // dodge with her own test (+1 guarding).
    const defend = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => defend.textContent()).toContain('Clementine is hit: take it, or defend first.');
    await defend.getByLabel('Their dodge test').fill('d6+d4+2');
    await expect.poll(() => defend.getByRole('button').allTextContents()).toEqual(['1 Take it', '2 Block with Shield', '3 Parry with Shield', '4 Dodge (d6+d4+2 against 8)', 'Call it off']);
    await page.screenshot({ path: `${SHOTS}/three-actions-defend.png` });
    expect(await seriousViolations(page)).toEqual([]);
    // She blocks: the shield takes the blow.
    await defend.getByRole('button', { name: /Block with Shield/ }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Clementine blocks with their item \(its durability now \d+\)/);
    await key(page, 'Space');

    // Round 2 (Roland can't act; the goblin has gone): Clementine kneels to bring him round.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('2');
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Clementine');
    await expect.poll(() => conditionsOf(page, 'Clementine')).not.toContain('Guarding');
    await turn.getByRole('button', { name: 'Resuscitate' }).click();
    const rescue = page.getByRole('form', { name: 'Clementine resuscitates' });
    await expect.poll(() => rescue.textContent()).toContain('The test must reach 10');
    await rescue.getByLabel("Clementine's test").fill('d6+d6+4');
    await page.screenshot({ path: `${SHOTS}/three-actions-resuscitate.png` });
    await rescue.getByRole('button', { name: 'Roll the test' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Clementine kneels by Roland (and brings them round|but can't bring them round) \(\d+( \+4 luck)? against 10\)\./);
    await expect.poll(() => conditionsOf(page, 'Clementine')).toContain('Prone');
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('1 action left, and the reaction');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-resuscitated-1920.png` });

    // The text's four tables, in our words, in the help.
    await page.setViewportSize({ width: 1280, height: 720 });
    await key(page, '?');
    for (const title of ['Actions (three a turn)', /^Reactions/, 'Free actions', 'Damage types']) await expect.poll(() => page.getByRole('heading', { name: title }).count()).toBe(1);
    const free = page.getByRole('heading', { name: 'Free actions' }).locator('xpath=following-sibling::table[1]');
    await free.scrollIntoViewIfNeeded();
    expect(await free.getByRole('row').allTextContents()).toEqual([expect.stringMatching(/^Action/), expect.stringMatching(/^Drop an item/), expect.stringMatching(/^Drop prone/), expect.stringMatching(/^Step\s*Free, once a turn\s*A 1 m step instead of a move\.$/)]);
    await page.screenshot({ path: `${SHOTS}/three-actions-help-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, 'Escape');
  });

  it('keeps a party member\'s weapons and items with her between fights', async () => {
    const page = app().page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: '☰ Keep road' }).click();
    await page.getByRole('tab', { name: /Party/ }).click();
    await page.getByRole('button', { name: 'New character' }).click();
    const editor = page.getByRole('form', { name: 'New character' });
    await editor.getByLabel('Name').fill('Petra');
    await editor.getByRole('button', { name: '+ Weapon' }).click();
    await editor.getByRole('button', { name: '+ Shield or parrying item' }).click();
    await editor.getByLabel('Fortify test').fill('d6+d4+1');
    await page.screenshot({ path: `${SHOTS}/three-actions-party-entry.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Petra').count()).toBeGreaterThan(0);
    // Opened again, the gear is still hers.
    await page.getByRole('button', { name: /Petra/ }).first().click();
    const reopened = page.getByRole('form', { name: /Petra/ });
    await expect.poll(() => reopened.getByText('Weapons and items (2)').count()).toBe(1);
    expect(await reopened.getByLabel('Fortify test').inputValue()).toBe('d6+d4+1');
  });
});
