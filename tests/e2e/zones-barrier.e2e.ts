import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { mapZone, rectPoints } from '../../engine/test-support';
import { resumeImported, SHOTS, useApp } from './session';
import { log, turn } from './zones-helpers';

// Issue 39: "Barriers completely block attacks. If a character peaks behind cover to attack, they
// can be still countered and the barrier only counts as cover." The attack form shows the barrier
// the engine reads from the map, the engine refuses the attack through it, and the GM may rule.

const app = useApp({ width: 1280, height: 720 });

/** Ann with a bow in the yard; an archer in the hall, behind the wall between them. Ann's turn. */
const fight = () =>
  playedFight({ id: 'bar', rulesetId: 'zones', seed: 4 }, [
    {
      type: 'set-map',
      mapId: 'walled',
      name: 'Walled yard',
      map: {
        width: 200,
        height: 100,
        background: null,
        grid: 10,
        links: [],
        barriers: ['hall~yard'],
        zones: [
          mapZone('yard', rectPoints(0, 0, 100), { name: 'Yard' }),
          mapZone('hall', rectPoints(100, 0, 100), { name: 'Hall' }),
        ],
      },
    },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }] } },
    { type: 'add-combatant', name: 'Archer', factionId: 'f2', zoneId: 'hall', rules: { gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }] } },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('a barrier between attacker and target', () => {
  it('is read from the map, refuses the attack, and lets the GM rule it', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Walls', rulesetId: 'zones' }, { name: 'Behind the wall', encounter: fight() });
    // T opens the attack form (the focus out of any field first), and 1 picks the archer.
    await turn(page).getByRole('heading').click();
    await page.keyboard.press('t');
    const form = page.getByRole('form', { name: 'Ann attacks' });
    await page.keyboard.press('1');
    // The situation folds away under its summary, which says what the map put in it; opened to rule on it.
    expect(await form.getByText(/^Situation: /).textContent()).toBe('Situation: a barrier between');
    await form.getByText(/^Situation: /).click();
    const barrier = form.getByRole('checkbox', { name: /^Barrier between them/ });
    await expect.poll(() => barrier.isChecked()).toBe(true);
    expect(await form.locator('label', { hasText: 'Barrier between them' }).textContent()).toContain('(from the map)');
    expect(await form.getByRole('status').textContent()).toMatch(/^A barrier blocks the attack completely: Archer is behind a barrier on the map\..* Declare it to rule otherwise\.$/);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/zones-barrier-form.png` });
    // Enter on Declare (the click on the situation took the focus): the engine refuses, saying why, and offers the GM's ruling.
    await form.getByRole('button', { name: /^Declare attack/ }).focus();
    await page.keyboard.press('Enter');
    const message = page.getByRole('alert');
    await expect.poll(() => message.textContent()).toMatch(/A barrier blocks the attack completely/);
    await page.screenshot({ path: `${SHOTS}/zones-barrier-refused.png` });
    await message.getByRole('button', { name: 'Rule it anyway' }).click();
    await expect.poll(() => log(page).getByText("Ann (by the GM's ruling) attacks Archer.").count()).toBe(1);
  });
});
