/**
 * Prints an encounter log's HTML (built by the renderer) to PDF bytes, in a hidden window of its
 * own. Plain logic with the window passed in (`createWindow`), so it is tested without Electron.
 *
 * How the HTML gets into the window, and why this way:
 * - Not a data: URL: Chromium refuses URLs over 2 MB, and a log's HTML may be up to 16 MB.
 * - Not the app's own app:// origin: the page would share the app's origin (IndexedDB) and pass
 *   the IPC sender check (a page of app://gm-screen); a log is data, not a page of the app.
 * - So a temp file (`<temp>/gm-screen-print-XXXXXX/log.html`, a private folder, removed once
 *   printed), loaded with `loadURL('file://…')` into a window with JavaScript off, no preload, and
 *   its own in-memory session ({@link PRINT_PARTITION}); main.ts gives that session a request
 *   filter ({@link configurePrintSession}: only this file and data: URLs), refuses every
 *   permission and every download. The app's navigation guard (navigation.ts, on every
 *   webContents) does not stop a `loadURL` from the main process (Electron emits `will-navigate`
 *   only for navigations the page starts), and still refuses any the page would start (a
 *   `<meta http-equiv="refresh">`, a link): those go to file: or http: URLs, never app://.
 * - The file gets a Content-Security-Policy `<meta>` (`default-src 'none'`, inline styles and
 *   data: images and fonts only), in case the request filter does not see file: requests: nothing
 *   outside the HTML itself is loaded, local files included. And a UTF-8 byte-order mark, so a
 *   file without `<meta charset>` is still read as UTF-8 (Chromium guesses otherwise).
 *
 * One log is printed at a time; each in a new window, destroyed once printed (or after a
 * time-out), whatever happened.
 */
import type { BrowserWindowConstructorOptions, PrintToPDFOptions } from 'electron';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { failure, ok, type Result } from '../engine/campaign/index';
import { printWindowOptions } from './window-options';

/** The print window's session: no `persist:` prefix, so it lives in memory only. */
export const PRINT_PARTITION = 'gm-screen-print';

/** What the printed page may load: its own inline styles, and data: images and fonts. */
export const PRINT_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  'font-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const MM = 1 / 25.4;

/** A4, portrait, 15 mm margins, backgrounds printed; the page's `@media print` styles apply. */
export const PDF_OPTIONS: PrintToPDFOptions = {
  pageSize: 'A4',
  landscape: false,
  printBackground: true,
  margins: { top: 15 * MM, bottom: 15 * MM, left: 15 * MM, right: 15 * MM },
  displayHeaderFooter: false,
  preferCSSPageSize: false,
};

/** How long loading, and then printing, may take each before the print is given up. */
export const PRINT_TIMEOUT_MS = 120_000;

/** The part of Electron's `BrowserWindow` used here. */
export interface PrintWindowLike {
  readonly webContents: {
    printToPDF(options: PrintToPDFOptions): Promise<Uint8Array>;
  };
  /** Resolves once the page has loaded (`did-finish-load`); rejects when it fails to. */
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  /** Closes at once (no `beforeunload`; the page has no script anyway). */
  destroy(): void;
}

export interface PdfPrinterDeps {
  /** Makes the hidden window (Electron: `new BrowserWindow(options)`). */
  readonly createWindow: (options: BrowserWindowConstructorOptions) => PrintWindowLike;
  /** Where the temp folder goes (Electron: `app.getPath('temp')`). */
  readonly tempDir: () => string;
  /** Per step (loading, printing); {@link PRINT_TIMEOUT_MS} by default. */
  readonly timeoutMs?: number;
  /** Told why a print failed (for the log). */
  readonly onProblem?: (message: string) => void;
}

export interface PdfPrinter {
  /** The PDF of `html`, or a failure saying why (naming no path). */
  print(html: string): Promise<Result<Uint8Array>>;
  /** Whether the print session may load `url`: the page being printed, or a data: URL. */
  allows(url: string): boolean;
}

