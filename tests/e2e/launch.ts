import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron, chromium, type ElectronApplication, type Page } from 'playwright-core';
import { serveDist } from './static-server';

const ROOT = resolve(import.meta.dirname, '../..');

/** What a test drives: the page, which kind of app it is, and how to reload and close it. */
export interface LaunchedApp {
  page: Page;
  /** Console errors and uncaught exceptions so far (CSP violations show up here too). */
  errors: string[];
  driver: 'electron' | 'chromium';
  /** Reloads the app the way a GM would: a page reload in the browser, a restart in Electron. */
  reload(): Promise<Page>;
  /**
   * Opens the players' screen as the GM would: the app's players' window in Electron (its own
   * session, fed over IPC), another tab at `#player` in a browser (fed through IndexedDB).
   */
  openPlayers(): Promise<Page>;
  close(): Promise<void>;
}

// Electron's npm package writes path.txt once its binary is downloaded (on this project's CI
// machines that never happens); ELECTRON_OVERRIDE_DIST_PATH points at a binary installed elsewhere.
function electronBinary(): string | null {
  const pathFile = join(ROOT, 'node_modules/electron/path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(ROOT, 'node_modules/electron/dist');
  const binary = join(dist, name);
  return existsSync(binary) ? binary : null;
}

/** Whether the e2e tests drive the real Electron app here (its binary is installed, and not told to drive Chromium). */
export function drivesElectron(): boolean {
  return process.env.GM_E2E_DRIVER !== 'chromium' && electronBinary() !== null;
}

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: install Debian's chromium or set CHROMIUM_PATH.`);
  return path;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

function watchErrors(page: Page, errors: string[]): Page {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

async function launchElectron(binary: string): Promise<LaunchedApp> {
  const userData = mkdtempSync(join(tmpdir(), 'gm-screen-electron-'));
  const errors: string[] = [];
  let app: ElectronApplication = await _electron.launch({ executablePath: binary, args: [ROOT, `--user-data-dir=${userData}`] });
  let page = watchErrors(await app.firstWindow(), errors);
  return {
    driver: 'electron',
    errors,
    get page() {
      return page;
    },
    async reload() {
      await app.close();
      app = await _electron.launch({ executablePath: binary, args: [ROOT, `--user-data-dir=${userData}`] });
      page = watchErrors(await app.firstWindow(), errors);
      return page;
    },
    async openPlayers() {
      const isPlayers = (window: Page) => window.url().endsWith('#player');
      const open = app.windows().find(isPlayers);
      if (open) return open;
      const opened = app.waitForEvent('window', { predicate: isPlayers });
      // What the GM window's "Open ↗" does: the main process opens the players' window.
      await page.evaluate(() => (window as unknown as { gmScreen: { openPlayerView(): Promise<unknown> } }).gmScreen.openPlayerView());
      const players = await opened;
      await players.waitForLoadState('domcontentloaded');
      return players;
    },
    async close() {
      await app.close();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

async function launchChromium(viewport: { width: number; height: number }): Promise<LaunchedApp> {
  const server = await serveDist(join(ROOT, 'dist'));
  const userData = mkdtempSync(join(tmpdir(), 'gm-screen-chromium-'));
  const context = await chromium.launchPersistentContext(userData, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const errors: string[] = [];
  const page = watchErrors(context.pages()[0] ?? (await context.newPage()), errors);
  await page.goto(server.url);
  return {
    driver: 'chromium',
    page,
    errors,
    async reload() {
      await page.reload();
      return page;
    },
    async openPlayers() {
      const players = await context.newPage();
      await players.goto(`${page.url().split('#')[0]}#player`);
      return players;
    },
    async close() {
      await context.close();
      await server.close();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the app: the real Electron app where its binary is installed, otherwise the web build in
 * Debian's Chromium. Prints which one it drove, so a run's log says what was tested.
 */
export async function launchApp(viewport = { width: 1280, height: 720 }): Promise<LaunchedApp> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) throw new Error('Build the renderer first: npm run build.');
  const binary = drivesElectron() ? electronBinary() : null;
  const app = binary ? await launchElectron(binary) : await launchChromium(viewport);
  console.log(`[e2e] driving ${app.driver === 'electron' ? `Electron (${binary})` : `the web build in Chromium (${chromiumPath()})`}`);
  return app;
}

