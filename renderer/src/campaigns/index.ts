/**
 * The renderer's campaign layer: one `CampaignBackend` interface over the disk store of the
 * desktop app (through `window.gmScreen`) and over IndexedDB in a plain browser, plus the outbox
 * that keeps the desktop build's steps safe until the disk has them. See backend.ts.
 */
export type * from './backend';
export { openCampaignDatabase, CAMPAIGN_DATABASE, type CampaignDatabase } from './campaign-db';
export { DexieCampaignBackend, type DexieBackendOptions } from './dexie-backend';
export { IpcCampaignBackend, IpcSettingsClient, type CampaignApi, type SettingsApi } from './ipc-backend';
export { EXPORT_EXTENSION, EXPORT_TYPE, EXPORT_VERSION, MAX_IMPORT_BYTES, exportFileName, type CampaignExport } from './campaign-export';
export {
  CampaignOutbox,
  type AppendOutcome,
  type EncounterRecovery,
  type OutboxConflict,
  type RecoverOptions,
  type RecoveryReport,
} from './outbox.svelte';
import type { GmScreenApi } from '../../../electron/ipc-contract';
import { openCampaignDatabase, type CampaignDatabase } from './campaign-db';
import { DexieCampaignBackend } from './dexie-backend';
import { IpcCampaignBackend } from './ipc-backend';

/**
 * The backend for where the app runs: the disk store when the preload exposed `window.gmScreen`
 * (the desktop app), IndexedDB otherwise. Narrow on `kind` for the extras: the browser's
 * `listArchived`, `unarchive`, `exportCampaign(folder)` (the file's text) and
 * `importCampaign(text)`; the disk's `exportCampaign(folder)` and `importCampaign('file' | 'folder')`
 * (the main process shows the dialogs) and `reveal(folder)`.
 */
export function createCampaignBackend(
  api: GmScreenApi | undefined,
  db?: CampaignDatabase,
): IpcCampaignBackend | DexieCampaignBackend {
  return api ? new IpcCampaignBackend(api) : new DexieCampaignBackend(db ?? openCampaignDatabase());
}
