/**
 * `logs:save` and `logs:save-pdf` end to end on the main side: a fake sender calls through the
 * validated IPC mechanism (ipc.ts) into the handlers, which write real files in a temp folder,
 * with a fake save dialog answering what each test chose and a fake PDF printer.
 */
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FILE_NAME_MAX_BYTES, type Result } from '../engine/campaign/index';
import { useTempRoots } from './campaigns/testing/temp-root';
import { MAX_LOG_FILE_NAME_LENGTH, MAX_LOG_HTML_BYTES, MAX_LOG_TEXT_BYTES } from './ipc-contract';
import { createLogHandlers, saveDialogRequest } from './log-handlers';
import { APP_PAGE } from './testing/fake-ipc-main';
import { handlerHarness, value, type HarnessOptions } from './testing/handler-harness';

vi.mock('electron', () => {
  throw new Error('electron must not be imported by the log handlers');
});

const tempRoot = useTempRoots();
const DOCUMENTS = '/home/gm/Documents';
const NAME = 'Lost Mine – Goblin ambush – 2026-11-23.md';
const MARKDOWN = '# Goblin ambush\n\n- Round 1: Sybilla hits **Goblin 1** (−4) 🗡️\n';

/** Handlers on a fresh temp base; `out` is a folder the GM saves into (their documents, a USB stick). */
async function setup(logs: HarnessOptions['logs'] = {}, { printer = true } = {}) {
  const base = await tempRoot();
  const out = path.join(base, 'out');
  await mkdir(out);
  const printPdf = vi.fn(async (_html: string): Promise<Result<Uint8Array>> => ({ ok: true, value: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0, 255]) }));
  const harness = await handlerHarness(base, { logs: { saveFolder: () => DOCUMENTS, ...(printer ? { printPdf } : {}), ...logs } });
  return { ...harness, out, printPdf };
}

/** Every entry of `dir`, sorted. */
const list = async (dir: string) => (await readdir(dir)).sort();

