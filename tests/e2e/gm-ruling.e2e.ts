import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, historyLines, type Command, type Encounter } from '../../engine/index';
import { campaignFileWith } from '../../engine/testing/journals';
import { rows, SHOTS, useApp } from './session';

// Issue 15: the engine refuses what the rule text forbids, and the GM rules otherwise one
// deliberate click further. Here: "Armour can't be changed during a fight."

const app = useApp({ width: 1280, height: 720 });

/** A running Zones fight: Brannock in mail, and a bandit. */
function fight(): Encounter {
  const created = createEncounter({ id: 'armour', name: 'Armour', rulesetId: 'zones', seed: 4 });
  if (!created.ok) throw new Error(created.message);
  let e = created.encounter;
  for (const c of [
    { type: 'add-combatant', name: 'Brannock', factionId: 'f1', rules: { gear: [{ name: 'Mail', kind: 'armour', protection: 2 }] } },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
  ] as Command[]) {
    const n = dispatch(e, c);
    if (!n.ok) throw new Error(n.message);
    e = n.encounter;
  }
  return e;
}

/** A running Zones fight on a two-zone map: Ann with a bow in the yard, a bandit in the hall; Ann's turn. */
function twoZones(): Encounter {
  const created = createEncounter({ id: 'near', name: 'Near', rulesetId: 'zones', seed: 4 });
  if (!created.ok) throw new Error(created.message);
  let e = created.encounter;
  const zones = [{ id: 'yard', name: 'Yard', neighbours: ['hall'] }, { id: 'hall', name: 'Hall', neighbours: ['yard'] }];
  for (const c of [
    { type: 'set-zones', zones },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Bow', kind: 'weapon', reach: 'ranged', range: 4, damage: 'd6' }] } },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'hall', rules: { gear: [{ name: 'Axe', kind: 'weapon', damage: 'd6' }] } },
    { type: 'start-combat', initiativeFactionId: 'f1' },
  ] as Command[]) {
    const n = dispatch(e, c);
    if (!n.ok) throw new Error(n.message);
    e = n.encounter;
  }
  const ann = e.state.combatants.find((c) => c.name === 'Ann');
  const n = dispatch(e, { type: 'take-turn', combatantId: ann?.id ?? '' });
  if (!n.ok) throw new Error(n.message);
  return n.encounter;
}

describe('a refusal the GM may overrule', () => {
  it('shows the rule text\'s refusal with "Rule it anyway", and the ruling goes into the log', async () => {
    const { page } = app();
    const text = campaignFileWith({ id: 'c', name: 'Zz', rulesetId: 'zones' }, [{ id: 'armour', name: 'Armour fight', lines: historyLines(fight()) }]);
    await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'z.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.getByRole('button', { name: 'Open Zz' }).click();
    await page.getByRole('button', { name: 'Resume Armour fight' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await rows(page).filter({ hasText: 'Brannock' }).click();
    await page.getByText('Edit Brannock').click();
    await page.locator('details.edit').getByText(/Weapons and armour/).click();
    await page.getByRole('button', { name: 'Remove Mail' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: "Armour can't be changed during a fight: Brannock keeps Mail until it ends." });
    await expect.poll(() => refusal.getByRole('button', { name: 'Rule it anyway' }).count()).toBe(1);
    // Refused: Mail is still worn.
    expect(await page.getByRole('button', { name: 'Remove Mail' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/gm-ruling-refused.png` });

    await refusal.getByRole('button', { name: 'Rule it anyway' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove Mail' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Log' }).click();
    await expect.poll(() => page.getByText("Brannock's gear is set: nothing (armour changed mid-fight: the GM's ruling).").count()).toBe(1);
  });

  it('warns in the attack form that a disarm needs a nearby target, and the GM rules it one click further', async () => {
    const { page } = app();
    await page.getByRole('button', { name: '☰ Zz' }).click();
    await page.getByRole('button', { name: '☰ Campaigns' }).click();
    const text = campaignFileWith({ id: 'c2', name: 'Two zones', rulesetId: 'zones' }, [{ id: 'near', name: 'Near fight', lines: historyLines(twoZones()) }]);
    await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'near.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.getByRole('button', { name: 'Open Two zones' }).click();
    await page.getByRole('button', { name: 'Resume Near fight' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('button', { name: /^Attack/ }).click();
    await page.getByLabel('Kind').selectOption('disarm');
    await page.getByRole('checkbox', { name: 'Bandit' }).check();
    expect(await page.getByRole('status').filter({ hasText: "A disarm needs a nearby target: Bandit is not in Ann's zone. Declare it to rule otherwise." }).count()).toBe(1);
    await page.getByRole('button', { name: 'Declare attack' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: "A disarm needs a nearby target: Bandit is not in Ann's zone. As GM you may rule otherwise." });
    await refusal.getByRole('button', { name: 'Rule it anyway' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).getByText("Ann (by the GM's ruling) attacks Bandit.").count()).toBe(1);
  });
});
