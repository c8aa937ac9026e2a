// `npm run bench`: prints engine figures, campaign storage figures and the renderer bundle size.
// Figures only: nothing here passes or fails on time.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const out = mkdtempSync(join(tmpdir(), 'gm-bench-'));
try {
  for (const name of ['bench-engine', 'bench-campaigns']) {
    const file = join(out, `${name}.mjs`);
    await build({ entryPoints: [`scripts/${name}.ts`], bundle: true, platform: 'node', format: 'esm', outfile: file, logLevel: 'error' });
    execFileSync(process.execPath, [file], { stdio: 'inherit' });
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

// The map and player-view benches drive Chromium through playwright-core, which stays outside the
// bundle; the bundles go where Node finds node_modules.
if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
for (const name of ['bench-map', 'bench-player', 'bench-startup']) {
  const file = `node_modules/.cache/gm-bench/${name}.mjs`;
  await build({ entryPoints: [`scripts/${name}.ts`], bundle: true, platform: 'node', format: 'esm', outfile: file, external: ['playwright-core'], logLevel: 'error' });
  execFileSync(process.execPath, [file], { stdio: 'inherit' });
}

if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
const assets = readdirSync('dist/assets').filter((f) => f.endsWith('.js') || f.endsWith('.css'));
const sizes = assets.map((f) => {
  const bytes = readFileSync(join('dist/assets', f));
  return { f, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
});
const kb = (n) => (n / 1024).toFixed(1);
for (const s of sizes) console.log(`bundle ${s.f}: ${kb(s.raw)} KB, ${kb(s.gz)} KB gzipped`);
console.log(`renderer bundle total: ${kb(sizes.reduce((a, s) => a + s.gz, 0))} KB gzipped`);

// What each screen downloads: the entry and the chunk of its screen, with everything they import
// statically (chunks loaded later with import() are not counted: they come when first opened).
const code = new Map(sizes.map((s) => [s.f, readFileSync(join('dist/assets', s.f), 'utf8')]));
function closure(start) {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f) || !code.has(f)) return;
    seen.add(f);
    for (const [, dep] of (code.get(f) ?? '').matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) visit(dep);
  };
  visit(start);
  return seen;
}
const entry = assets.find((f) => /^index-.*\.js$/.test(f));
for (const [screen, prefix] of [["GM screen", 'App-'], ["players' screen", 'PlayerApp-']]) {
  const chunk = assets.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!entry || !chunk) continue;
  const files = new Set([...closure(entry), ...closure(chunk)]);
  const gz = sizes.filter((s) => files.has(s.f)).reduce((a, s) => a + s.gz, 0);
  console.log(`JS shipped to the ${screen}: ${kb(gz)} KB gzipped (${[...files].join(', ')})`);
}
