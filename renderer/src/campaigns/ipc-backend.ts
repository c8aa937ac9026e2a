/**
 * The desktop build's campaigns: a thin adapter over the API the preload exposes as
 * `window.gmScreen` (passed in, so tests pass a fake). Each method is one call on its channel;
 * the main process validates, and answers a `Result` that is passed through unchanged.
 *
 * Two things beyond forwarding:
 * - a call the main process refuses outright (its payload failed the contract's schema) or that
 *   never gets an answer rejects its promise; that becomes an `ipc/failed` failure, so callers
 *   handle one shape;
 * - `appendEvents` sends more than the contract's 1,000 events per call in several calls, in
 *   order, and stops at the first refusal (the outbox then compares with the log on disk).
 *
 * Beyond the `CampaignBackend` interface, the disk has what only a desktop app can do (narrow on
 * `kind === 'disk'`): export to a file and import from a file or a campaign folder through the
 * system's dialogs (the main process shows them; a cancelled dialog answers `{ cancelled: true }`),
 * and show a campaign in the file manager. `IpcSettingsClient` is the settings screen's side.
 */
import { MAX_EVENTS_PER_APPEND } from '../../../engine/campaign/index';
import type { GmScreenApi } from '../../../electron/ipc-contract';
import type {
  AppendReport,
  BackendAnswer,
  BackendRequest,
  CampaignBackend,
  Cancelled,
  ExportedCampaign,
  Failure,
  ImportedCampaign,
  ImportSource,
  Result,
  SettingsInfo,
} from './backend';

/** The part of `window.gmScreen` this backend uses. */
export type CampaignApi = Pick<
  GmScreenApi,
  | 'listCampaigns'
  | 'createCampaign'
  | 'openCampaign'
  | 'closeCampaign'
  | 'saveCampaign'
  | 'renameCampaign'
  | 'duplicateCampaign'
  | 'archiveCampaign'
  | 'deleteCampaign'
  | 'createEncounter'
  | 'appendEvents'
  | 'readEvents'
  | 'exportCampaign'
  | 'importCampaign'
  | 'revealCampaign'
>;

/** The part of `window.gmScreen` the settings client uses. */
export type SettingsApi = Pick<GmScreenApi, 'getSettings' | 'chooseCampaignsFolder' | 'resetCampaignsFolder' | 'setBackupCount'>;

export class IpcCampaignBackend implements CampaignBackend {
  readonly kind = 'disk' as const;
  readonly #api: CampaignApi;

  constructor(api: CampaignApi) {
    this.#api = api;
  }

