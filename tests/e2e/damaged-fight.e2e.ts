import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { createCampaign, createEncounter, rows, SHOTS, useApp } from './session';

// Issue 14: a fight whose log holds a forged event (one damage event with no HP data, in a
// running fight) used to take the app down: every reload then hung on "Opening…". Now it opens
// as damaged, names the step and the problem, leaves the campaign list reachable after a reload,
// and lets the GM copy the readable part and play on.

const app = useApp({ width: 1280, height: 720 });

async function addCombatant(page: Page, name: string, faction: string, hp: number) {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Faction').selectOption({ label: faction });
  await form.getByLabel('HP').fill(String(hp));
  await form.getByRole('button', { name: 'Add' }).click();
}

/** Appends a forged step to the one fight's log in this browser's storage, as a hand edit of the file would. */
async function forgeLastStep(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opened = indexedDB.open('gm-screen-campaigns');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          const tx = db.transaction(['logs', 'events'], 'readwrite');
          const logs = tx.objectStore('logs');
          const all = logs.getAll();
          all.onsuccess = () => {
            const log = (all.result as { folder: string; encounterId: string; length: number }[]).find((l) => l.length > 0);
            if (!log) return reject(new Error('no fight log to forge'));
            const events = tx.objectStore('events');
            const row = (seq: number, event: unknown) => ({ folder: log.folder, encounterId: log.encounterId, seq, event });
            events.add(row(log.length, { type: 'journal/step', events: 1 }));
            events.add(row(log.length + 1, { type: 'combatant-damaged', combatantId: 'c3', amount: 3 }));
            logs.put({ ...log, length: log.length + 2 });
          };
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

describe('a fight with a forged event in its log', () => {
  it('opens as damaged, keeps the campaign list reachable after a reload, and can be copied to play on', async () => {
    let page = app().page;
    await createCampaign(page, 'Lost Mine', 'Freeform');
    await createEncounter(page, 'Goblin ambush');
    await addCombatant(page, 'Aria', 'Heroes', 20);
    await addCombatant(page, 'Goblin', 'Enemies', 7);
    await page.getByRole('button', { name: 'Start combat' }).click();
    await expect.poll(() => page.getByTestId('round').textContent()).toBe('1');
    await expect.poll(() => page.getByText('Saved', { exact: true }).count()).toBe(1);

    await forgeLastStep(page);
    page = await app().reload();
    const damaged = page.getByRole('region', { name: /"Goblin ambush" can't be opened as it is/ });
    await expect.poll(() => damaged.count()).toBe(1);
    expect(await damaged.getByRole('alert').textContent()).toMatch(/^The log of "Goblin ambush": Step 5 of this fight can't be read: in its event \d+ \("combatant-damaged"\), tracks is missing\.$/);
    expect(await damaged.textContent()).toMatch(/Its log: kept in this browser's storage\./);
    await page.screenshot({ path: `${SHOTS}/damaged-fight.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // Another reload: the app opens (no endless "Opening…"), and the campaign list is one click away.
    page = await app().reload();
    await expect.poll(() => page.getByRole('region', { name: /can't be opened as it is/ }).count()).toBe(1);
    await page.getByRole('button', { name: '☰ Campaigns' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Create campaign' }).count()).toBe(1);
    await page.getByRole('button', { name: /Lost Mine/ }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Lost Mine');

    // Opening the fight from the list says the same; the GM looks at what can be read, read-only.
    await page.getByRole('button', { name: /Goblin ambush/ }).first().click();
    const again = page.getByRole('region', { name: /"Goblin ambush" can't be opened as it is/ });
    await expect.poll(() => again.count()).toBe(1);
    await again.getByRole('button', { name: 'Look at steps 1–4, read-only' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Read-only' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Next turn ▶' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/open read-only/);
    await page.screenshot({ path: `${SHOTS}/damaged-fight-read-only.png` });
    await page.getByRole('button', { name: '☰ Lost Mine' }).click();

    // Then copies it and plays on.
    await page.getByRole('button', { name: /Goblin ambush/ }).first().click();
    await expect.poll(() => again.count()).toBe(1);
    await again.getByRole('button', { name: 'Copy steps 1–4 into a new fight and play on' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Goblin ambush (up to step 4)');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByTestId('round').textContent()).toBe('1');
    await page.screenshot({ path: `${SHOTS}/damaged-fight-copied.png` });
  });
});
