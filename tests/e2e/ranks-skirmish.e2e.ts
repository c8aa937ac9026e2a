import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { activeName, createCampaign, createEncounter, pressOnScreen as key, rows, SHOTS, useApp } from './session';

// Issue 20 at 1280 × 720: a Skill Ranks skirmish of four over three rounds. The order follows
// fixed awareness and is sorted again each round (Bo gains the initiative for round 2); Ann's
// longsword attack shows its dice against the defence the orc's own longsword gives (none with no
// clearance, none for the unarmed goblin; a boulder to shift, out of reach); Bo goes on the
// defensive and picks his check's skill; the orc's bonus move sets off Bo's readied attack, which
// strikes first; damage lands as ranked conditions.

const app = useApp({ width: 1280, height: 720 });

const order = (page: Page) => rows(page).evaluateAll((items) => items.map((li) => li.querySelector('[data-testid="row-name"]')?.textContent?.trim() ?? ''));
const log = (page: Page) => page.getByRole('region', { name: 'What happened' }).textContent();

/** Adds a character with a fixed awareness and, optionally, the gear form's new skill and weapon. */
async function add(page: Page, name: string, faction: string, awareness: number, armed: boolean): Promise<void> {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Faction').selectOption({ label: faction });
  await form.getByLabel('Awareness (fixed)').fill(String(awareness));
  if (armed) {
    const sheet = form.getByText(/^Skills and weapons/);
    if (!(await form.locator('details[open]').count())) await sheet.click();
    // The gear form's new skill, made the longsword's: Melee: martial weapons, 3D.
    await form.getByRole('button', { name: '+ Skill' }).click();
    await form.locator('label', { hasText: /^Skill/ }).locator('select').selectOption({ label: 'Melee: martial weapons' });
    await form.getByRole('button', { name: '+ Weapon' }).click();
  }
  await form.getByRole('button', { name: 'Add', exact: true }).click();
}