  list(): BackendAnswer<'campaigns:list'> {
    return call('listing the campaigns', () => this.#api.listCampaigns());
  }

  create(request: BackendRequest<'campaigns:create'>): BackendAnswer<'campaigns:create'> {
    return call('creating the campaign', () => this.#api.createCampaign(request));
  }

  open(request: BackendRequest<'campaigns:open'>): BackendAnswer<'campaigns:open'> {
    return call('opening the campaign', () => this.#api.openCampaign(request));
  }

  close(request: BackendRequest<'campaigns:close'>): BackendAnswer<'campaigns:close'> {
    return call('closing the campaign', () => this.#api.closeCampaign(request));
  }

  save(request: BackendRequest<'campaigns:save'>): BackendAnswer<'campaigns:save'> {
    return call('saving the campaign', () => this.#api.saveCampaign(request));
  }

  rename(request: BackendRequest<'campaigns:rename'>): BackendAnswer<'campaigns:rename'> {
    return call('renaming the campaign', () => this.#api.renameCampaign(request));
  }

  duplicate(request: BackendRequest<'campaigns:duplicate'>): BackendAnswer<'campaigns:duplicate'> {
    return call('duplicating the campaign', () => this.#api.duplicateCampaign(request));
  }

  archive(request: BackendRequest<'campaigns:archive'>): BackendAnswer<'campaigns:archive'> {
    return call('archiving the campaign', () => this.#api.archiveCampaign(request));
  }

  delete(request: BackendRequest<'campaigns:delete'>): BackendAnswer<'campaigns:delete'> {
    return call('deleting the campaign', () => this.#api.deleteCampaign(request));
  }

  createEncounter(request: BackendRequest<'campaigns:create-encounter'>): BackendAnswer<'campaigns:create-encounter'> {
    return call('adding the encounter', () => this.#api.createEncounter(request));
  }

  async appendEvents(request: BackendRequest<'campaigns:append-events'>): BackendAnswer<'campaigns:append-events'> {
    const { folder, encounterId, events } = request;
    if (events.length <= MAX_EVENTS_PER_APPEND) return call('saving the events', () => this.#api.appendEvents(request));
    let appended = 0;
    let repaired: AppendReport['repaired'] = null;
    for (let from = 0; from < events.length; from += MAX_EVENTS_PER_APPEND) {
      const part = events.slice(from, from + MAX_EVENTS_PER_APPEND);
      const answer = await call('saving the events', () => this.#api.appendEvents({ folder, encounterId, events: part }));
      if (!answer.ok) {
        if (appended === 0) return answer;
        return { ...answer, message: `${answer.message} (The first ${appended} of ${events.length} events were saved before this.)` };
      }
      appended += answer.value.appended;
      repaired ??= answer.value.repaired;
    }
    return { ok: true, value: { appended, repaired } };
  }

  readEvents(request: BackendRequest<'campaigns:read-events'>): BackendAnswer<'campaigns:read-events'> {
    return call('reading the events', () => this.#api.readEvents(request));
  }

  /**
   * Exports a campaign (open or not) as one file the GM places with a save dialog. Answers the
   * file's name (and any torn log line left out), or `{ cancelled: true }`.
   */
  exportCampaign(folder: string): Promise<Result<ExportedCampaign | Cancelled>> {
    return call('exporting the campaign', () => this.#api.exportCampaign({ folder }));
  }

  /**
   * Imports a campaign from an export file or a campaign folder the GM picks with an open dialog,
   * as a new (closed) campaign; never overwrites one. `renamedId` says it got a new id because one
   * with its id was already there. Or `{ cancelled: true }`.
   */
  importCampaign(from: ImportSource): Promise<Result<ImportedCampaign | Cancelled>> {
    return call('importing the campaign', () => this.#api.importCampaign({ from }));
  }

  /** Shows the campaign's campaign.json in the system's file manager. */
  reveal(folder: string): Promise<Result<void>> {
    return call('showing the campaign in its folder', () => this.#api.revealCampaign({ folder }));
  }
}

/** The settings screen's client: the `settings:*` channels, each answer a `Result`, nothing thrown. */
export class IpcSettingsClient {
  readonly #api: SettingsApi;

  constructor(api: SettingsApi) {
    this.#api = api;
  }

  /** The settings, with a problem to show when the settings file was damaged or the folder is gone. */
  get(): Promise<Result<SettingsInfo>> {
    return call('reading the settings', () => this.#api.getSettings());
  }

  /** Lets the GM pick the campaigns folder (a folder dialog); refused while a campaign is open. */
  chooseCampaignsFolder(): Promise<Result<SettingsInfo | Cancelled>> {
    return call('choosing the campaigns folder', () => this.#api.chooseCampaignsFolder());
  }

  /** Goes back to the default campaigns folder; refused while a campaign is open. */
  resetCampaignsFolder(): Promise<Result<SettingsInfo>> {
    return call('going back to the default campaigns folder', () => this.#api.resetCampaignsFolder());
  }

  /** How many backups of campaign.json each save keeps (1–50). */
  setBackupCount(count: number): Promise<Result<SettingsInfo>> {
    return call('saving the number of backups', () => this.#api.setBackupCount({ count }));
  }
}

/** Runs one IPC call; a rejected call becomes an `ipc/failed` failure. */
async function call<T>(doing: string, send: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await send();
  } catch (error) {
    return ipcFailure(doing, error);
  }
}

function ipcFailure(doing: string, error: unknown): Failure {
  const raw = error instanceof Error ? error.message : String(error);
  // Electron prefixes "Error invoking remote method 'campaigns:save': Error: ".
  const reason = raw.replace(/^Error invoking remote method '[^']*': /, '').replace(/^(?:\w*Error: )+/, '');
  return {
    ok: false,
    code: 'ipc/failed',
    message: `GM Screen could not finish ${doing}: the main process did not answer the request (${reason}). If it keeps happening, restart GM Screen.`,
  };
}
