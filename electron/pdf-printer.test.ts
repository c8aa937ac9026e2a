/**
 * The PDF printer against a fake window: how the window is made (hidden, no JavaScript, no
 * preload, its own session), what it loads (a private temp file with the print policy), what it
 * prints, and that the window and the temp file are gone afterwards, whatever happened.
 */
import type { BrowserWindowConstructorOptions, PrintToPDFOptions } from 'electron';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { useTempRoots } from './campaigns/testing/temp-root';
import {
  configurePrintSession,
  createPdfPrinter,
  PDF_OPTIONS,
  PRINT_CONTENT_SECURITY_POLICY,
  PRINT_PARTITION,
  printableHtml,
  type PrintSessionLike,
  type PrintWindowLike,
} from './pdf-printer';

vi.mock('electron', () => {
  throw new Error('pdf-printer must only import types from electron');
});

const tempRoot = useTempRoots();
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0, 255]);
const HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ambush</title><style>@media print { body { font: 11pt serif } }</style></head><body><h1>Goblin ambush – round 1</h1></body></html>';

interface Seen {
  options: BrowserWindowConstructorOptions;
  url?: string;
  /** The loaded file's text, read while the window had it. */
  text?: string;
  mode?: number;
  printOptions?: PrintToPDFOptions;
  destroyedBeforeResolve?: boolean;
}

/** A window that records what it was asked; `load` and `print` decide how each step goes. */
function fakeWindows(behaviour: { load?: (url: string) => Promise<void>; print?: () => Promise<Uint8Array> } = {}) {
  const seen: Seen[] = [];
  const windows: (PrintWindowLike & { destroy: ReturnType<typeof vi.fn> })[] = [];
  const createWindow = vi.fn((options: BrowserWindowConstructorOptions) => {
    const record: Seen = { options };
    seen.push(record);
    let destroyed = false;
    const window = {
      webContents: {
        printToPDF: vi.fn(async (printOptions: PrintToPDFOptions) => {
          record.printOptions = printOptions;
          return behaviour.print ? behaviour.print() : PDF;
        }),
      },
      loadURL: vi.fn(async (url: string) => {
        record.url = url;
        const file = fileURLToPath(url);
        record.text = await readFile(file, 'utf8');
        record.mode = (await stat(file)).mode & 0o777;
        if (behaviour.load) await behaviour.load(url);
      }),
      isDestroyed: () => destroyed,
      destroy: vi.fn(() => {
        destroyed = true;
      }),
    };
    windows.push(window);
    return window;
  });
  return { seen, windows, createWindow };
}

async function setup(behaviour: Parameters<typeof fakeWindows>[0] = {}, timeoutMs?: number) {
  const temp = await tempRoot();
  const fake = fakeWindows(behaviour);
  const onProblem = vi.fn();
  const printer = createPdfPrinter({ createWindow: fake.createWindow, tempDir: () => temp, onProblem, ...(timeoutMs ? { timeoutMs } : {}) });
  return { ...fake, temp, printer, onProblem };
}

