/**
 * Where campaigns live, as the renderer sees it: one interface, two implementations. In the desktop
 * app the main process keeps them on disk (`ipc-backend.ts`, over `window.gmScreen`); in a plain
 * browser IndexedDB is the store (`dexie-backend.ts`). The campaign manager talks to this
 * interface only.
 *
 * Every method mirrors one `campaigns:*` channel of the IPC contract (`electron/ipc-contract/`):
 * the same request and the same `Result` response, derived from the contract, so the two cannot
 * drift. Nothing throws: a refusal or a storage problem is a `Failure` with a namespaced code and
 * a sentence for the GM.
 *
 * The campaign format's types come from `engine/campaign/`, which both stores share; only the
 * contract's own types come from `electron/` (type-only: no main-process code reaches the
 * renderer, and `renderer/src/electron-imports.test.ts` keeps it so).
 */
import type { ChannelsOf, IpcRequest, IpcResponse } from '../../../electron/ipc-contract';
import type { Result, StoredEvent } from '../../../engine/campaign/index';

export type {
  AppendReport,
  Campaign,
  CampaignItem,
  CampaignList,
  CampaignProblem,
  CampaignSummary,
  EncounterEntry,
  EncounterStatus,
  EventLog,
  Failure,
  Result,
  StoredEvent,
  TornLine,
  TornLog,
} from '../../../engine/campaign/index';
export type {
  CampaignInFolder,
  Cancelled,
  CreatedEncounter,
  EventToAppend,
  ExportedCampaign,
  ImportedCampaign,
  ImportSource,
  OpenedCampaignInfo,
  SettingsInfo,
} from '../../../electron/ipc-contract';

/** Every `campaigns:*` channel of the contract. */
export type CampaignChannel = ChannelsOf<'campaigns'>;
/** What a method takes: the payload of its channel, as the renderer passes it. */
export type BackendRequest<C extends CampaignChannel> = IpcRequest<C>;
/** What a method answers: its channel's response. */
export type BackendAnswer<C extends CampaignChannel> = Promise<IpcResponse<C>>;
type Request<C extends CampaignChannel> = BackendRequest<C>;
type Answer<C extends CampaignChannel> = BackendAnswer<C>;

/** The campaign storage the campaign manager uses, in the desktop app and in a browser alike. */
export interface CampaignBackend {
  /** `'disk'`: files managed by the main process; `'browser'`: this browser's IndexedDB. */
  readonly kind: 'disk' | 'browser';
  /** The campaigns (archived ones left out), most recently changed first, and the ones that could not be read. */
  list(): Answer<'campaigns:list'>;
  /** Creates a campaign (not opened). */
  create(request: Request<'campaigns:create'>): Answer<'campaigns:create'>;
  /** Opens a campaign for writing. `takeOver` takes over a stale lock (disk only). */
  open(request: Request<'campaigns:open'>): Answer<'campaigns:open'>;
  /** Closes an open campaign; closing one that is not open is fine. */
  close(request: Request<'campaigns:close'>): Answer<'campaigns:close'>;
  /** Saves the whole (open) campaign; answers it as saved (`updatedAt` set). */
  save(request: Request<'campaigns:save'>): Answer<'campaigns:save'>;
  /** Renames an open campaign (its display name; the folder keeps its name). */
  rename(request: Request<'campaigns:rename'>): Answer<'campaigns:rename'>;
  /** Copies a campaign with its event logs to a new folder (default name "<name> (copy)"). */
  duplicate(request: Request<'campaigns:duplicate'>): Answer<'campaigns:duplicate'>;
  /** Archives a (closed) campaign: it leaves the list. */
  archive(request: Request<'campaigns:archive'>): Answer<'campaigns:archive'>;
  /** Deletes a (closed) campaign: to the system trash on disk, for good in a browser. */
  delete(request: Request<'campaigns:delete'>): Answer<'campaigns:delete'>;
  /** Adds a planned encounter (with an empty log) to an open campaign. */
  createEncounter(request: Request<'campaigns:create-encounter'>): Answer<'campaigns:create-encounter'>;
  /** Appends events to an encounter's log of an open campaign; answers once they are stored. */
  appendEvents(request: Request<'campaigns:append-events'>): Answer<'campaigns:append-events'>;
  /** Reads an encounter's events (open or not). */
  readEvents(request: Request<'campaigns:read-events'>): Answer<'campaigns:read-events'>;
  /**
   * Reads only the last lines of an encounter's log (its last `packs` packs and what follows them),
   * with the place of the first: where the store keeps lines apart in packs (the browser's
   * storage), so that a long fight's end shows before the rest is read (read-encounter.ts).
   */
  readEventsEnd?(request: Request<'campaigns:read-events'>, packs: number): Promise<Result<{ first: number; lines: StoredEvent[] }>>;
}
