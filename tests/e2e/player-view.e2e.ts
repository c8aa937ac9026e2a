import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, rows, SHOTS, useApp } from './session';
import { addCharacter } from './zones-helpers';

// The GM's page and the players' page in one browser: every change the GM makes shows on the
// players' page, and nothing the GM keeps secret ever does.

const app = useApp({ width: 1600, height: 1000 });

const playerList = (player: Page) => player.getByRole('list', { name: 'Combatants' });

describe('the players\' screen', () => {
  it('follows the GM: a hidden character stays off it until revealed, an enemy shows hurt but never its numbers', async () => {
    const page = app().page;
    await createCampaign(page, 'Night watch', 'Zones & Factions');
    await createEncounter(page, 'Alley ambush', 7);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    await setup.getByLabel('Who holds the initiative').selectOption({ label: 'Heroes' });
    const form = setup.getByRole('form', { name: 'Add a zone' });
    await form.getByLabel('New zone').fill('Alley');
    await form.getByRole('button', { name: 'Add zone' }).click();
    await addCharacter(page, { name: 'Ann', faction: 'Heroes', wit: 12, hp: 11, zone: 'Alley' });
    await addCharacter(page, { name: 'Cutthroat', faction: 'Enemies', wit: 9, hp: 8, zone: 'Alley' });
    // The lurker is concealed: the GM knows, the players must not.
    const add = page.getByRole('form', { name: 'Add combatants' });
    await add.getByLabel('Concealed').check();
    await addCharacter(page, { name: 'Lurker', faction: 'Enemies', wit: 9, hp: 7, zone: 'Alley' });

    // The players' page, opened as the GM would (the players' window; in a browser another tab at #player).
    const player = await app().openPlayers();
    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => playerList(player).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Ann\s*HP 11\/11/),
      expect.stringMatching(/^Enemies 1\s*unhurt/),
    ]);
    const shown = async () => (await player.getByTestId('player-screen').innerHTML()).toLowerCase();
    expect(await shown()).not.toContain('lurker');
    expect(await shown()).not.toContain('cutthroat');
    // The concealed lurker opens the fight with an ambush, before round 1: the players see its name, not "Round 0".
    await expect.poll(() => player.getByTestId('player-phase').textContent()).toBe('Ambush!');
    expect(await player.locator('header').textContent()).not.toMatch(/Round/);
    // Sides differ by shape as well as colour, the same on both screens: heroes a circle, enemies a square.
    // (The GM's rows draw the mark as an image of the name's, the players' as an SVG: both say their shape.)
    const shapes = (list: ReturnType<Page['getByRole']>) => list.locator('[data-shape]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-shape')));
    expect(await shapes(page.getByRole('list', { name: 'Combatants' }))).toEqual(['circle', 'square', 'square']);
    expect(await shapes(playerList(player))).toEqual(['circle', 'square']);
    // The GM's log files the ambush's lines with the setup, under round 0, and says so.
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    const rounds = page.getByRole('group', { name: 'Filter the log' }).getByLabel('Round');
    // The log loads the first time it is opened.
    await expect.poll(() => rounds.getByRole('option').allTextContents()).toEqual(['All', 'Setup and ambush']);
    await page.getByRole('button', { name: 'Close the log' }).click();
    await player.screenshot({ path: `${SHOTS}/player-hidden.png` });
    await page.screenshot({ path: `${SHOTS}/player-gm-side.png` });

    // Revealing the lurker puts them on the players' screen (under a generic name).
    await page.getByRole('button', { name: /Lurker/ }).first().click();
    await page.getByRole('article', { name: 'Selected combatant' }).getByRole('button', { name: 'Reveal Lurker' }).click();
    await expect.poll(() => playerList(player).getByRole('listitem').count()).toBe(3);
    expect(await shown()).not.toContain('lurker');

    // Damage to an enemy shows as "hurt", never as a number.
    await page.getByRole('button', { name: /Cutthroat/ }).first().click();
    const target = page.getByRole('article', { name: 'Selected combatant' });
    await target.getByLabel('Amount').fill('3');
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Cutthroat' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('5');
    await expect.poll(() => playerList(player).getByRole('listitem').nth(1).textContent()).toMatch(/Enemies 1\s*hurt/);
    expect(await playerList(player).textContent()).not.toMatch(/\b5\/8\b|\b8\b/);

    // The GM names the cutthroat "Bandit" for the players; the real name stays behind the screen.
    await target.getByText('Edit Cutthroat').click();
    await target.getByLabel('Name for the players').fill('Bandit');
    await target.getByLabel('Name for the players').press('Enter');
    await expect.poll(() => playerList(player).getByRole('listitem').nth(1).textContent()).toMatch(/^Bandit\s*hurt/);
    expect(await shown()).not.toContain('cutthroat');

    // A roll the GM chooses to show comes up on the players' screen.
    await page.getByRole('group', { name: 'Quick dice' }).getByRole('button', { name: 'd20' }).click();
    await page.getByRole('region', { name: 'Dice log' }).getByRole('button', { name: 'Show to players' }).first().click();
    await expect.poll(() => player.getByRole('complementary', { name: 'Roll' }).count()).toBe(1);
    await player.screenshot({ path: `${SHOTS}/player-hurt.png` });
    expect(await seriousViolations(player)).toEqual([]);

    // Frozen, the players keep the last picture while the GM works; unfrozen, they catch up.
    await page.getByRole('button', { name: 'Freeze' }).click();
    await rows(page).filter({ hasText: 'Ann' }).getByRole('button').first().click();
    await target.getByLabel('Amount').fill('4');
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Ann' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('7');
    await player.waitForTimeout(300);
    expect(await playerList(player).getByRole('listitem').first().textContent()).toMatch(/HP 11\/11/);
    await page.getByRole('button', { name: 'Unfreeze' }).click();
    await expect.poll(() => playerList(player).getByRole('listitem').first().textContent()).toMatch(/HP 7\/11/);

    // The curtain blanks the players' screen with the campaign's name.
    await page.getByRole('button', { name: 'Curtain' }).click();
    await expect.poll(() => player.getByRole('region', { name: 'Curtain' }).textContent()).toContain('Night watch');
    await page.getByRole('button', { name: 'Open the curtain' }).click();
    await expect.poll(() => playerList(player).getByRole('listitem').count()).toBe(3);
    await player.close();

    // With no players' screen open nothing is projected or sent (issue 43); one opened later shows
    // the fight as it is now at once, not as it was when the last one closed.
    const written = () => publishedAt(page);
    const before = await written();
    await rows(page).filter({ hasText: 'Ann' }).getByRole('button').first().click();
    await target.getByLabel('Amount').fill('2');
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Ann' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('5');
    await page.waitForTimeout(300);
    expect(await written()).toBe(before);
    const reopened = await app().openPlayers();
    await expect.poll(() => playerList(reopened).getByRole('listitem').first().textContent()).toMatch(/HP 5\/11/);
    // Frozen with nobody watching: a screen opened meanwhile gets the picture of the moment it froze.
    await reopened.close();
    await page.getByRole('button', { name: 'Freeze' }).click();
    await target.getByLabel('Amount').fill('1');
    await target.getByRole('button', { name: 'Damage' }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Ann' }).getByRole('meter').getAttribute('aria-valuenow')).toBe('4');
    const whileFrozen = await app().openPlayers();
    await expect.poll(() => playerList(whileFrozen).getByRole('listitem').first().textContent()).toMatch(/HP 5\/11/);
    await page.getByRole('button', { name: 'Unfreeze' }).click();
    await expect.poll(() => playerList(whileFrozen).getByRole('listitem').first().textContent()).toMatch(/HP 4\/11/);
    await whileFrozen.close();
  });
});

/**
 * When the players' screen was last published: the browser's IndexedDB row in the web build, the
 * players' window's page stamp (none while it is closed) in the desktop app, where the main
 * process keeps the last one instead.
 */
async function publishedAt(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        if ('gmScreen' in window) return resolve(null);
        const open = indexedDB.open('gm-screen-campaigns');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('player').objectStore('player').get('screen');
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { writtenAt?: number } | undefined)?.writtenAt ?? null);
          };
          get.onerror = () => {
            db.close();
            resolve(null);
          };
        };
      }),
  );
}
