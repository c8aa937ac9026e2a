import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serializeExport } from '../../engine/campaign/index';
import { digestOf } from '../../engine/encounter/journal-snapshots';
import type { JournalLine, SnapshotLine } from '../../engine/index';
import { longFightJournal } from '../../engine/testing/journals';
import { OPEN_MEASURE } from '../../renderer/src/campaigns/open-measure';
import { rows, SHOTS, useApp } from './session';

// Issue 14: a long fight opens from the newest snapshot in its journal that this install trusts,
// and its whole history is replayed once it is on screen. A campaign file's snapshots are not
// trusted: the first opening replays everything and vouches for the newest snapshot when it
// reaches the same state, so the next opening starts there. A forged snapshot (its digest made to
// match) never is. Both fights come in through a campaign file, so they are stored in packs.

const app = useApp({ width: 1280, height: 720 });

const isSnapshot = (line: JournalLine): line is SnapshotLine => line.type === 'journal/snapshot';

function campaignFile(): string {
  const honest = longFightJournal(1_200, { id: 'long-a' }).lines;
  const forged = longFightJournal(1_200, { id: 'long-b' }).lines.map((line): JournalLine => {
    if (!isSnapshot(line)) return line;
    const state = { ...line.state, combatants: line.state.combatants.map((c) => ({ ...c, name: 'Forged' })) };
    return { ...line, state, digest: digestOf(JSON.stringify(state)) };
  });
  const now = '2026-11-25T18:00:00.000Z';
  const entry = (id: string, name: string) => ({ id, name, status: 'running' as const, createdAt: now, updatedAt: now });
  const campaign = {
    type: 'gm-screen/campaign' as const,
    version: 1 as const,
    id: 'long-campaign',
    name: 'Long nights',
    rulesetId: 'freeform',
    settings: {},
    roster: [],
    bestiary: [],
    maps: [],
    encounters: [entry('long-a', 'Honest fight'), entry('long-b', 'Forged fight')],
    createdAt: now,
    updatedAt: now,
  };
  const stored = (lines: JournalLine[]) => lines.map((line) => line as { type: string });
  return serializeExport({ campaign, encounters: { 'long-a': stored(honest), 'long-b': stored(forged) } });
}

/** Where the last opening started its replay (0: from the beginning), from the session's User Timing measure. */
async function startedFrom(page: Page): Promise<number> {
  return page.evaluate((name) => {
    const detail = performance.getEntriesByName(name).pop() as PerformanceMeasure | undefined;
    return (detail?.detail as { startedFrom?: number } | undefined)?.startedFrom ?? -1;
  }, OPEN_MEASURE);
}

async function resume(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Resume ${name}` }).click();
  await expect.poll(() => rows(page).count()).toBe(4);
}

describe('a long fight with snapshots in its journal', () => {
  it('opens from a snapshot once its own replay vouched for it, and never from a forged one', async () => {
    const { page } = app();
    await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'long.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(campaignFile()) });
    await page.getByRole('button', { name: 'Open Long nights' }).click();
    const back = () => page.getByRole('button', { name: '☰ Long nights' }).click();

    await resume(page, 'Honest fight');
    expect(await startedFrom(page)).toBe(0);
    await back();
    await resume(page, 'Honest fight');
    expect(await startedFrom(page)).toBeGreaterThanOrEqual(1_000);
    expect(await rows(page).allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Aria'), expect.stringContaining('Goblin 1')]));
    await page.screenshot({ path: `${SHOTS}/long-fight.png` });
    await back();

    for (let i = 0; i < 2; i++) {
      await resume(page, 'Forged fight');
      expect(await startedFrom(page)).toBe(0);
      const names = await rows(page).allTextContents();
      expect(names.some((text) => text.includes('Forged'))).toBe(false);
      expect(names).toEqual(expect.arrayContaining([expect.stringContaining('Aria')]));
      await back();
    }
  });
});
