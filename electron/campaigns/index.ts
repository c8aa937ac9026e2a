/**
 * Campaigns on disk: the public surface of this folder. The main process imports from here only.
 * The campaign format these files hold (the schema, restore and migrations, names and ids, event
 * lines, the export file, the list's summaries) is shared with the renderer and lives in
 * `engine/campaign/` (import it from `engine/campaign/index.ts`); this folder reads and writes it.
 *
 * Layout of a campaigns root: see campaign-paths.ts. Every function returns a `Result`.
 */
export { ARCHIVE_FOLDER, archiveRoot, CAMPAIGN_FILE, campaignPaths, ENCOUNTERS_FOLDER, type CampaignPaths, type CampaignRef } from './campaign-paths';
export { listCampaigns } from './campaign-list';
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
  exportText,
  importCampaign,
  readCampaignContent,
  readCampaignFolder,
  readExportFile,
  writeExportFile,
  type CampaignContent,
  type ImportedCampaignFolder,
} from './campaign-transfer';
export { describeHolder, type LockHandle, type LockIdentity } from './lock';
export { DEFAULT_BACKUPS } from './atomic-file';
export { MAX_EVENT_LOG_BYTES } from './event-log';
