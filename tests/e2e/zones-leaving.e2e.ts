import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { pressOnScreen, resumeImported, rows, SHOTS, useApp } from './session';

// Issue 15, item 5: "Characters can make an opportunity attack as a reaction against nearby
// enemies moving away. The target's movement is interrupted and the attack is resolved, after
// which their turn resumes." The move waits in the engine; a strike is offered only then.

const app = useApp({ width: 1280, height: 720 });

/** A running Zones fight: Ann's turn, in the yard beside a bandit with an axe; the hall next door. */
const fight = () =>
  playedFight({ id: 'lv', rulesetId: 'zones', seed: 4 }, [
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: [] }] },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard' },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'yard', rules: { gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }] } },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('moving away from an enemy', () => {
  it('waits while the enemy strikes, and goes on when the GM answers 1', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Strike first', rulesetId: 'zones' }, { name: 'Leaving fight', encounter: fight() });
    // Standing beside Ann on her turn, the bandit is offered no strike: she isn't moving away.
    await rows(page).filter({ hasText: 'Bandit' }).click();
    expect(await page.getByRole('button', { name: /^Opportunity attack/ }).count()).toBe(0);

    const turn = page.getByRole('article', { name: 'Turn' });
    // W goes to the zone to move to.
    await pressOnScreen(page, 'w');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim().startsWith('Move from Yard to'))).toBe(true);
    await turn.getByLabel(/Move from Yard to/).selectOption({ label: 'Hall' });
    await turn.getByRole('button', { name: 'Move', exact: true }).click();
    const leaving = page.getByRole('region', { name: 'Moving away' });
    await expect.poll(() => leaving.getByRole('button').allTextContents()).toEqual(['Bandit attacks']);
    expect(await rows(page).filter({ hasText: 'Ann' }).textContent()).toContain('Yard');
    await leaving.getByRole('button', { name: 'Bandit attacks' }).click();
    const form = page.getByRole('form', { name: 'Bandit attacks out of turn' });
    await form.getByRole('button', { name: 'Declare attack' }).click();
    // "It isn't normally possible to react to an opportunity attack… but some skills might give an
    // opportunity to do so" (issue 39): the reaction panel says why not, and offers Ann's reactions
    // as the GM's ruling, each with its key; taking the blow is 6.
    const reactions = page.getByRole('article', { name: 'Reactions' }).getByRole('region', { name: 'Ann reacts' });
    await expect.poll(() => reactions.getByRole('note').textContent()).toMatch(/^Ann is struck by an opportunity attack while already spending their turn to act, so normally can't dodge/);
    const offered = await reactions.getByRole('button').evaluateAll((buttons) => buttons.map((b) => [b.getAttribute('aria-keyshortcuts'), b.textContent?.replace(/\s+/g, ' ').trim()]));
    expect(offered).toEqual([
      ['1', expect.stringMatching(/^1 Dodge \(AGI \d+, \d+%\) · rule it anyway$/)],
      ['2', '2 Counter · rule it anyway'],
      ['6', '6 Take it'],
    ]);
    await page.screenshot({ path: `${SHOTS}/zones-leaving-ruled-reaction.png` });
    // The GM rules a dodge for Ann's skill, by its key: the log tells it as the GM's ruling.
    await page.keyboard.press('1');
    await expect.poll(() => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).getByText("Ann (by the GM's ruling) tries to dodge.").count()).toBe(1);
    // The move still waits.
    await expect.poll(() => page.getByRole('article', { name: 'Reactions' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).getByText(/^Bandit \(out of turn\) attacks Ann/).count()).toBe(1);
    await expect.poll(() => leaving.count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-leaving-struck.png` });
    await page.keyboard.press('1');
    await expect.poll(() => rows(page).filter({ hasText: 'Ann' }).textContent()).toContain('Hall');
  });
});
