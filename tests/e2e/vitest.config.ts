import { defineConfig } from 'vitest/config';

// End-to-end tests drive the built app (Electron where its binary exists, else Chromium on the
// web build). One browser at a time: the machine has two cores.
export default defineConfig({
  test: {
    root: '.',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
