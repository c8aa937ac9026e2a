import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, undo, type Encounter, BUILTIN_RULESETS } from '../../../engine/index';
import { EncounterStore } from '../store/encounter-store.svelte';
import { BROUGHT_OVER_NAME, bringOverOldEncounters } from './bring-over';
import { DexieCampaignBackend } from './dexie-backend';
import { openDatabase } from './legacy-db';
import { CampaignSession } from './session.svelte';
import { freshDb } from './test-support';

let counter = 0;

function oldFight(): { played: Encounter; old: Encounter } {
  const created = createEncounter({ id: 'old-1', name: 'Wolves at night', rulesetId: 'freeform', seed: 5 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  let encounter = created.encounter;
  for (const command of [
    { type: 'add-combatant', name: 'Wolf', quantity: 2, factionId: 'f2' },
    { type: 'start-combat' },
    { type: 'next-turn' },
  ] as const) {
    const result = dispatch(encounter, command);
    if (!result.ok) throw new Error(result.message);
    encounter = result.encounter;
  }
  return { played: encounter, old: undo(encounter) };
}

describe('bringing encounters from before campaigns over', () => {
  it('puts each old encounter with its undo history into one campaign, once, and leaves the old database alone', async () => {
    const legacy = openDatabase(`legacy-${++counter}`);
    const { played, old } = oldFight();
    await legacy.encounters.put({ id: 'old-1', name: 'Wolves at night', rulesetId: 'freeform', status: 'running', round: 1, createdAt: 1, updatedAt: Date.parse('2026-10-01T20:00:00Z'), steps: [...old.steps], redoable: old.redoable.map((s) => [...s]) });
    await legacy.events.bulkPut(old.events.map((event, seq) => ({ encounterId: 'old-1', seq, event })));
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);

    const news = await bringOverOldEncounters(legacy, backend, db);
    expect(news).toEqual({ ok: true, value: `One encounter from before campaigns is now in the campaign "${BROUGHT_OVER_NAME}".` });
    expect(await bringOverOldEncounters(legacy, backend, db)).toEqual({ ok: true, value: null });
    expect(await legacy.events.count()).toBe(old.events.length);

    const listed = await backend.list();
    const folder = listed.ok ? listed.value.campaigns[0]?.folder : undefined;
    const store = new EncounterStore();
    const session = new CampaignSession({ backend, db, store, outbox: null });
    await session.openCampaign(folder ?? '');
    const entry = session.campaign?.encounters[0];
    expect(entry).toMatchObject({ name: 'Wolves at night', status: 'running', updatedAt: '2026-10-01T20:00:00.000Z' });
    await session.openEncounter(entry?.id ?? '');
    expect(store.state?.combatants.map((c) => c.name)).toEqual(['Wolf 1', 'Wolf 2']);
    expect(store.state?.id).toBe(entry?.id);
    store.redo();
    expect(store.state).toEqual({ ...played.state, id: entry?.id });
  });

  it('does nothing when there were no old encounters', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    expect(await bringOverOldEncounters(openDatabase(`legacy-${++counter}`), backend, db)).toEqual({ ok: true, value: null });
    const listed = await backend.list();
    expect(listed.ok && listed.value.campaigns).toEqual([]);
  });
});
