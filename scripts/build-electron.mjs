// Bundles the main process, the two preloads (the GM window's, the players' window's) and the
// phone server's process into dist-electron/ as CommonJS.
// One file each: a sandboxed preload can only require('electron'), and bundling the main
// process means the packaged app needs no node_modules at all.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist-electron');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22', // Electron 45 ships Node 22
  external: ['electron'],
  sourcemap: false,
  minify: false, // readable stack traces in bug reports
  legalComments: 'none',
  logLevel: 'warning',
  absWorkingDir: root,
};

await rm(outdir, { recursive: true, force: true });
await Promise.all([
  build({ ...common, entryPoints: ['electron/main.ts'], outfile: path.join(outdir, 'main.cjs') }),
  build({ ...common, entryPoints: ['electron/preload.ts'], outfile: path.join(outdir, 'preload.cjs') }),
  // The players' window's own preload: its few channels and the relayed screens, no campaign API.
  build({ ...common, entryPoints: ['electron/player-preload.ts'], outfile: path.join(outdir, 'player-preload.cjs') }),
  // The phone server's own process (phone-server-launch.ts starts it when the GM shares).
  build({ ...common, entryPoints: ['electron/phone-server-process.ts'], outfile: path.join(outdir, 'phone-server.cjs') }),
]);
console.log('dist-electron/main.cjs, preload.cjs, player-preload.cjs and phone-server.cjs built');
