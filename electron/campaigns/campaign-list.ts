/**
 * Listing the campaigns of a root. Each folder is read and checked on its own: a damaged one
 * becomes an entry in `problems` and never stops the others. Listing writes nothing.
 */
import { readdir } from 'node:fs/promises';
import { ARCHIVE_FOLDER, campaignPaths, CAMPAIGN_FILE } from './campaign-paths';
import { CAMPAIGN_VERSION, type Campaign } from './campaign-schema';
import { summaryOf } from './campaign-summary';
import { hasCode, ioFailure } from './io-failure';
import { readLock, type LockState } from './lock';
import { readableBackupHint } from './recovery';
import { readCampaignFile } from './campaign-file';
import { ok, type Result } from './result';

/** One campaign in the list. */
export interface CampaignSummary {
  /** Its folder name: what the renderer passes back to open it. */
  readonly folder: string;
  readonly id: string;
  readonly name: string;
  readonly rulesetId: string;
  readonly encounterCount: number;
  /** When an encounter of it was last played (its entry last changed), or null before the first. */
  readonly lastPlayedAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The version of the file on disk; older than the current one means it is upgraded on open. */
  readonly fileVersion: number;
  /** Its lock, when some GM Screen has it open (or left it locked by a crash), else null. */
  readonly lock: LockState | null;
}

/** A folder that could not be listed as a campaign, and why. */
export interface CampaignProblem {
  readonly folder: string;
  readonly code: string;
  /** Names the file and the problem, and says what to do. */
  readonly message: string;
}

/** What {@link listCampaigns} gives. */
export interface CampaignList {
  /** Most recently changed first. */
  readonly campaigns: CampaignSummary[];
  /** By folder name. */
  readonly problems: CampaignProblem[];
}

/**
 * Lists the campaigns under `root` (an absolute folder; a missing root is an empty list). Hidden
 * folders (the store's own work in progress), the `archive` folder and plain files are skipped.
 * Pass `archiveRoot(root)` to list the archive.
 */
export async function listCampaigns(root: string): Promise<Result<CampaignList>> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return ok({ campaigns: [], problems: [] });
    return ioFailure('list the campaigns in', 'the campaigns folder', error);
  }
  const campaigns: CampaignSummary[] = [];
  const problems: CampaignProblem[] = [];
  // One at a time: a root of large campaigns read in parallel could hold gigabytes at once.
  for (const entry of entries) {
    const folder = entry.name;
    if (folder.startsWith('.') || folder.toLowerCase() === ARCHIVE_FOLDER) continue;
    if (entry.isSymbolicLink()) {
      problems.push({ folder, code: 'campaign/link', message: `"${folder}" is a link, not a folder; GM Screen only opens campaign folders stored in the campaigns folder itself.` });
      continue;
    }
    if (!entry.isDirectory()) continue;
    const result = await summarize(root, folder);
    if (result.ok) campaigns.push(result.value);
    else problems.push({ folder, code: result.code, message: result.message });
  }
  campaigns.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name));
  problems.sort((a, b) => a.folder.localeCompare(b.folder));
  return ok({ campaigns, problems });
}

async function summarize(root: string, folder: string): Promise<Result<CampaignSummary>> {
  const paths = campaignPaths({ root, folder });
  // A folder someone made by hand with a name Windows refuses ("notes.", "a:b"): say so.
  if (!paths.ok) return { ...paths, message: `${paths.message} Rename the folder to list it.` };
  const loaded = await readCampaignFile(paths.value.file, paths.value.fileLabel);
  if (!loaded.ok) {
    const hint = await readableBackupHint(paths.value);
    if (loaded.code === 'campaign/missing' && hint === '') {
      return { ...loaded, message: `The folder "${folder}" is not a campaign (it has no ${CAMPAIGN_FILE}).` };
    }
    return { ...loaded, message: loaded.message + hint };
  }
  const lock = await readLock(paths.value.dir);
  const campaign: Campaign = loaded.value.campaign;
  return ok(summaryOf(folder, campaign, { fileVersion: loaded.value.migratedFrom ?? CAMPAIGN_VERSION, lock: lock.ok ? lock.value : null }));
}


