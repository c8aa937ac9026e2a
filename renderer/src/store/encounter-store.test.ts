import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { EncounterStore } from './encounter-store.svelte';

let counter = 0;
const freshDb = () => openDatabase(`store-test-${++counter}`);

async function fightStore() {
  const db = freshDb();
  const store = new EncounterStore(db);
  expect(await store.create('Goblin ambush', 'freeform')).toBe(true);
  const heroes = store.state?.factions[0]?.id ?? '';
  const enemies = store.state?.factions[1]?.id ?? '';
  expect(store.dispatch({ type: 'add-combatant', name: 'Goblin', quantity: 4, factionId: enemies, tracks: { hp: 7 } })).toBe(true);
  expect(store.dispatch({ type: 'add-combatant', name: 'Aria', factionId: heroes, tracks: { hp: 24 } })).toBe(true);
  expect(store.dispatch({ type: 'start-combat' })).toBe(true);
  await store.flush();
  return { db, store };
}

describe('EncounterStore', () => {
  it('keeps everything in Dexie: a new store on the same database resumes the same encounter', async () => {
    const { db, store } = await fightStore();
    store.dispatch({ type: 'next-turn' });
    store.dispatch({ type: 'damage', combatantId: store.state?.order[0] ?? '', amount: 3 });
    await store.flush();
    expect(store.saved).toBe(true);

    const reopened = new EncounterStore(db);
    await reopened.resume();
    expect(reopened.state).toEqual(store.state);
    expect(reopened.encounter?.events).toEqual(store.encounter?.events);
    expect(reopened.encounter?.steps).toEqual(store.encounter?.steps);
  });

  it('stores undo and redo: an undone step is gone after a reload and can still be redone', async () => {
    const { db, store } = await fightStore();
    const before = store.state;
    const first = store.state?.order[0] ?? '';
    store.dispatch({ type: 'damage', combatantId: first, amount: 5 });
    const damaged = store.state;
    store.undo();
    expect(store.state).toEqual(before);
    await store.flush();

    const reopened = new EncounterStore(db);
    await reopened.resume();
    expect(reopened.state).toEqual(before);
    expect(await db.events.where('encounterId').equals(before?.id ?? '').count()).toBe(reopened.encounter?.events.length);
    expect(reopened.canRedo).toBe(true);
    reopened.redo();
    expect(reopened.state).toEqual(damaged);
  });

  it('shows a refusal as a message and changes nothing', async () => {
    const { store } = await fightStore();
    const before = store.encounter;
    expect(store.dispatch({ type: 'damage', combatantId: 'nobody', amount: 3 })).toBe(false);
    expect(store.message).toMatch(/no combatant/i);
    expect(store.encounter).toBe(before);
    expect(store.dispatch({ type: 'roll', notation: 'd20' })).toBe(true);
    expect(store.message).toBeNull();
  });

  it('refuses to create an encounter without a name', async () => {
    const store = new EncounterStore(freshDb());
    expect(await store.create('   ', 'freeform')).toBe(false);
    expect(store.message).toMatch(/name/i);
    expect(store.state).toBeNull();
  });

  it('deletes an encounter with its events', async () => {
    const { db, store } = await fightStore();
    const id = store.state?.id ?? '';
    await store.remove(id);
    expect(store.state).toBeNull();
    expect(await db.encounters.get(id)).toBeUndefined();
    expect(await db.events.where('encounterId').equals(id).count()).toBe(0);
  });

  it('says which encounter could not be opened when its stored log is damaged, and changes nothing', async () => {
    const { db, store } = await fightStore();
    const id = store.state?.id ?? '';
    await db.events.update([id, 2], { event: { type: 'teleported' } as never });
    const reopened = new EncounterStore(db);
    await reopened.open(id);
    expect(reopened.state).toBeNull();
    expect(reopened.message).toMatch(/"Goblin ambush" could not be opened: Event 3 .*unknown type "teleported"/);
    expect(await db.events.where('encounterId').equals(id).count()).toBe(store.encounter?.events.length);
  });
});
