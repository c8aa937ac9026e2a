import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, addNamed as add, createCampaign, createEncounter, pressOnScreen as key, rows, SHOTS, useApp } from './session';

// Issue 19's actions that name someone else and last until the next turn, at 1280 × 720:
// Clementine commands Roland into cover and guards; the goblin's blow (the GM's damage) takes
// Roland past his constitution and the fortify question waits; he falls; Clementine kneels to
// bring him round with her last action the next round, and finishes it the round after; the
// goblin readies a move for when she stands up, taken on her turn.

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
    // The goblin carries the gear form's new weapon (a spear, piercing), its damage made psychic
    // (typeless) here; the gear stays open.
    await form.getByRole('button', { name: '+ Weapon' }).click();
    const damageType = form.getByLabel('Damage type').last();
    await expect.poll(() => damageType.locator('option:checked').textContent()).toBe('Piercing (physical)');
    await damageType.selectOption({ label: 'Psychic (typeless)' });
    await damageType.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/three-actions-add-damage-type.png` });
    // Both deflections are on the form, the physical one keeping its stored key.
    await expect.poll(() => form.getByLabel('Physical deflection').count()).toBe(1);
    await form.getByLabel('Elemental deflection').fill('1');
    await page.screenshot({ path: `${SHOTS}/three-actions-add-deflections.png` });
    await add(page, 'Goblin', 'Enemies');
    await expect.poll(() => rows(page).count()).toBe(3);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
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
    // The goblin's spear at Clementine (the first foe standing): its psychic damage meets neither
    // deflection, unless the GM rules one (here her physical, 0 + 1 guarding), picked by keyboard.
    await key(page, 't');
    const attack = page.getByRole('form', { name: 'Goblin attacks' });
    const plan = attack.getByTestId('attack-plan');
    await expect.poll(() => plan.textContent()).toContain('Damage: the result + 4 psychic, not deflected, at least 1.');
    await attack.getByLabel('Typeless damage reduced by').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => plan.textContent()).toContain('Damage: the result + 4 psychic, less physical deflection 1, at least 1.');
    await page.screenshot({ path: `${SHOTS}/three-actions-attack-typeless.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await attack.getByRole('button', { name: 'Roll' }).click();
    // It hits (8 against her guarded evasion 7): she may take it, block or parry with her shield, or
    // dodge with her own test (+1 guarding).
    const defend = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => defend.textContent()).toContain('Clementine is hit: take it, or defend first.');
    await defend.getByLabel('Their dodge test').fill('d6+d4+2');
    await expect.poll(() => defend.getByRole('button').allTextContents()).toEqual(['1 Take it', '2 Block with Shield', '3 Parry with Shield', '4 Dodge (d6+d4+2 against 8)', 'Call it off']);
    await page.screenshot({ path: `${SHOTS}/three-actions-defend.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-defend-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await seriousViolations(page)).toEqual([]);
    // She blocks: the shield takes the blow.
    await defend.getByRole('button', { name: /Block with Shield/ }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Clementine blocks with their item \(its durability now \d+\)/);
    // The goblin's edit form holds both deflections as set.
    await rows(page).filter({ hasText: 'Goblin' }).click();
    await page.getByText('Edit Goblin').click();
    const elemental = page.getByRole('article', { name: 'Selected combatant' }).getByLabel('Elemental deflection');
    await expect.poll(() => elemental.inputValue()).toBe('1');
    await elemental.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/three-actions-edit-deflections.png` });
    await key(page, 'Space');

    // Round 2 (Roland can't act; the goblin has gone): Clementine moves to Roland and looks in her
    // pack, then kneels to bring him round with her last action: begun now, finished next turn.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('2');
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Clementine');
    await expect.poll(() => conditionsOf(page, 'Clementine')).not.toContain('Guarding');
    await turn.getByRole('button', { name: 'Move', exact: true }).click();
    await turn.getByRole('button', { name: 'Interact', exact: true }).click();
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('1 action left, and the reaction');
    // The table's Short task is offered as a longer action too.
    const longer = turn.getByRole('form', { name: 'A longer action' });
    await longer.getByRole('combobox', { name: /^Longer action/ }).selectOption({ label: 'Short task (3 actions)' });
    await expect.poll(() => longer.textContent()).toContain('with the 1 action left, finished next turn');
    await longer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/three-actions-longer.png` });
    await turn.getByRole('button', { name: 'Resuscitate (finish next turn)' }).click();
    const rescue = page.getByRole('form', { name: 'Clementine resuscitates' });
    await expect.poll(() => rescue.textContent()).toContain('The test must reach 10');
    await expect.poll(() => rescue.textContent()).toContain('Only 1 action left: begun now, it is finished first thing next turn (1 more), and the test is rolled then.');
    await rescue.getByLabel("Clementine's test").fill('d6+d6+4');
    await page.screenshot({ path: `${SHOTS}/three-actions-resuscitate.png` });
    await rescue.getByRole('button', { name: 'Begin (finish next turn)' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toContain('Clementine starts resuscitating Roland: 1 of 2 actions, 1 more on the next turn.');
    await expect.poll(() => conditionsOf(page, 'Clementine')).toContain('Prone');
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('no actions left, and the reaction');
    await key(page, 'Space');

    // The goblin readies a move for when Clementine stands up, by keyboard: the action list has the
    // focus (Attack, Brandish, Interact, Guard, Move), then the trigger; Enter readies it.
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Goblin');
    await turn.getByRole('button', { name: 'Ready', exact: true }).click();
    const readying = page.getByRole('form', { name: 'Goblin readies an action' });
    await expect.poll(() => readying.getByLabel('Action').evaluate((el) => el === document.activeElement)).toBe(true);
    // Attack, Interact, Guard, Move: three down from the first.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => readying.getByLabel('Action').locator('option:checked').textContent()).toBe('Move');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clementine stands up');
    await page.screenshot({ path: `${SHOTS}/three-actions-ready.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).filter({ hasText: 'Goblin' }).textContent()).toContain('Readied: move, when Clementine stands up');
    await expect.poll(() => turn.textContent()).toContain('Ready an action ends the turn: end it.');
    await key(page, 'Space');

    // Round 3: the resuscitation comes first, its test rolled now.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('3');
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Clementine');
    const underWay = page.getByRole('region', { name: 'Under way' });
    await expect.poll(() => underWay.textContent()).toContain('Clementine is in the middle of resuscitating Roland: 1 of 2 actions.');
    await expect.poll(() => underWay.getByRole('button', { name: 'Finish (1 action): roll d6+d6+4' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/three-actions-carried.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-carried-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await underWay.getByRole('button', { name: /^Finish/ }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Clementine kneels by Roland (and brings them round|but can't bring them round) \(\d+ against 10\)\./);
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('2 actions left, and the reaction');
    // She stands up: the goblin's readied move is set off, taken with its reaction.
    await turn.getByRole('button', { name: 'Stand up', exact: true }).click();
    const take = turn.getByRole('group', { name: 'Out of turn' }).getByRole('button', { name: "Take readied: Goblin's move (when Clementine stands up)" });
    await page.screenshot({ path: `${SHOTS}/three-actions-readied.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-readied-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await take.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toContain('Goblin, out of turn: move (readied move, when Clementine stands up).');
    await expect.poll(() => turn.textContent()).toContain('Goblin moves: place their token on the map');
    await expect.poll(() => rows(page).filter({ hasText: 'Goblin' }).textContent()).not.toContain('Readied');

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
