/**
 * The campaign layer in a browser bundle: it uses the campaign format the disk store uses too,
 * from `engine/campaign/` (safe-names.ts, campaign-schema.ts, restore-campaign.ts, event-lines.ts,
 * engine/json-guard.ts), so this proves those modules stay Node-free and reach the renderer as they are
 * (engine/purity.test.ts checks their imports; this checks what a browser bundle really gets).
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the campaign layer in a browser bundle', () => {
  it('pulls in no Node module', async () => {
    // esbuild for the browser cannot resolve node:* at all, so a Node import fails the build.
    const result = await build({
      entryPoints: ['renderer/src/campaigns/index.ts'],
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('gm-screen/campaign-export');
    expect(code).not.toMatch(/\bnode:|\brequire\(/);
    // Node's globals are not imports, so esbuild would not notice them.
    expect(code).not.toMatch(/\bBuffer\.|\bprocess\./);
    // The shared rules really are in the bundle (not copies of them).
    const inputs = Object.keys(result.metafile.inputs);
    for (const file of ['campaign/safe-names.ts', 'campaign/campaign-schema.ts', 'campaign/restore-campaign.ts', 'campaign/event-lines.ts', 'json-guard.ts']) {
      expect(inputs).toContain(`engine/${file}`);
    }
    // Nothing of the main process comes along: the contract's types are erased.
    expect(inputs.filter((input) => input.startsWith('electron/'))).toEqual([]);
  });
});
