import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../engine/index';
import { drawnMap } from '../../engine/testing/grids';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { seriousViolations } from './axe';
import { activeName, pressOnScreen as key, resumeImported, SHOTS, useApp } from './session';

// Issue 42: the map follows the fight. As the turn passes the map brings the one acting into
// view, unless the GM has just moved it; the attack form's target and attacker are marked on the
// map; a question's subjects carry their parts by their tokens ("may strike") and in its panel.

const app = useApp({ width: 1280, height: 720 });

const SWORD = { name: 'Sword', kind: 'weapon', damage: '1d8', attribute: 'either', skill: 'stab', use: 'melee', shock: 2, shockAc: 13 };
const fighter = (name: string, factionId: string): Command => ({ type: 'add-combatant', name, factionId, stats: { ac: 10 }, tracks: { hp: 10 }, rules: { gear: [SWORD] } }) as Command;

/** A Sides & Shock fight on a field of 24 × 14 squares: Mira and the Bandit side by side on the left, Ann far off in the bottom right corner; Mira's turn. */
const field = () =>
  playedFight({ id: 'follow', rulesetId: 'sides', seed: 4 }, [
    { type: 'set-grid', mapId: 'field', name: 'Field', map: drawnMap(Array.from({ length: 14 }, () => '.'.repeat(24))) },
    fighter('Mira', 'f1'),
    fighter('Ann', 'f1'),
    fighter('Bandit', 'f2'),
    (e) => ({ type: 'place-on-grid', combatantId: idNamed(e, 'Mira'), x: 5, y: 6 }),
    (e) => ({ type: 'place-on-grid', combatantId: idNamed(e, 'Bandit'), x: 6, y: 6 }),
    (e) => ({ type: 'place-on-grid', combatantId: idNamed(e, 'Ann'), x: 21, y: 12 }),
    // The heroes' side goes first by this seed's d8s.
    { type: 'start-combat' },
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Mira') }),
  ]);

const battleMap = (page: Page) => page.getByRole('application', { name: /^Battle map Field/ });
const token = (page: Page, name: string) => battleMap(page).locator('g.token').filter({ has: page.locator('title', { hasText: new RegExp(`^${name}\\b`) }) });
/** What the map's marks say to screen readers. */
const marksSaid = (page: Page) => page.getByTestId('map-marks').textContent();
/** The pan and zoom, as the map's transform reads. */
const view = (page: Page) => battleMap(page).locator(':scope > g').first().getAttribute('transform');

/** Where a token's middle is on the map's box, as fractions of its width and height (0.5, 0.5: the middle). */
async function placeOnMap(page: Page, t: Locator): Promise<{ x: number; y: number }> {
  const box = await battleMap(page).boundingBox();
  const at = await t.locator('path.disc').boundingBox();
  if (!box || !at) throw new Error('the map or the token is not shown');
  return { x: (at.x + at.width / 2 - box.x) / box.width, y: (at.y + at.height / 2 - box.y) / box.height };
}
const inside = (p: { x: number; y: number }) => p.x > 0 && p.x < 1 && p.y > 0 && p.y < 1;

/** Zooms in three notches of Ctrl + wheel over a token. */
async function zoomOn(page: Page, t: Locator): Promise<void> {
  const at = await t.locator('path.disc').boundingBox();
  if (!at) throw new Error('the token is not shown');
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.keyboard.down('Control');
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await page.keyboard.up('Control');
}

