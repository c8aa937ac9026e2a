/**
 * Campaigns on disk: create, list, open, save, close, rename, encounters and their events.
 * Folder-level operations (duplicate, archive, delete, restore a backup) are in campaign-folders.ts.
 *
 * Plain Node, no Electron: the main process passes the campaigns root (an absolute folder) and,
 * later, exposes these through IPC. Every function returns a `Result`; expected trouble (a damaged
 * file, a full disk, a campaign open elsewhere) is a failure with a message, never an exception.
 * Loading never writes to campaign.json or an event log; only an open (locked) campaign is written.
 */
import { lstat, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { readRegularFile } from './regular-file';
import path from 'node:path';
import { DEFAULT_BACKUPS, isTempFileName, mkdirDurably, syncDirectory, writeDurably, writeFileAtomic } from './atomic-file';
import { campaignPaths, CAMPAIGN_FILE, ENCOUNTERS_FOLDER, eventLogPath, type CampaignPaths, type CampaignRef } from './campaign-paths';
import {
  checkDisplayName,
  emptyCampaign,
  failure,
  folderNameFor,
  newId,
  ok,
  serializeCampaign,
  type AppendReport,
  type Campaign,
  type EncounterEntry,
  type EventLog,
  type Result,
} from '../../engine/campaign/index';
import { appendEventLines, readEventLog } from './event-log';
import { hasCode, ioFailure } from './io-failure';
import { acquireLock, checkLock, releaseLock, type LockHandle, type LockIdentity } from './lock';
import { readableBackupHint } from './recovery';
import { readCampaignFile } from './campaign-file';

/** Options every writing function accepts. */
export interface WriteOptions {
  /** The clock (tests pass a fixed one). */
  readonly now?: () => Date;
  /** How many previous versions of campaign.json to keep (`.bak1..N`). Default 5. */
  readonly backups?: number;
}

/** What a new campaign needs. */
export interface NewCampaign {
  readonly name: string;
  readonly rulesetId: string;
  readonly settings?: Campaign['settings'];
}

/** A campaign that was just created or duplicated (not open: call {@link openCampaign}). */
export interface CreatedCampaign extends CampaignRef {
  readonly campaign: Campaign;
}

/** A campaign open for writing: its place, its lock, and the campaign as loaded. */
export interface OpenedCampaign extends CampaignRef {
  readonly lock: LockHandle;
  readonly campaign: Campaign;
  /** The version the file had when it was migrated on this open, else null. */
  readonly migratedFrom: number | null;
  /** Where the pre-migration file was kept (relative to the root), else null. */
  readonly originalKeptAs: string | null;
}

/** Options of {@link openCampaign}. */
export interface OpenOptions extends WriteOptions {
  /** Take over a stale lock (left by a crash on this computer). Never takes a live one. */
  readonly takeOver?: boolean;
  /** Who is opening (tests); the real process by default. */
  readonly identity?: LockIdentity;
}

/**
 * Creates a campaign folder with campaign.json and an empty encounters folder. The folder is built
 * under a hidden name and renamed when complete, so a crash leaves no half campaign in the list.
 */
export async function createCampaign(root: string, input: NewCampaign, options: WriteOptions = {}): Promise<Result<CreatedCampaign>> {
  const name = checkDisplayName(input.name, 'campaign name');
  if (!name.ok) return name;
  const at = (options.now?.() ?? new Date()).toISOString();
  const campaign = emptyCampaign({ id: newId(), name: name.value, rulesetId: input.rulesetId, settings: input.settings ?? {}, at });
  const folder = folderNameFor(name.value);
  const built = await buildCampaignFolder(root, folder, campaign, async () => {});
  if (!built.ok) return built;
  return ok({ root, folder, campaign });
}

/**
 * Writes a campaign folder under a hidden staging name (`fill` adds files, e.g. copied logs), then
 * renames it into place. Used by create and duplicate.
 */
export async function buildCampaignFolder(
  root: string,
  folder: string,
  campaign: Campaign,
  fill: (staging: string) => Promise<void>,
): Promise<Result<void>> {
  const target = campaignPaths({ root, folder });
  if (!target.ok) return target;
  const text = serializeCampaign(campaign, target.value.fileLabel);
  if (!text.ok) return text;
  const staging = path.join(root, `.${folder}.creating`);
  try {
    // Durably: on the first run this creates the campaigns folder itself.
    await mkdirDurably(root);
    // An existing folder with this name (practically impossible with the random suffix) must not
    // be replaced: rename would replace an empty one on POSIX.
    if (await exists(target.value.dir)) return failure('io/exists', `${target.value.label} already exists; try again.`);
    await mkdir(staging);
    await mkdir(path.join(staging, ENCOUNTERS_FOLDER));
    await fill(staging);
    await syncDirectory(path.join(staging, ENCOUNTERS_FOLDER));
    const written = await writeFileAtomic(path.join(staging, CAMPAIGN_FILE), text.value, { label: target.value.fileLabel });
    if (!written.ok) {
      await rm(staging, { recursive: true, force: true }).catch(() => {});
      return written;
    }
    await rename(staging, target.value.dir);
    await syncDirectory(root);
    return ok(undefined);
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
    return ioFailure('create', target.value.label, error);
  }
}

/**
 * Opens a campaign for writing: takes its lock, loads campaign.json and, if it is an older
 * version, keeps the original as `campaign.json.v<N>.orig` and writes the upgraded file. If
 * anything fails the lock is released again and nothing was changed.
 */
export async function openCampaign(ref: CampaignRef, options: OpenOptions = {}): Promise<Result<OpenedCampaign>> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  const { dir, file, label, fileLabel } = paths.value;
  const found = await realFolder(dir, label);
  if (!found.ok) return found;
  const lock = await acquireLock(dir, { ...options.identity, label, takeOver: options.takeOver === true });
  if (!lock.ok) return lock;
  const fail = async <T>(result: Result<T> & { ok: false }) => {
    await releaseLock(lock.value, label);
    return result;
  };
  const loaded = await readCampaignFile(file, fileLabel);
  if (!loaded.ok) return fail({ ...loaded, message: loaded.message + (await readableBackupHint(paths.value)) });
  await removeStaleTempFiles(dir);
  let originalKeptAs: string | null = null;
  const { campaign, migratedFrom, bytes } = loaded.value;
  if (migratedFrom !== null) {
    const kept = await keepOriginal(paths.value, migratedFrom, bytes);
    if (!kept.ok) return fail(kept);
    const text = serializeCampaign(campaign, fileLabel);
    if (!text.ok) return fail(text);
    const written = await writeFileAtomic(file, text.value, { label: fileLabel, backups: options.backups ?? DEFAULT_BACKUPS });
    if (!written.ok) return fail(written);
    originalKeptAs = `${ref.folder}/${kept.value}`;
  }
  return ok({ root: ref.root, folder: ref.folder, lock: lock.value, campaign, migratedFrom, originalKeptAs });
}

