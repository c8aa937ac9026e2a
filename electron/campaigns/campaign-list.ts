/**
 * Listing the campaigns of a root. Each folder is read and checked on its own: a damaged one
 * becomes an entry in `problems` and never stops the others. Listing writes nothing.
 */
import { readdir } from 'node:fs/promises';
import { ARCHIVE_FOLDER, campaignPaths, CAMPAIGN_FILE } from './campaign-paths';
import {
  CAMPAIGN_VERSION,
  ok,
  summaryOf,
  type Campaign,
  type CampaignList,
  type CampaignProblem,
  type CampaignSummary,
  type Result,
} from '../../engine/campaign/index';
import { hasCode, ioFailure } from './io-failure';
import { readLock } from './lock';
import { readableBackupHint } from './recovery';
import { readCampaignFile } from './campaign-file';

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


