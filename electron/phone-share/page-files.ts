/**
 * The phone page's files (the built `dist/phone/`), read ONCE when sharing starts and kept in
 * memory: the only files the server ever sends. Regular files only (a symlink or a device is not
 * listed, and each file is opened without following a link), names of safe characters only (no
 * dot files), a few folders deep, within a count and a size. A request names one of them exactly
 * (request-target.ts); nothing is read from the disk after start.
 */
import { constants } from 'node:fs';
import { open, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { mimeTypeOf } from '../app-protocol';
import { PAGE_ENTRY } from './request-target';
import type { PhoneLimits } from './limits';

export interface PageFile {
  readonly body: Buffer;
  readonly contentType: string;
}

/** The page's files by their name in a URL (`index.html`, `assets/index-Bx3.js`). */
export type PageFiles = ReadonlyMap<string, PageFile>;

/** How deep the page's folders are read (Vite's output has one: `assets/`). */
const MAX_DEPTH = 3;
/** A name the server may answer: no leading dot, no character a URL would have to encode. */
const SAFE_NAME = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;
// Never through a link, and never waiting on a FIFO put there in the meantime (opening one for
// reading waits for a writer). Windows has neither flag, nor such files in an app's folder.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Reads the page under `root`; rejects with a sentence the GM can act on when it cannot be served. */
export async function loadPageFiles(root: string, limits: Pick<PhoneLimits, 'pageFiles' | 'pageBytes'>): Promise<PageFiles> {
  let base: string;
  try {
    base = await realpath(root);
  } catch {
    throw new Error(`The phone page is missing (no folder ${root}): this copy of GM Screen was built without it. Build it again, or reinstall GM Screen.`);
  }
  const files = new Map<string, PageFile>();
  let bytes = 0;
  const tooBig = () => new Error(`The phone page in ${root} is larger than sharing allows (${limits.pageFiles} files, ${limits.pageBytes} bytes): it is not the page GM Screen builds.`);

  async function readFolder(folder: string, prefix: string, depth: number): Promise<void> {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (!SAFE_NAME.test(entry.name)) continue;
      const name = prefix + entry.name;
      if (entry.isDirectory() && depth < MAX_DEPTH) await readFolder(path.join(folder, entry.name), `${name}/`, depth + 1);
      if (!entry.isFile()) continue;
      if (files.size >= limits.pageFiles) throw tooBig();
      const body = await readPlainFile(path.join(folder, entry.name), limits.pageBytes - bytes);
      if (body === null) continue;
      if (body === 'too-big') throw tooBig();
      bytes += body.length;
      files.set(name, { body, contentType: mimeTypeOf(name) });
    }
  }
  await readFolder(base, '', 0);
  if (!files.has(PAGE_ENTRY)) {
    throw new Error(`The phone page is missing (no ${PAGE_ENTRY} in ${root}): this copy of GM Screen was built without it. Build it again, or reinstall GM Screen.`);
  }
  return files;
}

/** A regular file's bytes (never through a link), null when it is not one, 'too-big' past `maxBytes`. */
async function readPlainFile(file: string, maxBytes: number): Promise<Buffer | null | 'too-big'> {
  let handle;
  try {
    handle = await open(file, OPEN_FLAGS);
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    if (info.size > maxBytes) return 'too-big';
    const body = await handle.readFile();
    // Grown since the stat: still bounded.
    return body.length > maxBytes ? 'too-big' : body;
  } finally {
    await handle.close();
  }
}
