import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createCampaign, createEncounter, rows, SHOTS, useApp } from './session';

// Issue 40: a name holding U+202E RIGHT-TO-LEFT OVERRIDE reversed the rest of every line it was
// in, in the exports and on screen. Each such name is now in an isolate of its own: what follows
// it on its line is laid out after it, left to right, as typed.

const app = useApp();

const OVERRIDE = 'Bob\u202eevil';
const STRAY = 'Eve\u2069\u202ex';
const ARABIC = 'علي';

/**
 * For every <bdi> holding one of `names` in `scope` and followed by text on its line: whether that
 * text starts at or right of the name's right edge (reversed, it would start left of it).
 */
async function textAfterNames(page: Page, scope: string, names: string[]): Promise<{ name: string; after: string; ok: boolean }[]> {
  return page.evaluate(
    ({ scope, names }) => {
      const found: { name: string; after: string; ok: boolean }[] = [];
      for (const bdi of document.querySelectorAll(`${scope} bdi`)) {
        const name = bdi.textContent ?? '';
        const line = bdi.parentElement;
        if (!line || !names.some((n) => name.startsWith(n.slice(0, 3)))) continue;
        // The rest of the sentence after the name, up to the end of its element.
        const range = document.createRange();
        range.setStartAfter(bdi);
        range.setEnd(line, line.childNodes.length);
        const after = range.toString();
        const first = [...range.getClientRects()].find((r) => r.width > 0);
        if (after.trim().length < 4 || !first) continue;
        const box = bdi.getBoundingClientRect();
        found.push({ name, after, ok: Math.abs(first.top - box.top) > 4 || first.left >= box.right - 1 });
      }
      return found;
    },
    { scope, names },
  );
}

describe('names with right-to-left letters or bidi controls', () => {
  it('stay in their own isolates in the log on screen and in the exported page', async () => {
    const page = app().page;
    await createCampaign(page, 'Salt \u202eRoad', 'Freeform');
    await createEncounter(page, 'Ford fight', 5);
    const add = page.getByRole('form', { name: 'Add combatants' });
    for (const [name, faction] of [[OVERRIDE, 'Heroes'], [STRAY, 'Heroes'], [ARABIC, 'Enemies']] as const) {
      await add.getByLabel('Name', { exact: true }).fill(name);
      await add.getByLabel('Faction').selectOption({ label: faction });
      await add.getByLabel('HP').fill('10');
      await add.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await page.getByRole('button', { name: 'Start combat' }).click();
    for (const name of [OVERRIDE, ARABIC]) {
      await rows(page).filter({ hasText: name }).getByRole('button').first().click();
      const target = page.getByRole('article', { name: 'Selected combatant' });
      await target.getByLabel('Amount').fill('3');
      await target.getByRole('button', { name: 'Damage' }).click();
    }
    await expect.poll(() => rows(page).filter({ hasText: ARABIC }).getByRole('meter').getAttribute('aria-valuenow')).toBe('7');
    await page.screenshot({ path: `${SHOTS}/bidi-tracker.png` });

    // The log on screen.
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    const log = page.getByRole('region', { name: /^Log of / });
    await expect.poll(() => log.getByRole('heading', { name: 'Round 1' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/bidi-log-screen.png` });
    const onScreen = await textAfterNames(page, '.log-screen', [OVERRIDE, STRAY, ARABIC]);
    expect(onScreen.map((x) => x.after)).toEqual(expect.arrayContaining([' takes 3 damage (7 hit points left).']));
    expect(onScreen.filter((x) => !x.ok)).toEqual([]);

    // The exported page, opened on its own.
    await log.getByText('Export this log…').click();
    const folder = mkdtempSync(join(tmpdir(), 'gm-bidi-export-'));
    try {
      const form = page.getByRole('form', { name: 'Export the log' });
      await form.getByLabel('Format').selectOption('html');
      const download = page.waitForEvent('download');
      await form.getByRole('button', { name: 'Export' }).click();
      const file = join(folder, (await download).suggestedFilename());
      await (await download).saveAs(file);
      const html = readFileSync(file, 'utf8');
      expect(html).not.toMatch(/<script|\son\w+=/i);
      expect(html).toContain(`<bdi>${OVERRIDE}\u202c</bdi> takes 3 damage`);
      const viewer = await page.context().newPage();
      await viewer.setViewportSize({ width: 1280, height: 720 });
      await viewer.setContent(html);
      await viewer.screenshot({ path: `${SHOTS}/bidi-export-html.png`, fullPage: true });
      const exported = await textAfterNames(viewer, 'body', [OVERRIDE, STRAY, ARABIC]);
      expect(exported.map((x) => x.after)).toEqual(expect.arrayContaining([' takes 3 damage (7 hit points left).']));
      expect(exported.filter((x) => !x.ok)).toEqual([]);
      await viewer.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
