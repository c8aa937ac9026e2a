/**
 * Packages the app for Linux (`--linux dir`, the unpacked app folder) with electron-builder and
 * checks what went into app.asar. Runs offline: the Electron distribution is a stub (the real
 * binary cannot be downloaded here, and the test is about our files, not Electron's), and the
 * config turns off everything that would fetch or rebuild (npmRebuild: false).
 */
import { extractFile, listPackage, statFile } from '@electron/asar';
import { startPhoneServer } from '../electron/phone-share/index';
import { unpackedPath } from '../electron/unpacked-path';
import { getCurrentFuseWire } from '@electron/fuses';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ELECTRON_VERSION = '45.4.1';
// Electron's fuse wire: its sentinel, and its fuses in order (@electron/fuses' FuseV1Options).
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSES = ['runAsNode', 'cookieEncryption', 'nodeOptions', 'nodeCliInspect', 'embeddedAsarIntegrity', 'onlyLoadAppFromAsar', 'browserV8Snapshot', 'fileProtocolPrivileges'] as const;
const FUSE_ON = 49;
const FUSE_OFF = 48;
const MINUTE = 60_000;

let work: string;
let unpacked: string;
let asarPath: string;
let files: string[];

/** Runs a command in the project root, failing with its output so a broken build is readable. */
async function inRoot(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await run(command, args, { cwd: ROOT, env, maxBuffer: 32 * 1024 * 1024, timeout: 3 * MINUTE });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

beforeAll(async () => {
  // Build what is missing: the real renderer (Vite) and the main/preload bundles (esbuild).
  if (!existsSync(path.join(ROOT, 'dist/index.html')) || !existsSync(path.join(ROOT, 'dist/phone/index.html'))) {
    await inRoot(npx, ['vite', 'build']);
    await inRoot(npx, ['vite', 'build', '--config', 'vite.phone.config.ts']);
  }
  const bundles = ['dist-electron/main.cjs', 'dist-electron/preload.cjs', 'dist-electron/player-preload.cjs', 'dist-electron/phone-server.cjs'];
  if (!bundles.every((file) => existsSync(path.join(ROOT, file)))) {
    await inRoot(process.execPath, ['scripts/build-electron.mjs']);
  }

  work = mkdtempSync(path.join(tmpdir(), 'gm-screen-package-'));
  // A stub Electron distribution: electron-builder only needs the executable to copy, rename and
  // flip the fuses of, so it carries a fuse wire as Electron's binary does (the sentinel, the
  // wire's version and length, then one byte per fuse, every fuse on).
  const stub = path.join(work, 'electron-dist');
  const output = path.join(work, 'release');
  mkdirSync(stub);
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, FUSES.length]), Buffer.alloc(FUSES.length, FUSE_ON)]);
  writeFileSync(path.join(stub, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\necho "stub Electron"\n'), wire]), { mode: 0o755 });
  writeFileSync(path.join(stub, 'version'), ELECTRON_VERSION);

  await inRoot(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/electron-builder/cli.js'),
      '--linux',
      'dir',
      '--publish',
      'never',
      `-c.electronDist=${stub}`,
      `-c.electronVersion=${ELECTRON_VERSION}`,
      `-c.directories.output=${output}`,
    ],
    {
      ...process.env,
      // Anything electron-builder would cache or fetch goes to the temp folder, never ~/.cache.
      ELECTRON_BUILDER_CACHE: path.join(work, 'cache'),
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      CI: 'true',
    },
  );
  unpacked = path.join(output, 'linux-unpacked');
  asarPath = path.join(unpacked, 'resources', 'app.asar');
  // listPackage answers with the platform's separator; compare in POSIX form.
  files = listPackage(asarPath, { isPack: false }).map((file) => file.split(path.sep).join('/'));
}, 4 * MINUTE);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const readJson = (file: string): unknown => JSON.parse(extractFile(asarPath, file).toString('utf8'));

