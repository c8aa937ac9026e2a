/**
 * The preloads as they are shipped: bundled by esbuild like scripts/build-electron.mjs does. A
 * sandboxed preload may only `require('electron')`, so the contract the GM window's bundles (with
 * the campaign schema and the JSON guard) must not pull in a Node module. The players' window's
 * holds its few channels and nothing of the campaign API.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['electron'],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('preload bundle', () => {
  it('requires nothing but electron', async () => {
    const code = await bundle('electron/preload.ts');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(required).toEqual(['electron']);
    expect(code).not.toMatch(/node:(?:fs|crypto|os|path)/);
  });
});

describe('the players\' window\'s preload bundle', () => {
  it('requires nothing but electron, and holds no campaign, settings or log channel', async () => {
    const code = await bundle('electron/player-preload.ts');
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(required).toEqual(['electron']);
    expect(code).not.toMatch(/node:(?:fs|crypto|os|path)/);
    expect(code).toContain('gmScreenPlayers');
    expect(code).toContain('players:screen');
    for (const channel of ['app:info', 'app:set-title', 'app:toggle-player-full-screen']) expect(code).toContain(channel);
    // Nothing else of the contract came along: no other channel, no method of the GM's API.
    expect(code).not.toMatch(/campaigns:|settings:|logs:|app:open-player-view|app:publish-player-screen/);
    expect(code).not.toMatch(/createApi|listCampaigns|appendEvents|valibot/);
  });
});
