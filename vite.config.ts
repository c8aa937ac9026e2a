import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from './electron/app-origin';

// The built page carries the app's policy as a meta tag too, so `npm run web` runs under it.
// Only at build: the dev server injects its styles inline.
const cspMeta: Plugin = {
  name: 'gm-screen-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY }, injectTo: 'head' },
  ],
};

// A chunk holding a ruleset's code (its engine under engine/rulesets/<id>/, its screen under
// renderer/src/rulesets/<id>/) is named after it, "ruleset-<id>-…", so what a screen downloads can
// be read from the file names (tests/e2e/ruleset-chunks.e2e.ts counts them); one holding several
// rulesets' code would be "ruleset-shared-…" (none does: a ruleset's folder imports no other's).
const RULESET_FOLDER = /[\\/](?:engine[\\/]rulesets|renderer[\\/]src[\\/]rulesets)[\\/]([a-z0-9-]+)[\\/]/;
// A chunk holding the engine's rules (deciding, applying and replaying a fight's steps) is
// "engine-rules-…": the campaign list loads none, they come with a campaign (ruleset-chunks.e2e).
const ENGINE_RULES = /[\\/]engine[\\/]encounter[\\/](?:decide|reducer|journal)\.ts$/;
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const rulesets = new Set(chunk.moduleIds.flatMap((id) => RULESET_FOLDER.exec(id)?.[1] ?? []).filter((id) => id !== 'gear'));
  const [only] = rulesets;
  // A chunk of no ruleset named after a module called "ruleset…" (engine/core/ruleset.ts) would read as one.
  if (only === undefined) {
    if (chunk.moduleIds.some((id) => ENGINE_RULES.test(id))) return 'assets/engine-rules-[hash].js';
    return chunk.name.startsWith('ruleset') ? 'assets/core-[name]-[hash].js' : 'assets/[name]-[hash].js';
  }
  return `assets/ruleset-${rulesets.size === 1 ? only : 'shared'}-[name]-[hash].js`;
}

// The renderer is built into dist/ at the project root, where the Electron main process serves it
// from the app:// protocol and `npm run web` serves it on localhost.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte(), cspMeta],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { output: { chunkFileNames: chunkFileName } },
  },
  server: { host: '127.0.0.1' },
  // `npm run web` serves the build with the desktop app's policy as a header, which (unlike the
  // meta tag) can also forbid framing the page: `frame-ancestors 'none'`.
  preview: { host: '127.0.0.1', headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } },
});
