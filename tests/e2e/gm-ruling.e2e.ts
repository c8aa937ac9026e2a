import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../engine/index';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { gearOf } from '../../engine/rulesets/zones/index';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 15: the engine refuses what the rule text forbids, and the GM rules otherwise one
// deliberate click further. Here: "Armour can't be changed during a fight."

const app = useApp({ width: 1280, height: 720 });

/** A running Zones fight: Brannock in mail, and a bandit. */
const armoured = () =>
  playedFight({ id: 'armour', rulesetId: 'zones' }, [
    { type: 'add-combatant', name: 'Brannock', factionId: 'f1', rules: { gear: [{ name: 'Mail', kind: 'armour', protection: 2 }] } },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
  ]);

/** A running Zones fight on a two-zone map: Ann with a bow and a sword in the yard, a bandit in the hall; Ann's turn. */
const twoZones = () =>
  playedFight({ id: 'near', rulesetId: 'zones' }, [
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['yard'] }] },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }, { name: 'Sword', kind: 'weapon', damage: 'd8' }] } },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'hall', rules: { gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }] } },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

/** The same map: an archer in the hall shoots Ann, who has a sword and a bow, in the yard. */
const shotFromHall = () =>
  playedFight({ id: 'counter', rulesetId: 'zones' }, [
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['yard'] }] },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }, { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }] } },
    { type: 'add-combatant', name: 'Archer', factionId: 'f2', zoneId: 'hall', rules: { gear: [{ name: 'Longbow', kind: 'weapon', reach: 'ranged', range: 6, damage: 'd6' }] } },
    { type: 'start-combat', initiativeFactionId: 'f2' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Archer') }),
    (e) => ({ type: 'zones/declare-attack', attackerId: idNamed(e, 'Archer'), weaponId: gearOf(e.state.combatants.find((c) => c.name === 'Archer') ?? {})[0]?.id ?? null, targetIds: [idNamed(e, 'Ann')] }),
  ]);

/** From the campaign open now, back to the list, and into a new campaign's imported fight. */
async function switchTo(page: Page, from: string, campaign: string, fight: { name: string; encounter: Encounter }): Promise<void> {
  await page.getByRole('button', { name: `☰ ${from}` }).click();
  await page.getByRole('button', { name: '☰ Campaigns' }).click();
  await resumeImported(page, { name: campaign, rulesetId: 'zones' }, fight);
}

/** Presses `button`, finds the refusal that says `why`, rules it anyway, and waits for `told` in the fight log. */
async function ruleIt(page: Page, button: Locator, why: string, told: string): Promise<void> {
  await button.click();
  await page.getByRole('alert').filter({ hasText: why }).getByRole('button', { name: 'Rule it anyway' }).click();
  await expect.poll(() => page.getByRole('region', { name: 'What happened' }).getByText(told).count()).toBe(1);
}