describe('logs:save: what the contract refuses (before any dialog)', () => {
  it.each([
    ['a path', { fileName: '../escape.md', content: 'x' }, /fileName must be a file name, not a path/],
    ['a folder', { fileName: 'logs/fight.md', content: 'x' }, /not a path/],
    ['a Windows path', { fileName: 'C:\\Users\\gm\\fight.md', content: 'x' }, /not a path/],
    ['an absolute path', { fileName: '/etc/fight.md', content: 'x' }, /not a path/],
    ['another extension', { fileName: 'fight.txt', content: 'x' }, /fileName must end with one of \.md, \.html, \.json, \.csv/],
    ['an executable', { fileName: 'fight.md.exe', content: 'x' }, /must end with one of/],
    ['no extension', { fileName: 'fight', content: 'x' }, /must end with one of/],
    ['a PDF (its own channel)', { fileName: 'fight.pdf', content: 'x' }, /must end with one of/],
    ['a line break', { fileName: 'fight\n.md', content: 'x' }, /fileName must not contain control characters/],
    ['a NUL', { fileName: 'fight\u0000.md', content: 'x' }, /control characters/],
    ['an empty name', { fileName: '', content: 'x' }, /fileName must not be empty/],
    ['a long name', { fileName: `${'x'.repeat(MAX_LOG_FILE_NAME_LENGTH - 2)}.md`, content: 'x' }, /fileName must be at most 150 characters \(got 151\)/],
    ['a name that is not text', { fileName: 42, content: 'x' }, /fileName must be a string/],
    ['content that is not text', { fileName: 'fight.md', content: { text: 'x' } }, /content must be a string/],
    ['a missing field', { fileName: 'fight.md' }, /missing field content/],
    ['an extra field', { fileName: 'fight.md', content: 'x', path: '/tmp/x.md' }, /unknown field "path"/],
    ['no payload', undefined, /expected a payload \{ fileName: string, content: string \}/],
  ])('refuses %s', async (_what, payload, message) => {
    const { raw, desktop, onRefused } = await setup();
    await expect(raw('logs:save', APP_PAGE, payload)).rejects.toThrow(message);
    expect(desktop.showSaveDialog).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it('accepts a name of exactly 150 characters, and each extension in any case', async () => {
    const { raw } = await setup();
    for (const fileName of [`${'x'.repeat(MAX_LOG_FILE_NAME_LENGTH - 3)}.md`, 'a.HTML', 'a.Json', 'a.csv']) {
      await expect(raw('logs:save', APP_PAGE, { fileName, content: '' })).resolves.toEqual({ ok: true, value: { cancelled: true } });
    }
  });

  it('refuses content over 64 MB with a clear message, measured in UTF-8 bytes', async () => {
    const { raw, desktop } = await setup();
    await expect(raw('logs:save', APP_PAGE, { fileName: 'fight.md', content: 'x'.repeat(MAX_LOG_TEXT_BYTES + 1) })).rejects.toThrow(
      /^logs:save refused: content is 67,108,865 bytes, over the 64 MB limit; nothing was saved$/,
    );
    // Fewer characters than the limit, but two bytes each.
    await expect(raw('logs:save', APP_PAGE, { fileName: 'fight.md', content: 'é'.repeat(MAX_LOG_TEXT_BYTES / 2 + 1) })).rejects.toThrow(
      /content is 67,108,866 bytes, over the 64 MB limit/,
    );
    expect(desktop.showSaveDialog).not.toHaveBeenCalled();
    // Exactly the limit is fine.
    await expect(raw('logs:save', APP_PAGE, { fileName: 'fight.md', content: 'x'.repeat(MAX_LOG_TEXT_BYTES) })).resolves.toEqual({
      ok: true,
      value: { cancelled: true },
    });
  });

  it('refuses a page that is not the app\'s', async () => {
    const { raw, desktop } = await setup();
    await expect(raw('logs:save', 'https://evil.example/', { fileName: 'fight.md', content: 'x' })).rejects.toThrow(/is not a page of app:\/\/gm-screen/);
    expect(desktop.showSaveDialog).not.toHaveBeenCalled();
  });
});

describe('logs:save', () => {
  it('offers the name in the documents folder, writes exactly the content, answers the base name only', async () => {
    const { call, desktop, out } = await setup();
    const target = path.join(out, NAME);
    desktop.willSaveAs(target);
    expect(value(await call('logs:save', { fileName: NAME, content: MARKDOWN }))).toEqual({ fileName: NAME });
    const [event, options] = desktop.showSaveDialog.mock.calls[0]!;
    expect(event.id).toBe(7);
    expect(options).toEqual({
      title: 'Save the encounter log',
      defaultPath: path.join(DOCUMENTS, NAME),
      buttonLabel: 'Save',
      filters: [{ name: 'Markdown', extensions: ['md'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect(await readFile(target, 'utf8')).toBe(MARKDOWN);
    // Written atomically: nothing but the file beside it.
    expect(await list(out)).toEqual([NAME]);
  });

  it('offers the file type of the extension', () => {
    expect(saveDialogRequest('a.html', undefined, false)).toMatchObject({ defaultPath: 'a.html', filters: [{ extensions: ['html'] }] });
    expect(saveDialogRequest('a.json', DOCUMENTS, false).filters).toEqual([{ name: 'JSON', extensions: ['json'] }]);
    expect(saveDialogRequest('a.CSV', DOCUMENTS, false).filters).toEqual([{ name: 'CSV (spreadsheet)', extensions: ['csv'] }]);
    expect(saveDialogRequest('a.pdf', DOCUMENTS, true)).toMatchObject({ title: 'Save the encounter log as PDF', filters: [{ name: 'PDF', extensions: ['pdf'] }] });
  });

  it('offers a name made safe for every platform (what Windows refuses, device names, trailing dots)', async () => {
    const { call, desktop } = await setup();
    const offered = async (fileName: string) => {
      desktop.showSaveDialog.mockClear();
      value(await call('logs:save', { fileName, content: 'x' }));
      return desktop.showSaveDialog.mock.calls[0]![1].defaultPath;
    };
    expect(await offered('Lost Mine: the "goblin" ambush? <round 2> | a*b.md')).toBe(path.join(DOCUMENTS, "Lost Mine- the 'goblin' ambush- -round 2- - a-b.md"));
    expect(await offered('CON.md')).toBe(path.join(DOCUMENTS, '_CON.md'));
    expect(await offered('  ..hidden. .csv')).toBe(path.join(DOCUMENTS, 'hidden.csv'));
    expect(await offered('.json')).toBe(path.join(DOCUMENTS, 'encounter-log.json'));
    expect(await offered('a\u202Egpj.html')).toBe(path.join(DOCUMENTS, 'agpj.html'));
  });

  it('answers cancelled when the GM cancels the dialog, and writes nothing', async () => {
    const { call, desktop, out } = await setup();
    expect(value(await call('logs:save', { fileName: NAME, content: MARKDOWN }))).toEqual({ cancelled: true });
    expect(desktop.showSaveDialog).toHaveBeenCalledOnce();
    desktop.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '' });
    expect(value(await call('logs:save', { fileName: NAME, content: MARKDOWN }))).toEqual({ cancelled: true });
    expect(await list(out)).toEqual([]);
  });

  it('saves under the name the GM chose, as it is (no extension added)', async () => {
    const { call, desktop, out } = await setup();
    desktop.willSaveAs(path.join(out, 'ambush notes'));
    expect(value(await call('logs:save', { fileName: NAME, content: MARKDOWN }))).toEqual({ fileName: 'ambush notes' });
    expect(await list(out)).toEqual(['ambush notes']);
  });

  it('replaces a file the GM agreed to replace in the dialog, whole, leaving no temp file', async () => {
    const { call, desktop, out } = await setup();
    const target = path.join(out, 'fight.md');
    await writeFile(target, 'the old log, longer than the new one\n'.repeat(100));
    desktop.willSaveAs(target);
    value(await call('logs:save', { fileName: 'fight.md', content: 'new' }));
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await list(out)).toEqual(['fight.md']);
  });

  it('a failed write changes nothing and leaves no temp file behind', async () => {
    const { call, desktop, out } = await setup();
    // Where the GM chose, a folder of that name stands: the final rename fails.
    const target = path.join(out, 'fight.md');
    await mkdir(target);
    await writeFile(path.join(target, 'keep.txt'), 'kept');
    desktop.willSaveAs(target);
    const answer = await call('logs:save', { fileName: 'fight.md', content: MARKDOWN });
    expect(answer).toMatchObject({ ok: false });
    if (!answer.ok) expect(answer.message).toContain('"fight.md"');
    expect(await list(out)).toEqual(['fight.md']);
    expect(await list(target)).toEqual(['keep.txt']);
  });

  it('a folder that is gone: says so in a sentence naming the file, not its path', async () => {
    const { call, desktop, out, base } = await setup();
    desktop.willSaveAs(path.join(out, 'unplugged', 'fight.md'));
    const answer = await call('logs:save', { fileName: 'fight.md', content: MARKDOWN });
    expect(answer).toEqual({
      ok: false,
      code: 'io/not-found',
      message: 'Could not save "fight.md": that folder no longer exists. Nothing was changed there; choose another folder or name and try again.',
    });
    expect(JSON.stringify(answer)).not.toContain(base);
  });

  it('refuses to save inside the campaigns folder (also through a link), writing nothing', async () => {
    const { call, desktop, defaultRoot, out } = await setup();
    const { folder } = value(await call('campaigns:create', { name: 'Lost Mine', rulesetId: 'zones' }));
    const campaignFile = path.join(defaultRoot, folder, 'campaign.json');
    const before = await readFile(campaignFile, 'utf8');
    desktop.willSaveAs(campaignFile);
    expect(await call('logs:save', { fileName: 'fight.json', content: '{}' })).toMatchObject({ ok: false, code: 'logs/inside-campaigns-folder' });
    await symlink(defaultRoot, path.join(out, 'link'));
    desktop.willSaveAs(path.join(out, 'link', folder, 'campaign.json'));
    expect(await call('logs:save', { fileName: 'fight.json', content: '{}' })).toMatchObject({ ok: false, code: 'logs/inside-campaigns-folder' });
    expect(await readFile(campaignFile, 'utf8')).toBe(before);
    expect(await list(path.join(defaultRoot, folder))).toEqual(['campaign.json', 'encounters']);
  });

  it('without dialogs (a build without them), answers a failure', async () => {
    const handlers = createLogHandlers();
    await expect(handlers['logs:save']({ fileName: 'a.md', content: '' }, { senderFrame: null })).resolves.toMatchObject({ ok: false, code: 'app/no-dialogs' });
    await expect(handlers['logs:save-pdf']({ fileName: 'a.pdf', html: '' }, { senderFrame: null })).resolves.toMatchObject({ ok: false, code: 'app/no-dialogs' });
  });

  it('an unexpected exception is reported and answered as a failure that names no path', async () => {
    const { call, desktop, onUnexpected, out } = await setup();
    desktop.showSaveDialog.mockRejectedValueOnce(new Error(`dialog crashed near ${out}`));
    const answer = await call('logs:save', { fileName: 'fight.md', content: 'x' });
    expect(answer).toMatchObject({ ok: false, code: 'app/unexpected' });
    expect(JSON.stringify(answer)).not.toContain(out);
    expect(onUnexpected).toHaveBeenCalledWith(expect.any(Error), 'logs:save');
  });
});

describe('logs:save-pdf', () => {
  const HTML = '<!doctype html><html><head><title>Goblin ambush</title><style>@media print { h1 { color: black } }</style></head><body><h1>Goblin ambush</h1></body></html>';

  it('prints the HTML, then offers the PDF name, then writes the bytes exactly', async () => {
    const { call, desktop, out, printPdf } = await setup();
    const order: string[] = [];
    printPdf.mockImplementationOnce(async () => {
      order.push('print');
      return { ok: true, value: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]) };
    });
    desktop.showSaveDialog.mockImplementationOnce(async () => {
      order.push('dialog');
      return { canceled: false, filePath: path.join(out, 'Goblin ambush.pdf') };
    });
    expect(value(await call('logs:save-pdf', { fileName: 'Goblin ambush.pdf', html: HTML }))).toEqual({ fileName: 'Goblin ambush.pdf' });
    expect(order).toEqual(['print', 'dialog']);
    expect(printPdf).toHaveBeenCalledWith(HTML);
    expect(desktop.showSaveDialog.mock.calls[0]![1]).toMatchObject({
      defaultPath: path.join(DOCUMENTS, 'Goblin ambush.pdf'),
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect([...(await readFile(path.join(out, 'Goblin ambush.pdf')))]).toEqual([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]);
    expect(await list(out)).toEqual(['Goblin ambush.pdf']);
  });

  it('a PDF that cannot be made is reported without asking where to save it', async () => {
    const { call, desktop, printPdf } = await setup();
    printPdf.mockResolvedValueOnce({ ok: false, code: 'pdf/print-failed', message: 'The PDF could not be made (loading the log took longer than 120 seconds). Nothing was saved; try again.' });
    expect(await call('logs:save-pdf', { fileName: 'a.pdf', html: HTML })).toMatchObject({ ok: false, code: 'pdf/print-failed' });
    expect(desktop.showSaveDialog).not.toHaveBeenCalled();
  });

  it('cancelled: the PDF was made, nothing is written', async () => {
    const { call, out, printPdf } = await setup();
    expect(value(await call('logs:save-pdf', { fileName: 'a.pdf', html: HTML }))).toEqual({ cancelled: true });
    expect(printPdf).toHaveBeenCalledOnce();
    expect(await list(out)).toEqual([]);
  });

  it('without a printer, says to save HTML instead', async () => {
    const { call, desktop } = await setup({}, { printer: false });
    expect(await call('logs:save-pdf', { fileName: 'a.pdf', html: HTML })).toMatchObject({ ok: false, code: 'app/no-pdf' });
    expect(desktop.showSaveDialog).not.toHaveBeenCalled();
  });

  it.each([
    ['a Markdown name', { fileName: 'a.md', html: HTML }, /fileName must end with \.pdf/],
    ['a path', { fileName: '../a.pdf', html: HTML }, /not a path/],
    ['HTML that is not text', { fileName: 'a.pdf', html: 42 }, /html must be a string/],
    ['content instead of html', { fileName: 'a.pdf', content: HTML }, /missing field html/],
    ['HTML over 16 MB', { fileName: 'a.pdf', html: 'x'.repeat(MAX_LOG_HTML_BYTES + 1) }, /^logs:save-pdf refused: html is 16,777,217 bytes, over the 16 MB limit; nothing was saved$/],
  ])('refuses %s before printing anything', async (_what, payload, message) => {
    const { raw, desktop, printPdf } = await setup();
    await expect(raw('logs:save-pdf', APP_PAGE, payload)).rejects.toThrow(message);
    expect(printPdf).not.toHaveBeenCalled();
    expect(desktop.showSaveDialog).not.toHaveBeenCalled();
  });
});

describe('names the dialog offers', () => {
  it('stay within the byte budget for long names in other scripts', async () => {
    const { call, desktop } = await setup();
    const fileName = `${'戦'.repeat(MAX_LOG_FILE_NAME_LENGTH - 3)}.md`;
    value(await call('logs:save', { fileName, content: 'x' }));
    const offered = path.basename(desktop.showSaveDialog.mock.calls[0]![1].defaultPath!);
    expect(Buffer.byteLength(offered)).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
    expect(offered).toMatch(/^戦+\.md$/);
  });
});
