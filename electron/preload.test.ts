/**
 * The preload as it is shipped: bundled by esbuild like scripts/build-electron.mjs does. A
 * sandboxed preload may only `require('electron')`, so the contract it bundles (with the campaign
 * schema and the JSON guard) must not pull in a Node module.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('preload bundle', () => {
  it('requires nothing but electron', async () => {
    const result = await build({
      entryPoints: ['electron/preload.ts'],
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      external: ['electron'],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text;
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(required).toEqual(['electron']);
    expect(code).not.toMatch(/node:(?:fs|crypto|os|path)/);
  });
});
