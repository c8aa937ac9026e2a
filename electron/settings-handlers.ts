/**
 * The handlers of the `settings:*` channels: the settings file (settings.ts) behind the IPC
 * contract, and the campaign service told about every change (its campaigns root, its number of
 * backups). Plain Node; the dialogs are injected, so it is tested with fakes on real temp folders.
 *
 * - The settings as read at start are passed in (main.ts reads them before it creates the campaign
 *   handlers). A damaged file's problem is shown until the GM changes a setting; only then is the
 *   file written (atomically, the damaged one kept aside).
 * - The campaigns folder changes only while no campaign is open (the campaign service refuses
 *   otherwise), and only once the new settings are on disk.
 * - Every answer is a `Result`; changes run one at a time, in turn with the players' window's
 *   (settings-store.ts owns the file).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CampaignService } from './campaign-handlers';
import { CAMPAIGN_FILE } from './campaigns/index';
import { hasCode } from './campaigns/io-failure';
import type { Failure, Result } from '../engine/campaign/index';
import type { DesktopShell } from './desktop-shell';
import type { AreaHandlers, IpcEventLike } from './ipc';
import type { Cancelled, ChannelsOf, SettingsInfo } from './ipc-contract';
import { folderPathProblem, type LoadedSettings, type Settings } from './settings';
import { createSettingsStore, type SettingsStore } from './settings-store';

/** Every `settings:*` channel. */
export type SettingsChannel = ChannelsOf<'settings'>;

/** Where the settings come from: the store main.ts shares with the players' window, or the file. */
export type SettingsSource =
  | { readonly store: SettingsStore }
  | {
      /** The settings file (absolute): `<userData>/settings.json`. */
      readonly file: string;
      /** What `readSettings(file)` gave at start. */
      readonly loaded: LoadedSettings;
      /** The clock (tests): names the kept damaged file. */
      readonly now?: () => Date;
    };

export type SettingsHandlerDeps<E extends IpcEventLike = IpcEventLike> = SettingsSource & {
  /** The campaigns folder when none is chosen (absolute): `<userData>/campaigns`. */
  readonly defaultCampaignsFolder: string;
  /** The campaign handlers, told about a new root or backup count. */
  readonly campaigns: Pick<CampaignService<E>, 'root' | 'rootChangeRefusal' | 'setRoot' | 'setBackupCount'>;
  /** The folder dialog; without it, choosing a folder answers a failure. */
  readonly desktop?: Pick<DesktopShell<E>, 'showOpenDialog'>;
  /** Told about an unexpected exception (a bug) before it is answered as a failure. */
  readonly onUnexpected?: (error: unknown, channel: SettingsChannel) => void;
};

/** The campaigns root that `settings` mean. */
export function campaignsRootOf(settings: Settings, defaultCampaignsFolder: string): string {
  return settings.campaignsFolder ?? defaultCampaignsFolder;
}

function refuse(code: string, message: string): Failure {
  return { ok: false, code, message };
}