describe('a refusal the GM may overrule', () => {
  it('shows the rule text\'s refusal with "Rule it anyway", and the ruling goes into the log', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Iron and oaths', rulesetId: 'zones' }, { name: 'Armour fight', encounter: armoured() });
    await rows(page).filter({ hasText: 'Brannock' }).click();
    await page.getByText('Edit Brannock').click();
    await page.locator('details.edit').getByText(/Weapons and armour/).click();
    await page.getByRole('button', { name: 'Remove Mail' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: "Armour can't be changed during a fight: Brannock keeps Mail until it ends." });
    await expect.poll(() => refusal.getByRole('button', { name: 'Rule it anyway' }).count()).toBe(1);
    // Refused: Mail is still worn.
    expect(await page.getByRole('button', { name: 'Remove Mail' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/gm-ruling-refused.png` });
    // Read, it goes away with Esc (or its ×); tried again, it comes back.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Mail' }).click();
    await expect.poll(() => refusal.getByRole('button', { name: 'Rule it anyway' }).count()).toBe(1);
    await refusal.getByRole('button', { name: 'Dismiss this message' }).click();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Mail' }).click();

    await refusal.getByRole('button', { name: 'Rule it anyway' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove Mail' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Log' }).click();
    await expect.poll(() => page.getByText("Brannock's gear is set: nothing (armour changed mid-fight: the GM's ruling).").count()).toBe(1);
  });

  it('warns in the attack form that a disarm needs a nearby target, and the GM rules it one click further', async () => {
    const { page } = app();
    await switchTo(page, 'Iron and oaths', 'Two zones', { name: 'Near fight', encounter: twoZones() });
    await page.getByRole('button', { name: /^Attack/ }).click();
    await page.getByLabel('Kind').selectOption('disarm');
    // The form says who a disarm can't reach; the GM may still try, and rule it.
    await page.getByRole('checkbox', { name: 'Bandit (not nearby)' }).check();
    expect(await page.getByRole('status').filter({ hasText: "A disarm needs a nearby target: Bandit is not in Ann's zone. Declare it to rule otherwise." }).count()).toBe(1);
    const declare = page.getByRole('button', { name: 'Declare attack' });
    await ruleIt(page, declare, "A disarm needs a nearby target: Bandit is not in Ann's zone. As GM you may rule otherwise.", "Ann (by the GM's ruling) attacks Bandit.");
  });

  it('marks who a sword can\'t reach, says why, and the GM rules the blow one click further', async () => {
    const { page } = app();
    await switchTo(page, 'Two zones', 'Reach', { name: 'Sword fight', encounter: twoZones() });
    await page.getByRole('button', { name: /^Attack/ }).click();
    // The bow reaches the hall, within half its range, as the zones have it.
    await page.getByRole('checkbox', { name: 'Bandit', exact: true }).check();
    // The situation folds away under its summary; opened to rule on it.
    await page.getByText(/^Situation: /).click();
    expect(await page.getByRole('checkbox', { name: 'Beyond half range (from the zones)' }).isChecked()).toBe(false);
    // Ticked against the map, it is the GM's ruling; another weapon is a new reading, and the ruling goes.
    await page.getByRole('checkbox', { name: 'Beyond half range (from the zones)' }).check();
    expect(await page.getByRole('checkbox', { name: 'Beyond half range (your ruling: the zones say otherwise)' }).isChecked()).toBe(true);
    await page.getByLabel('Weapon').selectOption({ label: 'Sword (d8)' });
    await page.getByLabel('Weapon').selectOption({ label: 'Bow (d6, ranged 4)' });
    expect(await page.getByRole('checkbox', { name: 'Beyond half range (from the zones)' }).isChecked()).toBe(false);
    await page.getByLabel('Weapon').selectOption({ label: 'Sword (d8)' });
    // "Melee attacks. Target a nearby character."
    expect(await page.getByRole('checkbox', { name: 'Bandit (not nearby)' }).count()).toBe(1);
    const why = "Out of range: a melee attack reaches only a nearby target, and Bandit is not in Ann's zone.";
    expect(await page.getByRole('status').filter({ hasText: `${why} Declare it to rule otherwise.` }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/gm-ruling-out-of-range-form.png` });
    await ruleIt(page, page.getByRole('button', { name: 'Declare attack' }), `${why} As GM you may rule otherwise.`, "Ann (by the GM's ruling) attacks Bandit.");
  });

  it('marks the weapons a counter can\'t reach the attacker with, and the GM rules one one click further', async () => {
    const { page } = app();
    await switchTo(page, 'Reach', 'Counters', { name: 'Archer fight', encounter: shotFromHall() });
    const weapon = page.getByLabel('Ann counters with');
    // "Counter. Perform a suitable attack against the attacker.": the bow reaches, the sword doesn't.
    expect(await weapon.locator('option').allTextContents()).toEqual(['Sword (out of reach)', 'Bow', 'Unarmed (out of reach)']);
    expect(await weapon.inputValue()).toBe(await weapon.locator('option', { hasText: 'Bow' }).getAttribute('value'));
    await page.screenshot({ path: `${SHOTS}/gm-ruling-counter.png` });
    await weapon.selectOption({ label: 'Sword (out of reach)' });
    const why = "Out of range: a melee attack reaches only a nearby target, and Archer is not in Ann's zone. A counter is an attack at the attacker; as GM you may rule otherwise.";
    await ruleIt(page, page.getByRole('button', { name: 'Counter', exact: true }), why, "Ann (by the GM's ruling) counters.");
  });
});
