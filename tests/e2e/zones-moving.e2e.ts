import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { resumeImported, SHOTS, useApp } from './session';

// Issue 39: "It is possible to split movement before, after, and between actions"; "Hitting
// targets… while moving requires passing a WIT save". A move made earlier in the turn makes the
// attack one made while moving: the engine reads it from the turn, and the form shows it.

const app = useApp({ width: 1280, height: 720 });

const square = (x: number): [number, number][] => [[x, 0], [x + 100, 0], [x + 100, 100], [x, 100]];
const zone = (id: string, name: string, x: number) => ({ id, name, colour: '#557799', points: square(x), hazard: null, difficult: false, concealment: false, cover: false, hidden: false });

/** Ann, with a bow, has stepped from the yard into the hall on her turn; a bandit waits in the fog beyond. */
const fight = () =>
  playedFight({ id: 'mv', rulesetId: 'zones', seed: 6 }, [
    { type: 'set-map', mapId: 'row', name: 'Row', map: { width: 300, height: 100, background: null, zones: [zone('yard', 'Yard', 0), zone('hall', 'Hall', 100), zone('fog', 'Fog', 200)], links: [], barriers: [], grid: 10 } },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6' }] } },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'fog' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
    (e) => ({ type: 'move', combatantId: idNamed(e, 'Ann'), zoneId: 'hall' }),
  ]);

describe('an attack after a move', () => {
  it('is made while moving, as the turn shows, unless the GM rules the attacker stood still', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'On the move', rulesetId: 'zones' }, { name: 'Moving fight', encounter: fight() });
    await page.getByRole('button', { name: /^Attack/ }).click();
    const form = page.getByRole('form', { name: 'Ann attacks' });
    await form.getByRole('group', { name: 'Target' }).getByRole('checkbox', { name: /Bandit/ }).check();
    // The situation folds away under its summary; opened to rule on it.
    await form.getByText(/^Situation: /).click();
    const moving = form.getByRole('checkbox', { name: /Attacker moving/ });
    await expect.poll(() => moving.isChecked()).toBe(true);
    expect(await form.getByText('Attacker moving (moved this turn)').count()).toBe(1);
    expect(await form.getByRole('status').textContent()).toBe('Needs a WIT save: the attacker is moving.');
    await page.screenshot({ path: `${SHOTS}/zones-moving.png` });
    await moving.uncheck();
    expect(await form.getByText('Attacker moving (your ruling: they moved this turn)').count()).toBe(1);
    expect(await form.getByRole('status').textContent()).toBe('Hits automatically.');
    await page.screenshot({ path: `${SHOTS}/zones-moving-ruled.png` });
  });

  it('is the GM\'s say when the setting does not read the turn, ticked by keyboard', async () => {
    // The setting "An attack after a move this turn counts as made while moving", off: Ann moved,
    // but only the GM's Attacker moving makes it an attack while moving.
    // Goes on from the fight above: the GM turns the setting off in the fight's rules.
    const { page } = app();
    await page.getByRole('form', { name: 'Ann attacks' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Rules settings and zones').click();
    const setting = page.getByRole('checkbox', { name: 'An attack after a move this turn counts as made while moving' });
    await expect.poll(() => setting.isChecked()).toBe(true);
    await setting.uncheck();
    await expect.poll(() => setting.isChecked()).toBe(false);
    await setting.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/zones-moving-setting.png` });
    await page.getByText('Rules settings and zones').click();
    await page.getByRole('button', { name: /^Attack/ }).click();
    const form = page.getByRole('form', { name: 'Ann attacks' });
    await form.getByRole('group', { name: 'Target' }).getByRole('checkbox', { name: /Bandit/ }).check();
    // The situation folds away under its summary; opened to rule on it.
    await form.getByText(/^Situation: /).click();
    const moving = form.getByRole('checkbox', { name: /Attacker moving/ });
    await expect.poll(() => moving.isChecked()).toBe(false);
    expect(await form.getByText("Attacker moving (the GM's say)").count()).toBe(1);
    expect(await form.getByRole('status').textContent()).toBe('Hits automatically.');
    await moving.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => moving.isChecked()).toBe(true);
    expect(await form.getByRole('status').textContent()).toBe('Needs a WIT save: the attacker is moving.');
    await page.screenshot({ path: `${SHOTS}/zones-moving-gm-say.png` });
  });
});
