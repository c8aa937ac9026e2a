/**
 * Whole-campaign operations: duplicate, archive, unarchive, delete. Each one that changes a
 * campaign folder takes its lock first, so none of them touches a campaign open in a GM Screen.
 */
import { copyFile, mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from './atomic-file';
import { archiveRoot, campaignPaths, ENCOUNTERS_FOLDER, eventLogPath, type CampaignRef } from './campaign-paths';
import {
  checkDisplayName,
  copyName,
  failure,
  folderNameFor,
  newId,
  ok,
  type Campaign,
  type Result,
} from '../../engine/campaign/index';
import { buildCampaignFolder, exists, realFolder, type CreatedCampaign, type WriteOptions } from './campaign-store';
import { hasCode, ioFailure } from './io-failure';
import { acquireLock, releaseLock, type LockHandle, type LockIdentity } from './lock';
import { readCampaignFile } from './campaign-file';

/** Moves a path to the system trash (Electron's `shell.trashItem`); rejects when it cannot. */
export type TrashFunction = (path: string) => Promise<void>;

/** Options of the operations that take a campaign's lock. */
export interface LockingOptions {
  /** Take over a stale lock (left by a crash on this computer). */
  readonly takeOver?: boolean;
  /** Who is asking (tests); the real process by default. */
  readonly identity?: LockIdentity;
}

/**
 * Copies a campaign to a new folder with a new id: campaign.json (as loaded, so an old version is
 * written upgraded) and the event logs of its encounters, byte for byte. Takes no lock (it only
 * reads the source); a copy made while the source is being written may end in a torn line,
 * which reading handles.
 */
export async function duplicateCampaign(
  ref: CampaignRef,
  input: { readonly name?: string } = {},
  options: WriteOptions = {},
): Promise<Result<CreatedCampaign>> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  const loaded = await readCampaignFile(paths.value.file, paths.value.fileLabel);
  if (!loaded.ok) return loaded;
  const source = loaded.value.campaign;
  const name = checkDisplayName(input.name ?? copyName(source.name), 'campaign name');
  if (!name.ok) return name;
  const at = (options.now?.() ?? new Date()).toISOString();
  const campaign: Campaign = { ...source, id: newId(), name: name.value, createdAt: at, updatedAt: at };
  const folder = folderNameFor(name.value);
  const built = await buildCampaignFolder(ref.root, folder, campaign, async (staging) => {
    for (const encounter of source.encounters) {
      const log = eventLogPath(ref, encounter.id);
      if (!log.ok) continue; // ids passed the schema, so this does not happen
      const copy = path.join(staging, ENCOUNTERS_FOLDER, path.basename(log.value.file));
      try {
        await copyFile(log.value.file, copy);
      } catch (error) {
        if (hasCode(error, 'ENOENT')) continue; // the source has no log either; the copy matches it
        throw error;
      }
      const handle = await open(copy, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  });
  if (!built.ok) return built;
  return ok({ root: ref.root, folder, campaign });
}

/** Moves a campaign into `<root>/archive/`. Returns its place there. */
export async function archiveCampaign(ref: CampaignRef, options: LockingOptions = {}): Promise<Result<CampaignRef>> {
  return moveCampaign(ref, archiveRoot(ref.root), options);
}

/** Moves an archived campaign (`folder` inside `<root>/archive/`) back into `root`. */
export async function unarchiveCampaign(root: string, folder: string, options: LockingOptions = {}): Promise<Result<CampaignRef>> {
  return moveCampaign({ root: archiveRoot(root), folder }, root, options);
}

/**
 * Moves a campaign folder to another root on the same drive. Holds the campaign's lock during the
 * move and releases it at the new place.
 */
async function moveCampaign(ref: CampaignRef, toRoot: string, options: LockingOptions): Promise<Result<CampaignRef>> {
  const from = campaignPaths(ref);
  if (!from.ok) return from;
  const to = campaignPaths({ root: toRoot, folder: ref.folder });
  if (!to.ok) return to;
  const found = await realFolder(from.value.dir, from.value.label);
  if (!found.ok) return found;
  const lock = await acquireLock(from.value.dir, { ...options.identity, label: from.value.label, takeOver: options.takeOver === true });
  if (!lock.ok) return lock;
  try {
    await mkdir(toRoot, { recursive: true });
    if (await exists(to.value.dir)) {
      await releaseLock(lock.value, from.value.label);
      return failure('campaign/exists', `Could not move ${from.value.label}: a folder with that name already exists in the destination. Rename one of them first.`);
    }
    await rename(from.value.dir, to.value.dir);
  } catch (error) {
    await releaseLock(lock.value, from.value.label);
    return ioFailure('move', from.value.label, error);
  }
  await syncDirectory(ref.root).catch(() => {});
  await syncDirectory(toRoot).catch(() => {});
  const moved: LockHandle = { folder: to.value.dir, info: lock.value.info };
  await releaseLock(moved, to.value.label);
  return ok({ root: toRoot, folder: ref.folder });
}

/**
 * Deletes a campaign by moving its folder to the system trash with `trash` (Electron's
 * `shell.trashItem`; nothing is deleted for good here). Works for a damaged campaign too; refused
 * while it is open in a GM Screen.
 */
export async function deleteCampaign(ref: CampaignRef, trash: TrashFunction, options: LockingOptions = {}): Promise<Result<void>> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  const found = await realFolder(paths.value.dir, paths.value.label);
  if (!found.ok) return found;
  const lock = await acquireLock(paths.value.dir, { ...options.identity, label: paths.value.label, takeOver: options.takeOver === true });
  if (!lock.ok) return lock;
  // Our .lock goes to the trash with the folder, and keeps it locked until it is gone.
  try {
    await trash(paths.value.dir);
  } catch (error) {
    await releaseLock(lock.value, paths.value.label);
    const reason = error instanceof Error ? error.message : String(error);
    return failure('campaign/trash-failed', `Could not move ${paths.value.label} to the trash (${reason}). Nothing was deleted.`);
  }
  return ok(undefined);
}
