import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, rows, SHOTS, useApp } from './session';

// The log of a short fight: read it by round with its summary, filter it, look back at an earlier
// moment, and export it in every format; the HTML is opened as a page and printed to PDF with
// Chromium's own printing (page.pdf), and the PDF's pages are turned into pictures with pdftoppm.

const app = useApp({ width: 1600, height: 1000 });

const logScreen = (page: Page) => page.getByRole('region', { name: /^Log of / });

async function exportAs(page: Page, format: string, folder: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Export the log' });
  await form.getByLabel('Format').selectOption(format);
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Export' }).click();
  const file = join(folder, (await download).suggestedFilename());
  await (await download).saveAs(file);
  return file;
}

describe('the encounter log', () => {
  it('reads by round, filters, looks back and exports Markdown, HTML (and its PDF), JSON and CSV', async () => {
    const page = app().page;
    await createCampaign(page, 'Goblin war', 'Freeform');
    await createEncounter(page, 'Bridge fight', 7);
    const add = page.getByRole('form', { name: 'Add combatants' });
    for (const [name, faction, hp] of [['Goblin ×2', 'Enemies', '7'], ['Aria', 'Heroes', '24']] as const) {
      await add.getByLabel('Name').fill(name);
      await add.getByLabel('Faction').selectOption({ label: faction });
      await add.getByLabel('HP').fill(hp);
      await add.getByRole('button', { name: 'Add' }).click();
    }
    await page.getByRole('button', { name: 'Start combat' }).click();
    await rows(page).filter({ hasText: 'Goblin 1' }).getByRole('button').first().click();
    const target = page.getByRole('article', { name: 'Selected combatant' });
    await target.getByLabel('Amount').fill('5');
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Goblin 1' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('2');

    // The log, by round, with the round's one-line summary.
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    const log = logScreen(page);
    await expect.poll(() => log.getByRole('heading', { name: 'Round 1' }).count()).toBe(1);
    expect(await log.getByTestId('round-summary').first().textContent()).toMatch(/Round 1:.*Goblin 1/);
    const entries = log.getByRole('region', { name: 'Log entries' }).getByRole('listitem');
    const kind = (label: string) => log.getByRole('group', { name: 'Filter the log' }).getByLabel(label, { exact: true });
    const all = await entries.count();
    // Freeform's filter lists the kinds every ruleset has, none of Zones & Factions' own (issue 13:
    // the core knows no ruleset; Morale and Chases were listed here before, never matching anything).
    const filter = log.getByRole('group', { name: 'Filter the log' });
    expect(await filter.getByRole('checkbox').count()).toBe(10);
    expect(await filter.getByLabel('Morale', { exact: true }).count()).toBe(0);
    // Only damage: one entry.
    for (const label of ['Attacks', 'Healing', 'Conditions', 'Moves', 'Turns', 'GM overrides', 'Dice', 'Setup', 'Other']) {
      await kind(label).uncheck();
    }
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toMatch(/Goblin 1.*5/);
    await page.screenshot({ path: `${SHOTS}/log-filtered.png` });

    // Looking back to just before the damage: Goblin 1 is unhurt again, and nothing can change.
    await kind('Damage').uncheck();
    await kind('Setup').check();
    await kind('Turns').check();
    await expect.poll(() => entries.count()).toBeGreaterThan(1);
    await entries.last().getByRole('button', { name: /^Show the fight right after/ }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Goblin 1' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('7');
    expect(await page.getByRole('status').filter({ hasText: 'Looking back' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/log-looking-back.png` });
    await page.getByRole('button', { name: 'Back to now' }).first().click();
    await expect.poll(() => rows(page).filter({ hasText: 'Goblin 1' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('2');
    for (const label of ['Damage', 'Attacks', 'Dice']) await kind(label).check();
    expect(await entries.count()).toBeLessThanOrEqual(all);
    expect(await seriousViolations(page)).toEqual([]);

    // Every format, from the browser build.
    await log.getByText('Export this log…').click();
    const folder = mkdtempSync(join(tmpdir(), 'gm-log-export-'));
    try {
      const md = await exportAs(page, 'md', folder);
      expect(md).toMatch(/Goblin war – Bridge fight – \d{4}-\d{2}-\d{2}\.md$/);
      const markdown = readFileSync(md, 'utf8');
      expect(markdown).toMatch(/^# Bridge fight/m);
      expect(markdown).toMatch(/^## Round 1/m);
      expect(markdown).toMatch(/Goblin 1/);

      const csv = readFileSync(await exportAs(page, 'csv', folder), 'utf8');
      // Every text field quoted, the header too (issue 14: no spreadsheet locale finds a formula in it).
      expect(csv.split(/\r?\n/)[0]).toBe('"round","who","purpose","notation","dice","total"');

      const json = JSON.parse(readFileSync(await exportAs(page, 'json', folder), 'utf8')) as { type: string; version: number };
      expect(json).toMatchObject({ type: 'gm-screen/encounter-log', version: 1 });

      const html = await exportAs(page, 'html', folder);
      const text = readFileSync(html, 'utf8');
      expect(text).not.toMatch(/<link|<script|https?:\/\//);
      // The exported page on its own, then printed by Chromium with its print stylesheet.
      const viewer = await page.context().newPage();
      await viewer.setContent(text);
      await viewer.screenshot({ path: `${SHOTS}/log-export-html.png`, fullPage: true });
      await viewer.emulateMedia({ media: 'print' });
      const pdf = join(folder, 'log.pdf');
      writeFileSync(pdf, await viewer.pdf({ format: 'A4', printBackground: true }));
      await viewer.close();
      execFileSync('pdftoppm', ['-png', '-r', '60', pdf, join(SHOTS, 'log-export-pdf')]);
      const pages = readdirSync(SHOTS).filter((f) => f.startsWith('log-export-pdf') && f.endsWith('.png'));
      expect(pages.length).toBeGreaterThan(0);

      // From the campaign: the whole session's recap, the players' version.
      await page.getByRole('button', { name: /Goblin war/ }).first().click();
      const sessionForm = page.getByRole('form', { name: 'Export a session' });
      const download = page.waitForEvent('download');
      await sessionForm.getByRole('button', { name: 'Export the session' }).click();
      const recap = join(folder, (await download).suggestedFilename());
      await (await download).saveAs(recap);
      const recapText = readFileSync(recap, 'utf8');
      expect(recapText).toMatch(/^# Goblin war: session of \d{4}-\d{2}-\d{2}/);
      expect(recapText).toMatch(/^## Bridge fight/m);
      await page.screenshot({ path: `${SHOTS}/log-session-export.png` });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
