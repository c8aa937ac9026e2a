import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, createCampaign, createEncounter, pressOnScreen as key, rows, SHOTS, useApp } from './session';

// Issue 21's fight on a grid map, at 1280 × 720: the party (Brannoc with a spear and Stab 1, Mira
// with a crossbow) against bandits with spears and a wolf, each side of its own. In the setup the
// surprise check is rolled for two characters. On the party's go Mira runs (a Move) out of Bandit 1's reach
// and the attack of opportunity waits for its answer (a key lets it go), looks at an execution shot's
// plan, then reloads her crossbow (a Main, by the setting); Brannoc screens her (a Move), looks at the
// shove and execution plans, and grapples Bandit 1 (every die typed, the check's too), which shows on the rows; the GM calls a nerve check for Bandit 2 with its odds
// shown first; as the round ends the grip hurts.

const app = useApp({ width: 1280, height: 720 });

// Beside a map the log folds away with the side panel (S); its lines are read all the same.
const log = (page: Page) => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).textContent();
const whoseGo = (page: Page) => page.getByTestId('whose-go').textContent();
// A token on the battle map, by its name (its title starts with it).
const token = (page: Page, name: string) =>
  page.getByRole('application', { name: /^Battle map Toll road/ }).locator('g.token').filter({ has: page.locator('title', { hasText: new RegExp(`^${name}\\b`) }) });
const row = (page: Page, name: string) => rows(page).filter({ has: page.locator('.called', { hasText: new RegExp(`^${name}$`) }) });

/** Shoots the page at 1280 × 720 and at 1920 × 1080. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${SHOTS}/${name}-1920.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Adds a character with the add form: stats typed, and the gear form's new weapon changed as asked. */
async function add(page: Page, name: string, faction: string, stats: Record<string, number>, weapon?: { name: string; use?: string; reload?: string }, traits: string[] = []): Promise<void> {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Faction').selectOption({ label: faction });
  for (const [label, value] of Object.entries(stats)) await form.getByLabel(label, { exact: true }).fill(String(value));
  for (const t of traits) await form.getByRole('group', { name: 'Traits' }).getByLabel(t).check();
  if (weapon) {
    if (!(await form.locator('details[open]').count())) await form.getByText(/^Weapons \(/).click();
    await form.getByRole('button', { name: '+ Weapon' }).click();
    await form.getByLabel('Item name').fill(weapon.name);
    await form.getByLabel('Item name').press('Tab');
    if (weapon.use) await form.getByLabel('Used as').selectOption({ label: weapon.use });
    if (weapon.reload) await form.getByLabel('Reloading').selectOption({ label: weapon.reload });
  }
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => rows(page).filter({ hasText: name.replace(/ ×\d+$/, '') }).count()).toBeGreaterThan(0);
}

