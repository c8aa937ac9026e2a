import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { resumeImported, SHOTS, useApp } from './session';

// Issue 39: what the map says about an attack (a concealed enemy out of sight, a zone marked
// cover or concealment) is the engine's reading, and the attack form shows it beside its boxes;
// a stunt may be offered after the WIT save to hit, from the reaction panel.

const app = useApp({ width: 1280, height: 720 });

const square = (x: number, y: number): [number, number][] => [[x, y], [x + 100, y], [x + 100, y + 100], [x, y + 100]];
const zone = (id: string, name: string, x: number, y: number, traits: { cover?: boolean; concealment?: boolean } = {}) => ({
  id, name, colour: '#557799', points: square(x, y), hazard: null, difficult: false, concealment: traits.concealment ?? false, cover: traits.cover ?? false, hidden: false,
});

/** Ann in the yard with a sword and a bow; a bandit hidden beside her, one behind the bar, one in the fog. Ann's turn. */
const fight = () =>
  playedFight({ id: 'sc', rulesetId: 'zones', seed: 6 }, [
    {
      type: 'set-map', mapId: 'inn', name: 'Inn',
      map: { width: 300, height: 200, background: null, zones: [zone('yard', 'Yard', 0, 100), zone('bar', 'Behind the bar', 0, 0, { cover: true }), zone('fog', 'Fog', 100, 100, { concealment: true })], links: [], barriers: [], grid: 10 },
    },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }, { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 2, damage: 'd6' }] } },
    { type: 'add-combatant', name: 'Sneak', factionId: 'f2', zoneId: 'yard' },
    { type: 'add-combatant', name: 'Barman', factionId: 'f2', zoneId: 'bar' },
    { type: 'add-combatant', name: 'Misty', factionId: 'f2', zoneId: 'fog' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'set-concealed', combatantId: idNamed(e, 'Sneak'), concealed: true }),
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('the scene of an attack, read from the map', () => {
  it('shows a hidden enemy out of sight and the shelter of the zones aimed at, and takes a stunt offered after the hit', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'The inn', rulesetId: 'zones' }, { name: 'Inn fight', encounter: fight() });
    await page.getByRole('button', { name: /^Attack/ }).click();
    const form = page.getByRole('form', { name: 'Ann attacks' });
    const targets = form.getByRole('group', { name: 'Target' });
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Sneak/ }).check();
    // The situation folds away under its summary; opened to rule on it.
    await form.getByText(/^Situation: /).click();
    const sight = form.getByRole('checkbox', { name: /Target in sight/ });
    await expect.poll(() => sight.isChecked()).toBe(false);
    expect(await form.getByText('(no: the map has them out of sight)').count()).toBe(1);
    expect(await form.getByRole('status').textContent()).toContain("Needs a WIT save: the attacker can't see the target.");
    await page.screenshot({ path: `${SHOTS}/zones-scene-unseen.png` });
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Sneak/ }).uncheck();
    await form.getByLabel('Weapon').selectOption({ label: 'Bow (d6, ranged 2)' });
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Barman/ }).check();
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Misty/ }).check();
    expect(await form.getByText('Target behind cover (the map: the zone covers Barman; tick it for the others)').count()).toBe(1);
    expect(await form.getByText('Target partly hidden (the map: the zone hides Misty; tick it for the others)').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-scene-shelter.png` });
    // Barman alone: the map covers every target, so the box is ticked for him and can't be unticked.
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Misty/ }).uncheck();
    const covered = form.getByRole('checkbox', { name: /Target behind cover/ });
    await expect.poll(() => covered.isChecked()).toBe(true);
    expect(await covered.isDisabled()).toBe(true);

    // The GM rules that Ann sees the hidden bandit, and swings; once the blow has hit, Ann
    // offers a stunt in place of the damage from the reaction panel.
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Barman/ }).uncheck();
    await form.getByLabel('Weapon').selectOption({ label: 'Sword (d8)' });
    await targets.getByRole('checkbox', { name: /^\s*\d?\s*Sneak/ }).check();
    await form.getByRole('checkbox', { name: /Target in sight/ }).check();
    await form.getByRole('button', { name: 'Declare attack' }).click();
    const reactions = page.getByRole('article', { name: 'Reactions' });
    await expect.poll(() => reactions.count()).toBe(1);
    await reactions.getByRole('button', { name: /Offer a stunt instead of damage/ }).click();
    await page.keyboard.type('pins them to the wall');
    await page.screenshot({ path: `${SHOTS}/zones-stunt-offer.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => reactions.getByText('Proposed instead of damage: “pins them to the wall”').count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).getByText('Ann offers instead of damage: pins them to the wall.').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-stunt-offered.png` });
  });
});
