import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isSnapshot } from '../../engine/index';
import { campaignFileWith, longFightJournal, renamedSnapshot } from '../../engine/testing/journals';
import { OPEN_MEASURE } from '../../renderer/src/campaigns/open-measure';
import { rows, SHOTS, useApp } from './session';

// Issue 14: a long fight opens from the newest snapshot in its journal that this install trusts,
// and its whole history is replayed once it is on screen. A campaign file's snapshots are not
// trusted for what they say: the import replays every fight (every event checked) and vouches for
// the newest snapshot it reaches with the same state (issue 43), so even the first opening starts
// there. A forged snapshot (its digest made to match) never is. Both fights come in through a
// campaign file, so they are stored in packs.

const app = useApp({ width: 1280, height: 720 });

function campaignFile(): string {
  const honest = longFightJournal(1_200, { id: 'long-a' }).lines;
  const forged = longFightJournal(1_200, { id: 'long-b' }).lines.map((line) => (isSnapshot(line) ? renamedSnapshot(line, 'Forged') : line));
  return campaignFileWith({ id: 'long-campaign', name: 'Long nights', rulesetId: 'freeform' }, [
    { id: 'long-a', name: 'Honest fight', lines: honest },
    { id: 'long-b', name: 'Forged fight', lines: forged },
  ]);
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
  it('opens from a snapshot once the import\'s replay vouched for it, and never from a forged one', async () => {
    const { page } = app();
    await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'long.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(campaignFile()) });
    await page.getByRole('button', { name: 'Open Long nights' }).click();
    const back = () => page.getByRole('button', { name: '☰ Long nights' }).click();

    await resume(page, 'Honest fight');
    expect(await startedFrom(page)).toBeGreaterThanOrEqual(1_000);
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
