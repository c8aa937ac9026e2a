/**
 * The one IPC contract between the renderer and the main process: channel name → method name,
 * request schema and response type. The main handlers (ipc.ts), the preload bridge (preload.ts)
 * and the renderer's `window.gmScreen` type are all derived from this map, so a channel is added
 * here and nowhere else by hand. The players' window has its own, smaller bridge (`PlayersApi`,
 * built by players-bridge.ts): a few of these channels and the screens the main process relays.
 *
 * No `electron` import and no Node module at run time: the preload bundles this file
 * (preload.test.ts checks the bundle), and the renderer imports its types, type-only. The values
 * the payloads are checked with (the campaign schema, the JSON guard, the append limit) are the
 * campaign format's, from `engine/campaign/`, where the renderer takes them too.
 */
import * as v from 'valibot';
import {
  campaignSchema,
  checkJsonValue,
  describeIssues,
  MAX_EVENTS_PER_APPEND,
  overLimit,
  utf8Length,
  type AppendReport,
  type Campaign,
  type CampaignList,
  type EncounterEntry,
  type EventLog,
  type Result,
  type TornLog,
} from '../engine/campaign/index';
import { MAX_NAME_LENGTH, objectMessage } from './ipc-messages';
import { playerScreenPayload, type PlayerScreenUpdate } from './player-screen-schema';
// The disk store's own answer type (erased: no Node code comes along).
import type { BackupInfo } from './campaigns/index';

/** The global name under which the preload exposes the API: `window.gmScreen`. */
export const API_KEY = 'gmScreen';

/** Titles longer than this are refused rather than cut (the GM typed them, so say so). */
export const MAX_TITLE_LENGTH = 120;

/** What `appInfo()` answers. */
export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly platform: string;
}

/** A schema for any request payload (sync only: handlers validate before doing anything). */
export type RequestSchema = v.GenericSchema;

/**
 * One channel. `response` is type-only (never set at runtime): it carries the response type so
 * `GmScreenApi` can be derived from the map.
 */
export interface ChannelSpec<TMethod extends string, TRequest extends RequestSchema, TResponse> {
  readonly method: TMethod;
  readonly request: TRequest;
  readonly response?: TResponse;
}

/** `channel<Response>()('methodName', requestSchema)`: curried so the response type can be given
 *  while the method name and schema are inferred. */
function channel<TResponse>() {
  return <const TMethod extends string, const TRequest extends RequestSchema>(
    method: TMethod,
    request: TRequest,
  ): ChannelSpec<TMethod, TRequest, TResponse> => ({ method, request });
}

/** No payload at all: the method takes no argument. */
const noPayload = v.undefined('expected no payload');

const titlePayload = v.strictObject(
  {
    title: v.pipe(
      v.string('title must be a string'),
      v.trim(),
      v.minLength(1, 'title must not be empty'),
      v.maxLength(
        MAX_TITLE_LENGTH,
        (issue) => `title must be at most ${MAX_TITLE_LENGTH} characters (got ${issue.received})`,
      ),
      // Control characters (newlines, escapes) have no business in a window title.
      v.regex(/^[^\p{Cc}]*$/u, 'title must not contain control characters'),
    ),
  },
  objectMessage('{ title: string }'),
);

// --- Campaigns -------------------------------------------------------------------------------
// The renderer names a campaign by its folder name as the list gave it, and an encounter by its
// id; it never sends or receives a path. The store checks every name again (engine/campaign/safe-names.ts).

/** Longest folder name accepted (the store's `SEGMENT_MAX`). */
export const MAX_FOLDER_LENGTH = 100;

const folderField = v.pipe(
  v.string('folder must be a string'),
  v.minLength(1, 'folder must not be empty'),
  v.maxLength(MAX_FOLDER_LENGTH, (issue) => `folder must be at most ${MAX_FOLDER_LENGTH} characters (got ${issue.received})`),
  v.check(
    (folder) => !/[/\\]/.test(folder) && folder !== '.' && folder !== '..',
    'folder must be a folder name from the campaign list, not a path',
  ),
);

