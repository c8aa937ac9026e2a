import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 15, item 9: concealed characters "might be revealed when they make noise or become
// visible, for example by attacking". After a concealed character's attack the GM is asked, with
// revealing them the first answer (key 1).

const app = useApp({ width: 1280, height: 720 });

/** A running Zones fight: Ann, hidden, on her turn beside a bandit. */
const fight = () =>
  playedFight({ id: 'rv', rulesetId: 'zones', seed: 6 }, [
    { type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: [] }] },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] } },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'yard' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'set-concealed', combatantId: idNamed(e, 'Ann'), concealed: true }),
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('a concealed attacker', () => {
  it('is given away by the attack when the GM answers the question with 1', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Hidden blades', rulesetId: 'zones' }, { name: 'Reveal fight', encounter: fight() });
    await page.getByRole('button', { name: /^Attack/ }).click();
    await page.getByRole('checkbox', { name: 'Bandit' }).check();
    await page.getByRole('button', { name: 'Declare attack' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Waiting for an answer' }).count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Waiting for an answer' }).textContent()).toContain('Ann attacked from hiding: does the attack give them away?');
    // One place to answer it: the turn panel's own Reveal button waits until the question is settled.
    expect(await page.getByRole('button', { name: /Reveal Ann/ }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/zones-reveal.png` });
    // Her row's "hidden" tag (shown in capitals by the style, written in small letters) is there until the answer.
    const ann = rows(page).filter({ hasText: 'Ann' });
    expect(await ann.textContent()).toMatch(/\bhidden\b/);
    await page.keyboard.press('1');
    await expect.poll(() => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).getByText('The attack gives Ann away.').count()).toBe(1);
    await expect.poll(() => ann.textContent()).not.toMatch(/\bhidden\b/);
  });
});
