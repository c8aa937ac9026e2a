/**
 * Where things are inside a campaigns root, and how they are named in messages. The only way from
 * a folder name or an id to a path is through here, after the checks of
 * `engine/campaign/safe-names.ts`, so nothing outside the root can be reached.
 *
 * ```
 * <root>/
 *   <slug>-<suffix>/          one campaign
 *     campaign.json           (+ .bak1..N, .v0.orig after a migration)
 *     encounters/<id>.jsonl   one event log per encounter
 *     .lock                   while a GM Screen has it open
 *   archive/                  archived campaigns: itself a campaigns root
 *   .<name>.creating          a campaign being created or duplicated (renamed when complete)
 * ```
 */
import path from 'node:path';
import { checkId, checkPathSegment, failure, ok, type Result } from '../../engine/campaign/index';

/** The campaign file's name. */
export const CAMPAIGN_FILE = 'campaign.json';
/** The folder of event logs inside a campaign. */
export const ENCOUNTERS_FOLDER = 'encounters';
/** Archived campaigns live in `<root>/archive/`, which is itself a campaigns root. */
export const ARCHIVE_FOLDER = 'archive';
/** Event logs are `<encounter id>.jsonl`. */
export const EVENT_LOG_EXTENSION = '.jsonl';

/** A campaign's place: the campaigns root (absolute) and its folder name as listed. */
export interface CampaignRef {
  readonly root: string;
  readonly folder: string;
}

/** The paths of one campaign, and how messages name it. */
export interface CampaignPaths {
  /** The campaign folder. */
  readonly dir: string;
  /** Its campaign.json. */
  readonly file: string;
  /** Its encounters folder. */
  readonly encounters: string;
  /** The campaign in messages: `The campaign in folder "lost-mine-k3x9q2"`. */
  readonly label: string;
  /** campaign.json in messages: `lost-mine-k3x9q2/campaign.json`. */
  readonly fileLabel: string;
}

/** The archive root of `root`. */
export function archiveRoot(root: string): string {
  return path.join(root, ARCHIVE_FOLDER);
}

/**
 * Checks a campaign folder name from outside (the renderer got it from the list): one safe path
 * segment, not hidden (those are the store's own work folders) and not the archive.
 */
export function checkCampaignFolder(folder: unknown): Result<string> {
  const segment = checkPathSegment(folder, 'campaign folder name');
  if (!segment.ok) return segment;
  if (segment.value.startsWith('.')) {
    return failure('name/unsafe', `The campaign folder name "${segment.value}" starts with a dot; such folders are not campaigns.`);
  }
  if (segment.value.toLowerCase() === ARCHIVE_FOLDER) {
    return failure('name/unsafe', `"${segment.value}" is the archive folder, not a campaign.`);
  }
  return segment;
}

/** The paths of `ref`'s campaign, after checking the folder name. */
export function campaignPaths(ref: CampaignRef): Result<CampaignPaths> {
  if (!path.isAbsolute(ref.root)) {
    // The main process always passes an absolute root; a relative one would depend on the cwd.
    throw new Error(`campaigns root must be an absolute path, got "${ref.root}"`);
  }
  const folder = checkCampaignFolder(ref.folder);
  if (!folder.ok) return folder;
  const dir = path.join(ref.root, folder.value);
  return ok({
    dir,
    file: path.join(dir, CAMPAIGN_FILE),
    encounters: path.join(dir, ENCOUNTERS_FOLDER),
    label: `The campaign in folder "${folder.value}"`,
    fileLabel: `${folder.value}/${CAMPAIGN_FILE}`,
  });
}

/** The event log of encounter `id` in `ref`'s campaign, and its name in messages. */
export function eventLogPath(ref: CampaignRef, id: unknown): Result<{ file: string; label: string }> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  const checked = checkId(id, 'encounter id');
  if (!checked.ok) return checked;
  const name = `${checked.value}${EVENT_LOG_EXTENSION}`;
  return ok({ file: path.join(paths.value.encounters, name), label: `${ref.folder}/${ENCOUNTERS_FOLDER}/${name}` });
}
