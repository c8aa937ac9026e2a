import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, createCampaign, createEncounter, rows, SHOTS, useApp } from './session';

const app = useApp({ width: 1600, height: 1000 });

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('a campaign kept from one session to the next', () => {
  it('creates a campaign with a party and a bestiary, runs a fight, resumes it after a reload, exports and re-imports it', async () => {
    const page = app().page;
    await createCampaign(page, 'The Sunken Crown', 'Freeform');

    // The party: one character with a once-per-rest ability.
    await tab(page, /Party/).click();
    await page.getByRole('button', { name: 'New character' }).click();
    const editor = page.getByRole('form', { name: /character/i });
    await editor.getByLabel('Name', { exact: true }).fill('Aria');
    await editor.getByLabel('Hit points (max)').fill('24');
    await editor.getByRole('button', { name: '+ Add resource' }).click();
    const resource = editor.getByRole('group', { name: /Resource/ });
    await resource.getByLabel('Name').fill('Second wind');
    await resource.getByLabel('Uses').fill('1');
    await resource.getByLabel('Comes back').selectOption({ label: 'per rest' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Party/ }).textContent()).toContain('(1)');
    await page.screenshot({ path: `${SHOTS}/campaign-party.png` });

    // The bestiary, imported from CSV: one good row, one with a bad number.
    await tab(page, /Bestiary/).click();
    await page.getByRole('button', { name: /Import creatures/ }).click();
    const csv = 'name,HP,notes\nGoblin,7,Throws spears\nOgre,lots,\n';
    await page.getByLabel(/Choose a file/).setInputFiles({ name: 'bestiary.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect.poll(() => page.getByText(/1 ready/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/lots/).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/campaign-bestiary-import.png` });
    await page.getByRole('button', { name: /^Import 1/ }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Bestiary/ }).textContent()).toContain('(1)');
    expect(await seriousViolations(page)).toEqual([]);

    // A fight with three goblins from the bestiary and the party.
    await tab(page, /Encounters/).click();
    await createEncounter(page, 'Goblin ambush', 42);
    const from = page.getByRole('form', { name: 'From the campaign' });
    await from.getByLabel('Party member or creature').selectOption({ label: 'Goblin' });
    await from.getByLabel('How many').fill('3');
    await from.getByRole('button', { name: 'Add 3' }).click();
    await from.getByRole('button', { name: /Add the whole party/ }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.getByRole('button', { name: 'Start combat' }).click();
    await page.locator('body').click({ position: { x: 5, y: 990 } });
    for (let i = 0; i < 4 && (await activeName(page)) !== 'Aria'; i++) await page.keyboard.press('Space');
    expect(await activeName(page)).toBe('Aria');
    await page.getByRole('button', { name: /Use Second wind/ }).click();
    await expect.poll(() => page.getByRole('button', { name: /Use Second wind \(0 of 1 left\)/ }).count()).toBe(1);
    // A goblin's spear: Aria ends the fight hurt.
    await rows(page).filter({ hasText: 'Aria' }).click();
    const target = page.getByRole('article', { name: 'Selected combatant' });
    await target.getByLabel('Amount').fill('5');
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => page.getByText('Saved', { exact: true }).count()).toBe(1);
    const before = await rows(page).allTextContents();

    // A reload opens the same fight at the same turn.
    const reloaded = await app().reload();
    await expect.poll(() => heading(reloaded)).toBe('Goblin ambush');
    expect(await activeName(reloaded)).toBe('Aria');
    expect(await rows(reloaded).allTextContents()).toEqual(before);
    await reloaded.screenshot({ path: `${SHOTS}/campaign-fight-resumed.png` });

    // Ending the fight writes Aria's spent ability and her health back to the party.
    await reloaded.getByRole('button', { name: 'End combat' }).click();
    await reloaded.getByRole('button', { name: /The Sunken Crown/ }).click();
    await expect.poll(() => heading(reloaded)).toBe('The Sunken Crown');
    await expect.poll(() => reloaded.getByRole('region', { name: 'Finished' }).getByText('Goblin ambush').count()).toBe(1);
    await tab(reloaded, /Party/).click();
    await expect.poll(() => reloaded.getByText(/Second wind 0\/1/).count()).toBeGreaterThan(0);
    expect(await reloaded.getByText(/HP 19\/24/).count()).toBe(1);
    await reloaded.screenshot({ path: `${SHOTS}/campaign-after-fight.png` });
    await reloaded.getByRole('button', { name: '☰ Campaigns' }).click();
    await expect.poll(() => reloaded.getByRole('button', { name: 'Open The Sunken Crown' }).count()).toBe(1);
    await reloaded.screenshot({ path: `${SHOTS}/campaign-manager.png` });

    if (app().driver !== 'chromium') {
      // The desktop app exports and imports through the system's file dialogs, which a test cannot drive.
      console.log('[e2e] export and import are driven in the browser build only');
      return;
    }
    const folder = mkdtempSync(join(tmpdir(), 'gm-export-'));
    try {
      const download = reloaded.waitForEvent('download');
      await reloaded.getByRole('button', { name: 'Export The Sunken Crown' }).click();
      const file = join(folder, (await download).suggestedFilename());
      await (await download).saveAs(file);
      await reloaded.getByRole('button', { name: 'Delete The Sunken Crown' }).click();
      await reloaded.getByRole('button', { name: 'Yes, delete' }).click();
      await expect.poll(() => reloaded.getByText('None yet. Create one above, or import one.').count()).toBe(1);

      await reloaded.getByLabel(/Import a campaign file/).setInputFiles(file);
      await expect.poll(() => reloaded.getByText('Imported "The Sunken Crown".').count()).toBe(1);
      await reloaded.getByRole('button', { name: 'Open The Sunken Crown' }).click();
      await reloaded.getByRole('button', { name: 'Review Goblin ambush' }).click();
      await expect.poll(() => heading(reloaded)).toBe('Goblin ambush');
      expect((await rows(reloaded).allTextContents()).map((t) => /(Goblin \d|Aria)/.exec(t)?.[1]).sort()).toEqual(['Aria', 'Goblin 1', 'Goblin 2', 'Goblin 3']);
      await reloaded.screenshot({ path: `${SHOTS}/campaign-reimported.png` });

      // A second tab of the same browser cannot write the campaign this one has open.
      const second = await reloaded.context().newPage();
      await second.goto(reloaded.url());
      await expect.poll(() => second.getByText(/already open in another tab or window of this browser/).count()).toBe(1);
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
