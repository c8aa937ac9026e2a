// `npm start` runs this before building: it checks that Electron's binary is installed, where the
// electron npm package looks for it (node_modules/electron/path.txt names the executable inside
// node_modules/electron/dist, or ELECTRON_OVERRIDE_DIST_PATH). The package (45.x) has no postinstall:
// it downloads its binary on first launch, not at `npm install`; this makes that same download
// first, quietly, and if the binary is still missing (offline, a blocked mirror) says so in one
// line and exits with 1, instead of the download's stack trace and advice that needs a network.
// Plain Node, no dependencies: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const NO_ELECTRON = "GM Screen's desktop shell (Electron) isn't installed and couldn't be downloaded here; `npm run web` runs the same screen in your browser.";

const defaults = {
  env: process.env,
  exists: existsSync,
  read: (/** @type {string} */ file) => readFileSync(file, 'utf8'),
  download: downloadElectron,
};

/**
 * The executable the electron package would run, or null when it is not there.
 * @param {string | null} electronDir the electron package's folder (null: the package itself is missing)
 * @param {Partial<typeof defaults>} [io]
 * @returns {string | null}
 */
export function electronBinary(electronDir, io = {}) {
  const { env, exists, read } = { ...defaults, ...io };
  if (!electronDir) return null;
  const pathFile = path.join(electronDir, 'path.txt');
  const name = exists(pathFile) ? read(pathFile).trim() : '';
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!override && !name) return null;
  const binary = path.join(override || path.join(electronDir, 'dist'), name || 'electron');
  return exists(binary) ? binary : null;
}

/**
 * The binary, downloading it first when missing as the electron package would (not when
 * ELECTRON_OVERRIDE_DIST_PATH points elsewhere: the package never downloads then).
 * @param {string | null} electronDir
 * @param {Partial<typeof defaults>} [io]
 * @returns {{ ok: true, binary: string } | { ok: false, message: string }}
 */
export function ensureElectron(electronDir, io = {}) {
  const { env, download } = { ...defaults, ...io };
  let binary = electronBinary(electronDir, io);
  if (!binary && electronDir && !env.ELECTRON_OVERRIDE_DIST_PATH && download(electronDir)) binary = electronBinary(electronDir, io);
  return binary ? { ok: true, binary } : { ok: false, message: NO_ELECTRON };
}

/**
 * The electron package's own download (its install.js), its output kept back: true when it worked.
 * @param {string} electronDir
 */
function downloadElectron(electronDir) {
  const install = path.join(electronDir, 'install.js');
  if (!existsSync(install)) return false;
  const result = spawnSync(process.execPath, [install], { stdio: ['ignore', 'ignore', 'pipe'] });
  return result.status === 0;
}

/** The electron package's folder as `electron .` would find it, or null when it is not installed. */
function electronPackageDir() {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('electron'));
  } catch {
    return null;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const found = ensureElectron(electronPackageDir());
  if (!found.ok) {
    console.error(found.message);
    process.exitCode = 1;
  }
}