/** A display name; trimmed and checked again by the store (empty, too long, control characters). */
function nameField(field: string) {
  return v.pipe(
    v.string(`${field} must be a string`),
    v.maxLength(MAX_NAME_LENGTH, (issue) => `${field} must be at most ${MAX_NAME_LENGTH} characters (got ${issue.received})`),
  );
}

const idField = (field: string) =>
  v.pipe(
    v.string(`${field} must be a string`),
    v.regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, `${field} must be an id (1–64 lower-case letters, digits and inner hyphens)`),
  );

/** Why `input` is not a campaign the store would save, or null. Names the field. */
function campaignProblem(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return `campaign must be an object, got ${Array.isArray(input) ? 'a list' : input === null ? 'null' : typeof input}`;
  }
  const data = checkJsonValue(input, 'campaign');
  if (!data.ok) return data.message.replace(/\.$/, '');
  const parsed = v.safeParse(campaignSchema, input);
  return parsed.success ? null : `campaign is not valid: ${describeIssues(parsed.issues)}`;
}

/** The whole campaign (campaign.json, version 1). The store validates it again before writing. */
const campaignField = v.custom<Campaign>(
  (input) => campaignProblem(input) === null,
  (issue) => campaignProblem(issue.input) ?? 'campaign is not valid',
);

/** What the renderer appends: objects with a non-empty string `type` (the engine's events). */
export interface EventToAppend {
  readonly type: string;
}

/** Why `input` is not a list of events to append, or null. Names the element. */
function eventsProblem(input: unknown): string | null {
  if (!Array.isArray(input)) return `events must be a list, got ${input === null ? 'null' : typeof input}`;
  if (input.length > MAX_EVENTS_PER_APPEND) {
    return `events must hold at most ${MAX_EVENTS_PER_APPEND} events per call (got ${input.length}); send them in several calls`;
  }
  for (const [index, event] of input.entries()) {
    if (typeof event !== 'object' || event === null || Array.isArray(event)) {
      return `events[${index}] must be an object with a string "type"`;
    }
    const type: unknown = (event as { type?: unknown }).type;
    if (typeof type !== 'string' || type === '') return `events[${index}].type must be a non-empty string`;
  }
  return null;
}

const eventsField = v.custom<readonly EventToAppend[]>(
  (input) => eventsProblem(input) === null,
  (issue) => eventsProblem(issue.input) ?? 'events are not valid',
);

/** `{ folder }`: the payload of the channels that name one campaign and nothing else. */
const folderPayload = v.strictObject({ folder: folderField }, objectMessage('{ folder: string }'));

/** A campaign as the renderer sees it: its folder name (its handle) and its content. */
export interface CampaignInFolder {
  readonly folder: string;
  readonly campaign: Campaign;
}

/** What opening a campaign answers. The lock stays in the main process, keyed by folder. */
export interface OpenedCampaignInfo extends CampaignInFolder {
  /** The version the file had when it was upgraded on this open, else null. */
  readonly migratedFrom: number | null;
  /** Where the pre-upgrade file was kept (`<folder>/campaign.json.v0.orig`), else null. */
  readonly originalKeptAs: string | null;
}

/** A new encounter and the campaign as saved with it. */
export interface CreatedEncounter {
  readonly campaign: Campaign;
  readonly encounter: EncounterEntry;
}

/** What a channel that shows a dialog answers when the GM cancelled it. Nothing was done. */
export interface Cancelled {
  readonly cancelled: true;
}

/** What exporting a campaign answers: the file's name as the GM chose it (never its folder). */
export interface ExportedCampaign {
  readonly fileName: string;
  /** Logs whose torn last line (a crash while saving) was left out of the export; usually empty. */
  readonly torn: TornLog[];
}