export function createSettingsHandlers<E extends IpcEventLike = IpcEventLike>(deps: SettingsHandlerDeps<E>): AreaHandlers<'settings', E> {
  const { defaultCampaignsFolder, campaigns } = deps;
  const store =
    'store' in deps ? deps.store : createSettingsStore({ file: deps.file, loaded: deps.loaded, ...(deps.now ? { now: deps.now } : {}) });
  const { inTurn, save } = store;

  function guarded<P, T>(channel: SettingsChannel, doing: string, run: (payload: P, event: E) => Promise<Result<T>>) {
    return async (payload: P, event: E): Promise<Result<T>> => {
      try {
        return await run(payload, event);
      } catch (error) {
        deps.onUnexpected?.(error, channel);
        const reason = error instanceof Error ? error.message : String(error);
        return refuse('app/unexpected', `Something unexpected went wrong while ${doing} (${reason}). Try again; if it keeps happening, restart GM Screen.`);
      }
    };
  }

  async function info(): Promise<Result<SettingsInfo>> {
    const settings = store.current();
    const folder = campaignsRootOf(settings, defaultCampaignsFolder);
    const problems = [store.problem(), settings.campaignsFolder === null ? null : await missingFolder(folder)].filter((p): p is string => p !== null);
    return {
      ok: true,
      value: {
        campaignsFolder: folder,
        isDefault: settings.campaignsFolder === null,
        backupCount: settings.backupCount,
        problem: problems.length === 0 ? null : problems.join(' '),
      },
    };
  }

  /** Saves `next`, whose campaigns folder differs, and points the campaign handlers at it. */
  async function changeRoot(next: Settings): Promise<Result<SettingsInfo>> {
    const before = campaigns.root();
    const root = campaignsRootOf(next, defaultCampaignsFolder);
    if (root !== before) {
      const set = campaigns.setRoot(root);
      if (!set.ok) return set;
    }
    const saved = await save(next);
    if (!saved.ok) {
      if (root !== before) campaigns.setRoot(before);
      return saved;
    }
    return info();
  }

  return {
    'settings:get': guarded('settings:get', 'reading the settings', () => inTurn(info)),

    'settings:choose-campaigns-folder': guarded(
      'settings:choose-campaigns-folder',
      'choosing the campaigns folder',
      async (_payload: undefined, event): Promise<Result<SettingsInfo | Cancelled>> => {
        const refused = campaigns.rootChangeRefusal('choosing another campaigns folder');
        if (refused) return refused;
        if (!deps.desktop) return refuse('app/no-dialogs', 'GM Screen cannot show a dialog here, so choosing the campaigns folder is not available.');
        const chosen = await deps.desktop.showOpenDialog(event, {
          title: 'Choose the campaigns folder',
          buttonLabel: 'Use this folder',
          defaultPath: campaigns.root(),
          properties: ['openDirectory', 'createDirectory'],
        });
        const picked = chosen.filePaths[0];
        if (chosen.canceled || picked === undefined) return { ok: true, value: { cancelled: true } };
        const folder = path.resolve(picked);
        return inTurn(async () => {
          const unusable = await folderRefusal(folder);
          if (unusable) return unusable;
          const same = path.relative(folder, defaultCampaignsFolder) === '';
          return changeRoot({ ...store.current(), campaignsFolder: same ? null : folder });
        });
      },
    ),

    'settings:reset-campaigns-folder': guarded('settings:reset-campaigns-folder', 'going back to the default campaigns folder', () =>
      inTurn(async () => {
        const settings = store.current();
        if (settings.campaignsFolder === null && !store.damaged()) return info();
        const refused = campaigns.rootChangeRefusal('going back to the default campaigns folder');
        if (refused && settings.campaignsFolder !== null) return refused;
        return changeRoot({ ...settings, campaignsFolder: null });
      }),
    ),

    'settings:set-backup-count': guarded('settings:set-backup-count', 'saving the number of backups', ({ count }: { count: number }) =>
      inTurn(async () => {
        const saved = await save({ ...store.current(), backupCount: count });
        if (!saved.ok) return saved;
        campaigns.setBackupCount(count);
        return info();
      }),
    ),
  };
}

/** Why the chosen `folder` cannot be the campaigns folder, or null. Names it as the GM chose it. */
async function folderRefusal(folder: string): Promise<Failure | null> {
  const pathProblem = folderPathProblem(folder);
  if (pathProblem) return refuse('settings/bad-folder', `The folder ${folder} ${pathProblem}; choose another one. The campaigns folder was not changed.`);
  let entries: string[];
  try {
    const info = await stat(folder);
    if (!info.isDirectory()) return refuse('settings/bad-folder', `${folder} is not a folder; choose a folder. The campaigns folder was not changed.`);
    entries = await readdir(folder);
  } catch (error) {
    const reason = hasCode(error, 'ENOENT', 'ENOTDIR') ? 'is not there' : hasCode(error, 'EACCES', 'EPERM') ? 'cannot be read (permission denied)' : 'cannot be read';
    return refuse('settings/bad-folder', `The folder ${folder} ${reason}; choose another one. The campaigns folder was not changed.`);
  }
  if (entries.includes(CAMPAIGN_FILE)) {
    return refuse(
      'settings/campaign-folder',
      `${folder} is one campaign's folder (it holds ${CAMPAIGN_FILE}); choose the folder that holds your campaign folders. The campaigns folder was not changed.`,
    );
  }
  return null;
}

/** A sentence when the chosen campaigns folder is not there (a removed drive), else null. */
async function missingFolder(folder: string): Promise<string | null> {
  try {
    const info = await stat(folder);
    return info.isDirectory() ? null : `The campaigns folder ${folder} is not a folder; choose another one or go back to the default.`;
  } catch {
    return `The campaigns folder ${folder} is not there (a removed drive?); connect it, choose another folder, or go back to the default.`;
  }
}
