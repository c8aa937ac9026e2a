/**
 * The app's settings file, `settings.json` in Electron's userData folder: a versioned envelope
 *
 * ```
 * { "type": "gm-screen/settings", "version": 3, "campaignsFolder": "/path" | null, "backupCount": 5,
 *   "playerWindow": { "displayId": 2779098405, "bounds": { "x": 1920, "y": 0, "width": 1280, "height": 720 }, "fullScreen": true },
 *   "sharedCampaigns": [{ "folder": "lost-mine", "address": "192.168.1.20", "port": 5199, "pick": true, "code": "ab3k-9xq2" }] }
 * ```
 *
 * Version 2 added the optional `playerWindow` (where the players' window was last time), version
 * 3 the optional `sharedCampaigns` (the campaigns whose players' screen was shared with phones
 * when they were last open, issue 44: sharing starts again when one opens, and only then); older
 * files are still read, and written back as version 3 on the next change. Both are conveniences:
 * a damaged one is dropped (the window opens where it would the first time; sharing stays off)
 * and the rest of the file is still used. A shared campaign's join `code` is optional (entries
 * written before it was kept have none): one that is missing or does not read as a join code
 * costs only the code, and sharing starts again with a new one.
 *
 * Read with the same guards as the campaign files (size, strict UTF-8, nesting depth, prototype
 * keys) and a strict valibot schema. A missing file means the defaults. A damaged one (or one of
 * a newer version) also means the defaults, plus a problem to show the GM; it is never written
 * over just by starting the app. The first time the GM changes a setting it is kept aside as
 * `settings.json.damaged-<time>`, then the new settings are written atomically.
 *
 * Plain Node, no Electron: main.ts passes the file's path.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { DEFAULT_BACKUPS, syncDirectory, writeDurably, writeFileAtomic } from './campaigns/atomic-file';
import { decodeUtf8, describeIssues, ok, overLimit, parseJsonText, type Result } from '../engine/campaign/index';
import { hasCode, ioFailure } from './campaigns/io-failure';
import { normalJoinCode, shownJoinCode } from './phone-share/join-code';
import { isFolderName, MAX_BACKUP_COUNT, MAX_FOLDER_LENGTH, MAX_SHARE_PORT, MIN_BACKUP_COUNT, MIN_SHARE_PORT } from './ipc-contract';

/** The settings file's name inside userData. */
export const SETTINGS_FILE = 'settings.json';
/** The `type` every settings file carries. */
export const SETTINGS_TYPE = 'gm-screen/settings';
/** The version this build writes (it reads this one and every earlier one). */
export const SETTINGS_VERSION = 3;
/** Largest settings file read: a few hundred bytes is normal. */
export const MAX_SETTINGS_BYTES = 64 * 1024;
/** Longest campaigns folder path accepted. */
export const MAX_FOLDER_PATH_LENGTH = 4096;

/** Largest coordinate or size of a remembered window, in screen pixels (far beyond any desktop). */
export const MAX_WINDOW_COORDINATE = 100_000;