/**
 * `html` with the print policy as the first thing in its `<head>` (after the doctype, or at the
 * start, when it has no `<head>` tag: the parser then makes a head for it), behind a UTF-8
 * byte-order mark.
 */
export function printableHtml(html: string): string {
  const body = html.charCodeAt(0) === 0xfeff ? html.slice(1) : html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PRINT_CONTENT_SECURITY_POLICY}">`;
  const head = /<head(?:\s[^>]*)?>/i.exec(body);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(body);
  const at = head ? head.index + head[0].length : doctype ? doctype[0].length : 0;
  return `\ufeff${body.slice(0, at)}${meta}${body.slice(at)}`;
}

export function createPdfPrinter(deps: PdfPrinterDeps): PdfPrinter {
  const timeoutMs = deps.timeoutMs ?? PRINT_TIMEOUT_MS;
  /** The file: URLs being printed right now (the request filter lets these through). */
  const printing = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  async function printNow(html: string): Promise<Result<Uint8Array>> {
    let dir: string | null = null;
    let url: string | null = null;
    let window: PrintWindowLike | null = null;
    try {
      dir = await mkdtemp(path.join(deps.tempDir(), 'gm-screen-print-'));
      const file = path.join(dir, 'log.html');
      await writeFile(file, printableHtml(html), { encoding: 'utf8', mode: 0o600, flag: 'wx' });
      url = pathToFileURL(file).href;
      printing.add(url);
      window = deps.createWindow(printWindowOptions(PRINT_PARTITION));
      await withTimeout(window.loadURL(url), timeoutMs, 'loading the log');
      const pdf = await withTimeout(window.webContents.printToPDF(PDF_OPTIONS), timeoutMs, 'printing the log');
      return ok(pdf);
    } catch (error) {
      let reason = error instanceof Error ? error.message : String(error);
      if (url) reason = reason.split(url).join('the log');
      if (dir) reason = reason.split(dir).join('the temp folder');
      deps.onProblem?.(`A log could not be printed to PDF: ${reason}`);
      return failure('pdf/print-failed', `The PDF could not be made (${reason}). Nothing was saved; try again.`);
    } finally {
      if (window && !window.isDestroyed()) window.destroy();
      if (url) printing.delete(url);
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
    }
  }

  return {
    print(html) {
      // printNow answers failures as data, so the queue never holds a rejection.
      const run = queue.then(() => printNow(html));
      queue = run.catch(() => {});
      return run;
    },
    allows: (url) => url.startsWith('data:') || printing.has(url),
  };
}

/** `promise`, or a rejection after `ms` (the promise's own later rejection is then ignored). */
function withTimeout<T>(promise: Promise<T>, ms: number, doing: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${doing} took longer than ${ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`}`)), ms);
  });
  promise.catch(() => {});
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The part of Electron's `Session` {@link configurePrintSession} uses. */
export interface PrintSessionLike {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  readonly webRequest: {
    onBeforeRequest(listener: (details: { readonly url: string }, callback: (response: { cancel: boolean }) => void) => void): void;
  };
  on(event: 'will-download', listener: (event: { preventDefault(): void }) => void): unknown;
}

/**
 * Locks the print session down: no permission, no download, and no request but the page being
 * printed (and data: URLs). `onRefused` is told about refused requests (for the log).
 */
export function configurePrintSession(
  session: PrintSessionLike,
  printer: Pick<PdfPrinter, 'allows'>,
  onRefused?: (what: string) => void,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    onRefused?.(`permission ${permission}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = printer.allows(details.url);
    if (!allowed) onRefused?.(`request to ${details.url.slice(0, 200)}`);
    callback({ cancel: !allowed });
  });
  session.on('will-download', (event) => {
    onRefused?.('download');
    event.preventDefault();
  });
}
