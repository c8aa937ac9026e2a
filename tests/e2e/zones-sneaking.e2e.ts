import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 39: "Actions which might reveal a character include: … moving without sneaking". A
// concealed character's move asks the GM whether it gives them away, unless made sneaking.

const app = useApp({ width: 1280, height: 720 });

/** Ann, hidden, on her turn beside a bandit in the yard; the hall is next door. */
const fight = () =>
  playedFight({ id: 'rm', rulesetId: 'zones', seed: 6 }, [
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['yard'] }] },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard' },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'yard' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'set-concealed', combatantId: idNamed(e, 'Ann'), concealed: true }),
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('a concealed character moving', () => {
  it('asks whether the move gives them away unless Sneaking is ticked; 2 keeps them hidden', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Quiet steps', rulesetId: 'zones' }, { name: 'Sneak fight', encounter: fight() });
    const sneaking = page.getByRole('checkbox', { name: 'Sneaking' });
    expect(await sneaking.isChecked()).toBe(false);
    await page.getByLabel('Move from Yard to').selectOption({ label: 'Hall' });
    await page.screenshot({ path: `${SHOTS}/zones-sneaking-move.png` });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Waiting for an answer' }).textContent()).toContain('Ann moved without sneaking: does the move give them away?');
    await page.screenshot({ path: `${SHOTS}/zones-sneaking-asked.png` });
    await page.keyboard.press('2');
    await expect.poll(() => page.getByRole('article', { name: 'Waiting for an answer' }).count()).toBe(0);
    expect(await rows(page).filter({ hasText: 'Ann' }).textContent()).toMatch(/hidden.*Hall/s);
  });
});
