import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { historyLines, projectPlayerView, type Command, type Encounter } from '../../engine/index';
import { campaignFileWith, idNamed, playedFight, type PlayStep } from '../../engine/testing/journals';
import { seriousViolations } from './axe';
import { rows, SHOTS, useApp } from './session';

// The players' screen across the table: nobody there can scroll it, so a big fight must fit it
// whole (20 characters at 1280×720, 40 at 1920×1080: before, 10 and 17 showed, the one acting off
// screen), and past that it follows whoever is acting. Its status words are as large as the
// names and in full contrast, and someone who retreated or surrendered says so, not "down".

const app = useApp({ width: 1280, height: 720 });

const CAMPAIGN = 'Crowds';
/** The words a row may say of its character's turn or state. */
const STATUS_WORDS = ['acting now', 'has acted', 'may act', 'down', 'retreated', 'surrendered'];

/**
 * `count` Freeform characters (every other one an enemy), 15 turns in, so the one acting is late
 * in the order; Hero 2 surrendered, Hero 4 retreated, Hero 5 is at 0.
 */
function crowd(count: number, turns = 15): Encounter {
  const out: PlayStep[] = [
    (e) => ({ type: 'set-mark', combatantId: idNamed(e, 'Hero 2'), mark: 'surrendered', on: true }),
    (e) => ({ type: 'set-mark', combatantId: idNamed(e, 'Hero 4'), mark: 'retreated', on: true }),
    (e) => ({ type: 'damage', combatantId: idNamed(e, 'Hero 5'), amount: 10 }),
  ];
  return playedFight({ id: `crowd-${count}`, rulesetId: 'freeform' }, [
    ...Array.from({ length: count }, (_, i): Command => ({ type: 'add-combatant', name: `Hero ${i + 1}`, factionId: i % 2 ? 'f2' : 'f1', stats: { initMod: Math.max(-10, 20 - i) }, tracks: { hp: 10 } })),
    { type: 'start-combat' },
    ...out,
    ...Array.from({ length: turns }, (): Command => ({ type: 'next-turn' })),
  ]);
}

const FIGHTS = [
  { name: 'Twenty', encounter: crowd(20), size: { width: 1280, height: 720 } },
  { name: 'Forty', encounter: crowd(40), size: { width: 1920, height: 1080 } },
  // More than fit: the list follows the one acting, 45 turns down the order.
  { name: 'Sixty', encounter: crowd(60, 45), size: { width: 1280, height: 720 } },
];

/** Where the one acting stands in the players' list (1 = first), from the engine's player view. */
function actingPosition(encounter: Encounter): number {
  const view = projectPlayerView(encounter.state, encounter.ruleset);
  if (view.status === 'waiting' || view.acting === null) throw new Error('Nobody the players see is acting.');
  return view.order.indexOf(view.acting) + 1;
}

async function importCrowds(page: Page): Promise<void> {
  const text = campaignFileWith(
    { id: 'crowds', name: CAMPAIGN, rulesetId: 'freeform' },
    FIGHTS.map((f) => ({ id: f.encounter.state.id, name: f.name, lines: historyLines(f.encounter) })),
  );
  await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'crowds.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: `Open ${CAMPAIGN}` }).click();
}

interface Shown {
  count: number;
  /** Rows (1 = first in the list) not wholly on screen: outside the window or cut off by the list. */
  offScreen: number[];
  /** The acting row (1 = first), and whether it is wholly on screen. */
  acting: number;
  actingOnScreen: boolean;
  nameFontPx: number;
  /** Per status word shown: its size against its row's name, and its contrast against the row. */
  statuses: { word: string; fontPx: number; nameFontPx: number; contrast: number }[];
  /** Rows drawn at less than full opacity (greyed). */
  faded: number;
  texts: string[];
}

