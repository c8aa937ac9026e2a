import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { electronBinary, ensureElectron, NO_ELECTRON } from './check-electron.mjs';

const DIR = path.join('/project', 'node_modules', 'electron');
const PATH_TXT = path.join(DIR, 'path.txt');
const BINARY = path.join(DIR, 'dist', 'electron');

/** A file system of the files given (path → content). */
function disk(files: Record<string, string>) {
  return { env: {}, exists: (file: string) => file in files, read: (file: string) => files[file] ?? '' };
}

describe('the check before `npm start`', () => {
  let temp: string | undefined;
  afterEach(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
    temp = undefined;
  });

  it('finds the binary path.txt names in dist, and downloads nothing', () => {
    const download = vi.fn(() => true);
    expect(ensureElectron(DIR, { ...disk({ [PATH_TXT]: 'electron\n', [BINARY]: '' }), download })).toEqual({ ok: true, binary: BINARY });
    expect(download).not.toHaveBeenCalled();
  });

  it('without path.txt or dist, tries the download once and, when it fails, answers one line pointing at `npm run web`', () => {
    const download = vi.fn(() => false);
    const answer = ensureElectron(DIR, { ...disk({}), download });
    expect(answer).toEqual({ ok: false, message: NO_ELECTRON });
    expect(download).toHaveBeenCalledExactlyOnceWith(DIR);
    expect(NO_ELECTRON).not.toContain('\n');
    expect(NO_ELECTRON).toContain('`npm run web`');
    expect(NO_ELECTRON).toContain('Electron');
  });

  it('with path.txt but no dist (a cleaned folder), downloads and then runs what arrived', () => {
    const files: Record<string, string> = { [PATH_TXT]: 'electron' };
    const download = vi.fn(() => {
      files[BINARY] = '';
      return true;
    });
    expect(ensureElectron(DIR, { ...disk(files), exists: (f) => f in files, download })).toEqual({ ok: true, binary: BINARY });
  });

  it('a download that says it worked but left no binary is still missing', () => {
    expect(ensureElectron(DIR, { ...disk({}), download: () => true })).toEqual({ ok: false, message: NO_ELECTRON });
  });

  it('without the electron package at all, says the same and downloads nothing', () => {
    const download = vi.fn(() => true);
    expect(ensureElectron(null, { ...disk({}), download })).toEqual({ ok: false, message: NO_ELECTRON });
    expect(download).not.toHaveBeenCalled();
  });

  it('ELECTRON_OVERRIDE_DIST_PATH: the binary there, never a download (the package does not download then)', () => {
    const download = vi.fn(() => true);
    const env = { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' };
    const there = path.join('/opt/electron', 'electron');
    expect(ensureElectron(DIR, { ...disk({ [there]: '' }), env, download })).toEqual({ ok: true, binary: there });
    expect(ensureElectron(DIR, { ...disk({}), env, download })).toEqual({ ok: false, message: NO_ELECTRON });
    expect(download).not.toHaveBeenCalled();
  });

  it('reads the real file system by default', () => {
    temp = mkdtempSync(path.join(tmpdir(), 'gm-check-electron-'));
    expect(electronBinary(temp, { env: {} })).toBeNull();
    writeFileSync(path.join(temp, 'path.txt'), 'electron');
    expect(electronBinary(temp, { env: {} })).toBeNull();
    mkdirSync(path.join(temp, 'dist'));
    writeFileSync(path.join(temp, 'dist', 'electron'), '');
    expect(electronBinary(temp, { env: {} })).toBe(path.join(temp, 'dist', 'electron'));
  });
});
