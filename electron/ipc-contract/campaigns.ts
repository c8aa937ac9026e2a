// The IPC contract's `campaigns:*` channels: the campaign list, one campaign, its encounters' logs, backups, export and import.
import * as v from 'valibot';
import {
  campaignSchema,
  checkJsonValue,
  describeIssues,
  MAX_EVENTS_PER_APPEND,
  type AppendReport,
  type Campaign,
  type CampaignList,
  type EncounterEntry,
  type EventLog,
  type Result,
  type TornLog,
} from '../../engine/campaign/index';
import { MAX_NAME_LENGTH, objectMessage } from '../ipc-messages';
// The disk store's own answer type (erased: no Node code comes along).
import type { BackupInfo } from '../campaigns/index';
import { channel, noPayload, type Cancelled } from './channel';

// --- Campaigns -------------------------------------------------------------------------------
// The renderer names a campaign by its folder name as the list gave it, and an encounter by its
// id; it never sends or receives a path. The store checks every name again (engine/campaign/safe-names.ts).

/** Longest folder name accepted (the store's `SEGMENT_MAX`). */
export const MAX_FOLDER_LENGTH = 100;

/** Whether `folder` names a folder (in the campaigns folder) rather than a path. */
export function isFolderName(folder: string): boolean {
  return !/[/\\]/.test(folder) && folder !== '.' && folder !== '..';
}

/** A campaign's folder name, as the campaign list gives it (never a path). */
export const folderField = v.pipe(
  v.string('folder must be a string'),
  v.minLength(1, 'folder must not be empty'),
  v.maxLength(MAX_FOLDER_LENGTH, (issue) => `folder must be at most ${MAX_FOLDER_LENGTH} characters (got ${issue.received})`),
  v.check(isFolderName, 'folder must be a folder name from the campaign list, not a path'),
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

export const campaignChannels = {
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
} as const;
