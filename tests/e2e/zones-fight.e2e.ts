import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, rows, SHOTS, useApp } from './session';
import { addCharacter, go, log, mayAct, pressOutsideFields, takeTurnAndEnd, turn } from './zones-helpers';

// The path through Zones & Factions: three rounds with fast/slow activation on, a morale
// phase with a rout, a long chase, and the gear step after the fight. The encounter's dice seed is
// fixed so the rolled outcomes are the same on every run; thresholds are entered by hand, as a GM
// rolling a real d20 at the table would.

const app = useApp({ width: 1600, height: 1000 });

async function enterThreshold(page: Page, value: number) {
  const form = go(page).getByRole('form', { name: 'Fast action threshold' });
  await form.getByRole('spinbutton').fill(String(value));
  await form.getByRole('button', { name: 'Use it' }).click();
  await expect.poll(() => page.getByTestId('threshold').textContent()).toBe(String(value));
}

const health = (row: Locator) => row.getByRole('meter').getAttribute('aria-valuenow');

describe('a Zones & Factions fight', () => {
  it('runs three rounds with fast/slow, a morale rout, a chase and gear wear', async () => {
    const page = app().page;
    await expect.poll(() => page.getByLabel('Ruleset').inputValue()).toBe('zones');
    await createCampaign(page, 'River road', 'Zones & Factions');
    await createEncounter(page, 'Bandits at the ford', 42);

    // Setup: fast/slow on, the players hold the initiative, three zones in a row.
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    await setup.getByLabel('Fast and slow activation').check();
    await setup.getByLabel('Threshold rolled at the table').check();
    await setup.getByLabel('Who holds the initiative').selectOption({ label: 'Heroes' });
    for (const [zone, borders] of [['Ford', []], ['Bank', ['Ford']], ['Woods', ['Bank']]] as const) {
      const form = setup.getByRole('form', { name: 'Add a zone' });
      await form.getByLabel('New zone').fill(zone);
      for (const b of borders) await form.getByRole('group', { name: 'It borders' }).getByLabel(b).check();
      await form.getByRole('button', { name: 'Add zone' }).click();
    }
    await addCharacter(page, { name: 'Balthasar', faction: 'Heroes', wit: 12, hp: 12, zone: 'Ford', weapon: true });
    await addCharacter(page, { name: 'Sybilla', faction: 'Heroes', wit: 6, hp: 10, zone: 'Ford' });
    await addCharacter(page, { name: 'Theobald', faction: 'Heroes', wit: 9, hp: 11, zone: 'Ford', weapon: true });
    await addCharacter(page, { name: 'Bandit ×2', faction: 'Enemies', wit: 8, hp: 6, zone: 'Ford' });
    await addCharacter(page, { name: 'Bandit leader', faction: 'Enemies', wit: 2, hp: 9, zone: 'Bank' });
    await expect.poll(() => rows(page).count()).toBe(6);
    await page.screenshot({ path: `${SHOTS}/zones-setup.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // Round 1 waits for the GM's d20: 9. Balthasar and Theobald may act fast for the players; nobody else.
    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => go(page).textContent()).toMatch(/Roll the d20 for the fast action threshold/);
    await page.screenshot({ path: `${SHOTS}/zones-threshold-wait.png` });
    // The die field has the focus: the GM just types the number and presses Enter.
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('threshold').textContent()).toBe('9');
    expect(await page.getByTestId('whose-go').textContent()).toContain('Heroes');
    expect(await mayAct(page)).toEqual(['Balthasar', 'Theobald']);
    expect(await go(page).textContent()).toMatch(/Waiting for the slow phase: Sybilla, Bandit 1, Bandit 2, Bandit leader/);
    await page.screenshot({ path: `${SHOTS}/zones-fast-phase.png` });

    // Theobald attacks Bandit 1 with the keyboard: 2 picks him, T opens the attack.
    await pressOutsideFields(page, '2');
    await expect.poll(() => turn(page).getByRole('heading').textContent()).toBe("Theobald's turn");
    await pressOutsideFields(page, 't');
    const attack = page.getByRole('form', { name: 'Theobald attacks' });
    await attack.getByRole('group', { name: 'Target' }).getByLabel('Bandit 1').check();
    expect(await attack.getByRole('status').textContent()).toBe('Hits automatically.');
    await attack.getByRole('button', { name: 'Declare attack' }).click();
    // Bandit 1 may dodge even though it can't act in the fast phase.
    const reactions = page.getByRole('article', { name: 'Reactions' });
    await expect.poll(() => reactions.getByRole('region', { name: 'Bandit 1 reacts' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-reaction.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await reactions.getByRole('button', { name: /^Dodge/ }).click();
    await expect.poll(() => reactions.count()).toBe(0);
    await expect.poll(() => log(page).getByRole('listitem').first().textContent()).toMatch(/Bandit 1: dodged|Theobald hits Bandit 1/);
    await pressOutsideFields(page, 'Space');

    // Nobody of the bandits may act in the fast phase: the go comes back; the players pass.
    await expect.poll(() => mayAct(page)).toEqual(['Balthasar']);
    await pressOutsideFields(page, 'x');
    await expect.poll(() => page.getByTestId('phase').textContent()).toBe('slow');
    // Slow phase: everyone who hasn't acted, except Bandit 1, who spent its turn dodging.
    expect(await mayAct(page)).toEqual(['Balthasar', 'Sybilla']);
    await page.screenshot({ path: `${SHOTS}/zones-slow-phase.png` });
    await takeTurnAndEnd(page, 'Sybilla');
    expect(await mayAct(page)).toEqual(['Bandit 2', 'Bandit leader']);
    // Bandit 2 runs for the bank; Balthasar, still with his turn, could strike as it leaves.
    await go(page).getByRole('button', { name: 'Bandit 2' }).click();
    await turn(page).getByLabel(/Move from Ford to/).selectOption({ label: 'Bank' });
    await turn(page).getByRole('button', { name: 'Move', exact: true }).click();
    // The move waits: the fight asks whether Bandit 2 moves on, and the turn panel offers the strike.
    const leaving = turn(page).getByRole('region', { name: 'Moving away' });
    expect(await leaving.getByRole('button').allTextContents()).toEqual(['Balthasar attacks']);
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    expect(await question.getByRole('button').allTextContents()).toEqual(['1 Bandit 2 moves on', '2 They stay', 'Call it off']);
    await page.screenshot({ path: `${SHOTS}/zones-moving-away.png` });
    await pressOutsideFields(page, '1');
    await expect.poll(() => rows(page).filter({ hasText: 'Bandit 2' }).textContent()).toMatch(/Enemies · Bank/);
    await pressOutsideFields(page, 'Space');
    await takeTurnAndEnd(page, 'Balthasar');
    await takeTurnAndEnd(page, 'Bandit leader');

    // Round 2: the GM's own damage knocks out both bandits; the leader is left alone in a group of three.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('2');
    await enterThreshold(page, 1);
    const selected = page.getByRole('article', { name: 'Selected combatant' });
    for (const bandit of ['Bandit 1', 'Bandit 2']) {
      await rows(page).filter({ hasText: bandit }).getByRole('button').click();
      await selected.getByLabel('Amount').fill('20');
      await selected.getByRole('button', { name: 'Damage' }).click();
      await expect.poll(() => health(rows(page).filter({ hasText: bandit }))).toBe('0');
    }
    // Both factions pass in a row, which ends the fast phase; then again in the slow phase.
    for (const phase of ['fast', 'slow']) {
      expect(await page.getByTestId('phase').textContent()).toBe(phase);
      await pressOutsideFields(page, 'x');
      await expect.poll(() => page.getByTestId('whose-go').textContent()).toContain('Enemies');
      await pressOutsideFields(page, 'x');
      if (phase === 'fast') await expect.poll(() => page.getByTestId('phase').textContent()).toBe('slow');
    }

    // Everyone passed in a row: the round ends and the morale phase shows the odds before the roll.
    const morale = page.getByRole('article', { name: 'Morale checks' });
    await expect.poll(() => morale.count()).toBe(1);
    expect(await morale.textContent()).toMatch(/Only 1 of the 3 who started are still in the fight/);
    expect(await morale.textContent()).toMatch(/Bandit leader\s*2\s*90%/);
    await page.screenshot({ path: `${SHOTS}/zones-morale.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await morale.getByRole('button', { name: 'Roll morale for Enemies' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Bandit leader' }).textContent()).toMatch(/retreated/);
    await expect.poll(() => log(page).getByRole('listitem').first().textContent()).toMatch(/Round 3/);
    expect(await log(page).textContent()).toMatch(/Bandit leader retreats/);

    // Round 3: only the players are left; they act and the round closes by itself.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('3');
    await enterThreshold(page, 20);
    await expect.poll(() => page.getByTestId('phase').textContent()).toBe('slow');
    for (const name of ['Balthasar', 'Sybilla', 'Theobald']) await takeTurnAndEnd(page, name);
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('4');

    // The leader runs for the woods, faster than the heroes: away without a save.
    await page.getByText('Someone flees? Resolve a long chase').click();
    const chase = page.getByRole('article', { name: 'Long chase' });
    await chase.getByRole('list', { name: 'Who flees' }).getByLabel('Bandit leader').check();
    await chase.getByLabel("Bandit leader's speed").fill('2');
    expect(await chase.textContent()).toMatch(/no save needed/);
    await page.screenshot({ path: `${SHOTS}/zones-chase.png` });
    await chase.getByRole('button', { name: 'Resolve chase' }).click();
    await expect.poll(() => log(page).getByRole('listitem').first().textContent()).toBe('Bandit leader escapes.');

    // Every bandit is down or gone: the screen says the fight is decided, and ends it in one click.
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Only Heroes are still fighting' }).count()).toBe(1);
    // After the fight: the weapons used are rolled for wear.
    await page.getByRole('button', { name: 'End the fight' }).click();
    const wear = page.getByRole('article', { name: 'Gear wear after the fight' });
    expect(await wear.textContent()).toMatch(/Theobald/);
    await wear.getByRole('button', { name: 'Roll wear' }).click();
    await expect.poll(() => wear.getByRole('heading', { name: 'Wear rolled' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-wear.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
