import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULESET_ENTRIES } from '../../engine/index';
import { createCampaign, SHOTS, useApp } from './session';

// What each screen downloads, counted by file (issue 43: "a ruleset loads when its campaign opens;
// the campaign list needs none"). The build names every chunk holding a ruleset's code
// "ruleset-<id>-…" (vite.config.ts), so the scripts the page fetched tell which rulesets it loaded.

const app = useApp();
const IDS = BUILTIN_RULESET_ENTRIES.map((e) => e.id);
/**
 * What the campaign list leaves for later, by file name: the chunks holding the engine's rules
 * ("engine-rules-…", vite.config.ts) and the modules loaded on demand for a campaign
 * (campaigns/campaign-parts.ts), a fight (store/fight-engine-parts.ts), an import
 * (campaigns/parse-export.ts) and encounters from before campaigns (campaigns/bring-over-engine.ts).
 */
const LIST_LEAVES = /^(engine-rules|campaign-parts|fight-engine-parts|parse-export|bring-over-engine)-/;

/** The file names of every script the page has fetched since it loaded, the entry's included. */
async function scripts(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  return urls.filter((url) => url.endsWith('.js')).map((url) => url.slice(url.lastIndexOf('/') + 1));
}

/** How many of those scripts are each ruleset's (its engine, rules and panels), by ruleset id; "shared" for one holding several. */
async function rulesetChunks(page: Page): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const file of await scripts(page)) {
    if (!file.startsWith('ruleset-')) continue;
    const id = [...IDS, 'shared'].find((known) => file.startsWith(`ruleset-${known}-`)) ?? file;
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

describe('the code each screen loads', () => {
  it("loads no ruleset for the campaign list, and only a campaign's own ruleset when it opens", async () => {
    const page = app().page;
    await page.getByRole('button', { name: 'Create campaign' }).waitFor();
    await expect.poll(() => page.getByText(/None yet/).count()).toBe(1);
    const first = await scripts(page);
    expect(first.length).toBeGreaterThan(0);
    expect(await rulesetChunks(page)).toEqual({});
    // Nor the battle map's screens (they come with a fight on a map).
    expect(first.filter((f) => /^(Grid|Map|Battle)/.test(f))).toEqual([]);
    // Nor the engine's rules, nor what only a campaign, a fight or an import needs: the session's
    // encounters and the party's checks, the store's fight functions, reading an export file, and
    // bringing over encounters from before campaigns (issue 43: the list came to 171 KB with them).
    expect(first.filter((f) => LIST_LEAVES.test(f))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/ruleset-chunks-list.png` });

    // A Zones & Factions campaign brings in Zones & Factions' engine, rules and panels, and no other ruleset's.
    await createCampaign(page, 'Chunks of Zones', 'Zones & Factions');
    // The engine's rules and the session's encounters come with the campaign.
    const opened = await scripts(page);
    expect(opened.filter((f) => f.startsWith('engine-rules-')).length).toBeGreaterThan(0);
    expect(opened.filter((f) => f.startsWith('campaign-parts-'))).toHaveLength(1);
    const zones = await rulesetChunks(page);
    expect(Object.keys(zones)).toEqual(['zones']);
    expect(zones.zones).toBeGreaterThanOrEqual(3);

    // Back to the list and into a Sides & Shock campaign: its ruleset comes in, still no third.
    await page.getByRole('button', { name: '☰ Campaigns' }).click();
    await createCampaign(page, 'Chunks of Sides', 'Sides & Shock');
    const both = await rulesetChunks(page);
    expect(Object.keys(both).sort()).toEqual(['sides', 'zones']);
    // A ruleset already loaded is not fetched again.
    expect(both.zones).toBe(zones.zones);

    // A fresh start reopens the last campaign: its ruleset only.
    const reloaded = await app().reload();
    await expect.poll(() => reloaded.getByRole('heading', { level: 1 }).textContent()).toBe('Chunks of Sides');
    expect(Object.keys(await rulesetChunks(reloaded))).toEqual(['sides']);

    // Back on the list after a fresh start with no campaign open: none again.
    await reloaded.getByRole('button', { name: '☰ Campaigns' }).click();
    await reloaded.getByRole('button', { name: 'Open Chunks of Zones' }).waitFor();
    const again = await app().reload();
    await again.getByRole('button', { name: 'Open Chunks of Zones' }).waitFor();
    expect(await rulesetChunks(again)).toEqual({});
    expect((await scripts(again)).filter((f) => LIST_LEAVES.test(f))).toEqual([]);

    // Each built-in ruleset's campaign opens (and loads that ruleset alone, on top of what was loaded).
    for (const entry of BUILTIN_RULESET_ENTRIES.filter((e) => e.id !== 'zones' && e.id !== 'sides')) {
      const before = await rulesetChunks(again);
      await createCampaign(again, `Chunks of ${entry.id}`, entry.name as Parameters<typeof createCampaign>[2]);
      const after = await rulesetChunks(again);
      expect(Object.keys(after).filter((id) => !(id in before)), entry.id).toEqual([entry.id]);
      await again.getByRole('button', { name: '☰ Campaigns' }).click();
    }
  });

  it("loads no ruleset for the players' screen until a fight of one is shown", async () => {
    const players = await app().openPlayers();
    await players.getByTestId('player-screen').waitFor();
    await expect.poll(() => players.getByText(/^(Waiting for the GM…|No fight right now\.|The GM is preparing the next scene…)$/).count()).toBe(1);
    expect(await rulesetChunks(players)).toEqual({});
    await players.close();
  });
});
