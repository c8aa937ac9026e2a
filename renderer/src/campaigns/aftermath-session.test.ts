import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { EncounterStore } from '../store/encounter-store.svelte';
import { DexieCampaignBackend } from './dexie-backend';
import { CampaignSession } from './session.svelte';
import { freshDb, tickingClock } from './test-support';
import { templateItem, newTemplate, ownOf, ownTags } from '../roster/template';
import { readTemplate } from '../roster/template-check';
import { zonesEntry } from '../rulesets/zones/gear-input';
import { findRuleset } from '../../../engine/index';

// What a fight leaves a Zones & Factions party member, through the session as the GM plays it:
// health where it ended, a scene-long condition, a rest resource spent, and the sword's wear
// rolled after the fight; then the next fight starts them where they were.

// Seed 1: the dice after the fight fail the sword's wear roll, so the entry has something to follow.
async function zonesCampaign(seed = 1) {
  const db = freshDb();
  const backend = new DexieCampaignBackend(db);
  const created = await backend.create({ name: 'River road', rulesetId: 'zones' });
  if (!created.ok) throw new Error(created.message);
  const store = new EncounterStore();
  const session = new CampaignSession({ backend, db, store, outbox: null, now: tickingClock(), newSeed: () => seed });
  expect(await session.openCampaign(created.value.folder)).toBe(true);
  const zones = findRuleset('zones');
  if (!zones) throw new Error('zones is built in');
  const ann = templateItem('Ann', { ...newTemplate(zones), tracks: { health: 10 }, gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }], resources: [{ name: 'Luck', max: 2, used: 0, reset: 'rest' }] });
  session.edit((c) => ({ ...c, roster: [ann] }));
  return { store, session, zones, ann };
}

/** A fight at the ford from the campaign: Ann, from the party, strikes an unaware bandit with her sword. */
async function annStrikesTheBandit() {
  const { store, session, zones, ann } = await zonesCampaign();
  expect(await session.newEncounter('Ford')).toBe(true);
  const [heroes, enemies] = store.state?.factions ?? [];
  expect(session.addToEncounter(ann, { quantity: 1, factionId: heroes?.id ?? '' })).toBe(true);
  expect(store.dispatch({ type: 'add-combatant', name: 'Bandit', factionId: enemies?.id ?? '', tracks: { health: 6 } })).toBe(true);
  const a = store.state?.combatants.find((c) => c.name === 'Ann');
  const bandit = store.state?.combatants.find((c) => c.name === 'Bandit')?.id ?? '';
  const sword = (a?.rules as { gear: { id: string }[] }).gear[0]?.id ?? '';
  expect(store.dispatch({ type: 'start-combat', initiativeFactionId: heroes?.id ?? '' })).toBe(true);
  expect(store.dispatch({ type: 'take-turn', combatantId: a?.id ?? '' })).toBe(true);
  expect(store.dispatch({ type: 'zones/declare-attack', attackerId: a?.id ?? '', weaponId: sword, targetIds: [bandit], situation: { targetsAware: false } })).toBe(true);
  return { store, session, zones, ann, a, bandit };
}

