import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, SHOTS, useApp } from './session';

// Issue 14: axe-core on the screens the other end-to-end tests don't already check (the campaign
// manager, every tab of a campaign, a fight being set up, the help), none with a serious or
// critical violation; and every control Tab reaches shows where the focus is.

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
});
