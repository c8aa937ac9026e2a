import { describe, expect, it } from 'vitest';
import { serializeExport } from '../../engine/campaign/index';
import { digestOf } from '../../engine/encounter/journal-snapshots';
import type { JournalLine } from '../../engine/index';
import { longFightJournal } from '../../engine/testing/journals';
import { rows, SHOTS, useApp } from './session';

// Issue 14: a long fight opens from the newest snapshot in its journal, and its whole history is
// replayed once it is on screen. A snapshot that does not agree with the history (here a forged
// one, its digest made to match) loses: the fight is opened again from its events alone, and the
// GM is told. Both fights come in through a campaign file, so they are stored in packs.

const app = useApp({ width: 1280, height: 720 });

function campaignFile(): string {
  const honest = longFightJournal(1_200, { id: 'long-a' }).lines;
  const forged = longFightJournal(1_200, { id: 'long-b' }).lines.map((line): JournalLine => {
    if (line.type !== 'journal/snapshot') return line;
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

describe('a long fight with snapshots in its journal', () => {
  it('opens where it stopped, and a forged snapshot loses to the history', async () => {
    const { page } = app();
    await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'long.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(campaignFile()) });
    await page.getByRole('button', { name: 'Open Long nights' }).click();

    await page.getByRole('button', { name: 'Resume Honest fight' }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect(await rows(page).allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Aria'), expect.stringContaining('Goblin 1')]));
    await page.screenshot({ path: `${SHOTS}/long-fight.png` });
    await page.getByRole('button', { name: '☰ Long nights' }).click();

    await page.getByRole('button', { name: 'Resume Forged fight' }).click();
    await expect.poll(() => page.getByText(/The saved shortcut in the log of "Forged fight" did not match its steps/).count()).toBe(1);
    const names = await rows(page).allTextContents();
    expect(names.some((text) => text.includes('Forged'))).toBe(false);
    expect(names).toEqual(expect.arrayContaining([expect.stringContaining('Aria')]));
    await page.screenshot({ path: `${SHOTS}/long-fight-forged-snapshot.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/long-fight-forged-snapshot-1920.png` });
    // The note stays until the GM has read it.
    await page.getByRole('status').filter({ hasText: 'did not match its steps' }).getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByText(/did not match its steps/).count()).toBe(0);
  });
});
