/**
 * Whole-file writes that a crash or power cut cannot tear: the new content goes to a temp file in
 * the same folder (so the rename stays on one file system), is fsynced, then renamed over the
 * target, and the folder is fsynced so the rename itself is durable. At every moment the target
 * holds either the old content or the new, never a mix.
 *
 * Optionally keeps the previous versions as `<target>.bak1` (newest) … `.bakN` (oldest).
 */
import { open, copyFile, link, mkdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { hasCode, ioFailure } from './io-failure';
import { ok, randomSuffix, type Result } from '../../engine/campaign/index';
import { exclusive } from './serial';

/** Default number of backups kept of campaign.json. */
export const DEFAULT_BACKUPS = 5;

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /** How the file is named in messages (a path relative to the campaigns root). */
  readonly label: string;
  /** Keep this many previous versions as `<target>.bak1..N`, rotating on each write. Default 0. */
  readonly backups?: number;
}

/** `<target>.bak<n>`: backup `n`, 1 being the most recent. */
export function backupPath(target: string, n: number): string {
  return `${target}.bak${n}`;
}

/** The temp files this module writes look like `.campaign.json.k3x9q2ab.tmp`. */
export function isTempFileName(name: string): boolean {
  return /^\..+\.[a-z0-9]{8}\.tmp$/.test(name);
}

/**
 * Writes `data` to `target` atomically and durably. Resolves once the new content and its name are
 * on disk. On failure the target is unchanged and the temp file is removed.
 */
export function writeFileAtomic(target: string, data: string | Uint8Array, options: AtomicWriteOptions): Promise<Result<void>> {
  return exclusive(target, () => writeNow(target, data, options));
}

async function writeNow(target: string, data: string | Uint8Array, options: AtomicWriteOptions): Promise<Result<void>> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomSuffix(8)}.tmp`);
  try {
    await writeDurably(temp, data);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    return ioFailure('save', options.label, error);
  }
  try {
    const backups = options.backups ?? 0;
    if (backups > 0) await rotateBackups(target, backups);
    await renameWithRetry(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    return ioFailure('save', options.label, error);
  }
  try {
    await syncDirectory(dir);
  } catch (error) {
    // The new content is in place, but a power cut could still undo the rename: not saved, and
    // said as a failure like any other (this used to escape as an exception).
    return ioFailure('save', options.label, error);
  }
  return ok(undefined);
}

/**
 * `rename`, retried for about a second on Windows, where a virus scanner, indexer or sync client
 * that has just opened the file makes a rename fail with EPERM, EACCES or EBUSY for a moment.
 */
export async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      if (process.platform !== 'win32' || attempt >= 10 || !hasCode(error, 'EPERM', 'EACCES', 'EBUSY')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/** Creates `file` (it must not exist: `wx`), writes `data` and fsyncs it. Throws file-system errors. */
export async function writeDurably(file: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes renames and new files in `dir` durable. POSIX needs an fsync of the folder for that;
 * Windows cannot open a folder as a file and makes renames durable itself (NTFS journal), and some
 * file systems refuse a folder fsync, so those refusals are ignored.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (!hasCode(error, 'EINVAL', 'EISDIR', 'EPERM', 'EACCES', 'EBADF', 'ENOTSUP', 'EOPNOTSUPP')) throw error;
  }
}

/**
 * `mkdir -p` whose new folders survive a power cut. A new folder is an entry in its parent, which
 * only an fsync of the parent makes durable: without it the campaigns folder the first campaign
 * created (and everything in it) could vanish with the power, acknowledged or not. Does nothing
 * when `dir` exists. Throws file-system errors.
 */
export async function mkdirDurably(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined) return;
  // The parent of each folder created, from the deepest up to the parent of the first one.
  for (let created = path.resolve(dir); path.dirname(created) !== created; created = path.dirname(created)) {
    await syncDirectory(path.dirname(created));
    if (created === path.resolve(first)) break;
  }
}

/**
 * Shifts `.bak1..N-1` to `.bak2..N` (dropping the oldest) and makes the current target `.bak1`.
 * The current target stays in place throughout, so a crash in the middle loses at most one old
 * backup, never the file. `.bak1` is a hard link to the current file (no copy of a 20 MB file on
 * every save); where hard links are not supported (FAT, exFAT) it is a copy, made atomically.
 */
async function rotateBackups(target: string, count: number): Promise<void> {
  for (let n = count - 1; n >= 1; n--) {
    try {
      await renameWithRetry(backupPath(target, n), backupPath(target, n + 1));
    } catch (error) {
      if (!hasCode(error, 'ENOENT')) throw error;
    }
  }
  const newest = backupPath(target, 1);
  // With count 1 the rotation above moved nothing, so the old `.bak1` is still there.
  await unlink(newest).catch((error: unknown) => {
    if (!hasCode(error, 'ENOENT')) throw error;
  });
  try {
    await link(target, newest);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return; // first save: nothing to back up
    const temp = path.join(path.dirname(target), `.${path.basename(newest)}.${randomSuffix(8)}.tmp`);
    try {
      await copyFile(target, temp);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await renameWithRetry(temp, newest);
    } catch (copyError) {
      await rm(temp, { force: true }).catch(() => {});
      if (!hasCode(copyError, 'ENOENT')) throw copyError;
    }
  }
}
