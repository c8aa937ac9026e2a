import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GmScreenApi } from '../../../electron/ipc-contract';
import { detectPlatform, exportButtonLabel, PLAYER_WINDOW_NAME, playerViewUrl, PRINT_DIALOG, PRINT_PDF_LABEL } from './platform';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('openPlayerView', () => {
  it('in the desktop app: asks the main process (app:open-player-view)', async () => {
    const openPlayerView = vi.fn<GmScreenApi['openPlayerView']>(async () => ({ ok: true, value: undefined }));
    vi.stubGlobal('window', { gmScreen: { openPlayerView } as Partial<GmScreenApi> });
    const platform = detectPlatform();
    expect(platform.kind).toBe('electron');
    await expect(platform.openPlayerView()).resolves.toBeUndefined();
    expect(openPlayerView).toHaveBeenCalledWith();
  });

  it('in the desktop app: a failure becomes a rejection with its sentence', async () => {
    const openPlayerView = vi.fn<GmScreenApi['openPlayerView']>(async () => ({ ok: false, code: 'player/open-failed', message: 'The player view could not be opened (GPU).' }));
    vi.stubGlobal('window', { gmScreen: { openPlayerView } as Partial<GmScreenApi> });
    await expect(detectPlatform().openPlayerView()).rejects.toThrow('The player view could not be opened (GPU).');
  });

  it('in a browser: opens this page at #player in a named window (a second click reuses it) and focuses it', async () => {
    const opened = { focus: vi.fn() };
    const open = vi.fn(() => opened);
    vi.stubGlobal('window', { open });
    vi.stubGlobal('location', { href: 'https://gm.example/app/index.html?x=1#campaigns' });
    const platform = detectPlatform();
    expect(platform.kind).toBe('browser');
    await platform.openPlayerView();
    await platform.openPlayerView();
    expect(open.mock.calls).toEqual([
      ['https://gm.example/app/index.html?x=1#player', PLAYER_WINDOW_NAME],
      ['https://gm.example/app/index.html?x=1#player', PLAYER_WINDOW_NAME],
    ]);
    expect(PLAYER_WINDOW_NAME).toBe('gm-screen-players');
    expect(opened.focus).toHaveBeenCalledTimes(2);
  });

  it('in a browser: a blocked pop-up says what to do', async () => {
    vi.stubGlobal('window', { open: vi.fn(() => null) });
    vi.stubGlobal('location', { href: 'http://localhost:5173/' });
    await expect(detectPlatform().openPlayerView()).rejects.toThrow(/blocked the player window; allow pop-ups/);
  });

  it('builds the players\' address from any address', () => {
    expect(playerViewUrl('app://gm-screen/index.html')).toBe('app://gm-screen/index.html#player');
    expect(playerViewUrl('app://gm-screen/index.html#player')).toBe('app://gm-screen/index.html#player');
    expect(playerViewUrl('http://localhost:5173/#a#b')).toBe('http://localhost:5173/#player');
  });
});

describe('saveTextFile and savePdf in the desktop app', () => {
  function desktop(answer: Awaited<ReturnType<GmScreenApi['saveLogFile']>> | Error) {
    const call = vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
    vi.stubGlobal('window', { gmScreen: { saveLogFile: call, saveLogPdf: call } as Partial<GmScreenApi> });
    return { platform: detectPlatform(), call };
  }

  it('sends the name and the content (logs:save, logs:save-pdf) and answers the name the GM chose', async () => {
    const { platform, call } = desktop({ ok: true, value: { fileName: 'ambush.md' } });
    await expect(platform.saveTextFile('Lost Mine – Ambush – 2026-11-23.md', '# Ambush')).resolves.toEqual({ saved: 'ambush.md' });
    await expect(platform.savePdf('Ambush.pdf', '<h1>Ambush</h1>')).resolves.toEqual({ saved: 'ambush.md' });
    expect(call.mock.calls).toEqual([
      [{ fileName: 'Lost Mine – Ambush – 2026-11-23.md', content: '# Ambush' }],
      [{ fileName: 'Ambush.pdf', html: '<h1>Ambush</h1>' }],
    ]);
  });

  it('a cancelled dialog, a failure, a refused payload: answered, never thrown', async () => {
    await expect(desktop({ ok: true, value: { cancelled: true } }).platform.saveTextFile('a.md', '')).resolves.toEqual({ cancelled: true });
    await expect(desktop({ ok: false, code: 'io/no-space', message: 'Could not save "a.md": the disk is full.' }).platform.savePdf('a.pdf', '')).resolves.toEqual({
      failed: 'Could not save "a.md": the disk is full.',
    });
    const refused = new Error(
      "Error invoking remote method 'logs:save': IpcRefusedError: logs:save refused: content is 70 MB, over the 64 MB limit; nothing was saved",
    );
    await expect(desktop(refused).platform.saveTextFile('a.md', 'x')).resolves.toEqual({
      failed: 'The file was not saved: content is 70 MB, over the 64 MB limit; nothing was saved.',
    });
  });
});

