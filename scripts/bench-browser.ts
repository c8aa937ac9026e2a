// The browser the Chromium benches drive: Debian's Chromium with the flags the tests use, a fresh
// profile, and the built web app served locally.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { OPEN_MEASURE } from '../renderer/src/campaigns/open-measure';
import { serveDist } from '../tests/e2e/static-server';

export interface BenchBrowser {
  readonly context: BrowserContext;
  /** Where the web build is served. */
  readonly url: string;
  /** A scratch folder for files, removed on close. */
  readonly work: string;
  close(): Promise<void>;
}

export async function openBenchBrowser(): Promise<BenchBrowser> {
  const work = mkdtempSync(join(tmpdir(), 'gm-bench-browser-'));
  const server = await serveDist('dist');
  const context = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    viewport: { width: 1600, height: 1000 },
  });
  return {
    context,
    url: server.url,
    work,
    async close() {
      await context.close();
      await server.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/**
 * Resumes the fight `name` from its campaign's page, measured in the page: the session's own
 * measure (read from the browser's storage and folded, ready to draw) and the time to the first
 * frame that lists `rows` characters, both in ms.
 */
export async function resumeMeasured(page: Page, name: string, rows: number): Promise<{ ready: number; listed: number }> {
  await page.getByRole('button', { name: `Resume ${name}` }).waitFor();
  const [ready, listed] = await page.evaluate(
    async ({ name, rows, measure }) => {
      const resume = document.querySelector<HTMLButtonElement>(`button[aria-label="Resume ${name}"]`);
      if (!resume) throw new Error(`no Resume button for ${name}`);
      performance.clearMeasures(measure);
      const start = performance.now();
      resume.click();
      // Polled once a frame: the first frame that shows the list of all the rows (each drawn row
      // says how many the list holds; a long list draws only those in and near its view).
      await new Promise<void>((done) => {
        const tick = () => (document.querySelector('[aria-label="Combatants"] li')?.getAttribute('aria-setsize') === String(rows) ? done() : requestAnimationFrame(tick));
        tick();
      });
      const listedAt = performance.now() - start;
      return [performance.getEntriesByName(measure).pop()?.duration ?? Number.NaN, listedAt];
    },
    { name, rows, measure: OPEN_MEASURE },
  );
  return { ready, listed };
}

/** One next turn by key: from the keydown to the frame that paints the new acting row, in ms. */
export function nextTurn(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const acting = () => document.querySelector('[aria-label="Combatants"] li[aria-current="true"]');
    (document.activeElement as HTMLElement | null)?.blur();
    const before = acting();
    const start = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true, cancelable: true }));
    return new Promise<number>((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now() - start);
      const tick = () => {
        const now = acting();
        if (now && now !== before) channel.port2.postMessage(null);
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  });
}

/** The `p`th percentile of `values` (the value at that rank, no interpolation). */
export const percentile = (values: readonly number[], p: number): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? Number.NaN;
