import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../engine/campaign/index';
import { closeCampaign, createCampaign, openCampaign, saveCampaign } from './campaign-store';
import { acquireLock, isProcessRunning, readLock, releaseLock } from './lock';
import { failed, unwrap, useTempRoots } from './testing/temp-root';

const tempRoot = useTempRoots();

/** A pid that was just used and has exited (so it is not running, barring immediate reuse). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not spawn node');
  return child.pid;
}

async function newCampaign() {
  const root = await tempRoot();
  const created = unwrap(await createCampaign(root, { name: 'Lost Mine', rulesetId: 'zones' }));
  return { root, folder: created.folder, dir: path.join(root, created.folder) };
}

async function writeLock(dir: string, lock: Record<string, unknown>) {
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ type: 'gm-screen/lock', version: 1, token: 't', since: '2025-01-31T18:30:00.000Z', ...lock }));
}

describe('campaign lock', () => {
  it('writes pid, hostname and time with the lock, and refuses a second open saying who holds it', async () => {
    const ref = await newCampaign();
    const first = unwrap(await openCampaign(ref, { identity: { now: () => new Date('2025-01-31T18:30:00Z') } }));
    const onDisk = JSON.parse(await readFile(path.join(ref.dir, LOCK_FILE), 'utf8')) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ pid: process.pid, hostname: hostname(), since: '2025-01-31T18:30:00.000Z' });

    const second = failed(await openCampaign(ref));
    expect(second.code).toBe('lock/held');
    expect(second.message).toBe(
      `The campaign in folder "${ref.folder}" is already open in GM Screen (process ${process.pid} on ${hostname()} since 2025-01-31 18:30 UTC). Close it there first.`,
    );
    // Even an explicit take-over does not take a live lock.
    expect(failed(await openCampaign(ref, { takeOver: true })).code).toBe('lock/held');

    unwrap(await closeCampaign(first));
    expect(await readdir(ref.dir)).not.toContain(LOCK_FILE);
    unwrap(await closeCampaign(unwrap(await openCampaign(ref))));
  });

  it('takes over a stale lock (dead pid on this computer) only when asked', async () => {
    const ref = await newCampaign();
    const pid = deadPid();
    expect(isProcessRunning(pid)).toBe(false);
    await writeLock(ref.dir, { pid, hostname: hostname() });

    const refused = failed(await openCampaign(ref));
    expect(refused.code).toBe('lock/stale');
    expect(refused.message).toContain(`process ${pid} on ${hostname()}`);
    expect(refused.message).toContain('no longer running');
    expect(refused.message).toContain('take it over');

    const opened = unwrap(await openCampaign(ref, { takeOver: true }));
    expect(opened.lock.info.pid).toBe(process.pid);
    // The stale lock is gone, not piled up beside the new one.
    expect((await readdir(ref.dir)).filter((name) => name.startsWith('.lock'))).toEqual([LOCK_FILE]);
    unwrap(await closeCampaign(opened));
  });

  it('treats an empty or damaged lock file (crash while locking) as stale', async () => {
    const ref = await newCampaign();
    await writeFile(path.join(ref.dir, LOCK_FILE), '');
    const refused = failed(await openCampaign(ref));
    expect(refused.code).toBe('lock/stale');
    expect(refused.message).toContain('lock file is damaged');
    unwrap(await closeCampaign(unwrap(await openCampaign(ref, { takeOver: true }))));
  });

  it('never judges a lock from another computer stale', async () => {
    const ref = await newCampaign();
    await writeLock(ref.dir, { pid: deadPid(), hostname: 'table-laptop' });
    const refused = failed(await openCampaign(ref, { takeOver: true }));
    expect(refused.code).toBe('lock/held');
    expect(refused.message).toContain('on another computer');
    expect(refused.message).toContain('table-laptop');
  });

  it('refuses writes once the lock was taken over, and does not release the new holder\'s lock', async () => {
    const ref = await newCampaign();
    const stale = unwrap(await openCampaign(ref, { identity: { pid: 999_999 } }));
    // Another instance finds pid 999999 gone and takes over.
    const other = unwrap(await openCampaign(ref, { takeOver: true, identity: { isRunning: () => false } }));
    const refused = failed(await saveCampaign(stale, stale.campaign));
    expect(refused.code).toBe('lock/lost');
    expect(refused.message).toContain('Nothing was saved');
    expect(failed(await closeCampaign(stale)).code).toBe('lock/lost');
    expect((await readLock(ref.dir)).ok && unwrap(await readLock(ref.dir))?.info?.token).toBe(other.lock.info.token);
    unwrap(await closeCampaign(other));
  });

  it('acquire, release twice and acquire again at the lock level', async () => {
    const dir = await tempRoot();
    const lock = unwrap(await acquireLock(dir, { label: 'c' }));
    unwrap(await releaseLock(lock, 'c'));
    unwrap(await releaseLock(lock, 'c'));
    unwrap(await releaseLock(unwrap(await acquireLock(dir, { label: 'c' })), 'c'));
  });
});
