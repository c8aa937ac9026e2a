/**
 * One writer per campaign: a `.lock` file in the campaign folder, created with `wx` (fails if it
 * exists, atomically, also on network shares that honour O_EXCL) and holding who took it: pid,
 * hostname, time and a random token. The token tells our lock from one that replaced it.
 *
 * A lock is stale when its hostname is this computer's and its pid is no longer running
 * (`process.kill(pid, 0)`). Only a stale lock may be taken over, and only when the caller asks
 * (`takeOver: true`, after the GM confirmed). A lock from another computer is never judged stale:
 * from here there is no way to tell whether that computer still has the campaign open.
 */
import { hostname as osHostname } from 'node:os';
import { open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { failure, LOCK_FILE, lockSchema, newId, ok, randomSuffix, type LockInfo, type LockState, type Result } from '../../engine/campaign/index';
import { syncDirectory } from './atomic-file';
import { hasCode, ioFailure } from './io-failure';
import { readRegularFile } from './regular-file';

/** A lock this process holds; pass it to release it and to every write. */
export interface LockHandle {
  /** The campaign folder (absolute). */
  readonly folder: string;
  /** What was written to `.lock`. */
  readonly info: LockInfo;
}

/** Who is asking, and when. Tests set them; the app uses the real process. */
export interface LockIdentity {
  readonly pid?: number;
  readonly hostname?: string;
  readonly now?: () => Date;
  /** Whether `pid` runs on this computer. Default: `process.kill(pid, 0)`. */
  readonly isRunning?: (pid: number) => boolean;
}

/** Options of {@link acquireLock}. */
export interface AcquireOptions extends LockIdentity {
  /** Take over a stale lock (never a live one). */
  readonly takeOver?: boolean;
  /** How the campaign is named in messages. */
  readonly label: string;
}

/**
 * Whether a process with this pid exists on this computer. EPERM means it exists but belongs to
 * another user: it is running.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return hasCode(error, 'EPERM');
  }
}

/** Reads the lock of `folder`: null when there is none. */
export async function readLock(folder: string, identity: LockIdentity = {}): Promise<Result<LockState | null>> {
  let text: string;
  try {
    // A lock is a few hundred bytes; anything else (a pipe, a huge file) is not one of ours.
    const read = await readRegularFile(path.join(folder, LOCK_FILE), 64 * 1024);
    if (read.kind !== 'bytes') return failure('lock/not-a-lock', `${path.join(path.basename(folder), LOCK_FILE)} is not a lock GM Screen wrote; remove it if no copy of GM Screen has the campaign open.`);
    text = read.bytes.toString('utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return ok(null);
    return ioFailure('read the lock', path.join(path.basename(folder), LOCK_FILE), error);
  }
  let info: LockInfo | null = null;
  try {
    const parsed = v.safeParse(lockSchema, JSON.parse(text));
    if (parsed.success) info = parsed.output;
  } catch {
    // Unparseable: left by a crash between creating the file and writing it.
  }
  if (info === null) return ok({ info: null, stale: true });
  const here = identity.hostname ?? osHostname();
  const running = identity.isRunning ?? isProcessRunning;
  return ok({ info, stale: info.hostname === here && !running(info.pid) });
}

/**
 * Takes the lock of `folder`, or says who holds it. With `takeOver`, a stale lock is removed and a
 * fresh one taken.
 */
export async function acquireLock(folder: string, options: AcquireOptions): Promise<Result<LockHandle>> {
  const info: LockInfo = {
    type: 'gm-screen/lock',
    version: 1,
    pid: options.pid ?? process.pid,
    hostname: options.hostname ?? osHostname(),
    since: (options.now?.() ?? new Date()).toISOString(),
    token: newId(),
  };
  const file = path.join(folder, LOCK_FILE);
  const created = await createLockFile(file, info, options.label);
  if (!created.ok) return created;
  if (created.value) return ok({ folder, info });

  const existing = await readLock(folder, options);
  if (!existing.ok) return existing;
  // Released between our attempt and the read: try once more.
  if (existing.value === null) return retry(folder, file, info, options);
  const { info: holder, stale } = existing.value;
  if (!stale) return failure('lock/held', heldMessage(options.label, holder, info.hostname));
  if (!options.takeOver) {
    return failure('lock/stale', `${options.label} was left locked by ${describeHolder(holder)}, which is no longer running (probably a crash). Open it again and choose to take it over.`);
  }
  // Move the stale lock aside rather than deleting it, then check that what we moved is the lock
  // we judged stale (not one another instance took in between); if not, put it back.
  const aside = `${file}.stale-${randomSuffix(6)}`;
  try {
    await rename(file, aside);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return retry(folder, file, info, options);
    return ioFailure('take over the lock of', options.label, error);
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  if (holder !== null && !moved.includes(holder.token)) {
    await rename(aside, file).catch(() => {});
    return failure('lock/held', `${options.label} was just opened by another GM Screen. Try again in a moment.`);
  }
  await unlink(aside).catch(() => {});
  return retry(folder, file, info, options);
}

/** One more `wx` attempt, after the old lock went away. */
async function retry(folder: string, file: string, info: LockInfo, options: AcquireOptions): Promise<Result<LockHandle>> {
  const created = await createLockFile(file, info, options.label);
  if (!created.ok) return created;
  if (created.value) return ok({ folder, info });
  return failure('lock/held', `${options.label} was just opened by another GM Screen. Try again in a moment.`);
}

/** Creates the lock file with `wx`: true when created, false when one exists. */
async function createLockFile(file: string, info: LockInfo, label: string): Promise<Result<boolean>> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return ok(false);
    return ioFailure('lock', label, error);
  }
  let written: unknown = null;
  try {
    await handle.writeFile(`${JSON.stringify(info)}\n`);
    await handle.sync();
  } catch (error) {
    written = error;
  }
  await handle.close().catch(() => {});
  if (written !== null) {
    // Windows cannot delete an open file, hence close first.
    await unlink(file).catch(() => {});
    return ioFailure('lock', label, written);
  }
  await syncDirectory(path.dirname(file)).catch(() => {});
  return ok(true);
}

/**
 * Checks that `handle`'s lock is still the one on disk (nobody took it over, nobody deleted it).
 * Every write calls this first, so two writers never interleave.
 */
export async function checkLock(handle: LockHandle, label: string): Promise<Result<void>> {
  const state = await readLock(handle.folder);
  if (!state.ok) return state;
  if (state.value?.info?.token !== handle.info.token) {
    const now = state.value?.info ? `it is now held by ${describeHolder(state.value.info)}` : 'its lock file is gone';
    return failure('lock/lost', `${label} is no longer locked by this window (${now}). Nothing was saved; close it and open it again.`);
  }
  return ok(undefined);
}

/** Releases `handle`: removes `.lock` if it is still ours. Releasing twice is harmless. */
export async function releaseLock(handle: LockHandle, label: string): Promise<Result<void>> {
  const state = await readLock(handle.folder);
  if (!state.ok) return state;
  if (state.value === null) return ok(undefined);
  if (state.value.info?.token !== handle.info.token) {
    return failure('lock/lost', `${label} was not unlocked because another GM Screen has taken it over; its lock was left in place.`);
  }
  try {
    await unlink(path.join(handle.folder, LOCK_FILE));
  } catch (error) {
    if (!hasCode(error, 'ENOENT')) return ioFailure('unlock', label, error);
  }
  return ok(undefined);
}

/** "process 1234 on gm-laptop since 2025-01-31 18:30 UTC". */
export function describeHolder(info: LockInfo | null): string {
  if (info === null) return 'an unknown process (its lock file is damaged)';
  const since = info.since.replace('T', ' ').replace(/:\d{2}(?:\.\d{3})?Z$/, ' UTC');
  return `process ${info.pid} on ${info.hostname} since ${since}`;
}

function heldMessage(label: string, holder: LockInfo | null, here: string): string {
  const who = describeHolder(holder);
  if (holder !== null && holder.hostname !== here) {
    return `${label} is open in GM Screen on another computer (${who}). Close it there first; if that computer crashed, delete the file .lock in the campaign's folder.`;
  }
  return `${label} is already open in GM Screen (${who}). Close it there first.`;
}