describe('a Skill Ranks skirmish', () => {
  it('runs four characters over three rounds: attacks, a readied strike, the order sorted each round', async () => {
    const page = app().page;
    await createCampaign(page, 'Marsh road', 'Skill Ranks');
    await createEncounter(page, 'Bandits at the ford', 7);
    await add(page, 'Ann', 'Heroes', 12, true);
    await add(page, 'Bo', 'Heroes', 11, true);
    await add(page, 'Orc', 'Enemies', 9, true);
    await add(page, 'Goblin', 'Enemies', 8, false);
    await expect.poll(() => rows(page).count()).toBe(4);
    await page.screenshot({ path: `${SHOTS}/ranks-setup.png` });
    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => activeName(page)).toBe('Ann');
    await page.screenshot({ path: `${SHOTS}/ranks-turn.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // Ann attacks the orc (T; 1 picks the first foe); the form shows the dice against the defence
    // (the orc never trained deflect: the average of one die).
    await key(page, 't');
    const attack = page.getByRole('form', { name: 'Ann attacks' });
    await page.keyboard.press('1');
    await expect.poll(() => attack.getByTestId('attack-plan').textContent()).toMatch(/Melee: martial weapons 3D\s+against Orc's Melee: deflect 3\./);
    // The defence is read from the orc's own sheet: its longsword deflects a sword (with 5 ft of clearance).
    await expect.poll(() => attack.getByTestId('defence-why').textContent()).toBe('Orc defends with their Longsword: Melee: deflect 3 (untrained).');
    await page.screenshot({ path: `${SHOTS}/ranks-attack.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/ranks-attack-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await seriousViolations(page)).toEqual([]);
    await attack.getByRole('spinbutton', { name: /^Clearance/ }).fill('2');
    await expect.poll(() => attack.getByTestId('defence-why').textContent()).toMatch(/^Nothing of Orc's meets a martial weapon here \(Bare hands: Brawling: block doesn't meet a martial weapon; Longsword: it needs 5 ft of clearance \(2 ft\)\): 3, the average of one die, stands/);
    await attack.getByRole('spinbutton', { name: /^Clearance/ }).fill('');
    // The goblin (2) carries nothing that meets a sword (the number keys work from the Roll button).
    await attack.getByRole('button', { name: 'Roll the attack' }).focus();
    await page.keyboard.press('2');
    await expect.poll(() => attack.getByTestId('defence-why').textContent()).toMatch(/^Nothing of Goblin's meets a martial weapon here \(Bare hands: Brawling: block doesn't meet a martial weapon\)/);
    // A heavy object knocked over or hurled: the Shift Object row's band and damage, 15 ft at most.
    await attack.getByLabel('Attack with').selectOption({ label: 'A heavy object, knocked over or hurled (Lifting: shift)' });
    await attack.getByLabel('Difficulty to shift').fill('13');
    await expect.poll(() => attack.getByTestId('object-band').textContent()).toBe('Moderate: set firm, up to 7D damage (the Shift Object row); reaches 15 ft.');
    await attack.getByRole('spinbutton', { name: /^Distance/ }).fill('20');
    await expect.poll(() => attack.getByRole('group', { name: 'The rules object' }).textContent()).toContain('Goblin is out of reach of the Boulder (20 ft; it reaches 15 ft).');
    expect(await attack.getByRole('button', { name: 'Roll the attack' }).isDisabled()).toBe(true);
    await attack.getByRole('button', { name: 'Roll the attack' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/ranks-attack-shift.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await attack.getByRole('spinbutton', { name: /^Distance/ }).fill('');
    await attack.getByLabel('Attack with').selectOption({ label: 'Longsword (martial, 4D damage)' });
    await attack.getByRole('button', { name: 'Roll the attack' }).focus();
    await page.keyboard.press('1');
    await expect.poll(() => attack.getByTestId('attack-plan').textContent()).toMatch(/Melee: martial weapons 3D\s+against Orc's Melee: deflect 3\./);
    await page.keyboard.press('Enter');
    await expect.poll(() => log(page)).toMatch(/Ann's Longsword (hits|misses|reaches) Orc/);
    await key(page, 'Space');

    // Bo readies an attack for an opponent coming within reach, and gains the initiative.
    await expect.poll(() => activeName(page)).toBe('Bo');
    const turn = page.getByRole('article', { name: 'Turn' });
    await turn.getByRole('button', { name: 'Ready…' }).click();
    await page.getByRole('form', { name: 'Bo readies an action' }).getByRole('button', { name: /Ready it/ }).click();
    await expect.poll(() => turn.getByTestId('readied').textContent()).toBe('Ready: an attack for when an opponent moves within reach.');
    // His full action: on the defensive until his next one.
    await turn.getByRole('button', { name: 'Defend' }).click();
    await key(page, 'Space');

    // The orc moves half its Move: Bo's readied attack may strike first (1).
    await expect.poll(() => activeName(page)).toBe('Orc');
    await turn.getByRole('button', { name: 'Move half' }).click();
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => question.textContent()).toContain('Orc moves half their Move. Held ready: Bo (an attack, for when an opponent moves within reach).');
    await page.screenshot({ path: `${SHOTS}/ranks-readied.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, '1');
    // The newest first: the move, after Bo's strike.
    await expect.poll(() => log(page)).toMatch(/Orc: move half[\s\S]*Bo's Longsword (hits|misses|reaches) Orc/);
    await key(page, 'Space');
    await expect.poll(() => activeName(page)).toBe('Goblin');
    // The goblin readies a sprint, set off by an attack (keyboard: the form's first field has the focus).
    await turn.getByRole('button', { name: 'Ready…' }).click();
    const readying = page.getByRole('form', { name: 'Goblin readies an action' });
    await page.keyboard.press('ArrowDown');
    await readying.getByLabel('Skill').selectOption({ label: 'Athletics: sprint' });
    await readying.getByLabel('Against').fill('12');
    await readying.getByLabel(/Set off by/).selectOption('attack');
    await readying.getByLabel('When').fill('someone swings at it');
    await page.screenshot({ path: `${SHOTS}/ranks-ready-check.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/ranks-ready-check-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await readying.getByLabel('When').press('Enter');
    await expect.poll(() => turn.getByTestId('readied').textContent()).toBe('Ready: an Athletics: sprint check (against 12) for when someone swings at it (an attack sets it off).');
    await key(page, 'Space');

    // Round 2, then 3: the order is read again each round.
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('2');
    await expect.poll(() => log(page)).toContain('Round 2 order: Ann, Bo, Orc, Goblin.');
    // The damage shows as ranked conditions on the orc's row, in full in the chip's tooltip.
    const chip = rows(page).filter({ hasText: 'Orc' }).locator('.chip').filter({ hasNotText: 'Defending' }).first();
    await expect.poll(() => chip.getAttribute('title')).toMatch(/^(Stunned|Hurt|Wounded|Incapacitated|Out of action) \(Damage \d/);
    // Ann has the orc as her focus: 1 lets the orc answer her turn out of turn with an attack.
    await key(page, '1');
    const answer = page.getByRole('form', { name: 'Orc attacks' });
    await expect.poll(() => answer.count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/ranks-answer.png` });
    // Bo (2) is on the defensive: whether and with what he rolls, if the attack beats his fixed value, is his.
    await page.keyboard.press('2');
    await expect.poll(() => answer.getByTestId('attack-plan').textContent()).toContain("against Bo's Melee: deflect 3 (or, if beaten, their Melee: deflect check + 10 when better).");
    await answer.getByLabel('On the defensive, if beaten').selectOption({ label: 'Roll Acrobatics: tumble + 10' });
    await expect.poll(() => answer.getByTestId('attack-plan').textContent()).toContain('(or, if beaten, their Acrobatics: tumble check + 10 when better)');
    await page.screenshot({ path: `${SHOTS}/ranks-defensive.png` });
    expect(await seriousViolations(page)).toEqual([]);
    // The attack goes at Ann after all.
    await answer.getByRole('button', { name: 'Roll the attack' }).focus();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => log(page)).toMatch(/^What happened\s*Orc, out of turn: attack \(at Ann\)|Orc's Longsword (hits|misses|reaches) Ann/);
    // Ann's bonus action: what she knows of orcs (memory, against the GM's 0: at least one rank);
    // what the advantage buys is one key.
    await turn.getByRole('button', { name: 'Advantage…' }).click();
    const seek = page.getByRole('form', { name: 'Ann seeks an advantage' });
    await seek.getByLabel('With').selectOption('memory');
    await seek.getByLabel('Difficulty').fill('0');
    await expect.poll(() => seek.getByRole('status').textContent()).toBe('Against 0; what its ranks buy comes next.');
    await seek.getByRole('button', { name: /^Roll/ }).click();
    await expect.poll(() => question.textContent()).toMatch(/Ann's advantage of \d ranks?: what does it buy\?/);
    await page.screenshot({ path: `${SHOTS}/ranks-advantage.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, '1');
    await expect.poll(() => log(page)).toContain('Ann takes the advantage: +2 to one check, this turn.');
    for (let i = 0; i < 4; i++) await key(page, 'Space');
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('3');

    // Round 3. Ann taunts the orc (a bonus action; 1 picks it).
    await expect.poll(() => activeName(page)).toBe('Ann');
    await turn.getByRole('button', { name: 'Interact…' }).click();
    const words = page.getByRole('form', { name: 'Ann has words with someone' });
    await page.keyboard.press('1');
    await words.getByRole('button', { name: /^Roll/ }).click();
    await expect.poll(() => log(page)).toMatch(/Ann taunts Orc \(Taunt: insult \d+ against Insight: ego 3\)/);
    // The GM's 1 damage on Ann: one rank, Stunned at least.
    await rows(page).filter({ hasText: 'Ann' }).click();
    const selected = page.getByRole('article', { name: 'Selected combatant' });
    await selected.getByLabel('Amount').fill('1');
    await selected.getByRole('button', { name: 'Damage' }).click();
    // Off her turn, the goblin's check stands at its fixed value (untrained: 3), nothing rolled.
    await rows(page).filter({ hasText: 'Goblin' }).click();
    await selected.getByText('A check for Goblin').click();
    const check = page.getByRole('form', { name: 'A check for Goblin' });
    await expect.poll(() => check.getByTestId('check-plan').textContent()).toBe('Stands at the fixed value 3 against 10.');
    await page.screenshot({ path: `${SHOTS}/ranks-check.png` });
    await check.getByRole('button', { name: 'Make the check' }).click();
    await expect.poll(() => log(page)).toContain('Goblin stands at their fixed Athletics: sprint 3 against 10: failure by 7.');
    // Anyone with an action left may spend it to roll a check off their turn, engaged or not.
    await check.getByLabel('Spending').selectOption('bonus');
    await expect.poll(() => check.getByTestId('check-plan').textContent()).toMatch(/^Rolls \d+D/);
    await check.getByLabel('Spending').selectOption('');
    // Combining needs a skill of the goblin's own sheet (it has none): the GM rules it in.
    const combine = page.getByRole('form', { name: "Combine Goblin's action" });
    await combine.getByLabel('Goblin').selectOption('hinder');
    await expect.poll(() => combine.getByTestId('combine-plan').textContent()).toMatch(/^Goblin has no .+ on their sheet: combining needs a skill that can help or hinder Ann\.$/);
    expect(await combine.getByRole('button', { name: 'Hinder' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/ranks-combine.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/ranks-combine-1920.png` });
    await page.setViewportSize({ width: 1280, height: 720 });
    await combine.getByLabel(/Rule it anyway/).check();
    await combine.getByRole('button', { name: 'Hinder' }).click();
    await expect.poll(() => log(page)).toMatch(/Goblin hinders Ann with .+: −1D to their checks until their turn ends \(the GM's ruling\)\./);
    // The orc, engaged with Ann since it struck her, follows her plain move for free.
    await rows(page).filter({ hasText: 'Orc' }).click();
    await page.screenshot({ path: `${SHOTS}/ranks-match.png` });
    await selected.getByRole('button', { name: "Orc matches Ann's move (free)" }).click();
    await expect.poll(() => log(page)).toContain("Orc matches Ann's move (free).");
    await key(page, 'Space');
    // Bo works on Ann's wound (2 picks her): medicine against her worst rank's band.
    await expect.poll(() => activeName(page)).toBe('Bo');
    await turn.getByRole('button', { name: 'Recover…' }).click();
    const recover = page.getByRole('form', { name: 'Bo recovers a condition of someone' });
    await page.keyboard.press('2');
    await expect.poll(() => recover.getByRole('status').textContent()).toMatch(/^With Technical: medicine against \d+;/);
    await page.screenshot({ path: `${SHOTS}/ranks-recover.png` });
    await recover.getByRole('button', { name: /^Roll/ }).click();
    await expect.poll(() => log(page)).toMatch(/Bo works on Ann's \w+ \(Technical: medicine \d+ against \d+, \d+ ranks?\)/);
    await page.screenshot({ path: `${SHOTS}/ranks-round-3.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/ranks-round-3-1920.png` });

    // The players' screen: their own conditions by name; the orc's once the GM lets them see them.
    const players = await app().openPlayers();
    const list = players.getByRole('list', { name: 'Combatants' });
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\. Ann\b.*Wounded/), expect.stringMatching(/^\d+\. Enemies 1(?!.*Incapacitated)/)]));
    await page.bringToFront();
    await rows(page).filter({ hasText: 'Orc' }).click();
    await page.getByText('Edit Orc').click();
    await page.getByLabel('Their conditions shown').check();
    await expect.poll(() => list.getByRole('listitem').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+\. Enemies 1.*Incapacitated/)]));
    await players.screenshot({ path: `${SHOTS}/ranks-players.png` });

    // The text's tables, one key away, narrowed by what the GM types.
    await page.setViewportSize({ width: 1280, height: 720 });
    await key(page, '?');
    await page.getByLabel('Find in the rules').fill('winded');
    await expect.poll(() => page.getByRole('dialog').getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Fatigue conditions']);
    await page.screenshot({ path: `${SHOTS}/ranks-help.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, 'Escape');
  });

  it('keeps Incapacitated until recovered on the party entry, and the end of the scene ends only Exhausted and Demoralized', async () => {
    const page = app().page;
    await page.getByRole('button', { name: '☰ Marsh road' }).click();
    await page.getByRole('tab', { name: /Party/ }).click();
    await page.getByRole('button', { name: 'New character' }).click();
    const editor = page.getByRole('form', { name: 'New character' });
    await editor.getByLabel('Name', { exact: true }).fill('Dara');
    // She can bind her own wounds: Stamina: recover, 4D.
    if (!(await editor.locator('details[open]').count())) await editor.getByText(/^Skills and weapons/).click();
    await editor.getByRole('button', { name: '+ Skill' }).click();
    await editor.getByLabel('Item name').fill('Bind wounds');
    await editor.locator('label', { hasText: /^Skill/ }).locator('select').selectOption({ label: 'Stamina: recover' });
    await editor.getByLabel('Dice', { exact: true }).fill('4');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('tab', { name: /Party/ }).textContent()).toContain('(1)');

    // A second fight: Dara against an orc; the GM lands 4 damage (Incapacitated), Exhausted and Demoralized.
    await page.getByRole('tab', { name: /Encounters/ }).click();
    await createEncounter(page, 'Second ford', 5);
    await page.getByRole('form', { name: 'From the campaign' }).getByRole('button', { name: /Add the whole party/ }).click();
    await add(page, 'Orc', 'Enemies', 9, false);
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => activeName(page)).toBe('Dara');
    await rows(page).filter({ hasText: 'Dara' }).click();
    const selected = page.getByRole('article', { name: 'Selected combatant' });
    const form = page.getByRole('form', { name: 'Add a condition' });
    const rule = async (label: string) => {
      await form.getByLabel('From the rules').selectOption({ label });
      await form.getByRole('button', { name: 'Add condition' }).click();
    };
    // Exhausted first: she works on it herself (fatigue sets no difficulty: 5), the form by keyboard;
    // her 4D, 1D down for Exhausted (a Strength check), can't make the four ranks that remove it.
    await rule('Exhausted (Fatigue 4)');
    await page.getByRole('article', { name: 'Turn' }).getByRole('button', { name: 'Recover…' }).click();
    const recover = page.getByRole('form', { name: 'Dara recovers a condition of someone' });
    await expect.poll(() => recover.getByRole('status').textContent()).toMatch(/^With Stamina: recover against 5; 4 ranks remove it\. Fewer: once rolled, you pick/);
    await page.screenshot({ path: `${SHOTS}/ranks-recover-form.png` });
    await page.keyboard.press('Enter');
    // Short of its four ranks: lower it, or +1D (three ranks would shorten the scene to the encounter).
    const question = page.getByRole('article', { name: 'Waiting for an answer' });
    await expect.poll(() => question.textContent()).toMatch(/Dara's recovery made \d ranks?, short of Dara's Exhausted \(rank 4\): lower it, shorten it, or \+1D to the next recovery check\?/);
    await page.screenshot({ path: `${SHOTS}/ranks-recovery-short.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await key(page, '1');
    await expect.poll(() => log(page)).toMatch(/Dara's \d ranks? of recovery: Exhausted is lowered to (Tired|Winded|Breathless)\./);

    // Then the GM lands 4 damage (Incapacitated), and Exhausted and Demoralized.
    await selected.getByLabel('Amount').fill('4');
    await selected.getByRole('button', { name: 'Damage' }).click();
    await rule('Exhausted (Fatigue 4)');
    await rule('Demoralized (Composure 4)');
    const dara = rows(page).filter({ hasText: 'Dara' });
    await expect.poll(() => dara.locator('.chip').evaluateAll((chips) => chips.map((c) => c.getAttribute('title') ?? ''))).toEqual(expect.arrayContaining([
      expect.stringMatching(/^Incapacitated .*until recovered$/),
      expect.stringMatching(/^Exhausted .*until the scene ends/),
      expect.stringMatching(/^Demoralized .*until the scene ends/),
    ]));
    await page.getByRole('button', { name: 'End combat' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'End the scene' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/ranks-fight-over.png` });

    // The party keeps each with how long it lasts; the end of the scene (the engine's) ends two of them.
    await page.getByRole('button', { name: '☰ Marsh road' }).click();
    await page.getByRole('tab', { name: /Party/ }).click();
    const party = page.locator('section.roster').first();
    await expect.poll(() => party.textContent()).toMatch(/Incapacitated \(until recovered\).*Exhausted \(until the end of the scene\).*Demoralized \(until the end of the scene\)/);
    await page.screenshot({ path: `${SHOTS}/ranks-party-kept.png` });
    expect(await seriousViolations(page)).toEqual([]);
    const end = page.getByRole('button', { name: 'End of the scene' });
    await end.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => party.textContent()).toMatch(/Incapacitated \(until recovered\)/);
    expect(await party.locator('ul.list').textContent()).not.toMatch(/Exhausted|Demoralized/);
    await expect.poll(() => end.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/ranks-party-scene-ended.png` });

    // Into the next fight she comes still Incapacitated, until someone recovers it.
    await page.getByRole('tab', { name: /Encounters/ }).click();
    await createEncounter(page, 'Third ford', 5);
    await page.getByRole('form', { name: 'From the campaign' }).getByRole('button', { name: /Add the whole party/ }).click();
    await expect.poll(() => rows(page).filter({ hasText: 'Dara' }).locator('.chip').first().getAttribute('title')).toMatch(/^Incapacitated .*until recovered$/);
  });
});