/** A rectangle in screen coordinates (Electron's `Rectangle`). */
export interface WindowBounds {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Where the players' window was when it last moved, resized, changed full screen or closed. */
export interface PlayerWindowPlacement {
  /** The display it was on (Electron's `Display.id`). */
  readonly displayId: number;
  /** Its bounds out of full screen (`getNormalBounds()`). */
  readonly bounds: WindowBounds;
  readonly fullScreen: boolean;
}

/** A campaign whose players' screen was shared with phones when it was last open, and how. */
export interface SharedCampaign {
  /** Its folder's name in the campaigns folder. */
  readonly folder: string;
  /** The network address the phones' server listened on, and its port. */
  readonly address: string;
  readonly port: number;
  /** Whether players could pick their character on their phone. */
  readonly pick: boolean;
  /**
   * The join code the phones were given (`ab3k-9xq2`): sharing starts again with it, so the phones
   * that were watching come back by themselves. Absent: a new code (files written before it was kept).
   */
  readonly code?: string;
}

/** Most campaigns remembered as shared (the ones shared longest ago are forgotten first). */
export const MAX_SHARED_CAMPAIGNS = 50;

/** The settings. */
export interface Settings {
  /** The campaigns folder the GM chose (absolute), or null for the default (`<userData>/campaigns`). */
  readonly campaignsFolder: string | null;
  /** How many previous versions of campaign.json each save keeps. */
  readonly backupCount: number;
  /** Where the players' window was last time; absent until it has been opened (or when damaged). */
  readonly playerWindow?: PlayerWindowPlacement;
  /** The campaigns shared with phones when they were last open, oldest first; absent when none. */
  readonly sharedCampaigns?: readonly SharedCampaign[];
}

export const DEFAULT_SETTINGS: Settings = { campaignsFolder: null, backupCount: DEFAULT_BACKUPS };

/** Why `folder` cannot be a campaigns folder path (as a phrase), or null. */
export function folderPathProblem(folder: string): string | null {
  if (!path.isAbsolute(folder)) return 'is not an absolute path';
  if (folder.length > MAX_FOLDER_PATH_LENGTH) return `is longer than ${MAX_FOLDER_PATH_LENGTH} characters`;
  if (/\p{Cc}/u.test(folder)) return 'contains a control character';
  return null;
}

const coordinate = v.pipe(
  v.number(),
  v.integer('should be a whole number'),
  v.minValue(-MAX_WINDOW_COORDINATE, `should be at least ${-MAX_WINDOW_COORDINATE}`),
  v.maxValue(MAX_WINDOW_COORDINATE, `should be at most ${MAX_WINDOW_COORDINATE}`),
);
const size = v.pipe(
  v.number(),
  v.integer('should be a whole number'),
  v.minValue(1, 'should be at least 1'),
  v.maxValue(MAX_WINDOW_COORDINATE, `should be at most ${MAX_WINDOW_COORDINATE}`),
);

/** `playerWindow`, checked on its own: a damaged one is dropped without costing the other settings. */
export const playerWindowSchema = v.strictObject({
  // Electron's display ids are integers (large ones on Windows); -1 means "not known".
  displayId: v.pipe(v.number(), v.integer('should be a whole number'), v.minValue(0, 'should not be negative')),
  bounds: v.strictObject({ x: coordinate, y: coordinate, width: size, height: size }),
  fullScreen: v.boolean(),
});

/** A shared campaign's fields but its code. */
const sharedCampaignFields = {
  folder: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_FOLDER_LENGTH), v.check(isFolderName, 'should be a folder name, not a path')),
  address: v.pipe(v.string(), v.ipv4('should be an IPv4 address')),
  port: v.pipe(v.number(), v.integer('should be a whole number'), v.minValue(MIN_SHARE_PORT, `should be at least ${MIN_SHARE_PORT}`), v.maxValue(MAX_SHARE_PORT, `should be at most ${MAX_SHARE_PORT}`)),
  pick: v.boolean(),
};

const sharedCampaignsList = <T extends v.GenericSchema>(entry: T) =>
  v.pipe(v.array(entry), v.maxLength(MAX_SHARED_CAMPAIGNS, `should list at most ${MAX_SHARED_CAMPAIGNS} campaigns`));

/** `sharedCampaigns` as written: every code a join code. */
export const sharedCampaignsSchema = sharedCampaignsList(
  v.strictObject({
    ...sharedCampaignFields,
    code: v.optional(v.pipe(v.string(), v.check((code) => normalJoinCode(code) !== null, 'should be a join code like ab3k-9xq2'))),
  }),
);

/**
 * `sharedCampaigns` as read, checked on its own like `playerWindow`: a code is whatever the file
 * holds, read afterwards with the join code's own check (`sharedCampaignsRead`), so a code that
 * does not read costs only itself.
 */
