/**
 * A campaign as one JSON file: how a campaign moves between computers, browsers and the disk
 * store (another table, a backup, the browser build and the desktop app alike). Versioned
 * envelope, one read path:
 *
 * ```
 * { "type": "gm-screen/campaign-export", "version": 1,
 *   "campaign": <campaign.json, version 1>,
 *   "encounters": { "<encounter id>": [ <event>, … ], … } }
 * ```
 *
 * `encounters` holds the log of every listed encounter that has one (an empty list for an empty
 * log); a key that is not an encounter of the campaign is refused. Reading checks everything the
 * disk store checks (size, UTF-8 text, JSON syntax, nesting depth, `__proto__` / `constructor` /
 * `prototype` keys, the campaign schema through `restoreCampaign`, each event's shape and size)
 * and changes nothing: the caller stores the result.
 *
 * The renderer's browser build uses these very functions, and the main process uses them for
 * `campaigns:export` / `campaigns:import`. Reading a file back is parse-export.ts's: it replays the
 * fights inside with the engine's rules, so it is an entry of its own, which the campaign list's
 * code (reaching this file through `engine/campaign/index.ts`) does not pull in (issue 43).
 */
import type { Campaign } from './campaign-schema';
import type { StoredEvent } from './event-lines';
import { preview, slugify } from './safe-names';

/** The `type` of an export file. */
export const EXPORT_TYPE = 'gm-screen/campaign-export';
/** The export version this build writes and reads. */
export const EXPORT_VERSION = 1;
/**
 * Largest export file read (UTF-8 bytes). A campaign is at most 20 MB; this leaves room for the
 * logs of a long campaign. Readers check a file's size against it before reading it into memory,
 * and the desktop app refuses to write an export it would refuse to read.
 */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** The extension of export files (`lost-mine.gm-campaign.json`). */
export const EXPORT_EXTENSION = '.gm-campaign.json';

/** What an export file holds, checked. */
export interface CampaignExport {
  readonly campaign: Campaign;
  /** Encounter id → its events, in order. */
  readonly encounters: Readonly<Record<string, readonly StoredEvent[]>>;
}

/** The label of the import file in messages, for a file called `fileName` (a base name). */
export function importFileLabel(fileName?: string): string {
  return fileName === undefined ? 'The import file' : `The import file "${preview(fileName)}"`;
}

/** The sentence added to every refusal to import. */
export const NOTHING_IMPORTED = ' Nothing was imported.';
/**
 * The export file's text: the envelope and the campaign indented, one event per line, so a
 * large log stays readable and compact.
 */
export function serializeExport(data: CampaignExport): string {
  const campaign = JSON.stringify(data.campaign, null, 2).replace(/\n/g, '\n  ');
  const logs = Object.entries(data.encounters).map(([id, events]) => {
    const lines = events.map((event) => `      ${JSON.stringify(event)}`).join(',\n');
    return `    ${JSON.stringify(id)}: ${events.length === 0 ? '[]' : `[\n${lines}\n    ]`}`;
  });
  const encounters = logs.length === 0 ? '{}' : `{\n${logs.join(',\n')}\n  }`;
  return `{\n  "type": ${JSON.stringify(EXPORT_TYPE)},\n  "version": ${EXPORT_VERSION},\n  "campaign": ${campaign},\n  "encounters": ${encounters}\n}\n`;
}

/** A file name for the export of `campaign`: `lost-mine.gm-campaign.json`. */
export function exportFileName(campaign: Pick<Campaign, 'name'>): string {
  return `${slugify(campaign.name)}${EXPORT_EXTENSION}`;
}
