import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { BONFIRE_YARD } from '../../engine/testing/zone-maps';
import { resumeImported, SHOTS, useApp } from './session';
import { log, turn } from './zones-helpers';

// Issue 39: "Pick up or put down something." "Equip or unequip an item." Bonus actions, which
// the turn panel offers for the acting character's weapons and shields, by keyboard.

const app = useApp({ width: 1280, height: 720 });

/** Ann, sword in hand and dagger put away, beside a bandit in the yard. Ann's turn. */
const fight = () =>
  playedFight({ id: 'it', rulesetId: 'zones', seed: 3 }, [
    { type: 'set-map', mapId: 'yard', name: 'Yard', map: BONFIRE_YARD },
    {
      type: 'add-combatant',
      name: 'Ann',
      factionId: 'f1',
      zoneId: 'yard',
      rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }, { name: 'Dagger', kind: 'weapon', damage: 'd4', place: 'unequipped' }] },
    },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'yard' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('weapons in hand', () => {
  it('puts a sword down and picks it up by keyboard; the attack form marks it while it lies on the ground', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Items', rulesetId: 'zones' }, { name: 'Item fight', encounter: fight() });
    const items = turn(page).getByRole('group', { name: 'Weapons and shields' });
    expect(await items.getByLabel('Item').locator('option').allTextContents()).toEqual(['Sword (in hand)', 'Dagger (put away)']);
    // Tab from the item to its buttons: Unequip, then Put down.
    await items.getByLabel('Item').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Put down Sword (bonus)');
    await page.keyboard.press('Enter');
    await expect.poll(() => log(page).getByText('Ann puts down Sword in Yard.').count()).toBe(1);
    expect(await items.getByLabel('Item').locator('option').first().textContent()).toBe('Sword (on the ground in Yard)');

    // T opens the attack form on bare hands; the sword is marked with the engine's reason.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('t');
    const form = page.getByRole('form', { name: 'Ann attacks' });
    const weapon = form.getByLabel('Weapon');
    expect(await weapon.locator('option:checked').textContent()).toMatch(/^Unarmed/);
    await weapon.selectOption({ label: 'Sword (d8) — on the ground' });
    await expect.poll(() => form.getByRole('status').textContent()).toBe("Ann's Sword lies on the ground: pick it up first (a bonus action). Declare it to rule otherwise.");
    await page.screenshot({ path: `${SHOTS}/zones-items-attack-form.png` });
    await form.getByRole('button', { name: 'Cancel' }).press('Enter');

    await items.getByLabel('Item').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Pick up Sword (bonus)');
    await page.keyboard.press('Enter');
    await expect.poll(() => log(page).getByText('Ann picks up Sword.').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-items-picked-up.png` });
    // Both bonus actions spent (the main one as the second): nothing more to equip this turn.
    expect(await items.getByRole('button', { name: /Unequip Sword/ }).isDisabled()).toBe(true);
  });
});
