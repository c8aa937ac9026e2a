import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { findRuleset } from '../../../engine/index';
import { parseBestiary, readyItems } from '../roster/bestiary-import';
import { readTemplate } from '../roster/template-check';
import { EncounterStore } from '../store/encounter-store.svelte';
import { DexieCampaignBackend } from './dexie-backend';
import { CampaignSession } from './session.svelte';
import { stateProxy } from './state-proxy-test-support';
import { freshDb, tickingClock } from './test-support';

describe('importing a bestiary into the open campaign', () => {
  it('keeps entries that come from the import screen’s $state (proxies) in IndexedDB, as plain data', async () => {
    const db = freshDb();
    const backend = new DexieCampaignBackend(db);
    const created = await backend.create({ name: 'The Sunken Crown', rulesetId: 'zones' });
    if (!created.ok) throw new Error(created.message);
    const { folder } = created.value;
    const session = new CampaignSession({ backend, db, store: new EncounterStore(), outbox: null, now: tickingClock() });
    expect(await session.openCampaign(folder)).toBe(true);
    const ruleset = findRuleset('zones');
    if (!ruleset) throw new Error('no zones ruleset');

    // As BestiaryImport.svelte does: its preview is `$state`, so the ready items it hands over are proxies.
    const added = readyItems(stateProxy(parseBestiary('name,Health\nGoblin,7\n', '', ruleset)));
    expect(() => structuredClone(added)).toThrow(/could not be cloned/);
    const plain = JSON.parse(JSON.stringify(added)) as unknown;
    // As PartyAndBestiary.svelte does with them.
    session.edit((campaign) => ({ ...campaign, bestiary: [...campaign.bestiary, ...added] }));
    await session.flush();

    // No false "could not keep the change (DataCloneError…)" banner, and the store confirmed it.
    expect(session.message).toBeNull();
    expect(session.campaignSaved).toBe(true);
    const working = await db.working.get(folder);
    expect(working?.dirty).toBe(0);
    expect(working?.campaign.bestiary).toEqual(plain);
    const goblin = working?.campaign.bestiary[0];
    const template = goblin ? readTemplate(goblin, ruleset) : null;
    expect(template?.ok && template.value.tracks).toMatchObject({ health: 7 });
    expect((await db.campaigns.get(folder))?.campaign.bestiary).toEqual(plain);
  });
});
