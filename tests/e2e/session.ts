import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
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
export const activeName = (page: Page) => page.getByTestId('active-name').textContent();
