import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Command } from '../../engine/index';
import { playedFight } from '../../engine/testing/journals';
import { resumeImported, SHOTS, useApp } from './session';

// Issue 16: "In a 20-combatant Freeform fight, after ~15 turns, the mouse wheel over Acting now
// scrolls the whole page to a blank screen": the visually hidden ", acting now" of a row far down
// the order took the page as its box and stretched it. Each column scrolls on its own; the page
// never does.

const app = useApp({ width: 1280, height: 720 });

/** Twenty characters, fifteen turns in. */
const twenty = () =>
  playedFight({ id: 'twenty', rulesetId: 'freeform' }, [
    ...Array.from({ length: 20 }, (_, i): Command => ({ type: 'add-combatant', name: `Hero ${i + 1}`, factionId: i % 2 ? 'f2' : 'f1', stats: { initMod: 20 - i } })),
    { type: 'start-combat' },
    ...Array.from({ length: 15 }, (): Command => ({ type: 'next-turn' })),
  ]);

/** The page's own scroll: how tall it is against the window, and how far it has scrolled. */
const pageScroll = (page: Page) => page.evaluate(() => ({ height: document.scrollingElement?.scrollHeight ?? 0, window: innerHeight, y: scrollY }));

describe('the fight screen', () => {
  it('never scrolls the page, whatever the wheel does over its panels (20 characters, 15 turns in)', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Crowd', rulesetId: 'freeform' }, { name: 'Twenty', encounter: twenty() });
    for (const size of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      const panels = page.locator('.panel');
      for (let i = 0; i < (await panels.count()); i++) {
        const box = await panels.nth(i).boundingBox();
        if (!box) continue;
        await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
        await page.mouse.wheel(0, 3000);
      }
      const scroll = await pageScroll(page);
      expect(scroll.height, `${size.width}×${size.height}`).toBeLessThanOrEqual(scroll.window);
      expect(scroll.y).toBe(0);
      await page.screenshot({ path: `${SHOTS}/page-fits-${size.width}.png` });
    }
  });
});
