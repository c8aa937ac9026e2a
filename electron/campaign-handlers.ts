/**
 * The handlers of the `campaigns:*` channels: the storage layer (campaigns/) behind the IPC
 * contract. Plain Node; the campaigns root and the trash function are passed in, so it is tested
 * on real files in a temp folder without Electron.
 *
 * - The renderer names campaigns by folder name and encounters by id. Answers carry no absolute
 *   path, and failure messages have the campaigns root cut out, whatever the store said.
 * - Open campaigns' lock handles stay here, in a Map keyed by folder name. Writing needs the
 *   campaign open; archive, delete and restoring a backup need it closed. `closeAll()` releases
 *   every lock (main.ts calls it before the app quits).
 * - Every answer is a `Result`: a refusal (the store's or ours) is data with a message. An
 *   unexpected exception (a bug) is reported through `onUnexpected` and answered as a failure too,
 *   so nothing is thrown across IPC from here (schema and sender refusals are ipc.ts's).
 * - Calls on one folder run one at a time, in order (Electron runs IPC handlers concurrently):
 *   a close never overtakes a save sent before it, and two opens of one folder do not race.
 * - Export, import and reveal (campaign-transfer-handlers.ts) go through the injected
 *   `DesktopShell` (dialogs parented to the sender's window, the file manager). Paths the GM chose
 *   in a dialog never come back either: an export answers its file name, failures name files by
 *   base name.
 * - The campaigns root and the number of backups can change at run time (settings); the root only
 *   while no campaign is open (`setRoot`).
 */
import path from 'node:path';
import {
  DEFAULT_BACKUPS,
  appendEvents,
  archiveCampaign,
  campaignPaths,
  closeCampaign,
  createCampaign,
  createEncounter,
  deleteCampaign,
  duplicateCampaign,
  listBackups,
  listCampaigns,
  openCampaign,
  readEvents,
  realFolder,
  renameCampaign,
  restoreCampaignBackup,
  saveCampaign,
  type LockIdentity,
  type OpenedCampaign,
  type TrashFunction,
} from './campaigns/index';
import { KeyedQueue, type Campaign, type Failure, type Result } from '../engine/campaign/index';
import type { DesktopShell } from './desktop-shell';
import type { AreaHandlers, IpcEventLike } from './ipc';
import type { ChannelsOf } from './ipc-contract';
import { createTransferHandlers } from './campaign-transfer-handlers';

/** What the campaign handlers need from outside. */
export interface CampaignHandlerDeps<E extends IpcEventLike = IpcEventLike> {
  /** The campaigns root at start: an absolute folder (created when the first campaign is). See `setRoot`. */
  readonly root: string;
  /** How many backups of campaign.json each save keeps at start (`DEFAULT_BACKUPS`). See `setBackupCount`. */
  readonly backups?: number;
  /** Moves a folder to the system trash: Electron's `shell.trashItem`. */
  readonly trash: TrashFunction;
  /** Dialogs and the file manager (export, import, reveal); without it those answer a failure. */
  readonly desktop?: DesktopShell<E>;
  /** The folder the export dialog starts in (the GM's documents); the dialog's own choice without it. */
  readonly exportFolder?: () => string;
  /** Told about an unexpected exception (a bug) before it is answered as a failure. */
  readonly onUnexpected?: (error: unknown, channel: CampaignChannel) => void;
  /** The clock (tests). */
  readonly now?: () => Date;
  /** Who takes locks (tests); the real process by default. */
  readonly identity?: LockIdentity;
}

/** Every `campaigns:*` channel. */
export type CampaignChannel = ChannelsOf<'campaigns'>;

/** What `closeAll()` did. */
export interface CloseAllReport {
  /** Folders whose lock was released. */
  readonly closed: string[];
  /** Folders that could not be released cleanly, with why (the message names no path). */
  readonly problems: { readonly folder: string; readonly message: string }[];
}

