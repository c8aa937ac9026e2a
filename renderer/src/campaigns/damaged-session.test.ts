import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { EncounterStore } from '../store/encounter-store.svelte';
import { DexieCampaignBackend } from './dexie-backend';
import { CampaignSession } from './session.svelte';
import { freshDb, tickingClock } from './test-support';
import type { StoredEvent } from './backend';

// Issue 14: a fight whose log holds a forged event (damage with no HP data) used to crash as it
// was opened. Now the session says which fight, which step and what is wrong, opens nothing by
// itself, never writes to that log, and lets the GM look at the readable part read-only or copy it.

async function campaignWithForgedFight() {
  const db = freshDb();
  const backend = new DexieCampaignBackend(db);
  const created = await backend.create({ name: 'Lost Mine', rulesetId: 'freeform' });
  if (!created.ok) throw new Error(created.message);
  const store = new EncounterStore();
  const session = new CampaignSession({ backend, db, store, outbox: null, now: tickingClock(), newSeed: () => 3 });
  expect(await session.openCampaign(created.value.folder)).toBe(true);
  expect(await session.newEncounter('Goblin ambush')).toBe(true);
  const [heroes, enemies] = store.state?.factions ?? [];
  expect(store.dispatch({ type: 'add-combatant', name: 'Aria', factionId: heroes?.id ?? '', tracks: { hp: 20 } })).toBe(true);
  expect(store.dispatch({ type: 'add-combatant', name: 'Goblin', factionId: enemies?.id ?? '', tracks: { hp: 7 } })).toBe(true);
  expect(store.dispatch({ type: 'start-combat' })).toBe(true);
  const id = store.state?.id ?? '';
  const aria = store.state?.combatants[0]?.id ?? '';
  expect(await session.closeEncounter()).toBe(true);
  const folder = created.value.folder;
  const forged: StoredEvent[] = [{ type: 'journal/step', events: 1 }, { type: 'combatant-damaged', combatantId: aria, amount: 3 }];
  const appended = await backend.appendEvents({ folder, encounterId: id, events: forged });
  if (!appended.ok) throw new Error(appended.message);
  const log = async () => {
    const read = await backend.readEvents({ folder, encounterId: id });
    if (!read.ok) throw new Error(read.message);
    return read.value.events;
  };
  return { backend, session, store, id, folder, log, before: await log() };
}

describe('a fight with a damaged log', () => {
  it('opens nothing, names the step and the problem, and leaves the log as it is', async () => {
    const { session, store, id, log, before } = await campaignWithForgedFight();
    expect(await session.openEncounter(id)).toBe(false);
    expect(store.state).toBeNull();
    expect(session.damaged).toMatchObject({ encounterId: id, name: 'Goblin ambush', step: 5, goodSteps: 4 });
    expect(session.damaged?.message).toMatch(/^The log of "Goblin ambush": Step 5 of this fight can't be read: in its event \d+ \("combatant-damaged"\), tracks is missing\.$/);
    session.dismissDamaged();
    expect(session.damaged).toBeNull();
    expect(await log()).toEqual(before);
  });

  it('shows the readable part read-only: every change is refused and nothing is written', async () => {
    const { session, store, id, log, before } = await campaignWithForgedFight();
    await session.openEncounter(id);
    expect(await session.openDamagedReadOnly()).toBe(true);
    expect(store.readOnly).toBe(true);
    expect(store.canUndo).toBe(false);
    expect(store.state?.status).toBe('running');
    expect(store.encounter?.steps).toHaveLength(4);
    expect(store.dispatch({ type: 'next-turn' })).toBe(false);
    expect(store.message).toMatch(/read-only/);
    store.undo();
    expect(store.encounter?.steps).toHaveLength(4);
    expect(await session.closeEncounter()).toBe(true);
    expect(await log()).toEqual(before);
    expect(session.campaign?.encounters.map((e) => e.name)).toEqual(['Goblin ambush']);
  });

  it('copies the readable part into a new fight that plays on, and leaves the damaged one as it is', async () => {
    const { backend, session, store, id, folder, log, before } = await campaignWithForgedFight();
    await session.openEncounter(id);
    expect(await session.copyDamaged()).toBe(true);
    expect(store.readOnly).toBe(false);
    expect(store.state?.name).toBe('Goblin ambush (up to step 4)');
    expect(store.state?.status).toBe('running');
    expect(store.dispatch({ type: 'next-turn' })).toBe(true);
    await session.flush();
    const copyId = store.state?.id ?? '';
    expect(copyId).not.toBe(id);
    expect(session.campaign?.encounters.map((e) => e.name)).toEqual(['Goblin ambush', 'Goblin ambush (up to step 4)']);
    // The copy reopens from its own log; the damaged log is untouched.
    expect(await session.closeEncounter()).toBe(true);
    expect(await session.openEncounter(copyId)).toBe(true);
    expect(store.encounter?.steps).toHaveLength(5);
    expect(await log()).toEqual(before);
    expect((await backend.readEvents({ folder, encounterId: copyId })).ok).toBe(true);
  });
});
