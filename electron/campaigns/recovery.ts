/**
 * Going back to a backup of campaign.json when the file itself is damaged. Finding the backups
 * only reads; restoring takes the campaign's lock, keeps the damaged file as
 * `campaign.json.damaged-<time>` (nothing is thrown away) and writes the backup's campaign.
 */
import { readdir } from 'node:fs/promises';
import { readRegularFile } from './regular-file';
import path from 'node:path';
import { backupPath, syncDirectory, writeDurably, writeFileAtomic } from './atomic-file';
import { campaignPaths, CAMPAIGN_FILE, type CampaignPaths, type CampaignRef } from './campaign-paths';
import { ok, serializeCampaign, type Campaign, type Result } from '../../engine/campaign/index';
import { hasCode, ioFailure } from './io-failure';
import { acquireLock, releaseLock, type LockIdentity } from './lock';
import { readCampaignFile } from './campaign-file';

/** One backup of campaign.json. */
export interface BackupInfo {
  /** 1 is the most recent. */
  readonly number: number;
  /** `campaign.json.bak1`. */
  readonly name: string;
  /** The backup's campaign `updatedAt`, when it is readable. */
  readonly savedAt: string | null;
  /** Why it cannot be used, or null when it can. */
  readonly problem: string | null;
}

/** The backups of a campaign, most recent first, each checked. Reads only. */
export async function listBackups(ref: CampaignRef): Promise<Result<BackupInfo[]>> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  return ok(await findBackups(paths.value));
}

async function findBackups(paths: CampaignPaths): Promise<BackupInfo[]> {
  const names = await readdir(paths.dir).catch(() => [] as string[]);
  const numbers = names
    .map((name) => /^campaign\.json\.bak([1-9]\d{0,2})$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  const backups: BackupInfo[] = [];
  for (const n of numbers) {
    const name = `${CAMPAIGN_FILE}.bak${n}`;
    const loaded = await readCampaignFile(backupPath(paths.file, n), `${path.basename(paths.dir)}/${name}`);
    backups.push({
      number: n,
      name,
      savedAt: loaded.ok ? loaded.value.campaign.updatedAt : null,
      problem: loaded.ok ? null : loaded.message,
    });
  }
  return backups;
}

/**
 * A sentence pointing at the most recent readable backup, for messages about a damaged
 * campaign.json (empty when there is none).
 */
export async function readableBackupHint(paths: CampaignPaths): Promise<string> {
  const usable = (await findBackups(paths)).find((backup) => backup.problem === null);
  if (usable === undefined) return '';
  return ` Its most recent readable backup is ${usable.name} (saved ${usable.savedAt ?? '?'}); you can go back to it.`;
}

/**
 * Makes backup `number` the campaign again. The current campaign.json, damaged or not, is kept as
 * `campaign.json.damaged-<time>`. Takes and releases the campaign's lock, so the campaign must not
 * be open anywhere.
 */
export async function restoreCampaignBackup(
  ref: CampaignRef,
  number: number,
  options: { readonly now?: () => Date; readonly identity?: LockIdentity; readonly takeOver?: boolean } = {},
): Promise<Result<Campaign>> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  if (!Number.isInteger(number) || number < 1) throw new Error(`backup number must be a positive integer, got ${number}`);
  const { dir, file, label, fileLabel } = paths.value;
  const lock = await acquireLock(dir, { ...options.identity, label, takeOver: options.takeOver === true });
  if (!lock.ok) return lock;
  try {
    const backup = await readCampaignFile(backupPath(file, number), `${ref.folder}/${CAMPAIGN_FILE}.bak${number}`);
    if (!backup.ok) return backup;
    const text = serializeCampaign(backup.value.campaign, fileLabel);
    if (!text.ok) return text;
    const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    try {
      // Kept aside only if it is a file we can read at all (a pipe would wait forever).
      const current = await readRegularFile(file, Number.MAX_SAFE_INTEGER);
      if (current.kind === 'bytes') {
        await writeDurably(path.join(dir, `${CAMPAIGN_FILE}.damaged-${stamp}`), current.bytes);
        await syncDirectory(dir);
      }
    } catch (error) {
      if (!hasCode(error, 'ENOENT')) return ioFailure('keep the current version of', fileLabel, error);
    }
    // No rotation: the backups stay as they are, so the GM can still pick another one.
    const written = await writeFileAtomic(file, text.value, { label: fileLabel });
    if (!written.ok) return written;
    return ok(backup.value.campaign);
  } finally {
    // Releasing only deletes our own .lock; if even that fails the restore itself still stands.
    await releaseLock(lock.value, label);
  }
}