/** Where `campaigns:import` reads from: an export file, or a campaign folder holding campaign.json. */
export type ImportSource = 'file' | 'folder';

/** What importing answers: the new campaign (closed) in its new folder. */
export interface ImportedCampaign extends CampaignInFolder {
  /** True when a campaign with the same id was already there, so the import got a new id. */
  readonly renamedId: boolean;
  /** Logs of the imported folder whose torn last line was left out; usually empty. */
  readonly torn: TornLog[];
}

/** The settings, as the settings screen shows them. */
export interface SettingsInfo {
  /** The campaigns folder in use, as a path to show (the GM chose it, or it is the default). */
  readonly campaignsFolder: string;
  /** True when it is the default folder (`<user data>/campaigns`). */
  readonly isDefault: boolean;
  /** How many previous versions of campaign.json are kept. */
  readonly backupCount: number;
  /** Why the settings file was not used (damaged: defaults apply) or the chosen folder is missing, else null. */
  readonly problem: string | null;
}

/** Fewest and most backups of campaign.json the GM may ask for. */
export const MIN_BACKUP_COUNT = 1;
export const MAX_BACKUP_COUNT = 50;

// --- Encounter logs ------------------------------------------------------------------------------
// The renderer builds a log's file (Markdown, HTML, JSON, CSV; or HTML to print as PDF) with the
// engine; the main process asks the GM where to save it and writes it. The renderer suggests a
// file name only; the path comes from the save dialog and never goes back.

/** Longest suggested file name, in characters (`Lost Mine – Bridge fight – 2026-11-23.md`). */
export const MAX_LOG_FILE_NAME_LENGTH = 150;
/** Largest text file `logs:save` writes (UTF-8 bytes). */
export const MAX_LOG_TEXT_BYTES = 64 * 1024 * 1024;
/** Largest HTML `logs:save-pdf` prints (UTF-8 bytes). */
export const MAX_LOG_HTML_BYTES = 16 * 1024 * 1024;
/** The kinds of text file `logs:save` writes, by extension. */
export const LOG_TEXT_EXTENSIONS = ['md', 'html', 'json', 'csv'] as const;
export type LogTextExtension = (typeof LOG_TEXT_EXTENSIONS)[number];

/** `md` for `x.md`; '' without an extension. Lower case. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** A suggested file name: a name (no path), 1–150 characters, no control characters, one of `extensions`. */
function fileNameField(extensions: readonly string[]) {
  const listed = extensions.map((extension) => `.${extension}`).join(', ');
  return v.pipe(
    v.string('fileName must be a string'),
    v.minLength(1, 'fileName must not be empty'),
    v.maxLength(
      MAX_LOG_FILE_NAME_LENGTH,
      (issue) => `fileName must be at most ${MAX_LOG_FILE_NAME_LENGTH} characters (got ${issue.received})`,
    ),
    v.check((name) => !/[/\\]/.test(name), 'fileName must be a file name, not a path (no / or \\)'),
    v.regex(/^[^\p{Cc}]*$/u, 'fileName must not contain control characters'),
    v.check(
      (name) => extensions.includes(fileExtension(name)),
      extensions.length === 1 ? `fileName must end with ${listed}` : `fileName must end with one of ${listed}`,
    ),
  );
}

/** Text of at most `maxBytes` UTF-8 bytes (characters never outnumber bytes: a long text is refused unmeasured). */
function textField(field: string, maxBytes: number) {
  const within = (text: string) => text.length <= maxBytes && utf8Length(text) <= maxBytes;
  return v.pipe(
    v.string(`${field} must be a string`),
    v.check(within, (issue) => `${field} ${overLimit(utf8Length(String(issue.input)), maxBytes)}; nothing was saved`),
  );
}

/** What a save answers: the file's name as the GM chose it in the dialog (never its folder). */
export interface SavedFile {
  readonly fileName: string;
}

