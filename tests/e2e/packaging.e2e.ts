import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

// Issue 14: the packaged app's Electron fuses are set by electron-builder (`electronFuses` in
// electron-builder.yml). The real Electron binary can't be downloaded here, so the offline
// `--linux dir` build packs a stub that carries a fuse wire like Electron's (the sentinel, the
// wire's version and length, every fuse on), and the test reads the wire back from the result.

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ON = 49;
const OFF = 48;
// Electron's fuse order (FuseV1Options).
const FUSES = ['runAsNode', 'cookieEncryption', 'nodeOptions', 'nodeCliInspect', 'embeddedAsarIntegrity', 'onlyLoadAppFromAsar', 'browserV8Snapshot', 'fileProtocolPrivileges'];

describe('the packaged app', () => {
  it('has RunAsNode, NODE_OPTIONS, --inspect and file:// privileges off, and asar-only loading with integrity checks on', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'gm-package-'));
    try {
      const stub = path.join(work, 'electron-dist');
      mkdirSync(path.join(stub, 'resources'), { recursive: true });
      writeFileSync(path.join(stub, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n'), Buffer.from(SENTINEL), Buffer.from([1, FUSES.length]), Buffer.alloc(FUSES.length, ON)]));
      chmodSync(path.join(stub, 'electron'), 0o755);
      writeFileSync(path.join(stub, 'version'), JSON.parse(readFileSync('package.json', 'utf8')).devDependencies.electron);
      const out = path.join(work, 'release');
      execFileSync('npx', ['electron-builder', '--linux', 'dir', `--config.electronDist=${stub}`, `--config.directories.output=${out}`], { stdio: 'pipe', timeout: 180_000 });

      const wire = await getCurrentFuseWire(path.join(out, 'linux-unpacked', 'gm-screen'));
      const states = Object.fromEntries(FUSES.map((name, i) => [name, (wire as unknown as Record<number, number>)[i]]));
      expect(states).toEqual({
        runAsNode: OFF,
        // Left as Electron has them (here: as the stub has them).
        cookieEncryption: ON,
        nodeOptions: OFF,
        nodeCliInspect: OFF,
        embeddedAsarIntegrity: ON,
        onlyLoadAppFromAsar: ON,
        browserV8Snapshot: ON,
        fileProtocolPrivileges: OFF,
      });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
