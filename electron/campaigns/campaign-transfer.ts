/**
 * Moving a campaign in and out of a campaigns root as one export file (the format of
 * `engine/campaign/campaign-export.ts`, shared with the browser build) or as a campaign folder
 * from elsewhere (a USB stick, another computer's campaigns folder).
 *
 * - Reading goes through the store's own read paths: `readCampaignFile` (size, strict UTF-8,
 *   guarded JSON, `restoreCampaign` with migrations) and `readEventLog` (each line checked, a torn
 *   last line left out and reported). Reading takes no lock and writes nothing.
 * - Importing writes a NEW campaign folder through `buildCampaignFolder` (staged under a hidden
 *   name, renamed when complete), never over anything. A campaign whose id is already used in the
 *   root or its archive gets a new id.
 * - Messages name files by base name or by `<folder>/campaign.json`, never by a full path.
 */
// An imported file's fights are replayed before anything is written (`parseExport`), under the
// rulesets the app has (`BUILTIN_RULESETS`, every one loaded in the main process).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably, writeFileAtomic } from './atomic-file';
import {
  checkId,
  failure,
  folderNameFor,
  formatBytes,
  importFileLabel,
  MAX_IMPORT_BYTES,
  newId,
  NOTHING_IMPORTED,
  ok,
  overLimit,
  preview,
  serializeEvents,
  serializeExport,
  utf8Length,
  type Campaign,
  type CampaignExport,
  type Result,
  type StoredEvent,
  type TornLog,
} from '../../engine/campaign/index';
import { parseExport } from '../../engine/campaign/parse-export';
import { readCampaignFile } from './campaign-file';
import { listCampaigns } from './campaign-list';
import { archiveRoot, campaignPaths, CAMPAIGN_FILE, ENCOUNTERS_FOLDER, EVENT_LOG_EXTENSION, type CampaignRef } from './campaign-paths';
import { buildCampaignFolder, realFolder } from './campaign-store';
import { readEventLog } from './event-log';
import { hasCode, ioFailure } from './io-failure';
import { BUILTIN_RULESETS } from '../../engine/all-rulesets';

/** A campaign read whole, ready to export or import, and the torn lines left out of its logs. */
export interface CampaignContent {
  readonly data: CampaignExport;
  readonly torn: TornLog[];
}

/** A campaign written into a root by {@link importCampaign}. */
export interface ImportedCampaignFolder extends CampaignRef {
  readonly campaign: Campaign;
  /** True when the campaign's id was already used in the root (or its archive) and it got a new one. */
  readonly renamedId: boolean;
}

/**
 * Reads a campaign of a root whole (open or not): campaign.json and the log of every listed
 * encounter that has one. For `campaigns:export`.
 */
export async function readCampaignContent(ref: CampaignRef): Promise<Result<CampaignContent>> {
  const paths = campaignPaths(ref);
  if (!paths.ok) return paths;
  const found = await realFolder(paths.value.dir, paths.value.label);
  if (!found.ok) return found;
  return readFolderContent(paths.value.dir, ref.folder, '');
}

/**
 * Reads a campaign folder chosen outside the campaigns root (it must hold campaign.json), for
 * `campaigns:import`. Messages name it by its base name; every refusal ends "Nothing was imported."
 */
export async function readCampaignFolder(dir: string): Promise<Result<CampaignContent>> {
  const name = preview(path.basename(dir));
  try {
    const info = await stat(dir);
    if (!info.isDirectory()) {
      return failure('import/not-campaign-folder', `"${name}" is not a folder; choose a campaign folder (one that holds ${CAMPAIGN_FILE}).${NOTHING_IMPORTED}`);
    }
  } catch (error) {
    return readFailure(`the folder "${name}"`, error);
  }
  const content = await readFolderContent(dir, name, NOTHING_IMPORTED);
  if (!content.ok && content.code === 'campaign/missing') {
    return failure(
      'import/not-campaign-folder',
      `The folder "${name}" is not a GM Screen campaign folder: it has no ${CAMPAIGN_FILE}. Choose a campaign folder, or import an export file instead.${NOTHING_IMPORTED}`,
    );
  }
  return content;
}

/**
 * Reads an export file (size checked before reading, strict UTF-8, then `parseExport`). Messages
 * name it by its base name.
 */
export async function readExportFile(file: string, maxBytes = MAX_IMPORT_BYTES): Promise<Result<CampaignExport>> {
  const name = path.basename(file);
  const label = importFileLabel(name);
  let bytes: Buffer;
  try {
    const info = await stat(file);
    if (!info.isFile()) return failure('import/not-file', `${label} is not a file.${NOTHING_IMPORTED}`);
    // Stat first so a 2 GB file is refused before it is read into memory.
    if (info.size > maxBytes) return failure('import/too-large', `${label} ${overLimit(info.size, maxBytes)} for a campaign export.${NOTHING_IMPORTED}`);
    bytes = await readFile(file);
  } catch (error) {
    return readFailure(`the import file "${preview(name)}"`, error);
  }
  // A leading byte-order mark (a text editor's) is accepted, as the browser build accepts it.
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return failure('json/not-text', `${label} is not UTF-8 text (it looks like binary data or another encoding).${NOTHING_IMPORTED}`);
  }
  return parseExport(text, BUILTIN_RULESETS, maxBytes, { label });
}

/**
 * The export file's text for `data`, refused when it would be larger than an import accepts (the
 * app never writes a file it would refuse to read).
 */