describe('createPdfPrinter', () => {
  it('prints in a hidden window without JavaScript, preload or the app\'s session, and answers the bytes', async () => {
    const { printer, seen, windows } = await setup();
    expect(await printer.print(HTML)).toEqual({ ok: true, value: PDF });
    expect(seen).toHaveLength(1);
    const { options } = seen[0]!;
    expect(options).toMatchObject({ show: false, skipTaskbar: true });
    expect(options.webPreferences).toMatchObject({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      partition: PRINT_PARTITION,
    });
    expect(options.webPreferences).not.toHaveProperty('preload');
    expect(PRINT_PARTITION).not.toMatch(/^persist:/);
    expect(windows[0]!.destroy).toHaveBeenCalledOnce();
  });

  it('loads a private temp file holding the HTML behind the print policy, and removes it afterwards', async () => {
    const { printer, seen, temp } = await setup();
    await printer.print(HTML);
    const { url, text, mode } = seen[0]!;
    expect(url).toMatch(/^file:\/\//);
    const file = fileURLToPath(url!);
    expect(path.relative(temp, file)).toMatch(/^gm-screen-print-[^/\\]+[/\\]log\.html$/);
    expect(text).toBe(printableHtml(HTML));
    expect(text!.startsWith('\ufeff<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy"')).toBe(true);
    if (process.platform !== 'win32') expect(mode).toBe(0o600);
    expect(await readdir(temp)).toEqual([]);
  });

  it('prints A4 with backgrounds and 15 mm margins', async () => {
    const { printer, seen } = await setup();
    await printer.print(HTML);
    expect(seen[0]!.printOptions).toEqual(PDF_OPTIONS);
    expect(PDF_OPTIONS).toMatchObject({ pageSize: 'A4', printBackground: true, landscape: false });
    for (const side of ['top', 'bottom', 'left', 'right'] as const) expect(PDF_OPTIONS.margins![side]).toBeCloseTo(15 / 25.4, 6);
  });

  it('a page that fails to load: a failure naming no path; the window and the temp file are gone', async () => {
    const { printer, windows, temp, onProblem } = await setup({
      load: async (url) => {
        throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`);
      },
    });
    const answer = await printer.print(HTML);
    expect(answer).toEqual({
      ok: false,
      code: 'pdf/print-failed',
      message: "The PDF could not be made (ERR_FILE_NOT_FOUND (-6) loading 'the log'). Nothing was saved; try again.",
    });
    expect(JSON.stringify(answer)).not.toContain(temp);
    expect(windows[0]!.destroy).toHaveBeenCalledOnce();
    expect(windows[0]!.webContents.printToPDF).not.toHaveBeenCalled();
    expect(await readdir(temp)).toEqual([]);
    expect(onProblem).toHaveBeenCalledOnce();
  });

  it('printing fails: a failure; the window and the temp file are gone', async () => {
    const { printer, windows, temp } = await setup({ print: async () => Promise.reject(new Error('Failed to generate PDF')) });
    expect(await printer.print(HTML)).toMatchObject({ ok: false, code: 'pdf/print-failed', message: expect.stringContaining('Failed to generate PDF') });
    expect(windows[0]!.destroy).toHaveBeenCalledOnce();
    expect(await readdir(temp)).toEqual([]);
  });

  it('gives up on a page that never loads, after the time-out', async () => {
    const { printer, windows, temp } = await setup({ load: () => new Promise<void>(() => {}) }, 30);
    expect(await printer.print(HTML)).toMatchObject({ ok: false, message: expect.stringContaining('loading the log took longer than 30 ms') });
    expect(windows[0]!.destroy).toHaveBeenCalledOnce();
    expect(await readdir(temp)).toEqual([]);
  });

  it('prints one log at a time', async () => {
    let release: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const { printer, windows } = await setup({ load: () => (++loads === 1 ? first : Promise.resolve()) });
    const one = printer.print(HTML);
    const two = printer.print(HTML);
    await vi.waitFor(() => expect(windows).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(windows).toHaveLength(1);
    release();
    expect((await one).ok).toBe(true);
    expect((await two).ok).toBe(true);
    expect(windows).toHaveLength(2);
    expect(windows[0]!.destroy).toHaveBeenCalledOnce();
  });

  it('lets the print session load the page being printed and data: URLs, nothing else', async () => {
    let allowedWhileLoading: Record<string, boolean> = {};
    const holder: { printer?: ReturnType<typeof createPdfPrinter> } = {};
    const { printer, seen } = await setup({
      load: async (url) => {
        const p = holder.printer!;
        allowedWhileLoading = {
          page: p.allows(url),
          data: p.allows('data:image/png;base64,AAAA'),
          other: p.allows(url.replace('log.html', 'other.html')),
          http: p.allows('https://tracker.example/pixel.gif'),
          app: p.allows('app://gm-screen/index.html'),
          home: p.allows('file:///etc/passwd'),
        };
      },
    });
    holder.printer = printer;
    await printer.print(HTML);
    expect(allowedWhileLoading).toEqual({ page: true, data: true, other: false, http: false, app: false, home: false });
    expect(printer.allows(seen[0]!.url!)).toBe(false);
  });
});

describe('printableHtml', () => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PRINT_CONTENT_SECURITY_POLICY}">`;

  it('puts the policy first in <head>, behind a UTF-8 byte-order mark', () => {
    expect(printableHtml('<!DOCTYPE html><html><head lang="x"><title>t</title></head><body>b</body></html>')).toBe(
      `\ufeff<!DOCTYPE html><html><head lang="x">${meta}<title>t</title></head><body>b</body></html>`,
    );
  });

  it('without <head>: after the doctype, else at the start; a <header> is not a head', () => {
    expect(printableHtml('<!doctype html>\n<header>h</header><p>x</p>')).toBe(`\ufeff<!doctype html>${meta}\n<header>h</header><p>x</p>`);
    expect(printableHtml('<p>x</p>')).toBe(`\ufeff${meta}<p>x</p>`);
  });

  it('keeps one byte-order mark', () => {
    expect(printableHtml('\ufeff<p>x</p>')).toBe(`\ufeff${meta}<p>x</p>`);
  });

  it('allows inline styles and data: images and fonts, and nothing else', () => {
    expect(PRINT_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'");
    expect(PRINT_CONTENT_SECURITY_POLICY).not.toMatch(/script-src|'self'|https?:|file:/);
  });
});

describe('configurePrintSession', () => {
  function fakeSession() {
    let permission: Parameters<PrintSessionLike['setPermissionRequestHandler']>[0] | undefined;
    let check: (() => boolean) | undefined;
    let request: Parameters<PrintSessionLike['webRequest']['onBeforeRequest']>[0] | undefined;
    let download: ((event: { preventDefault(): void }) => void) | undefined;
    const session: PrintSessionLike = {
      setPermissionRequestHandler: (handler) => {
        permission = handler;
      },
      setPermissionCheckHandler: (handler) => {
        check = handler;
      },
      webRequest: {
        onBeforeRequest: (listener) => {
          request = listener;
        },
      },
      on: (_event, listener) => {
        download = listener;
      },
    };
    return {
      session,
      permission: (name: string) => {
        const callback = vi.fn();
        permission!({}, name, callback);
        return callback.mock.calls[0]![0] as boolean;
      },
      check: () => check!(),
      request: (url: string) => {
        const callback = vi.fn();
        request!({ url }, callback);
        return callback.mock.calls[0]![0] as { cancel: boolean };
      },
      download: () => {
        const event = { preventDefault: vi.fn() };
        download!(event);
        return event.preventDefault.mock.calls.length > 0;
      },
    };
  }

  it('refuses every permission, every download and every request the printer does not allow', () => {
    const fake = fakeSession();
    const onRefused = vi.fn();
    configurePrintSession(fake.session, { allows: (url) => url === 'file:///tmp/p/log.html' }, onRefused);
    expect(fake.permission('media')).toBe(false);
    expect(fake.permission('openExternal')).toBe(false);
    expect(fake.check()).toBe(false);
    expect(fake.request('file:///tmp/p/log.html')).toEqual({ cancel: false });
    expect(fake.request('https://tracker.example/pixel.gif')).toEqual({ cancel: true });
    expect(fake.request('file:///home/gm/secret.png')).toEqual({ cancel: true });
    expect(fake.download()).toBe(true);
    expect(onRefused.mock.calls.map(([what]) => what)).toEqual([
      'permission media',
      'permission openExternal',
      'request to https://tracker.example/pixel.gif',
      'request to file:///home/gm/secret.png',
      'download',
    ]);
  });
});
