import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { resumeImported, SHOTS, useApp } from './session';

// Issue 15, item 7: morale is shaken by a reduction during the fight; a side the rules don't ask
// a check of is called only by the GM's ruling, one click past the refusal.

const app = useApp({ width: 1280, height: 720 });

/** A running Zones fight: Ann against an ogre who came into it at half health. */
const fight = () =>
  playedFight({ id: 'mc', rulesetId: 'zones', seed: 3 }, [
    { type: 'add-combatant', name: 'Ann', factionId: 'f1' },
    { type: 'add-combatant', name: 'Ogre', factionId: 'f2', tracks: { health: 12 } },
    (e) => ({ type: 'damage', combatantId: idNamed(e, 'Ogre'), amount: 6 }),
    { type: 'start-combat', initiativeFactionId: 'f1' },
  ]);

describe('calling for a morale check', () => {
  it('is refused for a side nothing has shaken, and the GM rules it one click further', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Morale', rulesetId: 'zones' }, { name: 'Ogre fight', encounter: fight() });
    await page.getByText('Call for a morale check').click();
    await page.getByLabel('Side').selectOption({ label: 'Enemies' });
    await page.getByRole('button', { name: "Call at the round's end" }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Nothing has reduced Enemies to half or less during this fight' });
    await refusal.getByRole('button', { name: 'Rule it anyway' }).click();
    await expect.poll(() => page.getByText('Morale check due at the end of this round: Enemies.').count()).toBe(1);
    expect(await page.getByLabel('Side').locator('option').allTextContents()).toEqual(['—', 'Heroes']);
    expect(await page.getByLabel('Side').inputValue()).toBe('');
    await page.screenshot({ path: `${SHOTS}/zones-morale-called.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/zones-morale-called-1920.png` });
  });
});