const sharedCampaignsReadSchema = sharedCampaignsList(v.strictObject({ ...sharedCampaignFields, code: v.optional(v.unknown()) }));

const settingsFields = {
  type: v.literal(SETTINGS_TYPE),
  campaignsFolder: v.nullable(
    v.pipe(
      v.string(),
      v.check((folder) => folderPathProblem(folder) === null, (issue) => folderPathProblem(String(issue.input)) ?? 'is not valid'),
    ),
  ),
  backupCount: v.pipe(
    v.number(),
    v.integer('should be a whole number'),
    v.minValue(MIN_BACKUP_COUNT, `should be at least ${MIN_BACKUP_COUNT}`),
    v.maxValue(MAX_BACKUP_COUNT, `should be at most ${MAX_BACKUP_COUNT}`),
  ),
};

/** What is read: any version up to this one; `playerWindow` checked separately. */
const readSchema = v.strictObject({
  ...settingsFields,
  version: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(SETTINGS_VERSION)),
  playerWindow: v.optional(v.unknown()),
  sharedCampaigns: v.optional(v.unknown()),
});

const placementOnly = v.strictObject({ playerWindow: playerWindowSchema });
const sharedOnly = v.strictObject({ sharedCampaigns: sharedCampaignsReadSchema });

/** What is written: this version, everything checked. */
const writeSchema = v.strictObject({
  ...settingsFields,
  version: v.literal(SETTINGS_VERSION),
  playerWindow: v.optional(playerWindowSchema),
  sharedCampaigns: v.optional(sharedCampaignsSchema),
});

/** What reading the settings file gives. Never a failure: the defaults stand in. */
export interface LoadedSettings {
  readonly settings: Settings;
  /** Why the file was not used (the defaults apply), for the GM; null when it was fine or absent. */
  readonly problem: string | null;
  /** True when there is a file that was not used: it is kept aside before the first save over it. */
  readonly damaged: boolean;
  /** The parts of a usable file that were dropped (a damaged `playerWindow` or `sharedCampaigns`), for the log. */
  readonly ignored?: string;
}

/** Reads the settings file at `file`. Never writes. */
export async function readSettings(file: string): Promise<LoadedSettings> {
  const label = path.basename(file);
  const unusable = (what: string): LoadedSettings => ({
    settings: DEFAULT_SETTINGS,
    problem: `${what} GM Screen uses the default settings for now; the file is left as it is until you change a setting.`,
    damaged: true,
  });
  let bytes: Buffer;
  try {
    const { size } = await stat(file);
    if (size > MAX_SETTINGS_BYTES) return unusable(`${label} ${overLimit(size, MAX_SETTINGS_BYTES)} for a settings file.`);
    bytes = await readFile(file);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return { settings: DEFAULT_SETTINGS, problem: null, damaged: false };
    const failed = ioFailure('read', label, error);
    // Unreadable (permissions, a drive error): not "damaged", but not used either.
    return unusable(failed.message);
  }
  if (bytes.length > MAX_SETTINGS_BYTES) return unusable(`${label} is over the limit for a settings file.`);
  const text = decodeUtf8(bytes, label);
  if (!text.ok) return unusable(text.message);
  const raw = parseJsonText(text.value, label);
  if (!raw.ok) return unusable(raw.message);
  const envelope = raw.value;
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    return unusable(`${label} is not a GM Screen settings file: it holds no object.`);
  }
  const { type, version } = envelope as { type?: unknown; version?: unknown };
  if (type !== SETTINGS_TYPE) {
    const found = typeof type === 'string' ? `its type is "${type.slice(0, 60)}"` : 'it has no "type" field';
    return unusable(`${label} is not a GM Screen settings file (${found}; expected "${SETTINGS_TYPE}").`);
  }
  if (typeof version === 'number' && Number.isInteger(version) && version > SETTINGS_VERSION) {
    return unusable(`${label} was written by a newer GM Screen (settings version ${version}; this one reads up to ${SETTINGS_VERSION}).`);
  }
  const parsed = v.safeParse(readSchema, envelope);
  if (!parsed.success) return unusable(`${label} is damaged: ${describeIssues(parsed.issues)}.`);
  const { campaignsFolder, backupCount, playerWindow, sharedCampaigns } = parsed.output;
  let settings: Settings = { campaignsFolder, backupCount };
  const ignored: string[] = [];
  // Each convenience wrapped on its own, so the issues name their field from it on.
  if (playerWindow !== undefined) {
    const placement = v.safeParse(placementOnly, { playerWindow });
    if (placement.success) settings = { ...settings, playerWindow: placement.output.playerWindow };
    else ignored.push(`${label}: the player window's last place was forgotten (${describeIssues(placement.issues)}).`);
  }
  if (sharedCampaigns !== undefined) {
    const shared = v.safeParse(sharedOnly, { sharedCampaigns });
    if (shared.success) {
      const read = sharedCampaignsRead(shared.output.sharedCampaigns);
      settings = { ...settings, sharedCampaigns: read.campaigns };
      if (read.codesDropped.length > 0) {
        const folders = read.codesDropped.map((folder) => `"${folder}"`).join(', ');
        ignored.push(
          read.codesDropped.length === 1
            ? `${label}: the join code kept for ${folders} is not a join code; that campaign shares with phones again with a new code (the phones scan it again).`
            : `${label}: the join codes kept for ${folders} are not join codes; those campaigns share with phones again with new codes (the phones scan them again).`,
        );
      }
    } else ignored.push(`${label}: which campaigns were shared with phones was forgotten (${describeIssues(shared.issues)}).`);
  }
  return { settings, problem: null, damaged: false, ...(ignored.length > 0 ? { ignored: ignored.join(' ') } : {}) };
}

