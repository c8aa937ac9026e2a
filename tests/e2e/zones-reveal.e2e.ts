import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, historyLines, type Command, type Encounter } from '../../engine/index';
import { campaignFileWith } from '../../engine/testing/journals';
import { rows, SHOTS, useApp } from './session';

// Issue 15, item 9: concealed characters "might be revealed when they make noise or become
// visible, for example by attacking". After a concealed character's attack the GM is asked, with
// revealing them the first answer (key 1).

const app = useApp({ width: 1280, height: 720 });

/** A running Zones fight: Ann, hidden, on her turn beside a bandit. */
function fight(): Encounter {
  const created = createEncounter({ id: 'rv', name: 'Reveal', rulesetId: 'zones', seed: 6 });
  if (!created.ok) throw new Error(created.message);
  let e = created.encounter;
  const go = (c: Command) => { const n = dispatch(e, c); if (!n.ok) throw new Error(n.message); e = n.encounter; };
  go({ type: 'set-zones', zones: [{ id: 'yard', name: 'Yard', neighbours: [] }] } as Command);
  go({ type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard', rules: { gear: [{ name: 'Sword', kind: 'weapon', damage: 'd8' }] } } as Command);
  go({ type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'yard' } as Command);
  go({ type: 'start-combat', initiativeFactionId: 'f1' } as Command);
  const ann = e.state.combatants.find((c) => c.name === 'Ann')?.id ?? '';
  go({ type: 'set-concealed', combatantId: ann, concealed: true });
  go({ type: 'take-turn', combatantId: ann });
  return e;
}

describe('a concealed attacker', () => {
  it('is given away by the attack when the GM answers the question with 1', async () => {
    const { page } = app();
    const text = campaignFileWith({ id: 'c', name: 'Zz', rulesetId: 'zones' }, [{ id: 'rv', name: 'Reveal fight', lines: historyLines(fight()) }]);
    await page.getByLabel(/Import a campaign file/).setInputFiles({ name: 'z.gm-campaign.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await page.getByRole('button', { name: 'Open Zz' }).click();
    await page.getByRole('button', { name: 'Resume Reveal fight' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('button', { name: /^Attack/ }).click();
    await page.getByRole('checkbox', { name: 'Bandit' }).check();
    await page.getByRole('button', { name: 'Declare attack' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Waiting for an answer' }).count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Waiting for an answer' }).textContent()).toContain('Ann attacked from hiding: does the attack give them away?');
    await page.screenshot({ path: `${SHOTS}/zones-reveal.png` });
    await page.keyboard.press('1');
    await expect.poll(() => page.getByRole('region', { name: 'What happened' }).getByText('The attack gives Ann away.').count()).toBe(1);
    expect(await rows(page).filter({ hasText: 'Ann' }).textContent()).not.toContain('HIDDEN');
  });
});