/** Releases an open campaign's lock. The `OpenedCampaign` must not be used afterwards. */
export async function closeCampaign(opened: OpenedCampaign): Promise<Result<void>> {
  const paths = campaignPaths(opened);
  if (!paths.ok) return paths;
  return releaseLock(opened.lock, paths.value.label);
}

/**
 * Saves `campaign` as the open campaign's campaign.json (atomically, rotating the backups) and
 * returns it with `updatedAt` set to now. Refused when the campaign's id is not the open one's
 * or when this window no longer holds the lock.
 */
export async function saveCampaign(opened: OpenedCampaign, campaign: Campaign, options: WriteOptions = {}): Promise<Result<Campaign>> {
  const paths = campaignPaths(opened);
  if (!paths.ok) return paths;
  if (campaign.id !== opened.campaign.id) {
    return failure('campaign/wrong-id', `${paths.value.label} holds campaign ${opened.campaign.id}, not ${campaign.id}; nothing was saved.`);
  }
  const held = await checkLock(opened.lock, paths.value.label);
  if (!held.ok) return held;
  const stamped: Campaign = { ...campaign, updatedAt: (options.now?.() ?? new Date()).toISOString() };
  const text = serializeCampaign(stamped, paths.value.fileLabel);
  if (!text.ok) return text;
  const written = await writeFileAtomic(paths.value.file, text.value, {
    label: paths.value.fileLabel,
    backups: options.backups ?? DEFAULT_BACKUPS,
  });
  if (!written.ok) return written;
  return ok(stamped);
}

/** Renames the open campaign (its display name; the folder keeps its name) and saves it. */
export async function renameCampaign(opened: OpenedCampaign, campaign: Campaign, name: string, options: WriteOptions = {}): Promise<Result<Campaign>> {
  const checked = checkDisplayName(name, 'campaign name');
  if (!checked.ok) return checked;
  return saveCampaign(opened, { ...campaign, name: checked.value }, options);
}

/**
 * Adds a planned encounter: creates its empty `encounters/<id>.jsonl` (durably), then saves the
 * campaign with the new entry. A crash between the two leaves an empty log nobody lists, which is
 * harmless.
 */