/** Shoots the page at 1280 × 720 and at 1920 × 1080. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${SHOTS}/${name}-1920.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

describe('the map follows the fight', () => {
  it('brings the one acting into view as the turn passes, not just after the GM panned; marks whom an attack aims at and who a question is about', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Follow', rulesetId: 'sides' }, { name: 'Field fight', encounter: field() });
    await expect.poll(() => activeName(page)).toBe('Mira');
    // The whole map shows as the fight opens: nothing to follow.
    expect(inside(await placeOnMap(page, token(page, 'Ann')))).toBe(true);

    // The GM zooms in on the middle: Mira and Ann are both out of view.
    await battleMap(page).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    expect(inside(await placeOnMap(page, token(page, 'Ann')))).toBe(false);
    const zoomed = await view(page);
    // Some seconds later (the view is the GM's for 8 s after they move it), Mira ends her turn and
    // Ann takes hers: the map brings Ann into view, at the same zoom, as near its middle as the
    // map's corner allows (the corner stays at the view's).
    await page.waitForTimeout(8500);
    await key(page, 'Space');
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Ann');
    await expect.poll(() => view(page)).not.toBe(zoomed);
    expect((await view(page))?.match(/scale\((.+)\)/)?.[1]).toBe(zoomed?.match(/scale\((.+)\)/)?.[1]);
    const ann = await placeOnMap(page, token(page, 'Ann'));
    expect(ann.x > 0.05 && ann.x < 0.95 && ann.y > 0.05 && ann.y < 0.95, `Ann at ${JSON.stringify(ann)}`).toBe(true);
    await shoot(page, 'map-follows-ann');

    // The GM drags the map a little (on empty ground above Ann), then passes the turn at once: the view stays where the GM put it.
    const box = await battleMap(page).boundingBox();
    if (!box) throw new Error('no map');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height * 0.2 + 20, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height * 0.2 + 40, { steps: 5 });
    await page.mouse.up();
    const panned = await view(page);
    await key(page, 'Space');
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Bandit');
    expect(await view(page)).toBe(panned);
    expect(inside(await placeOnMap(page, token(page, 'Bandit')))).toBe(false);

    // The Bandit's attack form (t): its target is marked on the map, the Bandit as the one aiming, and the map says it in words.
    await key(page, 't');
    const attack = page.getByRole('form', { name: 'Bandit attacks' });
    await expect.poll(() => attack.count()).toBe(1);
    await attack.getByRole('radio', { name: /Mira/ }).check();
    await expect.poll(() => token(page, 'Mira').getAttribute('data-aimed')).toBe('true');
    expect(await token(page, 'Bandit').getAttribute('data-aiming')).toBe('true');
    expect(await token(page, 'Ann').getAttribute('data-aimed')).toBeNull();
    expect(await token(page, 'Mira').locator('title').textContent()).toBe('Mira (aimed at by Bandit)');
    await expect.poll(() => marksSaid(page)).toBe('Aiming: Bandit → Mira.');
    // Ann instead: the mark moves with the choice.
    await attack.getByRole('radio', { name: /Ann/ }).check();
    await expect.poll(() => token(page, 'Ann').getAttribute('data-aimed')).toBe('true');
    expect(await token(page, 'Mira').getAttribute('data-aimed')).toBeNull();
    await attack.getByRole('radio', { name: /Mira/ }).check();
    // The whole map (0), then zoomed in on the Bandit (Ctrl + wheel), to see the marks.
    await battleMap(page).focus();
    await page.keyboard.press('0');
    await zoomOn(page, token(page, 'Bandit'));
    await shoot(page, 'map-follows-aimed');
    await battleMap(page).screenshot({ path: `${SHOTS}/map-follows-aimed-map.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await attack.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => battleMap(page).locator('g.token[data-aimed]').count()).toBe(0);

    // The Bandit runs out of Mira's reach: the question waits, and the map marks who is who.
    const turn = page.getByRole('article', { name: 'Turn' });
    await turn.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Run', exact: true }).click();
    await key(page, 'w');
    await page.getByLabel('Bandit walks to').fill('J7');
    await page.getByRole('button', { name: 'Walk', exact: true }).click();
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => question.textContent()).toContain('Bandit moves out of reach: Mira may strike first');
    await expect.poll(() => token(page, 'Mira').getAttribute('data-asked')).toBe('may strike');
    expect(await token(page, 'Bandit').getAttribute('data-asked')).toBe('moves out of reach');
    expect(await token(page, 'Ann').getAttribute('data-asked')).toBeNull();
    expect(await token(page, 'Mira').locator('.asked-label').textContent()).toBe('may strike');
    expect(await page.getByRole('list', { name: /^Who is who/ }).getByRole('listitem').allTextContents()).toEqual(['Bandit moves out of reach', 'Mira may strike']);
    await expect.poll(() => marksSaid(page)).toBe('Asked: Bandit moves out of reach; Mira may strike.');
    await shoot(page, 'map-follows-asked');
    await battleMap(page).screenshot({ path: `${SHOTS}/map-follows-asked-map.png` });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