export function exportText(data: CampaignExport, label: string, maxBytes = MAX_IMPORT_BYTES): Result<string> {
  const text = serializeExport(data);
  const bytes = utf8Length(text);
  if (bytes > maxBytes) {
    return failure(
      'export/too-large',
      `${label} is too large to export as one file: the export would be ${formatBytes(bytes)}, over the ${formatBytes(maxBytes)} an import accepts. Nothing was written.`,
    );
  }
  return ok(text);
}

/** Writes an export file atomically (temp file, fsync, rename). `file` is what the GM chose. */
export function writeExportFile(file: string, text: string): Promise<Result<void>> {
  return writeFileAtomic(file, text, { label: `the export file "${preview(path.basename(file))}"` });
}

/**
 * Writes `data` into `root` as a new campaign folder (closed), with its logs. Never replaces
 * anything: the folder is new (`<slug>-<random>`), and when a campaign in the root or its
 * archive already has the id, the import gets a new id (`renamedId`).
 */
export async function importCampaign(root: string, data: CampaignExport): Promise<Result<ImportedCampaignFolder>> {
  const used = await usedIds(root);
  if (!used.ok) return used;
  const renamedId = used.value.has(data.campaign.id);
  const campaign: Campaign = renamedId ? { ...data.campaign, id: newId() } : data.campaign;
  // The random suffix makes a clash unlikely; never replace a folder when it happens.
  for (let attempt = 1; ; attempt++) {
    const folder = folderNameFor(campaign.name);
    const logs = serializeLogs(folder, data.encounters);
    if (!logs.ok) return logs;
    const built = await buildCampaignFolder(root, folder, campaign, async (staging) => {
      for (const [name, text] of logs.value) await writeDurably(path.join(staging, ENCOUNTERS_FOLDER, name), text);
    });
    if (built.ok) return ok({ root, folder, campaign, renamedId });
    if (built.code !== 'io/exists' || attempt >= 3) return built;
  }
}

// --- inside ------------------------------------------------------------------------------------

/**
 * campaign.json and the logs of a campaign folder. `name` names the folder in messages
 * (`<name>/campaign.json`, `<name>/encounters/<id>.jsonl`); `nothing` is added to refusals.
 */
async function readFolderContent(dir: string, name: string, nothing: string): Promise<Result<CampaignContent>> {
  const loaded = await readCampaignFile(path.join(dir, CAMPAIGN_FILE), `${name}/${CAMPAIGN_FILE}`);
  if (!loaded.ok) return loaded.code === 'campaign/missing' ? loaded : { ...loaded, message: loaded.message + nothing };
  const campaign = loaded.value.campaign;
  const encounters: Record<string, StoredEvent[]> = {};
  const torn: TornLog[] = [];
  for (const { id } of campaign.encounters) {
    // Ids passed the campaign schema (safe file names); checked again before they become a path.
    const checked = checkId(id, 'encounter id');
    if (!checked.ok) return { ...checked, message: checked.message + nothing };
    const log = await readEventLog(
      path.join(dir, ENCOUNTERS_FOLDER, `${checked.value}${EVENT_LOG_EXTENSION}`),
      `${name}/${ENCOUNTERS_FOLDER}/${checked.value}${EVENT_LOG_EXTENSION}`,
    );
    if (!log.ok) {
      if (log.code === 'events/no-log') continue; // a planned encounter without a log: none to carry
      return { ...log, message: log.message + nothing };
    }
    encounters[id] = log.value.events;
    if (log.value.torn) torn.push({ encounterId: id, message: log.value.torn.message });
  }
  return ok({ data: { campaign, encounters }, torn });
}

/** Each log's file name and text, checked as an append would check them, before anything is written. */
function serializeLogs(folder: string, encounters: CampaignExport['encounters']): Result<[string, string][]> {
  const files: [string, string][] = [];
  for (const [id, events] of Object.entries(encounters)) {
    const checked = checkId(id, 'encounter id');
    if (!checked.ok) return { ...checked, message: checked.message + NOTHING_IMPORTED };
    const name = `${checked.value}${EVENT_LOG_EXTENSION}`;
    const text = serializeEvents(events, `${folder}/${ENCOUNTERS_FOLDER}/${name}`);
    if (!text.ok) return { ...text, message: text.message + NOTHING_IMPORTED };
    files.push([name, text.value]);
  }
  return ok(files);
}

/** The ids of the campaigns in `root` and in its archive (damaged ones cannot be known, and are skipped). */
async function usedIds(root: string): Promise<Result<Set<string>>> {
  const ids = new Set<string>();
  for (const where of [root, archiveRoot(root)]) {
    const listed = await listCampaigns(where);
    if (!listed.ok) return { ...listed, message: listed.message + NOTHING_IMPORTED };
    for (const summary of listed.value.campaigns) ids.add(summary.id);
  }
  return ok(ids);
}

function withNothingImported<T>(result: Result<T>): Result<T> {
  return result.ok ? result : { ...result, message: `${result.message}${NOTHING_IMPORTED}` };
}

/** A read failure of something the GM chose (it may have gone since the dialog), naming it. */
function readFailure(label: string, error: unknown): Result<never> {
  if (hasCode(error, 'ENOENT', 'ENOTDIR')) return failure('import/not-found', `${upperFirst(label)} is not there any more.${NOTHING_IMPORTED}`);
  return withNothingImported(ioFailure('read', label, error));
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
