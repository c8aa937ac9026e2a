import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { historyLines, type Encounter } from '../../engine/index';
import { campaignFileWith } from '../../engine/testing/journals';
import { launchApp, type LaunchedApp } from './launch';

/** Where screenshots go; CI keeps them as artefacts. */
export const SHOTS = 'test-results';

/**
 * Launches the app once for a test file and checks after each test that the page logged no
 * errors (Content-Security-Policy violations included, which Chromium reports as console errors).
 * Returns a getter, since the app exists only once `beforeAll` has run.
 */
export function useApp(viewport?: { width: number; height: number }): () => LaunchedApp {
  let app: LaunchedApp | undefined;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await launchApp(viewport);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(app?.errors).toEqual([]);
  });
  return () => {
    if (!app) throw new Error('The app has not been launched yet.');
    return app;
  };
}

/** The rows of the turn order. */
export const rows = (page: Page) => page.getByRole('list', { name: 'Combatants' }).getByRole('listitem');
/** The name on the "Acting now" card. */
/** A key pressed with the focus on the screen, not in a field: the footer (at 1280 × 720) takes the click first. */
export async function pressOnScreen(page: Page, key: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 712 } });
  await page.keyboard.press(key);
}

/** Adds a character by name to a faction with the add form's defaults. */
export async function addNamed(page: Page, name: string, faction: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add combatants' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Faction').selectOption({ label: faction });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
}

export const activeName = (page: Page) => page.getByTestId('active-name').textContent();

/** Creates a campaign from the campaign manager; it opens on its encounters. */
export async function createCampaign(page: Page, name: string, ruleset: 'Freeform' | 'Zones & Factions' | '2d6 & Vigilant' | 'Three Actions' | 'Skill Ranks' | 'Sides & Shock'): Promise<void> {
  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Ruleset').selectOption({ label: ruleset });
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
}

/** Creates an encounter in the open campaign (a dice seed makes its dice repeatable); it opens. */
export async function createEncounter(page: Page, name: string, seed?: number): Promise<void> {
  await page.getByLabel('Encounter name').fill(name);
  if (seed !== undefined) {
    await page.getByText('Advanced').click();
    await page.getByLabel('Dice seed').fill(String(seed));
  }
  await page.getByRole('button', { name: 'Create encounter' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
}

/**
 * Imports a campaign file holding one running fight (`encounter`, as the engine played it) and
 * resumes it, from the campaign list.
 */
export async function resumeImported(page: Page, campaign: { name: string; rulesetId: string }, fight: { name: string; encounter: Encounter }): Promise<void> {
  const id = fight.encounter.state.id;
  const text = campaignFileWith({ id: `campaign-${id}`, ...campaign }, [{ id, name: fight.name, lines: historyLines(fight.encounter) }]);
  await page.getByLabel(/Import a campaign file/).setInputFiles({ name: `${id}.gm-campaign.json`, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: `Open ${campaign.name}` }).click();
  await page.getByRole('button', { name: `Resume ${fight.name}` }).click();
  // Each drawn row says how many the list holds (a long list draws only those in and near its view).
  await expect.poll(() => rows(page).first().getAttribute('aria-setsize')).toBe(String(fight.encounter.state.combatants.length));
}