/** What the players' list shows, measured in their window. */
function shown(player: Page): Promise<Shown> {
  return player.evaluate((words) => {
    const list = document.querySelector('ol[aria-label="Combatants"]');
    if (!list) throw new Error('The players’ screen shows no list of combatants.');
    const items = [...list.querySelectorAll(':scope > li')] as HTMLElement[];
    const clip = list.getBoundingClientRect();
    const whole = (r: DOMRect) =>
      r.top >= Math.max(0, clip.top) - 0.5 && r.bottom <= Math.min(innerHeight, clip.bottom) + 0.5 && r.left >= Math.max(0, clip.left) - 0.5 && r.right <= Math.min(innerWidth, clip.right) + 0.5;
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (colour: string) => {
      const [r = 0, g = 0, b = 0] = rgb(colour).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    // The colour behind an element: the first ancestor's that is not see-through.
    const background = (el: Element | null): string => {
      for (let at = el; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if ((rgb(colour)[3] ?? 1) > 0) return colour;
      }
      return 'rgb(0, 0, 0)';
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const fontPx = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    const acting = items.findIndex((li) => [...li.querySelectorAll('span')].some((s) => s.textContent === 'acting now'));
    const statuses = items.flatMap((li) => {
      const name = li.querySelector('.name');
      return [...li.querySelectorAll('span')]
        .filter((s) => s.children.length === 0 && words.includes(s.textContent ?? ''))
        .map((s) => ({ word: s.textContent ?? '', fontPx: fontPx(s), nameFontPx: name ? fontPx(name) : Infinity, contrast: contrast(getComputedStyle(s).color, background(s)) }));
    });
    const first = items[0]?.querySelector('.name');
    return {
      count: items.length,
      offScreen: items.flatMap((li, i) => (whole(li.getBoundingClientRect()) ? [] : [i + 1])),
      acting: acting + 1,
      actingOnScreen: acting >= 0 && whole((items[acting] as HTMLElement).getBoundingClientRect()),
      nameFontPx: first ? fontPx(first) : 0,
      statuses,
      faded: items.filter((li) => Number(getComputedStyle(li).opacity) < 1).length,
      texts: items.map((li) => (li.textContent ?? '').replace(/\s+/g, ' ').trim()),
    };
  }, STATUS_WORDS);
}

describe('the players’ screen in a big fight', () => {
  it('shows 20 at 1280×720 and 40 at 1920×1080 whole, past that follows the one acting, with status words as large as the names', async () => {
    const { page } = app();
    await importCrowds(page);
    const player = await app().openPlayers();
    for (const fight of FIGHTS) {
      const count = fight.encounter.state.combatants.length;
      const label = `${fight.name}, ${fight.size.width}×${fight.size.height}`;
      await page.getByRole('button', { name: `Resume ${fight.name}` }).click();
      // Each drawn row says how many the GM's list holds (a long list draws only those in and near its view).
      await expect.poll(() => rows(page).first().getAttribute('aria-setsize')).toBe(String(count));
      await player.setViewportSize(fight.size);
      await expect.poll(async () => (await shown(player)).count, { message: label }).toBe(count);

      if (fight.name === 'Sixty') {
        await expect.poll(async () => (await shown(player)).actingOnScreen, { message: label }).toBe(true);
        // The list moved itself: rows at its top went off screen to bring the acting one on.
        // (Polled: on a busy machine the list may still be on its way when the one acting comes into view.)
        await expect.poll(async () => (await shown(player)).offScreen[0], { message: label }).toBe(1);
      } else {
        await expect.poll(async () => (await shown(player)).offScreen, { message: label }).toEqual([]);
      }
      const now = await shown(player);
      // Late in the order: before, the rows from the 11th (1280×720) or the 18th (1920×1080) on were off screen.
      expect(actingPosition(fight.encounter), label).toBeGreaterThan(15);
      expect(now.acting, label).toBe(actingPosition(fight.encounter));
      expect(now.nameFontPx, label).toBeGreaterThanOrEqual(18);
      expect(now.faded, label).toBe(0);
      expect(now.statuses.map((s) => s.word).sort(), label).toEqual(['acting now', 'down', 'retreated', 'surrendered']);
      for (const s of now.statuses) {
        expect(s.fontPx, `${label}: "${s.word}"`).toBeGreaterThanOrEqual(s.nameFontPx);
        expect(s.contrast, `${label}: "${s.word}"`).toBeGreaterThanOrEqual(4.5);
      }
      // Hero 2 (an enemy to the players, "Enemies 1") surrendered, Hero 4 ("Enemies 2") retreated.
      expect(now.texts, label).toContainEqual(expect.stringMatching(/^\d+\. Enemies 1 surrendered$/));
      expect(now.texts, label).toContainEqual(expect.stringMatching(/^\d+\. Enemies 2 retreated$/));
      expect(now.texts, label).toContainEqual(expect.stringMatching(/^\d+\. Hero 5 HP 0\/10 down$/));
      expect(await seriousViolations(player), `axe, ${label}`).toEqual([]);
      await player.screenshot({ path: `${SHOTS}/players-fit-${fight.name.toLowerCase()}-${fight.size.width}.png` });
      await page.getByRole('button', { name: `☰ ${CAMPAIGN}` }).click();
    }
    await player.close();
  });
});