// The players' screen's payload is checked in player-screen-schema.ts.
export { MAX_PLAYER_SCREEN_BYTES, playerScreenProblem, type PlayerScreenUpdate } from './player-screen-schema';
export { MAX_NAME_LENGTH } from './ipc-messages';

/** The storage types the responses carry, for the renderer (type-only). */
export type { AppendReport, BackupInfo, Campaign, CampaignList, EncounterEntry, EventLog, Result, TornLog };

/** The contract. Channel names are `area:action`. */
export const ipcContract = {
  'app:info': channel<AppInfo>()('appInfo', noPayload),
  /** Sets the window title to "<title> — GM Screen". */
  'app:set-title': channel<void>()('setTitle', titlePayload),
  /**
   * Opens the players' window (the same page at `#player`): where it was last time, else full
   * screen on a second display, else beside the GM window. Focuses it when it is already open.
   */
  'app:open-player-view': channel<Result<void>>()('openPlayerView', noPayload),
  /** Toggles the players' window's full screen; a failure (`player/not-open`) when it is closed. */
  'app:toggle-player-full-screen': channel<Result<void>>()('togglePlayerFullScreen', noPayload),
  /**
   * What the players' screen shows now, from the GM window. The main process keeps the last one
   * and sends it to the players' window only (at once, and again whenever that window loads); the
   * players' window itself may not call this.
   */
  'app:publish-player-screen': channel<void>()('publishPlayerScreen', playerScreenPayload),

  /** The campaigns in the campaigns folder, and the folders that could not be read (with why). */
  'campaigns:list': channel<Result<CampaignList>>()('listCampaigns', noPayload),
  /** Creates a campaign (not opened). */
  'campaigns:create': channel<Result<CampaignInFolder>>()(
    'createCampaign',
    v.strictObject(
      {
        name: nameField('name'),
        rulesetId: v.pipe(
          v.string('rulesetId must be a string'),
          v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'rulesetId must be a ruleset id such as "zones"'),
        ),
      },
      objectMessage('{ name: string, rulesetId: string }'),
    ),
  ),
  /** Opens a campaign for writing (takes its lock). `takeOver` takes over a stale lock. */
  'campaigns:open': channel<Result<OpenedCampaignInfo>>()(
    'openCampaign',
    v.strictObject(
      { folder: folderField, takeOver: v.optional(v.boolean('takeOver must be true or false')) },
      objectMessage('{ folder: string, takeOver?: boolean }'),
    ),
  ),
  /** Closes an open campaign (releases its lock). Closing one that is not open is fine. */
  'campaigns:close': channel<Result<void>>()('closeCampaign', folderPayload),
  /** Saves the whole campaign; answers it as saved (`updatedAt` set). */
  'campaigns:save': channel<Result<Campaign>>()(
    'saveCampaign',
    v.strictObject({ folder: folderField, campaign: campaignField }, objectMessage('{ folder: string, campaign: Campaign }')),
  ),
  /** Renames an open campaign: the campaign as last saved, with the new name, is saved. */
  'campaigns:rename': channel<Result<Campaign>>()(
    'renameCampaign',
    v.strictObject({ folder: folderField, name: nameField('name') }, objectMessage('{ folder: string, name: string }')),
  ),
  /** Copies a campaign to a new folder (default name "<name> (copy)"). */
  'campaigns:duplicate': channel<Result<CampaignInFolder>>()(
    'duplicateCampaign',
    v.strictObject(
      { folder: folderField, name: v.optional(nameField('name')) },
      objectMessage('{ folder: string, name?: string }'),
    ),
  ),
  /** Moves a (closed) campaign into the archive folder. */
  'campaigns:archive': channel<Result<void>>()('archiveCampaign', folderPayload),
  /** Moves a (closed) campaign to the system trash. */
  'campaigns:delete': channel<Result<void>>()('deleteCampaign', folderPayload),
  /** Adds a planned encounter to an open campaign: the campaign as last saved, plus the entry. */
  'campaigns:create-encounter': channel<Result<CreatedEncounter>>()(
    'createEncounter',
    v.strictObject({ folder: folderField, name: nameField('name') }, objectMessage('{ folder: string, name: string }')),
  ),
  /** Appends events to an encounter's log of an open campaign; answers once they are on disk. */
  'campaigns:append-events': channel<Result<AppendReport>>()(
    'appendEvents',
    v.strictObject(
      { folder: folderField, encounterId: idField('encounterId'), events: eventsField },
      objectMessage('{ folder: string, encounterId: string, events: { type: string }[] }'),
    ),
  ),
  /** Reads an encounter's events (open or not). */
  'campaigns:read-events': channel<Result<EventLog>>()(
    'readEvents',
    v.strictObject({ folder: folderField, encounterId: idField('encounterId') }, objectMessage('{ folder: string, encounterId: string }')),
  ),
  /** The backups of a campaign's campaign.json, most recent first, each checked. */
  'campaigns:list-backups': channel<Result<BackupInfo[]>>()('listBackups', folderPayload),
  /** Makes backup `n` (1 = most recent) the (closed) campaign's campaign.json again. */
  'campaigns:restore-backup': channel<Result<Campaign>>()(
    'restoreBackup',
    v.strictObject(
      {
        folder: folderField,
        n: v.pipe(
          v.number('n must be a number'),
          v.integer('n must be a whole number'),
          v.minValue(1, 'n must be at least 1'),
          v.maxValue(999, 'n must be at most 999'),
        ),
      },
      objectMessage('{ folder: string, n: number }'),
    ),
  ),
  /**
   * Exports a campaign (open or not) as one file: shows a save dialog, then writes the file
   * atomically. Answers the file's name, or `{ cancelled: true }`.
   */
  'campaigns:export': channel<Result<ExportedCampaign | Cancelled>>()('exportCampaign', folderPayload),
  /**
   * Imports a campaign from an export file or a campaign folder (an open dialog) into a new folder
   * of the campaigns root; never overwrites anything. Answers it, or `{ cancelled: true }`.
   */
  'campaigns:import': channel<Result<ImportedCampaign | Cancelled>>()(
    'importCampaign',
    v.strictObject(
      { from: v.picklist(['file', 'folder'], 'from must be "file" or "folder"') },
      objectMessage('{ from: "file" | "folder" }'),
    ),
  ),
  /** Shows the campaign's campaign.json in the system's file manager. */
  'campaigns:reveal': channel<Result<void>>()('revealCampaign', folderPayload),

  /** The settings, and whether the settings file had a problem. */
  'settings:get': channel<Result<SettingsInfo>>()('getSettings', noPayload),
  /** Lets the GM choose the campaigns folder (a folder dialog); refused while a campaign is open. */
  'settings:choose-campaigns-folder': channel<Result<SettingsInfo | Cancelled>>()('chooseCampaignsFolder', noPayload),
  /** Goes back to the default campaigns folder; refused while a campaign is open. */
  'settings:reset-campaigns-folder': channel<Result<SettingsInfo>>()('resetCampaignsFolder', noPayload),
  /** How many backups of campaign.json each save keeps (1–50). */
  'settings:set-backup-count': channel<Result<SettingsInfo>>()(
    'setBackupCount',
    v.strictObject(
      {
        count: v.pipe(
          v.number('count must be a number'),
          v.integer('count must be a whole number'),
          v.minValue(MIN_BACKUP_COUNT, `count must be at least ${MIN_BACKUP_COUNT}`),
          v.maxValue(MAX_BACKUP_COUNT, `count must be at most ${MAX_BACKUP_COUNT}`),
        ),
      },
      objectMessage('{ count: number }'),
    ),
  ),

  /**
   * Saves an encounter log the renderer built (Markdown, HTML, JSON or CSV text): a save dialog in
   * the GM's documents, offering `fileName` (made safe for every platform), then an atomic write.
   * The dialog asks before replacing a file. Answers the name chosen, or `{ cancelled: true }`.
   */
  'logs:save': channel<Result<SavedFile | Cancelled>>()(
    'saveLogFile',
    v.strictObject(
      { fileName: fileNameField(LOG_TEXT_EXTENSIONS), content: textField('content', MAX_LOG_TEXT_BYTES) },
      objectMessage('{ fileName: string, content: string }'),
    ),
  ),
  /**
   * Prints an encounter log's HTML to a PDF (A4, in a hidden window without JavaScript), then saves
   * it as `logs:save` does (`fileName` ends with .pdf).
   */
  'logs:save-pdf': channel<Result<SavedFile | Cancelled>>()(
    'saveLogPdf',
    v.strictObject(
      { fileName: fileNameField(['pdf']), html: textField('html', MAX_LOG_HTML_BYTES) },
      objectMessage('{ fileName: string, html: string }'),
    ),
  ),
} as const;

