/**
 * Campaigns on disk: the public surface of this folder. The main process imports from here only.
 *
 * Layout of a campaigns root: see campaign-paths.ts. Every function returns a `Result`.
 */
export type { Failure, Result } from './result';
export { ARCHIVE_FOLDER, archiveRoot, CAMPAIGN_FILE, campaignPaths, ENCOUNTERS_FOLDER, type CampaignPaths, type CampaignRef } from './campaign-paths';
export {
  CAMPAIGN_TYPE,
  CAMPAIGN_VERSION,
  type Campaign,
  type CampaignItem,
  type EncounterEntry,
  type EncounterStatus,
} from './campaign-schema';
export { MIGRATIONS, type Migration } from './migrations';
export { restoreCampaign, type RestoredCampaign } from './restore-campaign';
export { listCampaigns, type CampaignList, type CampaignProblem, type CampaignSummary } from './campaign-list';
export {
  appendEvents,
  closeCampaign,
  createCampaign,
  createEncounter,
  openCampaign,
  readEvents,
  realFolder,
  renameCampaign,
  saveCampaign,
  type CreatedCampaign,
  type NewCampaign,
  type OpenedCampaign,
  type OpenOptions,
  type WriteOptions,
} from './campaign-store';
export {
  archiveCampaign,
  deleteCampaign,
  duplicateCampaign,
  unarchiveCampaign,
  type LockingOptions,
  type TrashFunction,
} from './campaign-folders';
export { listBackups, restoreCampaignBackup, type BackupInfo } from './recovery';
export {
  EXPORT_EXTENSION,
  EXPORT_TYPE,
  EXPORT_VERSION,
  exportFileName,
  importFileLabel,
  MAX_IMPORT_BYTES,
  parseExport,
  serializeExport,
  type CampaignExport,
  type ParseExportOptions,
} from './campaign-export';
export {
  exportText,
  importCampaign,
  readCampaignContent,
  readCampaignFolder,
  readExportFile,
  writeExportFile,
  type CampaignContent,
  type ImportedCampaignFolder,
  type TornLog,
} from './campaign-transfer';
export type { EventLog, StoredEvent, TornLine } from './event-lines';
export type { AppendReport } from './event-log';
export { describeHolder, LOCK_FILE, type LockHandle, type LockIdentity, type LockInfo, type LockState } from './lock';
export { DEFAULT_BACKUPS } from './atomic-file';
export { MAX_CAMPAIGN_BYTES, MAX_EVENT_LINE_BYTES, MAX_JSON_DEPTH } from './json-guard';
export { MAX_EVENT_LOG_BYTES } from './event-log';
export { checkDisplayName, checkId, checkPathSegment, NAME_MAX } from './safe-names';