describe('a Sides & Shock fight on a grid map', () => {
  it('walks out of reach past an attack of opportunity, reloads, screens, grapples and calls a nerve check', async () => {
    const page = app().page;
    await createCampaign(page, 'Border road', 'Sides & Shock');
    await page.getByRole('tab', { name: /Maps/ }).click();
    await page.getByLabel('Map name').fill('Toll road');
    await page.getByLabel('Start from').selectOption({ label: 'A blank square grid' });
    await page.getByRole('button', { name: 'Create map' }).click();
    await page.getByRole('button', { name: '← All maps' }).click();
    await page.getByRole('tab', { name: /Encounters/ }).click();
    await createEncounter(page, 'Toll road ambush', 5);
    const setup = page.getByRole('article', { name: 'Set up the fight' });
    await setup.getByLabel('New faction').fill('Wolves');
    await setup.getByRole('button', { name: 'Add faction' }).click();
    await page.getByLabel('Lay out').selectOption({ label: 'Toll road' });
    await page.getByRole('button', { name: 'Lay out this map' }).click();
    await expect.poll(() => page.getByRole('application', { name: /^Battle map Toll road/ }).count()).toBe(1);

    await add(page, 'Brannoc', 'Heroes', { Stab: 1 }, { name: 'Spear' });
    await add(page, 'Mira', 'Heroes', { Shoot: 1, 'DEX modifier': 3 }, { name: 'Crossbow', use: 'Two-handed ranged', reload: 'Like a crossbow' });
    await add(page, 'Bandit ×2', 'Enemies', {}, { name: 'Spear' });
    // The wolf is one of the text's exceptions who fight to the end (for the nerve check below).
    await add(page, 'Wolf', 'Wolves', {}, undefined, ['Fights to the end']);
    // Mira beside Bandit 1, Brannoc beside both; Bandit 2 and the wolf further off.
    for (const [name, square] of [['Brannoc', 'B3'], ['Mira', 'C2'], ['Bandit 1', 'C3'], ['Bandit 2', 'H3'], ['Wolf', 'P6']] as const) {
      await page.getByRole('button', { name: `Place ${name}` }).focus();
      await page.keyboard.press('Enter');
      await page.getByLabel(`Square for ${name}`).fill(square);
      await page.getByLabel(`Square for ${name}`).press('Enter');
    }
    await expect.poll(() => page.getByRole('group', { name: 'Not on the map' }).count()).toBe(0);

    // The surprise check, rolled for the wolf against Mira: the dice go to the log, the call stays the GM's.
    await setup.getByLabel('Surprising side', { exact: true }).selectOption({ label: 'Wolf' });
    await setup.getByLabel('Watching side', { exact: true }).selectOption({ label: 'Mira' });
    await expect.poll(() => setup.getByTestId('surprise-odds').textContent()).toMatch(/^The surprising side wins \d+%/);
    await setup.getByRole('button', { name: 'Roll it' }).click();
    await expect.poll(() => setup.getByTestId('surprise-rolled').textContent()).toMatch(/^(Wolf gets past Mira|Mira notices in time) \(\d+ against \d+\)\.$/);
    await setup.getByRole('button', { name: 'Roll it' }).scrollIntoViewIfNeeded();
    await shoot(page, 'sides-grid-setup');

    // The party adds its best DEX modifier, Mira's +3, to its d8: it goes first, by this seed's dice.
    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => whoseGo(page)).toBe("Heroes' go");
    const turn = page.getByRole('article', { name: 'Turn' });

    // Mira walks from C2 to F2, out of Bandit 1's reach: his free strike waits for an answer; 2 lets it go.
    await key(page, '2');
    await expect.poll(() => activeName(page)).toBe('Mira');
    // The catalogue's reload and screen are the turn part's own buttons, not the generic ones.
    await expect.poll(() => turn.getByRole('group', { name: 'Actions' }).textContent()).not.toContain('Reload a weapon');
    // Moving is a Move action: Run first, then the walk.
    await turn.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Run', exact: true }).click();
    await key(page, 'w');
    await page.getByLabel('Mira walks to').fill('F2');
    await page.getByRole('button', { name: 'Walk', exact: true }).click();
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => question.textContent()).toContain('Mira moves out of reach: Bandit 1 may strike first (a free attack of opportunity).');
    await expect.poll(() => question.getByRole('button').allTextContents()).toEqual(['1 Bandit 1 strikes Mira', '2 Let it go', 'Call it off']);
    await shoot(page, 'sides-grid-opportunity');
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, '2');
    await expect.poll(() => question.count()).toBe(0);
    await expect.poll(() => log(page)).toContain('Mira walks from C2 to F2');

    // The attack form reads the situation from the map: the wolf at P6 is 50 ft off, past the
    // crossbow's normal 30 ft. Half cover ticked by hand shows as the GM's ruling; Cancel leaves it.
    await key(page, 't');
    const attack = page.getByRole('form', { name: 'Mira attacks' });
    await attack.getByRole('radio', { name: /Wolf/ }).check();
    await expect.poll(() => attack.getByText(/^Situation: Past normal range −2 · 50 ft apart on the map/).count()).toBe(1);
    await attack.getByText(/^Situation:/).click();
    await expect.poll(() => attack.getByRole('group', { name: 'Situational modifiers' }).textContent()).toContain('Past normal range (−2)from the map');
    await attack.getByLabel('Target in half cover (−2)').check();
    await expect.poll(() => attack.getByRole('group', { name: 'Situational modifiers' }).textContent()).toContain('Target in half cover (−2)your ruling (read: off)');
    await attack.evaluate((form) => form.scrollIntoView({ block: 'start' }));
    await shoot(page, 'sides-grid-attack-situation');
    expect(await seriousViolations(page)).toEqual([]);
    await attack.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => attack.count()).toBe(0);

    // The execution form's plan for a shot: the DEX/Shoot check's parts, the distance read from the map.
    await turn.getByRole('button', { name: 'Execution…' }).click();
    const shot = page.getByRole('form', { name: "Mira's execution attack" });
    await page.keyboard.press('1');
    await expect.poll(() => shot.getByRole('radio', { name: /Bandit 1/ }).isChecked()).toBe(true);
    await expect.poll(async () => (await shot.getByTestId('execute-plan').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
      /^DEX\/Shoot \+6 \(DEX \+3, Shoot \+1, Within normal range \+2\) on 2d6 against 8, whatever the AC \(15 ft apart on the map\): hits \d+% of the time\. Bandit 1 saves on 16 or more on the d20 \(save 15 \+ Mira's Shoot 1: 25%\)/,
    );
    await shot.evaluate((form) => form.scrollIntoView({ block: 'end' }));
    await shoot(page, 'sides-grid-execute-shot');
    await page.keyboard.press('Escape');
    await expect.poll(() => shot.count()).toBe(0);

    // Her crossbow takes a Main to reload (the setting's default).
    await turn.getByRole('button', { name: 'Reload Crossbow (Main)' }).click();
    await expect.poll(() => log(page)).toMatch(/Mira.*reloads Crossbow/);
    await expect.poll(() => turn.getByRole('button', { name: 'Reload Crossbow (Main)' }).isDisabled()).toBe(true);
    await key(page, 'Space');

    // Brannoc screens Mira: the form picks her by number, Enter confirms.
    await key(page, '1');
    await expect.poll(() => activeName(page)).toBe('Brannoc');
    const screen = page.getByRole('form', { name: 'Brannoc screens an ally' });
    // Esc closes a form unchanged.
    await turn.getByRole('button', { name: 'Screen an ally…' }).click();
    await expect.poll(() => screen.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => screen.count()).toBe(0);
    await turn.getByRole('button', { name: 'Screen an ally…' }).click();
    await page.keyboard.press('1');
    await expect.poll(() => screen.getByRole('radio', { name: /Mira/ }).isChecked()).toBe(true);
    // Every form that picks someone marks them on the map, as the attack forms do.
    await expect.poll(() => token(page, 'Mira').getAttribute('data-aimed')).toBe('true');
    expect(await token(page, 'Brannoc').getAttribute('data-aiming')).toBe('true');
    await shoot(page, 'sides-grid-screen-form');
    await page.keyboard.press('Enter');
    await expect.poll(() => row(page, 'Brannoc').textContent()).toContain('Screening Mira');
    await expect.poll(() => row(page, 'Mira').textContent()).toContain('Screened by Brannoc');

    // The shove and execution forms show the engine's plan (the check's parts named, the save and
    // its odds); Esc closes each unrolled.
    await turn.getByRole('button', { name: 'Shove…' }).click();
    const shove = page.getByRole('form', { name: 'Brannoc shoves' });
    await page.keyboard.press('1');
    await expect.poll(() => shove.getByRole('radio', { name: /Bandit 1/ }).isChecked()).toBe(true);
    await expect.poll(() => token(page, 'Bandit 1').getAttribute('data-aimed')).toBe('true');
    expect(await token(page, 'Bandit 1').locator('title').textContent()).toContain('aimed at by Brannoc');
    expect(await token(page, 'Mira').getAttribute('data-aimed')).toBeNull();
    await shove.getByLabel("Target's size").selectOption({ label: 'Much larger target (−2)' });
    await expect.poll(async () => (await shove.getByTestId('shove-plan').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
      /^Unarmed, d20 \+0 against AC 10: needs 10 on the d20; then STR\/Brawl or STR\/Exert on 2d6: moves Bandit 1 \d+% of the time\. Brannoc −2 \(STR \+0, Brawl \+0, Much larger target −2\) against Bandit 1 \+0 \(STR \+0, Brawl \+0\), ties rolled again\.$/,
    );
    await shoot(page, 'sides-grid-shove-form');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => shove.count()).toBe(0);
    // Closed, the form takes its mark back.
    await expect.poll(() => token(page, 'Bandit 1').getAttribute('data-aimed')).toBeNull();
    await turn.getByRole('button', { name: 'Execution…' }).click();
    const execute = page.getByRole('form', { name: "Brannoc's execution attack" });
    await page.keyboard.press('1');
    await expect.poll(() => execute.getByRole('radio', { name: /Bandit 1/ }).isChecked()).toBe(true);
    await expect.poll(async () => (await execute.getByTestId('execute-plan').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(
      /^In melee it hits\. Bandit 1 saves on 16 or more on the d20 \(save 15 \+ Brannoc's Stab 1: 25%\); failing, 0 HP and mortally injured; saving, the hit's maximum, \d+\.$/,
    );
    await execute.evaluate((form) => form.scrollIntoView({ block: 'end' }));
    await shoot(page, 'sides-grid-execute-form');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => execute.count()).toBe(0);

    // Then he grapples Bandit 1: a typed 15 hits AC 10, and his check (6 5 + 1) beats the bandit's (2 3).
    await turn.getByRole('button', { name: 'Grapple…' }).click();
    const grapple = page.getByRole('form', { name: 'Brannoc grapples' });
    await page.keyboard.press('1');
    await expect.poll(() => grapple.getByRole('radio', { name: /Bandit 1/ }).isChecked()).toBe(true);
    await expect.poll(() => token(page, 'Bandit 1').getAttribute('data-aimed')).toBe('true');
    await expect.poll(async () => (await grapple.getByTestId('grapple-plan').textContent())?.replace(/\s+/g, ' ').trim()).toMatch(/^Unarmed, d20 \+0 against AC 10: needs 10 on the d20; then STR\/Brawl on 2d6: holds Bandit 1 50% of the time\. Brannoc \+0 \(STR \+0, Brawl \+0\) against Bandit 1 \+0 \(STR \+0, Brawl \+0\), ties rolled again\./);
    await grapple.getByLabel('d20 rolled').fill('15');
    await grapple.getByLabel("Brannoc's check dice").fill('6 5');
    await grapple.getByLabel("Bandit 1's check dice").fill('2 3');
    await shoot(page, 'sides-grid-grapple-form');
    expect(await seriousViolations(page)).toEqual([]);
    await grapple.getByRole('button', { name: 'Roll the grapple' }).click();
    await expect.poll(() => log(page)).toContain('Brannoc gets hold of Bandit 1 (15 against AC 10) and grapples them');
    await expect.poll(() => row(page, 'Brannoc').textContent()).toContain('Grappling Bandit 1');
    await expect.poll(() => row(page, 'Bandit 1').textContent()).toContain('Grappled by Brannoc');
    await expect.poll(() => turn.getByRole('group', { name: 'Grappling' }).textContent()).toContain('Grappling Bandit 1');
    // Dragging or throwing him: the engine's distances and odds, STR/Brawl +0 against +0.
    await expect.poll(() => turn.getByTestId('drag-plan').textContent()).toBe('STR/Brawl: wins 50%, else Bandit 1 breaks free');
    await expect.poll(() => turn.getByRole('button', { name: 'Drag 10 ft' }).count()).toBe(1);
    await expect.poll(() => turn.getByRole('button', { name: 'Throw 5 ft prone' }).count()).toBe(1);
    await shoot(page, 'sides-grid-grappled');
    expect(await seriousViolations(page)).toEqual([]);

    // The GM calls a nerve check for Bandit 2, selected in the list: the odds show before the roll.
    await row(page, 'Bandit 2').getByRole('button').first().click();
    const selected = page.getByRole('article', { name: 'Selected combatant' });
    await expect.poll(() => selected.getByTestId('nerve-odds').textContent()).toBe('2d6, at most 8 holds: 72%');
    // The GM rolled 5 and 4 at the table: 9 against 8 breaks.
    await selected.getByLabel('Nerve dice rolled at the table').fill('5 4');
    await selected.getByRole('button', { name: 'Nerve check for Bandit 2' }).click();
    await expect.poll(() => selected.getByTestId('nerve-last').textContent()).toBe('Last: 9 against 8, breaks');
    await expect.poll(() => log(page)).toMatch(/Bandit 2/);
    await selected.getByRole('button', { name: 'Nerve check for Bandit 2' }).scrollIntoViewIfNeeded();
    await shoot(page, 'sides-grid-nerve');
    // The wolf fights to the end: no nerve check unless the GM rules it; 2 and 2 typed hold.
    await row(page, 'Wolf').getByRole('button').first().click();
    await expect.poll(() => selected.textContent()).toContain("Wolf fights to the end (undead, a construct, a zealot or hard-drilled troops): the text's exceptions don't put their own survival first, so they take no nerve check.");
    await expect.poll(() => selected.getByRole('button', { name: 'Nerve check for Wolf' }).isDisabled()).toBe(true);
    await selected.getByLabel('Rule it anyway').check();
    await selected.getByLabel('Nerve dice rolled at the table').fill('2 2');
    await selected.getByRole('button', { name: 'Nerve check for Wolf' }).click();
    await expect.poll(() => selected.getByTestId('nerve-last').textContent()).toBe('Last: 4 against 8, holds');
    await expect.poll(() => log(page)).toContain("Wolf holds their nerve (4 against nerve 8, the GM's ruling).");
    await selected.getByRole('button', { name: 'Nerve check for Wolf' }).scrollIntoViewIfNeeded();
    await shoot(page, 'sides-grid-nerve-fearless');
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, 'Space');

    // The enemy sides take their goes: each passes its turn on; as the round ends the grip hurts.
    for (let i = 0; i < 6 && (await whoseGo(page).catch(() => '')) !== "Heroes' go"; i++) {
      const go = await whoseGo(page);
      if (go === "Heroes' go") break;
      await key(page, '1');
      // Bandit 1 is held: he may try to break free.
      if ((await activeName(page)) === 'Bandit 1') {
        await expect.poll(() => turn.getByRole('button', { name: 'Break free' }).count()).toBe(1);
        await expect.poll(() => turn.getByTestId('break-free-plan').textContent()).toBe('STR/Brawl: free of Brannoc 50%');
        await turn.getByTestId('break-free-plan').scrollIntoViewIfNeeded();
        await shoot(page, 'sides-grid-break-free');
      }
      await key(page, 'Space');
    }
    await expect.poll(() => log(page)).toMatch(/As the round ends, Brannoc's grip hurts Bandit 1: \d+ damage/);
  });
});
