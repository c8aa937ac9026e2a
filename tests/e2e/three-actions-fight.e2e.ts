import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, addNamed as add, createCampaign, createEncounter, pressOnScreen as key, rows, SHOTS, useApp } from './session';

// Issue 19's first part, at 1280 × 720: three teams in a Three Actions fight, the players having
// started it by attacking the wolves. The go passes from the players to the wolves (the team they
// attacked, put next by the GM) and then to the guards; each turn holds three actions and the
// reaction is spent out of turn. Attacks and defences are rolled by hand for now.

const app = useApp({ width: 1280, height: 720 });

const whoseGo = (page: Page) => page.getByTestId('whose-go').textContent();

describe('a Three Actions fight', () => {
  it('alternates three teams in the GM\'s order, three actions a turn, the reaction out of turn', async () => {
    const page = app().page;
    await createCampaign(page, 'Border keep', 'Three Actions');
    await createEncounter(page, 'Wolves at the gate', 5);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    await setup.getByLabel('New faction').fill('Wolves');
    await setup.getByRole('button', { name: 'Add faction' }).click();
    // Roland carries a spear (the gear form's new weapon: d6+d6+1, 4 damage) and a shield in hand,
    // and a dagger to parry with that starts in its sheath (In hand unticked).
    const form = page.getByRole('form', { name: 'Add combatants' });
    await form.getByText(/^Weapons and items/).click();
    await form.getByRole('button', { name: '+ Weapon' }).click();
    await form.getByRole('button', { name: '+ Shield or parrying item' }).click();
    await form.getByRole('button', { name: '+ Shield or parrying item' }).click();
    await form.getByLabel('Item name').nth(2).fill('Dagger');
    await form.getByLabel('Item name').nth(2).press('Tab');
    await form.getByLabel('Block', { exact: true }).nth(1).fill('0');
    await form.getByLabel('Block', { exact: true }).nth(1).press('Tab');
    await form.getByLabel('In hand').nth(2).uncheck();
    await expect.poll(() => form.getByLabel('In hand').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).checked))).toEqual([true, true, false]);
    await form.getByLabel('In hand').nth(2).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/three-actions-gear-in-hand.png` });
    for (const [name, faction] of [['Roland', 'Heroes'], ['Clementine', 'Heroes'], ['Captain', 'Enemies'], ['Guard', 'Enemies'], ['Wolf ×2', 'Wolves']] as const) await add(page, name, faction);
    await expect.poll(() => rows(page).count()).toBe(6);

    // Roland started it by attacking a wolf: his team goes first, the wolves second (the engine
    // puts them there), opening with an attack.
    await setup.getByLabel('What they did').fill('attacks a wolf');
    await setup.getByLabel('The one whose action began the fight').selectOption({ label: 'Roland' });
    await expect.poll(() => setup.getByLabel('Who holds the initiative (started the fight)').inputValue()).not.toBe('');
    await expect.poll(async () => setup.getByLabel('Who holds the initiative (started the fight)').locator('option:checked').textContent()).toBe('Heroes');
    await expect.poll(async () => setup.getByLabel('Their opening action').locator('option:checked').textContent()).toBe('Attack');
    const attackedPick = setup.getByLabel('Whom they attacked');
    await attackedPick.focus();
    await attackedPick.selectOption({ label: 'Wolf 1' });
    const order = setup.getByRole('list', { name: 'Order of goes' });
    await expect.poll(() => order.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Heroes'),
      expect.stringContaining('Wolves'),
      expect.stringContaining('Enemies'),
    ]);
    await setup.getByRole('group', { name: 'Who started it' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/three-actions-starter.png` });
    // Moving the wolves from second place is refused unless ruled; the order stays.
    await setup.getByRole('button', { name: 'Move Wolves down' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Roland started the fight by attacking Wolf 1: Wolves go straight after Heroes.');
    await expect.poll(() => page.getByRole('button', { name: 'Rule it anyway' }).count()).toBe(1);
    expect(await order.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Heroes'), expect.stringContaining('Wolves'), expect.stringContaining('Enemies')]);
    await page.screenshot({ path: `${SHOTS}/three-actions-setup.png` });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => whoseGo(page)).toBe("Heroes' go");
    // Roland started it: his team's first turn is his alone. 1 picks him; his turn holds three actions.
    await expect.poll(() => page.getByRole('list', { name: 'Who acts' }).getByRole('button').allTextContents()).toEqual([expect.stringContaining('Roland')]);
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Roland');
    const turn = page.getByRole('article', { name: 'Turn' });
    await expect.poll(() => turn.getByTestId('opening').textContent()).toBe('Roland started the fight: their first action is attack (attacks a wolf).');
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('3 actions left, and the reaction');
    // Anything else first is refused, saying what he opens with (the GM may rule it anyway).
    await turn.getByRole('button', { name: 'Move', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Roland started the fight: their first action is attack (attacks a wolf). Take that first');
    await page.screenshot({ path: `${SHOTS}/three-actions-opens-with.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => turn.getByLabel('3 of 3 actions left').textContent()).toBe('Actions ●●●');
    // T attacks: the wolves are the first foes in the form (3, Wolf 1); the plan shows what it needs.
    await key(page, 't');
    const attack = page.getByRole('form', { name: 'Roland attacks' });
    await page.keyboard.press('3');
    await expect.poll(() => attack.getByTestId('attack-plan').textContent()).toMatch(/^d6\+d6\+1: 6 or more hits Wolf 1; a luck roll of 19\+ can't miss\.\s+Damage: the result \+ 4 piercing, less physical deflection 0, at least 1\.$/);
    await page.screenshot({ path: `${SHOTS}/three-actions-attack.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    const log = page.getByRole('region', { name: 'What happened' });
    await expect.poll(() => log.textContent()).toMatch(/Roland's Spear (hits|misses) Wolf 1/);
    // A hit waits for the wolf, who could dodge (a reaction and 1 stamina): 1 takes it.
    if (/hits Wolf 1/.test((await log.textContent()) ?? '')) {
      const question = page.getByRole('article', { name: 'Waiting for an answer' });
      await expect.poll(() => question.getByRole('button').first().textContent()).toBe('1 Take it');
      await key(page, '1');
      await expect.poll(() => log.textContent()).toContain('Wolf 1 takes the blow');
    }
    // Opened: the requirement is gone and the turn is free.
    await expect.poll(() => turn.getByTestId('opening').count()).toBe(0);
    // Move once, then an action longer than the one left: started now, finished next turn.
    await turn.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('1 action left, and the reaction');
    const longer = turn.getByRole('form', { name: 'A longer action' });
    await longer.getByLabel(/Longer than the 1 action left/).fill('binding a wound');
    await longer.getByLabel('Actions it takes').fill('2');
    await longer.getByRole('button', { name: 'Start it' }).click();
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('no actions left, and the reaction');
    await expect.poll(() => turn.getByLabel('0 of 3 actions left').count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Under way' }).textContent()).toContain('Roland is in the middle of binding a wound: 1 of 2 actions, 1 action more first thing next turn.');
    await page.screenshot({ path: `${SHOTS}/three-actions-turn.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, 'Space');

    // The wolves' go, then the guards'; the players' screen lists the teams in that order.
    await expect.poll(() => whoseGo(page)).toBe("Wolves' go");
    const player = await app().openPlayers();
    await expect.poll(() => player.getByTestId('player-side-order').getByRole('listitem').allTextContents()).toEqual(['Heroes', 'Wolves', 'Enemies']);
    await player.screenshot({ path: `${SHOTS}/three-actions-players-order.png` });
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Wolf 1');
    await key(page, 'Space');
    await expect.poll(() => whoseGo(page)).toBe("Enemies' go");
    await page.screenshot({ path: `${SHOTS}/three-actions-go.png` });
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Captain');
    await key(page, 'Space');
    // Back to the players: only Clementine is left to act this round.
    await expect.poll(() => whoseGo(page)).toBe("Heroes' go");
    await expect.poll(() => page.getByRole('list', { name: 'Who acts' }).getByRole('button').allTextContents()).toEqual([expect.stringContaining('Clementine')]);
    await key(page, '1');
    // Clementine trips the captain, by keyboard: a maneuver, an attack for the penalty.
    await turn.getByRole('button', { name: 'Maneuver' }).focus();
    await page.keyboard.press('Enter');
    const maneuver = page.getByRole('form', { name: "Clementine's maneuver" });
    // Its first field (whom at: foes first) has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('label')?.firstChild?.textContent?.trim())).toBe('At');
    await maneuver.locator('select').first().selectOption({ label: 'Captain' });
    await page.keyboard.press('Tab');
    await page.keyboard.type('trips the captain');
    await expect.poll(() => maneuver.getByTestId('maneuver-plan').textContent()).toMatch(/d6\+d6: 6 or more works on Captain; a luck roll \(d20\) of 20\+ adds 4/);
    await page.screenshot({ path: `${SHOTS}/three-actions-maneuver.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-maneuver-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Clementine's maneuver at Captain, trips the captain: -?\d+.* against evasion 6, it (works|fails)/);
    await key(page, 'Space');
    for (const next of ['Wolf 2', 'Guard']) {
      await key(page, '1');
      await expect.poll(() => activeName(page)).toBe(next);
      await key(page, 'Space');
    }
    // Round 2: Roland's turn starts with the wound he began binding.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('2');
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Roland');
    const underWay = page.getByRole('region', { name: 'Under way' });
    await expect.poll(() => underWay.textContent()).toContain('Roland is in the middle of binding a wound: 1 of 2 actions.');
    await page.screenshot({ path: `${SHOTS}/three-actions-under-way.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-under-way-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await underWay.getByRole('button', { name: 'Finish (1 action)' }).click();
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('2 actions left, and the reaction');

    // Brandish by keyboard: the spear and shield in hand (the Hands setting: 2), the dagger taken
    // instead of the shield, then back. Enter opens it, Space ticks, Enter brandishes.
    await expect.poll(() => rows(page).filter({ hasText: 'Roland' }).getByTestId('in-hand').textContent()).toBe('in hand: Spear, Shield');
    await turn.getByRole('button', { name: 'Brandish', exact: true }).focus();
    await page.keyboard.press('Enter');
    const brandish = page.getByRole('form', { name: 'Roland brandishes' });
    const box = (name: string) => brandish.getByRole('checkbox', { name: new RegExp(`^${name} `) });
    await expect.poll(() => box('Spear').evaluate((b) => b === document.activeElement)).toBe(true);
    // Both hands full: the dagger can't be ticked until the shield is put away.
    await expect.poll(() => box('Dagger').isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => box('Dagger').isDisabled()).toBe(false);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => box('Dagger').isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/three-actions-brandish.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-brandish-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toContain('Roland now holds Spear and Dagger.');
    await expect.poll(() => rows(page).filter({ hasText: 'Roland' }).getByTestId('in-hand').textContent()).toBe('in hand: Spear, Dagger');
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('1 action left, and the reaction');
    // Dropping the dagger is free; the shield goes back in hand on his next Brandish.
    await turn.getByRole('button', { name: 'Drop Dagger' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Roland' }).textContent()).toContain('on the ground: Dagger');
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('1 action left, and the reaction');
    await turn.getByRole('button', { name: 'Brandish', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => box('Dagger').isDisabled()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page).filter({ hasText: 'Roland' }).getByTestId('in-hand').textContent()).toBe('in hand: Spear, Shield');
    await expect.poll(() => turn.getByTestId('turn-left').textContent()).toBe('no actions left, and the reaction');

    // The GM's 20 damage on Wolf 1 (no endurance left, 12 health): beyond what it had, so its luck
    // against death is asked first, one key away.
    await rows(page).filter({ hasText: 'Wolf 1' }).click();
    const target = page.getByRole('article', { name: 'Selected combatant' });
    await target.getByLabel('Amount').fill('20');
    await target.getByRole('button', { name: 'Damage' }).click();
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => question.textContent()).toContain('Wolf 1 took more damage than they had health left: roll their luck test against death (10) first.');
    await page.screenshot({ path: `${SHOTS}/three-actions-death.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, '1');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Wolf 1 rolls \d+ on the luck test against death \(10\) and (dies|cheats death)/);

    // Wolf 2 bites (the GM gives it a sure bite under Edit): Roland may block or parry only with
    // what is in hand, the shield; the dagger lies on the ground.
    await rows(page).filter({ hasText: 'Wolf 2' }).click();
    await target.getByText('Edit Wolf 2').click();
    await target.getByText(/^Weapons and items/).click();
    await target.getByRole('button', { name: '+ Weapon' }).click();
    // Each edit is dispatched at once, and the form folds again.
    await target.getByText(/^Weapons and items/).click();
    await target.getByLabel('Attack test').fill('d6+20');
    await target.getByLabel('Attack test').press('Tab');
    await key(page, 'Space');
    await expect.poll(() => whoseGo(page)).toBe("Wolves' go");
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Wolf 2');
    await key(page, 't');
    await expect.poll(() => page.getByRole('form', { name: 'Wolf 2 attacks' }).count()).toBe(1);
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => question.textContent()).toContain('Roland is hit: take it, or defend first.');
    const itemChoices = async () => (await question.getByRole('button').allTextContents()).filter((t) => /Block|Parry/.test(t));
    await expect.poll(itemChoices).toEqual(['2 Block with Shield', '3 Parry with Shield']);
    await expect.poll(() => question.getByTestId('not-in-hand').textContent()).toBe('Not in hand, so no block or parry with: Dagger (on the ground).');
    await page.screenshot({ path: `${SHOTS}/three-actions-defend-in-hand.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/three-actions-defend-in-hand-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, '2');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).textContent()).toMatch(/Roland blocks with their item \(its durability now \d+\)/);
  });
});