describe('saveTextFile and savePdf in a browser', () => {
  it('downloads the text as a file of its type, through a link with the name', async () => {
    vi.useFakeTimers();
    const link = { href: '', download: '', click: vi.fn() };
    const blobs: Blob[] = [];
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { createElement: vi.fn(() => link) });
    const revoke = vi.fn();
    vi.stubGlobal('URL', {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:x/${blobs.length}`;
      }),
      revokeObjectURL: revoke,
    });
    const platform = detectPlatform();
    await expect(platform.saveTextFile('Ambush – 2026.md', '# Ambush – ü')).resolves.toEqual({ saved: 'Ambush – 2026.md' });
    expect(link).toMatchObject({ href: 'blob:x/1', download: 'Ambush – 2026.md' });
    expect(link.click).toHaveBeenCalledOnce();
    expect(blobs[0]!.type).toBe('text/markdown;charset=utf-8');
    expect(await blobs[0]!.text()).toBe('# Ambush – ü');
    await platform.saveTextFile('a.CSV', 'a,b');
    await platform.saveTextFile('a.json', '{}');
    await platform.saveTextFile('a.html', '<p>');
    expect(blobs.map((blob) => blob.type)).toEqual(['text/markdown;charset=utf-8', 'text/csv;charset=utf-8', 'application/json;charset=utf-8', 'text/html;charset=utf-8']);
    // The URL stays while the browser reads it, then goes.
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledTimes(4);
    vi.useRealTimers();
  });

  it('opens the HTML in a new window and its print dialog', async () => {
    const doc = {
      title: '',
      open: vi.fn(),
      write: vi.fn(),
      close: vi.fn(),
      querySelectorAll: vi.fn(() => []),
    };
    const printing = { document: doc, focus: vi.fn(), print: vi.fn() };
    const open = vi.fn(() => printing);
    vi.stubGlobal('window', { open });
    const html = '<!doctype html><style>@media print { h1 { color: black } }</style><h1>Ambush</h1>';
    await expect(detectPlatform().savePdf('Ambush.pdf', html)).resolves.toEqual({ saved: PRINT_DIALOG });
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(doc.write).toHaveBeenCalledWith(html);
    expect(doc.close).toHaveBeenCalledOnce();
    expect(doc.title).toBe('Ambush');
    expect(printing.print).toHaveBeenCalledOnce();
    expect(PRINT_DIALOG).toBe('(print dialog)');
  });

  it('applies the printed page\'s styles through the CSSOM (the inherited policy blocks inline styles)', async () => {
    const made: { text: string }[] = [];
    class FakeSheet {
      text = '';
      replaceSync(text: string) {
        this.text = text;
        made.push(this);
      }
    }
    const styled = { getAttribute: () => 'color: red', style: { cssText: '' } };
    const doc = {
      title: 'Set by the page',
      adoptedStyleSheets: [] as unknown[],
      open: vi.fn(),
      write: vi.fn(),
      close: vi.fn(),
      querySelectorAll: vi.fn((selector: string) => (selector === 'style' ? [{ textContent: 'h1 { color: black }' }] : [styled])),
    };
    vi.stubGlobal('window', { open: () => ({ document: doc, focus: vi.fn(), print: vi.fn(), CSSStyleSheet: FakeSheet }) });
    await detectPlatform().savePdf('Ambush.pdf', '<style>h1 { color: black }</style><h1 style="color: red">A</h1>');
    expect(made.map((sheet) => sheet.text)).toEqual(['h1 { color: black }']);
    expect(doc.adoptedStyleSheets).toEqual(made);
    expect(styled.style.cssText).toBe('color: red');
    expect(doc.title).toBe('Set by the page');
  });

  it('a blocked pop-up says what to do', async () => {
    vi.stubGlobal('window', { open: vi.fn(() => null) });
    await expect(detectPlatform().savePdf('a.pdf', '<p>')).resolves.toEqual({
      failed: 'The browser blocked the print window; allow pop-ups for this page and try again.',
    });
  });
});

describe('exportButtonLabel', () => {
  it('in a browser, a PDF\'s button says it opens the print dialog; every other button keeps its label', () => {
    expect(exportButtonLabel('browser', 'pdf', 'Export')).toBe('Print / Save as PDF…');
    expect(PRINT_PDF_LABEL).toBe('Print / Save as PDF…');
    for (const format of ['md', 'html', 'json', 'csv']) expect(exportButtonLabel('browser', format, 'Export')).toBe('Export');
    expect(exportButtonLabel('browser', 'md', 'Export the session')).toBe('Export the session');
  });

  it('in the desktop app, which saves the PDF file itself, the label stays', () => {
    expect(exportButtonLabel('electron', 'pdf', 'Export')).toBe('Export');
    expect(exportButtonLabel('electron', 'pdf', 'Export the session')).toBe('Export the session');
  });
});
