import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, SHOTS, useApp } from './session';

// Issue 14: axe-core on the screens the other end-to-end tests don't already check (the campaign
// manager, every tab of a campaign, a fight being set up, the help), none with a serious or
// critical violation; every control Tab reaches shows where the focus is; large text and reduced
// motion work as a GM would set them.

const app = useApp({ width: 1280, height: 720 });

/** Tabs `count` times and names each focused control that shows no focus ring. */
async function unseenFocus(page: Page, count: number): Promise<string[]> {
  const unseen: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return { ring, name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"` };
    });
    if (focus && !focus.ring) unseen.push(focus.name);
  }
  return unseen;
}

describe('accessibility', () => {
  it('finds no serious violation on any screen, and Tab shows where the focus is', async () => {
    const page = app().page;
    const found: Record<string, string[]> = { 'campaign manager': await seriousViolations(page) };
    expect(await unseenFocus(page, 12)).toEqual([]);
    await createCampaign(page, 'Sweep', 'Zones & Factions');
    for (const tab of ['Encounters', 'Party', 'Bestiary', 'Maps', 'Rules']) {
      await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      found[`campaign, ${tab}`] = await seriousViolations(page);
    }
    await page.getByRole('tab', { name: /^Encounters/ }).click();
    expect(await unseenFocus(page, 15)).toEqual([]);
    await createEncounter(page, 'Sweep fight');
    found['a fight being set up'] = await seriousViolations(page);
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    expect(await unseenFocus(page, 20)).toEqual([]);
    await page.getByRole('button', { name: 'Keyboard shortcuts and help' }).click();
    found.help = await seriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/accessibility-help.png` });
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  });

  it('offers large text from the help, which scales every size and stays chosen after a reload', async () => {
    const page = app().page;
    const rootSize = (p: Page) => p.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    const rowName = (p: Page) => p.getByRole('heading', { level: 1 }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const before = await rowName(page);
    expect(await rootSize(page)).toBe('17px');
    await page.getByLabel('Large text').check();
    expect(await rootSize(page)).toBe('21px');
    expect(await rowName(page)).toBeCloseTo((before * 21) / 17, 1);
    const reloaded = await app().reload();
    await expect.poll(() => reloaded.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await rootSize(reloaded)).toBe('21px');
    await reloaded.screenshot({ path: `${SHOTS}/accessibility-large-text.png` });
    await reloaded.getByRole('button', { name: 'Keyboard shortcuts and help' }).click();
    await reloaded.getByLabel('Large text').uncheck();
    expect(await rootSize(reloaded)).toBe('17px');
  });

  it('honours reduced motion: nothing animates or slides when the system asks for less motion', async () => {
    const page = app().page;
    const motion = () => page.getByRole('button').first().evaluate((el) => getComputedStyle(el).transitionDuration + ' ' + getComputedStyle(el).animationIterationCount);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const normal = await motion();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await motion()).toBe('1e-05s 1');
    expect(normal).not.toBe('1e-05s 1');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  });
});