export type IpcContract = typeof ipcContract;
export type IpcChannel = keyof IpcContract;
/** The channels of one area: `ChannelsOf<'campaigns'>` is every `campaigns:*` channel. */
export type ChannelsOf<Area extends string> = Extract<IpcChannel, `${Area}:${string}`>;

/** What the renderer passes for `C` (before trimming and other transforms). */
export type IpcRequest<C extends IpcChannel> = v.InferInput<IpcContract[C]['request']>;
/** What a main-process handler receives for `C`: the validated, transformed payload. */
export type IpcPayload<C extends IpcChannel> = v.InferOutput<IpcContract[C]['request']>;
/** What `C` answers. */
export type IpcResponse<C extends IpcChannel> =
  IpcContract[C] extends ChannelSpec<string, RequestSchema, infer R> ? R : never;

/** A channel without payload becomes a method without parameters. */
export type IpcArgs<C extends IpcChannel> = [IpcRequest<C>] extends [undefined]
  ? []
  : [payload: IpcRequest<C>];

/** The object the preload exposes as `window.gmScreen`: one method per channel. */
export type GmScreenApi = {
  readonly [C in IpcChannel as IpcContract[C]['method']]: (...args: IpcArgs<C>) => Promise<IpcResponse<C>>;
};

/** How the preload sends one request (in practice `ipcRenderer.invoke`). */
export type Invoke = (channel: IpcChannel, ...args: unknown[]) => Promise<unknown>;

