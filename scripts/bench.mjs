// `npm run bench`: prints engine figures, campaign storage figures, the screen's figures in
// Chromium and the JS each screen downloads (as the browser fetched it), line by line as they
// come, then all of them again in one table (the form BENCHMARKS.md keeps). Figures only: nothing here passes or fails on time.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Every figure printed so far, as "what: figures" lines, for the table at the end. */
const figures = [];

/** Runs a bench, printing its lines as they are and keeping them for the table. */
function runBench(file) {
  const text = execFileSync(process.execPath, [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(text);
  figures.push(...text.split('\n').filter((line) => line.trim() !== ''));
}

/** Prints a line and keeps it for the table. */
function figure(line) {
  console.log(line);
  figures.push(line);
}

const out = mkdtempSync(join(tmpdir(), 'gm-bench-'));
try {
  for (const name of ['bench-engine', 'bench-grid', 'bench-campaigns']) {
    const file = join(out, `${name}.mjs`);
    await build({ entryPoints: [`scripts/${name}.ts`], bundle: true, platform: 'node', format: 'esm', outfile: file, logLevel: 'error' });
    runBench(file);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

// The map and player-view benches drive Chromium through playwright-core, which stays outside the
// bundle, as does esbuild (with which the phones' bench bundles the phone server's process); the
// bundles go where Node finds node_modules.
// The phones' bench serves the phone page (dist/phone), built with the GM screen's.
if (!existsSync('dist/index.html') || !existsSync('dist/phone/index.html')) execFileSync('npm', ['run', 'build:renderer', '--silent'], { stdio: 'inherit' });
for (const name of ['bench-map', 'bench-open', 'bench-player', 'bench-startup', 'bench-screens', 'bench-scale', 'bench-long-log', 'bench-phones']) {
  const file = `node_modules/.cache/gm-bench/${name}.mjs`;
  await build({ entryPoints: [`scripts/${name}.ts`], bundle: true, platform: 'node', format: 'esm', outfile: file, external: ['playwright-core', 'esbuild'], logLevel: 'error' });
  runBench(file);
}

if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
const assets = readdirSync('dist/assets').filter((f) => f.endsWith('.js') || f.endsWith('.css'));
const sizes = assets.map((f) => {
  const bytes = readFileSync(join('dist/assets', f));
  return { f, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
});
const kb = (n) => (n / 1024).toFixed(1);
for (const s of sizes) figure(`bundle ${s.f}: ${kb(s.raw)} KB, ${kb(s.gz)} KB gzipped`);
figure(`renderer bundle total: ${kb(sizes.reduce((a, s) => a + s.gz, 0))} KB gzipped`);

// What each screen downloads is bench-screens' (JS per screen): the scripts the browser fetched
// for the campaign list, a fight's tracker of two rulesets and the players' screen.

// Every figure once more, in one table: what was measured, and what it came to.
const cell = (text) => text.replace(/\|/g, '\\|');
console.log('\n| What | Figure |\n|---|---|');
for (const line of figures) {
  const at = line.indexOf(': ');
  console.log(at < 0 ? `| ${cell(line)} | |` : `| ${cell(line.slice(0, at))} | ${cell(line.slice(at + 2))} |`);
}
