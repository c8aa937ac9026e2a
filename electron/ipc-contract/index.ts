/**
 * The one IPC contract between the renderer and the main process: channel name → method name,
 * request schema and response type. The main handlers (ipc.ts), the preload bridge (preload.ts)
 * and the renderer's `window.gmScreen` type are all derived from this map, so a channel is added
 * here and nowhere else by hand. The players' window has its own, smaller bridge (`PlayersApi`,
 * built by players-bridge.ts): a few of these channels and the screens the main process relays.
 *
 * The channels are declared by area, one file each (app.ts, campaigns.ts, settings.ts, logs.ts,
 * share.ts);
 * this file joins them into the one map and derives the rest.
 *
 * No `electron` import and no Node module at run time: the preload bundles this folder
 * (preload.test.ts checks the bundle), and the renderer imports its types, type-only. The values
 * the payloads are checked with (the campaign schema, the JSON guard, the append limit) are the
 * campaign format's, from `engine/campaign/`, where the renderer takes them too.
 */
import type * as v from 'valibot';
import type { PlayerScreenUpdate } from '../player-screen-schema';
import { appChannels } from './app';
import { campaignChannels } from './campaigns';
import type { ChannelSpec, RequestSchema } from './channel';
import { logChannels } from './logs';
import { settingsChannels } from './settings';
import { shareChannels } from './share';
import { PLAYERS_WATCHING_CHANNEL, watchingReceiver } from '../players-watching';
import { openDialogReceiver, SHARE_CHANGED_CHANNEL, SHARE_OPEN_DIALOG_CHANNEL, shareStatusReceiver } from '../share-pushes';
import type { ShareStatus } from './share';

export { MAX_TITLE_LENGTH, type AppInfo } from './app';
export {
  MAX_FOLDER_LENGTH,
  isFolderName,
  type CampaignInFolder,
  type CreatedEncounter,
  type EventToAppend,
  type ExportedCampaign,
  type ImportedCampaign,
  type ImportSource,
  type OpenedCampaignInfo,
} from './campaigns';
export type { Cancelled, ChannelSpec, RequestSchema } from './channel';
export { fileExtension, LOG_TEXT_EXTENSIONS, MAX_LOG_FILE_NAME_LENGTH, MAX_LOG_HTML_BYTES, MAX_LOG_TEXT_BYTES, type LogTextExtension, type SavedFile } from './logs';
export { MAX_BACKUP_COUNT, MIN_BACKUP_COUNT, type SettingsInfo } from './settings';
export { MAX_SHARE_PORT, MAX_SHARE_STOPPED_LENGTH, MIN_SHARE_PORT, shareStatusOf, type QrModules, type ShareInterface, type ShareStatus } from './share';
// The players' screen's payload is checked in player-screen-schema.ts.
export { MAX_PLAYER_SCREEN_BYTES, playerScreenProblem, type PlayerScreenUpdate } from '../player-screen-schema';
export { MAX_NAME_LENGTH } from '../ipc-messages';

/** The storage types the responses carry, for the renderer (type-only). */
export type { AppendReport, Campaign, CampaignList, EncounterEntry, EventLog, Result, TornLog } from '../../engine/campaign/index';
export type { BackupInfo } from '../campaigns/index';

/** The global name under which the preload exposes the API: `window.gmScreen`. */
export const API_KEY = 'gmScreen';

/** The contract. Channel names are `area:action`. */
export const ipcContract = { ...appChannels, ...campaignChannels, ...settingsChannels, ...logChannels, ...shareChannels } as const;

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

/**
 * The object the preload exposes as `window.gmScreen`: one method per channel, and what the main
 * process tells the GM window unasked.
 */
export type GmScreenApi = {
  readonly [C in IpcChannel as IpcContract[C]['method']]: (...args: IpcArgs<C>) => Promise<IpcResponse<C>>;
} & {
  /**
   * Calls `listener` with how many players' screens are watching, at once when the main process
   * has told (players-watching.ts) and again whenever that changes. Answers a function that stops.
   */
  readonly onPlayersWatching: (listener: (count: number) => void) => () => void;
  /**
   * Calls `listener` with sharing's status each time it changes from now on (share-pushes.ts:
   * started, stopped, a new code, phones came or left...). Answers a function that stops.
   */
  readonly onShareStatus: (listener: (status: ShareStatus) => void) => () => void;
  /** Calls `listener` each time the GM chooses View › Share with phones… from now on. Answers a function that stops. */
  readonly onOpenShareDialog: (listener: () => void) => () => void;
};

/** How the preload sends one request (in practice `ipcRenderer.invoke`). */
export type Invoke = (channel: IpcChannel, ...args: unknown[]) => Promise<unknown>;
/**
 * How the preload hears what the main process sends on `channel` (in practice `ipcRenderer.on`,
 * handing over the message only, never Electron's event).
 */
export type Listen = (
  channel: typeof PLAYERS_WATCHING_CHANNEL | typeof SHARE_CHANGED_CHANNEL | typeof SHARE_OPEN_DIALOG_CHANNEL,
  listener: (message: unknown) => void,
) => void;

/**
 * Builds the API object from the contract, one `invoke` per channel; `listen` (none in tests that
 * only call) brings the watcher count and sharing's pushes.
 */
export function createApi(invoke: Invoke, listen: Listen = () => {}, onListenerError?: (error: unknown) => void): GmScreenApi {
  const api: Record<string, unknown> = {};
  for (const name of Object.keys(ipcContract) as IpcChannel[]) {
    api[ipcContract[name].method] = (...args: unknown[]) => invoke(name, ...args);
  }
  const watching = watchingReceiver(onListenerError);
  listen(PLAYERS_WATCHING_CHANNEL, (message) => watching.receive(message));
  api['onPlayersWatching'] = (listener: (count: number) => void) => watching.subscribe(listener);
  const shareStatus = shareStatusReceiver(onListenerError);
  listen(SHARE_CHANGED_CHANNEL, (message) => shareStatus.receive(message));
  api['onShareStatus'] = (listener: (status: ShareStatus) => void) => shareStatus.subscribe(listener);
  const openDialog = openDialogReceiver(onListenerError);
  listen(SHARE_OPEN_DIALOG_CHANNEL, (message) => openDialog.receive(message));
  api['onOpenShareDialog'] = (listener: () => void) => openDialog.subscribe(listener);
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