describe('electron-builder --linux dir', () => {
  it('produces the app folder with the renamed executable and app.asar', () => {
    expect(statSync(path.join(unpacked, 'gm-screen')).isFile()).toBe(true);
    expect(statSync(asarPath).isFile()).toBe(true);
  });

  it("packs the main bundle, both preloads, the phone server's process and the renderer", () => {
    expect(files).toContain('/dist-electron/main.cjs');
    expect(files).toContain('/dist-electron/preload.cjs');
    expect(files).toContain('/dist-electron/player-preload.cjs');
    expect(files).toContain('/dist-electron/phone-server.cjs');
    expect(files).toContain('/dist/index.html');
    expect(files).toContain('/package.json');
  });

  it('keeps the phone page out of the archive, where the phones\' server serves it from', async () => {
    const root = unpackedPath(path.join(unpacked, 'resources', 'app.asar', 'dist', 'phone'));
    expect(statSync(path.join(root, 'index.html')).isFile()).toBe(true);
    // Every file of it the archive lists is marked unpacked, and is a plain file beside it.
    const phone = files.filter((file) => file.startsWith('/dist/phone/'));
    expect(phone.length).toBeGreaterThan(2);
    for (const file of phone) {
      const entry = statFile(asarPath, file.slice(1), false) as { unpacked?: boolean; files?: unknown };
      if (entry.files) continue;
      expect(entry.unpacked, file).toBe(true);
      expect(statSync(path.join(root, file.slice('/dist/phone/'.length))).isFile(), file).toBe(true);
    }
    const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: root });
    try {
      const page = await fetch(server.url());
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
    } finally {
      await server.close();
    }
  });

  it("points package.json's main at a file inside the archive", () => {
    const manifest = readJson('package.json') as { main?: unknown; productName?: unknown };
    expect(manifest.main).toBe('dist-electron/main.cjs');
    expect(files).toContain(`/${String(manifest.main)}`);
    expect(manifest.productName).toBe('GM Screen');
  });

  it('packs nothing else: no node_modules, no sources, no build tooling', () => {
    const outside = files.filter((file) => !/^\/(dist|dist-electron)(\/|$)|^\/package\.json$/.test(file));
    expect(outside).toEqual([]);
    expect(files.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(files.filter((file) => /\.(ts|svelte)$/.test(file))).toEqual([]);
  });

  it('ships bundles that need nothing from node_modules at run time', () => {
    for (const bundle of ['dist-electron/main.cjs', 'dist-electron/preload.cjs', 'dist-electron/player-preload.cjs', 'dist-electron/phone-server.cjs']) {
      const code = extractFile(asarPath, bundle).toString('utf8');
      const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
      const external = required.filter((name) => name !== 'electron' && !name!.startsWith('node:'));
      expect(external, bundle).toEqual([]);
    }
    // A sandboxed preload can only require('electron').
    for (const bundle of ['dist-electron/preload.cjs', 'dist-electron/player-preload.cjs']) {
      const preload = extractFile(asarPath, bundle).toString('utf8');
      expect([...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]), bundle).toEqual(['electron']);
    }
  });

  // Issue 14 (SECURITY.md): electron-builder flips the fuses electron-builder.yml names.
  it('turns RunAsNode, NODE_OPTIONS, --inspect and file:// privileges off, and asar-only loading with integrity checks on', async () => {
    const wire = (await getCurrentFuseWire(path.join(unpacked, 'gm-screen'))) as unknown as Record<number, number>;
    expect(Object.fromEntries(FUSES.map((name, i) => [name, wire[i]]))).toEqual({
      runAsNode: FUSE_OFF,
      // Left as Electron has them (here: as the stub has them).
      cookieEncryption: FUSE_ON,
      nodeOptions: FUSE_OFF,
      nodeCliInspect: FUSE_OFF,
      embeddedAsarIntegrity: FUSE_ON,
      onlyLoadAppFromAsar: FUSE_ON,
      browserV8Snapshot: FUSE_ON,
      fileProtocolPrivileges: FUSE_OFF,
    });
  });
});