/** The handlers, and what the main process does with the open campaigns. */
export interface CampaignService<E extends IpcEventLike = IpcEventLike> {
  readonly handlers: AreaHandlers<'campaigns', E>;
  /** Folder names of the campaigns open in this process. */
  openFolders(): string[];
  /** Closes every open campaign (releases its lock), after the calls already queued for it. */
  closeAll(): Promise<CloseAllReport>;
  /** The campaigns root in use. */
  root(): string;
  /**
   * Why the campaigns root cannot change now (a campaign is open, or a call on one is under way),
   * or null. `doing` ends the sentence: "close it before <doing>".
   */
  rootChangeRefusal(doing: string): Failure | null;
  /** Uses another campaigns root from now on (absolute); refused as {@link rootChangeRefusal} says. */
  setRoot(root: string): Result<void>;
  /** How many backups of campaign.json each save keeps from now on (1 or more). */
  setBackupCount(count: number): void;
}

/** One open campaign: the store's handle (with its lock) and the campaign as last saved. */
interface OpenEntry {
  readonly opened: OpenedCampaign;
  campaign: Campaign;
}

function refuse(code: string, message: string): Failure {
  return { ok: false, code, message };
}

export function createCampaignHandlers<E extends IpcEventLike = IpcEventLike>(deps: CampaignHandlerDeps<E>): CampaignService<E> {
  const { trash } = deps;
  let root = checkRoot(deps.root);
  let backups = checkBackupCount(deps.backups ?? DEFAULT_BACKUPS);
  const open = new Map<string, OpenEntry>();
  const queues = new KeyedQueue();
  const writeOptions = () => ({ ...(deps.now ? { now: deps.now } : {}), backups });
  const lockOptions = (takeOver?: boolean) => ({ ...(deps.identity ? { identity: deps.identity } : {}), takeOver: takeOver === true });

  /** Runs `task` after every earlier task on `folder` has settled. */
  const inTurn = <T>(folder: string, task: () => Promise<T>): Promise<T> => queues.run(folder, task);

  /** The campaigns root cut out of a message: `<root>/x` becomes `x`, `<root>` "the campaigns folder". */
  function redact(message: string): string {
    const withSep = root.endsWith(path.sep) ? root : root + path.sep;
    return message.split(withSep).join('').split(root).join('the campaigns folder');
  }

  /**
   * Wraps a handler: failures get the root cut out of their message, and an exception becomes a
   * failure (reported through `onUnexpected`).
   */
  function guarded<C extends CampaignChannel, P, T>(
    channel: C,
    doing: string,
    run: (payload: P, event: E) => Promise<Result<T>>,
  ): (payload: P, event: E) => Promise<Result<T>> {
    return async (payload, event) => {
      try {
        const result = await run(payload, event);
        return result.ok ? result : { ...result, message: redact(result.message) };
      } catch (error) {
        deps.onUnexpected?.(error, channel);
        const reason = error instanceof Error ? error.message : String(error);
        return refuse(
          'app/unexpected',
          redact(`Something unexpected went wrong while ${doing} (${reason}). Try again; if it keeps happening, restart GM Screen.`),
        );
      }
    };
  }

  /** The campaign of `folder` as in messages (the store's wording). */
  function label(folder: string): string {
    return `The campaign in folder "${folder}"`;
  }

  /** The open entry of `folder`, or a refusal saying it must be opened before `doing`. */
  function needOpen(folder: string, doing: string): Result<OpenEntry> {
    const entry = open.get(folder);
    if (entry) return { ok: true, value: entry };
    return refuse('campaign/not-open', `${label(folder)} is not open in GM Screen; open it before ${doing}.`);
  }

  /** A refusal when `folder` is open here (archive, delete and restore need it closed). */
  function needClosed(folder: string, doing: string): Failure | null {
    const entry = open.get(folder);
    if (!entry) return null;
    return refuse('campaign/open', `"${entry.campaign.name}" is open in GM Screen; close it before ${doing}.`);
  }

  /** Checks that `folder` names a real campaign folder (not a link, not missing). */
  async function exists(folder: string): Promise<Result<void>> {
    const paths = campaignPaths({ root, folder });
    if (!paths.ok) return paths;
    return realFolder(paths.value.dir, paths.value.label);
  }

  async function close(folder: string): Promise<Result<void>> {
    const entry = open.get(folder);
    if (!entry) return { ok: true, value: undefined };
    const closed = await closeCampaign(entry.opened);
    // Keep the entry when releasing failed for a reason a retry may fix (a busy drive); a lock
    // another GM Screen took over is not ours any more.
    if (closed.ok || closed.code === 'lock/lost') open.delete(folder);
    return closed;
  }

  const transfer = createTransferHandlers<E>({
    root: () => root,
    inTurn,
    label,
    ...(deps.desktop ? { desktop: deps.desktop } : {}),
    ...(deps.exportFolder ? { exportFolder: deps.exportFolder } : {}),
  });

  const handlers: AreaHandlers<'campaigns', E> = {
    'campaigns:list': guarded('campaigns:list', 'listing the campaigns', () => listCampaigns(root)),

    'campaigns:create': guarded('campaigns:create', 'creating the campaign', async ({ name, rulesetId }) => {
      const created = await createCampaign(root, { name, rulesetId }, writeOptions());
      if (!created.ok) return created;
      return { ok: true, value: { folder: created.value.folder, campaign: created.value.campaign } };
    }),

    'campaigns:open': guarded('campaigns:open', 'opening the campaign', ({ folder, takeOver }) =>
      inTurn(folder, async () => {
        const entry = open.get(folder);
        // Already open here (a reloaded window): the same campaign, as last saved.
        if (entry) return { ok: true, value: { folder, campaign: entry.campaign, migratedFrom: null, originalKeptAs: null } };
        const opened = await openCampaign({ root, folder }, { ...writeOptions(), ...lockOptions(takeOver) });
        if (!opened.ok) return opened;
        open.set(folder, { opened: opened.value, campaign: opened.value.campaign });
        const { campaign, migratedFrom, originalKeptAs } = opened.value;
        return { ok: true, value: { folder, campaign, migratedFrom, originalKeptAs } };
      }),
    ),

    'campaigns:close': guarded('campaigns:close', 'closing the campaign', ({ folder }) => inTurn(folder, () => close(folder))),

    'campaigns:save': guarded('campaigns:save', 'saving the campaign', ({ folder, campaign }) =>
      inTurn(folder, async () => {
        const entry = needOpen(folder, 'saving it');
        if (!entry.ok) return entry;
        const saved = await saveCampaign(entry.value.opened, campaign, writeOptions());
        if (saved.ok) entry.value.campaign = saved.value;
        return saved;
      }),
    ),

    'campaigns:rename': guarded('campaigns:rename', 'renaming the campaign', ({ folder, name }) =>
      inTurn(folder, async () => {
        const entry = needOpen(folder, 'renaming it');
        if (!entry.ok) return entry;
        const renamed = await renameCampaign(entry.value.opened, entry.value.campaign, name, writeOptions());
        if (renamed.ok) entry.value.campaign = renamed.value;
        return renamed;
      }),
    ),

    'campaigns:duplicate': guarded('campaigns:duplicate', 'duplicating the campaign', ({ folder, name }) =>
      inTurn(folder, async () => {
        const found = await exists(folder);
        if (!found.ok) return found;
        const copy = await duplicateCampaign({ root, folder }, name === undefined ? {} : { name }, writeOptions());
        if (!copy.ok) return copy;
        return { ok: true, value: { folder: copy.value.folder, campaign: copy.value.campaign } };
      }),
    ),

    'campaigns:archive': guarded('campaigns:archive', 'archiving the campaign', ({ folder }) =>
      inTurn(folder, async () => {
        const refused = needClosed(folder, 'archiving it');
        if (refused) return refused;
        const moved = await archiveCampaign({ root, folder }, lockOptions());
        return moved.ok ? { ok: true, value: undefined } : moved;
      }),
    ),

    'campaigns:delete': guarded('campaigns:delete', 'deleting the campaign', ({ folder }) =>
      inTurn(folder, async () => {
        const refused = needClosed(folder, 'deleting it');
        if (refused) return refused;
        return deleteCampaign({ root, folder }, trash, lockOptions());
      }),
    ),

    'campaigns:create-encounter': guarded('campaigns:create-encounter', 'adding the encounter', ({ folder, name }) =>
      inTurn(folder, async () => {
        const entry = needOpen(folder, 'adding an encounter');
        if (!entry.ok) return entry;
        const created = await createEncounter(entry.value.opened, entry.value.campaign, { name }, writeOptions());
        if (created.ok) entry.value.campaign = created.value.campaign;
        return created;
      }),
    ),

    'campaigns:append-events': guarded('campaigns:append-events', 'saving the events', ({ folder, encounterId, events }) =>
      inTurn(folder, async () => {
        const entry = needOpen(folder, 'saving events to it');
        if (!entry.ok) return entry;
        return appendEvents(entry.value.opened, encounterId, events);
      }),
    ),

    'campaigns:read-events': guarded('campaigns:read-events', 'reading the events', async ({ folder, encounterId }) => {
      const found = await exists(folder);
      if (!found.ok) return found;
      return readEvents({ root, folder }, encounterId);
    }),

    'campaigns:list-backups': guarded('campaigns:list-backups', 'listing the backups', async ({ folder }) => {
      const found = await exists(folder);
      if (!found.ok) return found;
      return listBackups({ root, folder });
    }),

    'campaigns:restore-backup': guarded('campaigns:restore-backup', 'restoring the backup', ({ folder, n }) =>
      inTurn(folder, async () => {
        const refused = needClosed(folder, 'going back to a backup');
        if (refused) return refused;
        const found = await exists(folder);
        if (!found.ok) return found;
        return restoreCampaignBackup({ root, folder }, n, { ...(deps.now ? { now: deps.now } : {}), ...lockOptions() });
      }),
    ),

    'campaigns:export': guarded('campaigns:export', 'exporting the campaign', transfer.exportCampaign),
    'campaigns:import': guarded('campaigns:import', 'importing the campaign', transfer.importCampaign),
    'campaigns:reveal': guarded('campaigns:reveal', 'showing the campaign in its folder', transfer.revealCampaign),
  };

  function rootChangeRefusal(doing: string): Failure | null {
    const names = [...open.values()].map((entry) => `"${entry.campaign.name}"`);
    if (names.length === 1) return refuse('campaign/open', `${names[0]} is open in GM Screen; close it before ${doing}.`);
    if (names.length > 1) {
      return refuse('campaign/open', `${names.length} campaigns are open in GM Screen (${names.join(', ')}); close them before ${doing}.`);
    }
    if (queues.busy) return refuse('campaign/busy', `A campaign is being opened or saved right now; try again in a moment before ${doing}.`);
    return null;
  }

  return {
    handlers,
    openFolders: () => [...open.keys()],
    root: () => root,
    rootChangeRefusal,
    setRoot(next) {
      const refused = rootChangeRefusal('changing the campaigns folder');
      if (refused) return refused;
      root = checkRoot(next);
      return { ok: true, value: undefined };
    },
    setBackupCount(count) {
      backups = checkBackupCount(count);
    },
    async closeAll() {
      const report: { closed: string[]; problems: { folder: string; message: string }[] } = { closed: [], problems: [] };
      await Promise.all(
        [...open.keys()].map((folder) =>
          inTurn(folder, () => close(folder)).then(
            (closed) => {
              if (closed.ok) report.closed.push(folder);
              else report.problems.push({ folder, message: redact(closed.message) });
            },
            (error: unknown) => {
              deps.onUnexpected?.(error, 'campaigns:close');
              report.problems.push({ folder, message: redact(error instanceof Error ? error.message : String(error)) });
            },
          ),
        ),
      );
      report.closed.sort();
      report.problems.sort((a, b) => a.folder.localeCompare(b.folder));
      return report;
    },
  };
}

function checkRoot(root: string): string {
  if (!path.isAbsolute(root)) throw new Error(`campaigns root must be an absolute path, got "${root}"`);
  return path.resolve(root);
}

function checkBackupCount(count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new Error(`backup count must be a whole number of at least 1, got ${count}`);
  return count;
}