describe('a fight written back to the party', () => {
  it('keeps health, scene-long conditions, rest uses and worn gear, and starts the next fight from them', async () => {
    const { store, session, zones, ann, a, bandit } = await annStrikesTheBandit();
    expect(store.dispatch({ type: 'damage', combatantId: a?.id ?? '', amount: 4 })).toBe(true);
    expect(store.dispatch({ type: 'use-resource', combatantId: a?.id ?? '', resourceId: a?.resources[0]?.id ?? '' })).toBe(true);
    expect(store.dispatch({ type: 'add-condition', combatantId: a?.id ?? '', name: 'Shaken', duration: { endsOn: 'scene-end' } })).toBe(true);
    expect(store.dispatch({ type: 'end-turn' })).toBe(true);
    expect(store.dispatch({ type: 'end-combat' })).toBe(true);

    const kept = () => {
      const read = readTemplate(session.campaign?.roster[0] ?? ann, zones);
      if (!read.ok) throw new Error(read.message);
      return read.value;
    };
    expect(kept()).toMatchObject({ current: { health: 6 }, conditions: [{ name: 'Shaken' }], resources: [{ name: 'Luck', used: 1 }] });
    expect(zonesEntry(ownOf(kept())).gear[0]?.wear).toBe('sound');
    // The sword's wear is rolled after the fight: the entry follows.
    expect(store.dispatch({ type: 'zones/roll-gear-wear' })).toBe(true);
    const wear = (store.state?.combatants.find((c) => c.name === 'Ann')?.rules as { gear: { wear: string }[] }).gear[0]?.wear;
    expect(wear).not.toBe('sound');
    expect(zonesEntry(ownOf(kept())).gear[0]?.wear).toBe(wear);
    // The GM heals Ann in the party list; a rename in the finished fight changes nothing she keeps,
    // so it leaves the GM's change alone.
    session.edit((c) => ({ ...c, roster: c.roster.map((item) => ({ ...item, data: { ...item.data, current: {} } })) }));
    expect(store.dispatch({ type: 'rename', combatantId: bandit, name: 'Bandit chief' })).toBe(true);
    expect(kept().current).toBeUndefined();
    session.edit((c) => ({ ...c, roster: c.roster.map((item) => ({ ...item, data: { ...item.data, current: { health: 6 } } })) }));

    // The next fight: Ann comes in hurt and still Shaken.
    expect(await session.newEncounter('Woods')).toBe(true);
    expect(session.addToEncounter(session.campaign?.roster[0] ?? ann, { quantity: 1, factionId: store.state?.factions[0]?.id ?? '' })).toBe(true);
    const again = store.state?.combatants.find((c) => c.name === 'Ann');
    expect(again?.tracks.health).toEqual({ value: 6, max: 10 });
    expect(again?.conditions.map((k) => [k.name, k.timer?.endsOn])).toEqual([['Shaken', 'scene-end']]);
    // A rest ends the scene: the condition goes; health stays the GM's to restore.
    session.partyRests();
    expect(kept()).toMatchObject({ current: { health: 6 }, resources: [{ used: 0 }] });
    expect(kept().conditions).toBeUndefined();
  });

  it('ends with the wear the fight ends with: rolled after it, undone, redone, as the party list shows it', async () => {
    const { store, session, zones, ann } = await annStrikesTheBandit();
    expect(store.dispatch({ type: 'end-combat' })).toBe(true);

    const entry = () => {
      const read = readTemplate(session.campaign?.roster[0] ?? ann, zones);
      if (!read.ok) throw new Error(read.message);
      return { wear: zonesEntry(ownOf(read.value)).gear[0]?.wear, tags: ownTags(read.value, zones) };
    };
    expect(entry()).toEqual({ wear: 'sound', tags: [] });
    expect(store.dispatch({ type: 'zones/roll-gear-wear' })).toBe(true);
    expect(entry()).toEqual({ wear: 'damaged', tags: ['Sword damaged'] });
    // The GM takes the roll back: the sword is as the fight now has it, on the sheet and in the list.
    store.undo();
    expect(entry()).toEqual({ wear: 'sound', tags: [] });
    store.redo();
    expect(entry()).toEqual({ wear: 'damaged', tags: ['Sword damaged'] });
    // And it is what the campaign's store keeps.
    const folder = session.folder ?? '';
    expect(await session.closeCampaign()).toBe(true);
    const stored = await session.deps.backend.open({ folder });
    if (!stored.ok) throw new Error(stored.message);
    expect(stored.value.campaign.roster[0]?.data.gear).toEqual([{ name: 'Sword', kind: 'weapon', damage: 'd8', wear: 'damaged' }]);
  });
});
