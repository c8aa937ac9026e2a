import { describe, expect, it } from 'vitest';
import { idNamed, playedFight } from '../../engine/testing/journals';
import { BONFIRE_YARD } from '../../engine/testing/zone-maps';
import { resumeImported, rows, SHOTS, useApp } from './session';

// Issue 15, item 8: "They can also shove the grabbed character, freeing them but forcing them to
// move by half a zone and/or pushing them into a hazard in their zone."

const app = useApp({ width: 1280, height: 720 });

/** Ann holds a bandit in the yard, which has a bonfire in it; the hall is next door. Ann's turn. */
const fight = () =>
  playedFight({ id: 'sh', rulesetId: 'zones', seed: 2 }, [
    { type: 'set-map', mapId: 'yard', name: 'Yard', map: BONFIRE_YARD },
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', zoneId: 'yard' },
    { type: 'add-combatant', name: 'Bandit', factionId: 'f2', zoneId: 'yard' },
    { type: 'start-combat', initiativeFactionId: 'f1' },
    (e) => ({ type: 'zones/set-grabbed', combatantId: idNamed(e, 'Bandit'), grabbedBy: idNamed(e, 'Ann') }),
    (e) => ({ type: 'take-turn', combatantId: idNamed(e, 'Ann') }),
  ]);

describe('shoving the one held', () => {
  it('offers half-zone steps and the zone\'s hazard, frees them, and says so in the log', async () => {
    const { page } = app();
    await resumeImported(page, { name: 'Shoves', rulesetId: 'zones' }, { name: 'Shove fight', encounter: fight() });
    await page.getByRole('button', { name: 'Shove Bandit' }).click();
    const form = page.getByRole('form', { name: 'Ann shoves' });
    expect(await form.getByLabel('Half a zone').locator('option').allTextContents()).toEqual(['— stays where they stand', 'onto the border between Hall and Yard']);
    await form.getByLabel('Half a zone').selectOption({ label: 'onto the border between Hall and Yard' });
    await form.getByRole('checkbox', { name: /Into the hazard: Bonfire/ }).check();
    await page.screenshot({ path: `${SHOTS}/zones-shove.png` });
    await form.getByRole('button', { name: 'Shove' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'What happened', exact: true, includeHidden: true }).getByText(/^Ann shoves Bandit onto the border between Hall and Yard and into the hazard there/).count()).toBe(1);
    expect(await rows(page).filter({ hasText: 'Bandit' }).textContent()).not.toContain('Held');
    expect(await page.getByRole('button', { name: /^Shove/ }).count()).toBe(0);
  });
});
