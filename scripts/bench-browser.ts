// The browser the Chromium benches drive: Debian's Chromium with the flags the tests use, a fresh
// profile, and the built web app served locally.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
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