export async function createEncounter(
  opened: OpenedCampaign,
  campaign: Campaign,
  input: { readonly name: string },
  options: WriteOptions = {},
): Promise<Result<{ campaign: Campaign; encounter: EncounterEntry }>> {
  const name = checkDisplayName(input.name, 'encounter name');
  if (!name.ok) return name;
  const paths = campaignPaths(opened);
  if (!paths.ok) return paths;
  const held = await checkLock(opened.lock, paths.value.label);
  if (!held.ok) return held;
  const id = newId();
  const log = eventLogPath(opened, id);
  if (!log.ok) return log;
  try {
    await mkdirDurably(paths.value.encounters);
    await writeDurably(log.value.file, '');
    await syncDirectory(paths.value.encounters);
  } catch (error) {
    return ioFailure('create', log.value.label, error);
  }
  const at = (options.now?.() ?? new Date()).toISOString();
  const encounter: EncounterEntry = { id, name: name.value, status: 'planned', createdAt: at, updatedAt: at };
  const saved = await saveCampaign(opened, { ...campaign, encounters: [...campaign.encounters, encounter] }, options);
  if (!saved.ok) {
    await unlink(log.value.file).catch(() => {});
    return saved;
  }
  return ok({ campaign: saved.value, encounter });
}

/**
 * Appends events to an encounter's log of the open campaign. Resolves only after they are
 * fsynced: when it says ok, the events survive a crash. All or nothing as far as the caller
 * knows: on failure, none of them counts as saved (a torn tail is handled on the next read).
 */
export async function appendEvents<E extends { readonly type: string }>(
  opened: OpenedCampaign,
  encounterId: string,
  events: readonly E[],
): Promise<Result<AppendReport>> {
  const log = eventLogPath(opened, encounterId);
  if (!log.ok) return log;
  const paths = campaignPaths(opened);
  if (!paths.ok) return paths;
  const held = await checkLock(opened.lock, paths.value.label);
  if (!held.ok) return held;
  return appendEventLines(log.value.file, log.value.label, events);
}

/**
 * Reads an encounter's events (open or not; reading takes no lock). A torn last line is left out
 * and reported in `torn`; a damaged line elsewhere is a failure naming the line.
 */
export async function readEvents(ref: CampaignRef, encounterId: string): Promise<Result<EventLog>> {
  const log = eventLogPath(ref, encounterId);
  if (!log.ok) return log;
  return readEventLog(log.value.file, log.value.label);
}

/**
 * Keeps the pre-migration bytes as `campaign.json.v<N>.orig`, never overwriting: if that name is
 * taken by different bytes (an earlier migration, then a downgrade), a suffixed name is used.
 * Returns the file name used.
 */
async function keepOriginal(paths: CampaignPaths, version: number, bytes: Buffer): Promise<Result<string>> {
  const base = `${CAMPAIGN_FILE}.v${version}.orig`;
  for (const name of [base, `${base}-${Date.now()}`]) {
    const file = path.join(paths.dir, name);
    try {
      await writeDurably(file, bytes);
      await syncDirectory(paths.dir);
      return ok(name);
    } catch (error) {
      if (!hasCode(error, 'EEXIST')) return ioFailure('keep the original of', paths.fileLabel, error);
      const same = await readRegularFile(file, bytes.length).then((old) => old.kind === 'bytes' && old.bytes.equals(bytes), () => false);
      if (same) return ok(name);
    }
  }
  return failure('io/exists', `Could not keep the original of ${paths.fileLabel} before upgrading it; nothing was changed. Try again.`);
}

/** Removes temp files a crashed save left in `dir` (we hold the lock, so none is in use). */
async function removeStaleTempFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter(isTempFileName).map((name) => rm(path.join(dir, name), { force: true }).catch(() => {})));
}

/** True when `p` exists (as anything). */
export async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch (error) {
    if (hasCode(error, 'ENOENT', 'ENOTDIR')) return false;
    throw error;
  }
}

/**
 * Checks that a campaign folder exists and is a real folder: not a file, and not a link, which
 * could lead outside the campaigns root.
 */
export async function realFolder(dir: string, label: string): Promise<Result<void>> {
  try {
    const info = await lstat(dir);
    if (info.isDirectory()) return ok(undefined);
    return failure('campaign/not-found', `${label} is not a folder. Refresh the campaign list.`);
  } catch (error) {
    if (hasCode(error, 'ENOENT', 'ENOTDIR')) return failure('campaign/not-found', `${label} does not exist. Refresh the campaign list.`);
    return ioFailure('open', label, error);
  }
}
