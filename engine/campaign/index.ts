/**
 * The campaign format, shared as equals by the main process's disk store (`electron/campaigns/`)
 * and the renderer (its browser store, its campaign screens): the campaign.json schema and its one
 * restore path with the migrations table, safe names and new ids, the event-log lines, the JSON
 * guard, the export file, the campaign list's summaries and the lock file's shape. Pure like the
 * rest of `engine/`: reading and writing files stays in `electron/campaigns/`.
 *
 * Everything outside `engine/campaign/` imports the campaign format from this file only. It is
 * its own entry, beside `engine/index.ts` (the rules), not part of it.
 *
 * @packageDocumentation
 */

/** Errors as data, as in the rules, plus `ok` for a success. */
export { failure, ok, type Failure, type Result } from './result';

/** campaign.json, version 1: schemas, types, the empty campaign, readable valibot issues. */
export {
  CAMPAIGN_TYPE,
  CAMPAIGN_VERSION,
  campaignSchema,
  describeIssues,
  emptyCampaign,
  MAX_LIST_ENTRIES,
  type Campaign,
  type CampaignItem,
  type EncounterEntry,
  type EncounterStatus,
} from './campaign-schema';
/** The one restore path for a parsed campaign.json (envelope, migrations, schema) and its writing check. */
export { restoreCampaign, serializeCampaign, UNCHANGED, type RestoredCampaign, type RestoreOptions } from './restore-campaign';
/** Older versions of campaign.json and the step from each to the next. */
export { MIGRATIONS, type Migration } from './migrations';

/** Names that become paths, display names, ids, safe file names, and value descriptions for messages. */
export {
  checkDisplayName,
  checkId,
  checkPathSegment,
  copyName,
  describe,
  FILE_NAME_MAX_BYTES,
  ID_PATTERN,
  idProblem,
  NAME_MAX,
  preview,
  safeFileName,
  SEGMENT_MAX,
  SLUG_MAX,
  slugify,
} from './safe-names';
/** New ids and folder names (the format's only randomness, from Web Crypto). */
export { folderNameFor, newId, randomSuffix } from './random-names';

/** JSON in and out, guarded: size, strict UTF-8, depth, prototype keys, data only. */
export {
  checkDepth,
  checkJsonValue,
  decodeUtf8,
  FORBIDDEN_KEYS,
  formatBytes,
  MAX_CAMPAIGN_BYTES,
  MAX_EVENT_LINE_BYTES,
  MAX_JSON_DEPTH,
  overLimit,
  parseJsonText,
  utf8Length,
} from '../json-guard';

/** An encounter's event log, line by line (`encounters/<id>.jsonl`), and what appending reports. */
export {
  checkEventShape,
  MAX_EVENTS_PER_APPEND,
  NEWLINE,
  parseEventLine,
  parseEventLog,
  serializeEvents,
  type AppendReport,
  type EventLog,
  type StoredEvent,
  type TornLine,
  type TornLog,
} from './event-lines';

/** A campaign as one JSON file (`.gm-campaign.json`): how campaigns move between computers and builds. */
export {
  EXPORT_EXTENSION,
  EXPORT_TYPE,
  EXPORT_VERSION,
  exportFileName,
  importFileLabel,
  MAX_IMPORT_BYTES,
  NOTHING_IMPORTED,
  serializeExport,
  type CampaignExport,
} from './campaign-export';
// Reading an export file (`parseExport`) replays its fights with the engine's rules: it is its own
// entry, `engine/campaign/parse-export.ts`, so what imports this file stays without them.

/** The campaign list: one summary per campaign, the folders that could not be read. */
export { lastPlayed, summaryOf, type CampaignList, type CampaignProblem, type CampaignSummary } from './campaign-summary';
/** Tasks one at a time per key (a file, an open campaign, an encounter's outbox), keys side by side. */
export { KeyedQueue } from './keyed-queue';
/** The `.lock` file of an open campaign. */
export { LOCK_FILE, lockSchema, type LockInfo, type LockState } from './lock-file';
