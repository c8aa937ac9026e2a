import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupPath, isTempFileName, writeFileAtomic } from './atomic-file';
import { failed, unwrap, useTempRoots } from './testing/temp-root';

const tempRoot = useTempRoots();

describe('writeFileAtomic', () => {
  it('writes, replaces and leaves no temp file', async () => {
    const dir = await tempRoot();
    const file = path.join(dir, 'campaign.json');
    unwrap(await writeFileAtomic(file, 'one', { label: 'c/campaign.json' }));
    unwrap(await writeFileAtomic(file, 'two', { label: 'c/campaign.json' }));
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await readdir(dir)).toEqual(['campaign.json']);
  });

  it('keeps the last N versions, newest as .bak1', async () => {
    const dir = await tempRoot();
    const file = path.join(dir, 'campaign.json');
    for (let i = 1; i <= 8; i++) unwrap(await writeFileAtomic(file, `v${i}`, { label: 'f', backups: 3 }));
    expect(await readFile(file, 'utf8')).toBe('v8');
    expect(await readFile(backupPath(file, 1), 'utf8')).toBe('v7');
    expect(await readFile(backupPath(file, 2), 'utf8')).toBe('v6');
    expect(await readFile(backupPath(file, 3), 'utf8')).toBe('v5');
    expect((await readdir(dir)).sort()).toEqual(['campaign.json', 'campaign.json.bak1', 'campaign.json.bak2', 'campaign.json.bak3']);
  });

  it('keeps concurrent writes of one file from tangling the backups', async () => {
    const dir = await tempRoot();
    const file = path.join(dir, 'campaign.json');
    const writes = Array.from({ length: 12 }, (_, i) => writeFileAtomic(file, `v${i + 1}`, { label: 'f', backups: 3 }));
    for (const result of await Promise.all(writes)) unwrap(result);
    expect(await readFile(file, 'utf8')).toBe('v12');
    expect(await readFile(backupPath(file, 1), 'utf8')).toBe('v11');
    expect(await readFile(backupPath(file, 3), 'utf8')).toBe('v9');
  });

  it('with one backup, replaces it each time', async () => {
    const dir = await tempRoot();
    const file = path.join(dir, 'campaign.json');
    for (let i = 1; i <= 3; i++) unwrap(await writeFileAtomic(file, `v${i}`, { label: 'f', backups: 1 }));
    expect(await readFile(backupPath(file, 1), 'utf8')).toBe('v2');
  });

  it('a backup is not changed by later writes of the file (a link is replaced, not written through)', async () => {
    const dir = await tempRoot();
    const file = path.join(dir, 'campaign.json');
    await writeFile(file, 'original');
    unwrap(await writeFileAtomic(file, 'next', { label: 'f', backups: 2 }));
    unwrap(await writeFileAtomic(file, 'after', { label: 'f', backups: 2 }));
    expect(await readFile(backupPath(file, 2), 'utf8')).toBe('original');
    expect(await readFile(backupPath(file, 1), 'utf8')).toBe('next');
  });

  it('fails as data, naming the file, when the folder is missing', async () => {
    const dir = await tempRoot();
    const result = failed(await writeFileAtomic(path.join(dir, 'gone', 'campaign.json'), 'x', { label: 'gone/campaign.json' }));
    expect(result.code).toBe('io/not-found');
    expect(result.message).toContain('gone/campaign.json');
  });

  it('recognises its temp names', () => {
    expect(isTempFileName('.campaign.json.k3x9q2ab.tmp')).toBe(true);
    expect(isTempFileName('campaign.json')).toBe(false);
    expect(isTempFileName('.lock')).toBe(false);
  });
});