/** The shared campaigns as read: each code through the join code's own check, one that does not read dropped. */
function sharedCampaignsRead(entries: readonly (Omit<SharedCampaign, 'code'> & { readonly code?: unknown })[]): {
  readonly campaigns: SharedCampaign[];
  /** The folders whose code was dropped. */
  readonly codesDropped: string[];
} {
  const codesDropped: string[] = [];
  const campaigns = entries.map(({ code, ...entry }): SharedCampaign => {
    if (code === undefined) return entry;
    const letters = typeof code === 'string' ? normalJoinCode(code) : null;
    if (letters !== null) return { ...entry, code: shownJoinCode(letters) };
    codesDropped.push(entry.folder);
    return entry;
  });
  return { campaigns, codesDropped };
}

/** The settings file's text. */
export function serializeSettings(settings: Settings): string {
  const envelope = { type: SETTINGS_TYPE, version: SETTINGS_VERSION, ...settings };
  // The app never writes a file it would refuse to read.
  const parsed = v.safeParse(writeSchema, envelope);
  if (!parsed.success) throw new Error(`settings not valid: ${describeIssues(parsed.issues)}`);
  return `${JSON.stringify(parsed.output, null, 2)}\n`;
}

/**
 * Writes the settings atomically. With `keepDamaged`, the file there now (one that was not used)
 * is first kept as `settings.json.damaged-<time>`, so nothing the GM had is thrown away.
 */
export async function writeSettings(
  file: string,
  settings: Settings,
  options: { readonly keepDamaged?: boolean; readonly now?: () => Date } = {},
): Promise<Result<void>> {
  const label = path.basename(file);
  const text = serializeSettings(settings);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    if (options.keepDamaged) {
      const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const current = await readFile(file).catch((error: unknown) => {
        if (hasCode(error, 'ENOENT')) return null;
        throw error;
      });
      if (current !== null) {
        await writeDurably(`${file}.damaged-${stamp}`, current);
        await syncDirectory(path.dirname(file));
      }
    }
  } catch (error) {
    return ioFailure('keep the damaged', label, error);
  }
  const written = await writeFileAtomic(file, text, { label });
  return written.ok ? ok(undefined) : written;
}
