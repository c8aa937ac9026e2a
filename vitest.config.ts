import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vitest/config';

// Unit tests: engine, main-process modules, renderer stores, the project's scripts, and the
// legacy fixtures (files an older version wrote, opened through today's restore paths). End-to-end
// tests have their own config in tests/e2e because they need a built renderer and a browser.
export default defineConfig({
  // Compiles the renderer's rune classes (*.svelte.ts) for the store tests.
  plugins: [svelte()],
  test: {
    // Two projects: most tests run under plain Node; the screen's tests that mount components or
    // need Svelte's effects to run (`*.dom.test.ts`) run in a DOM (happy-dom) with Svelte's browser
    // build, since under Node Svelte resolves to its server build, where effects never run.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['engine/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts', 'build/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/legacy/**/*.test.ts'],
          exclude: ['**/*.dom.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        resolve: { conditions: ['browser'] },
        test: { name: 'dom', include: ['renderer/**/*.dom.test.ts'], environment: 'happy-dom' },
      },
    ],
    // Every built-in ruleset loaded, as in the main process (the app loads one when its campaign
    // opens); for the renderer's tests, every ruleset's part of the screen too.
    setupFiles: ['engine/testing/every-ruleset-loaded.ts', 'renderer/src/rulesets/every-part-loaded.ts'],
    // The property tests play a few hundred random fights each; on two cores with every test file
    // running at once they can pass Vitest's default 5 s. A timeout here only catches a hang: no
    // test asserts on time (speed is `npm run bench`'s).
    testTimeout: 30_000,
    // The dice-notation package's CommonJS build hides its named exports from Node; inlining
    // makes Vitest use its ES module build, as Vite and esbuild do.
    server: { deps: { inline: ['@airjp73/dice-notation'] } },
  },
});