/** Builds the API object from the contract, one `invoke` per channel. */
export function createApi(invoke: Invoke): GmScreenApi {
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of Object.keys(ipcContract) as IpcChannel[]) {
    api[ipcContract[name].method] = (...args) => invoke(name, ...args);
  }
  // The loop above builds exactly the mapped type; TypeScript cannot follow a loop over keys.
  return Object.freeze(api) as unknown as GmScreenApi;
}

/**
 * The only channels the players' window may call (player-window.ts refuses it every other one):
 * nothing that reads or writes a campaign or the settings, nor publishes the players' screen.
 */
export type PlayerWindowChannel = 'app:info' | 'app:set-title' | 'app:toggle-player-full-screen';

/**
 * The object the players' window's own preload (player-preload.ts) exposes as
 * `window.gmScreenPlayers`: its few channels, and the screens the GM window publishes. Never the
 * campaign API.
 */
export type PlayersApi = {
  readonly [C in PlayerWindowChannel as IpcContract[C]['method']]: (...args: IpcArgs<C>) => Promise<IpcResponse<C>>;
} & {
  /**
   * Calls `listener` with every screen the main process relays, and at once with the last one
   * when there is one. Answers a function that stops it.
   */
  readonly onScreen: (listener: (update: PlayerScreenUpdate) => void) => () => void;
};

declare global {
  interface Window {
    /** Present only inside the Electron app's GM window; undefined in a plain browser (the web build). */
    gmScreen?: GmScreenApi;
    /** Present only inside the Electron app's players' window (players-bridge.ts). */
    gmScreenPlayers?: PlayersApi;
  }
}
