import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_LIMITS } from './limits';
import { loadPageFiles } from './page-files';
import { mkfifo } from './testing/fifo';
import { makePageRoot, PAGE_HTML, PAGE_SCRIPT, type PageRoot } from './testing/fixtures';

let page: PageRoot;
beforeEach(async () => {
  page = await makePageRoot();
});
afterEach(() => page.remove());

describe('loadPageFiles', () => {
  it('lists the page\'s regular files with their types, and nothing else: no link, no dot file, no odd name', async () => {
    if (process.platform !== 'win32') await mkfifo(path.join(page.root, 'assets', 'pipe.js'));
    const files = await loadPageFiles(page.root, PHONE_LIMITS);
    expect([...files.keys()].sort()).toEqual(['assets/app-1x.js', 'assets/style.css', 'index.html']);
    expect(files.get('index.html')).toEqual({ body: Buffer.from(PAGE_HTML), contentType: 'text/html; charset=utf-8' });
    expect(files.get('assets/app-1x.js')?.contentType).toBe('text/javascript; charset=utf-8');
    expect(files.get('assets/app-1x.js')?.body.toString()).toBe(PAGE_SCRIPT);
    expect(files.get('assets/style.css')?.contentType).toBe('text/css; charset=utf-8');
  });

  it('reads no folder deeper than three', async () => {
    await mkdir(path.join(page.root, 'a', 'b', 'c', 'd'), { recursive: true });
    await writeFile(path.join(page.root, 'a', 'b', 'c', 'ok.txt'), 'ok');
    await writeFile(path.join(page.root, 'a', 'b', 'c', 'd', 'deep.txt'), 'deep');
    const files = await loadPageFiles(page.root, PHONE_LIMITS);
    expect(files.has('a/b/c/ok.txt')).toBe(true);
    expect(files.has('a/b/c/d/deep.txt')).toBe(false);
  });

  it('refuses a page too large to be the one GM Screen builds, or a folder without the page', async () => {
    await expect(loadPageFiles(page.root, { pageFiles: 2, pageBytes: PHONE_LIMITS.pageBytes })).rejects.toThrow(/larger than sharing allows \(2 files/);
    await expect(loadPageFiles(page.root, { pageFiles: 200, pageBytes: 20 })).rejects.toThrow(/larger than sharing allows/);
    await expect(loadPageFiles(path.join(page.outside, 'nowhere'), PHONE_LIMITS)).rejects.toThrow(/^The phone page is missing \(no folder .*nowhere\)/);
    await expect(loadPageFiles(path.join(page.root, 'assets'), PHONE_LIMITS)).rejects.toThrow(/^The phone page is missing \(no index\.html in /);
  });
});
