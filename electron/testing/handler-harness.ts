/**
 * Test helper: the main process's handlers (app, campaigns, settings, logs) on real folders inside a
 * temp `base`, registered through the validated IPC mechanism with a fake ipcMain, and a fake
 * desktop shell whose dialogs answer what the test queued (cancelled when nothing is queued).
 *
 * ```
 * <base>/campaigns    the default campaigns root
 * <base>/user-data    where settings.json lives
 * <base>/trash        where the fake trash moves deleted campaigns
 * ```
 */
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { vi } from 'vitest';
import { createAppHandlers } from '../app-handlers';
import { createCampaignHandlers, type CampaignHandlerDeps } from '../campaign-handlers';
import type { OpenDialogAnswer, OpenDialogRequest, SaveDialogAnswer, SaveDialogRequest } from '../desktop-shell';
import { registerIpcHandlers } from '../ipc';
import { createLogHandlers, type LogHandlerDeps } from '../log-handlers';
import { createShareHandlers } from '../share-handlers';
import type { IpcChannel, IpcRequest, IpcResponse } from '../ipc-contract';
import { readSettings, SETTINGS_FILE, type LoadedSettings } from '../settings';
import { campaignsRootOf, createSettingsHandlers } from '../settings-handlers';
import { APP_PAGE, fakeIpcMain, type FakeEvent } from './fake-ipc-main';

/** A desktop shell whose dialogs answer from queues; every call is recorded. */
export function fakeDesktop() {
  const saves: SaveDialogAnswer[] = [];
  const opens: OpenDialogAnswer[] = [];
  return {
    showSaveDialog: vi.fn(async (_event: FakeEvent, _options: SaveDialogRequest): Promise<SaveDialogAnswer> => saves.shift() ?? { canceled: true, filePath: '' }),
    showOpenDialog: vi.fn(async (_event: FakeEvent, _options: OpenDialogRequest): Promise<OpenDialogAnswer> => opens.shift() ?? { canceled: true, filePaths: [] }),
    showItemInFolder: vi.fn((_fullPath: string) => {}),
    /** The next save dialog answers `file`. */
    willSaveAs(file: string) {
      saves.push({ canceled: false, filePath: file });
    },
    /** The next open dialog answers `chosen`. */
    willOpen(chosen: string) {
      opens.push({ canceled: false, filePaths: [chosen] });
    },
  };
}

export type FakeDesktop = ReturnType<typeof fakeDesktop>;

export interface HarnessOptions extends Partial<Omit<CampaignHandlerDeps<FakeEvent>, 'root' | 'backups' | 'trash'>> {
  /** The settings as read at start; read from `<base>/user-data/settings.json` by default. */
  readonly loaded?: LoadedSettings;
  /** For the `logs:*` handlers, over the defaults (the fake desktop, the campaigns root, `onUnexpected`). */
  readonly logs?: LogHandlerDeps<FakeEvent>;
}

/** Handlers on `base`; `call` sends as a page of the app and checks the answer names no path. */
export async function handlerHarness(base: string, options: HarnessOptions = {}) {
  const defaultRoot = path.join(base, 'campaigns');
  const userData = path.join(base, 'user-data');
  const trashDir = path.join(base, 'trash');
  const settingsFile = path.join(userData, SETTINGS_FILE);
  const loaded = options.loaded ?? (await readSettings(settingsFile));
  const desktop = fakeDesktop();
  const fake = fakeIpcMain();
  const onRefused = vi.fn();
  const onUnexpected = vi.fn();
  const campaigns = createCampaignHandlers<FakeEvent>({
    desktop,
    onUnexpected,
    ...options,
    root: campaignsRootOf(loaded.settings, defaultRoot),
    backups: loaded.settings.backupCount,
    trash: async (target) => {
      await mkdir(trashDir, { recursive: true });
      await rename(target, path.join(trashDir, path.basename(target)));
    },
  });
  const settings = createSettingsHandlers<FakeEvent>({
    file: settingsFile,
    defaultCampaignsFolder: defaultRoot,
    loaded,
    campaigns,
    desktop: options.desktop ?? desktop,
    onUnexpected,
    ...(options.now ? { now: options.now } : {}),
  });
  const logs = createLogHandlers<FakeEvent>({
    desktop: options.desktop ?? desktop,
    campaignsRoot: () => campaigns.root(),
    onUnexpected,
    ...options.logs,
  });
  const app = createAppHandlers<FakeEvent>({ info: { name: 'GM Screen', version: '0', platform: 'linux' }, setWindowTitle: () => {} });
  registerIpcHandlers(fake.ipcMain, { ...app, ...campaigns.handlers, ...settings, ...logs, ...createShareHandlers() }, { onRefused });

  /** One typed call from the GM window. Campaign answers must carry no path of `base`. */
  async function call<C extends IpcChannel>(channel: C, ...payload: IpcRequest<C> extends undefined ? [] : [IpcRequest<C>]): Promise<IpcResponse<C>> {
    const answer = (await fake.call(channel, APP_PAGE, ...payload)) as IpcResponse<C>;
    if (!channel.startsWith('settings:')) {
      const text = JSON.stringify(answer) ?? '';
      if (text.includes(base)) throw new Error(`${channel} answered a path: ${text.slice(0, 500)}`);
    }
    return answer;
  }

  return { base, defaultRoot, userData, settingsFile, trashDir, desktop, campaigns, call, raw: fake.call, onRefused, onUnexpected };
}

/** The value of an ok answer; fails the test with its message otherwise. */
export function value<T>(answer: { ok: true; value: T } | { ok: false; code: string; message: string }): T {
  if (!answer.ok) throw new Error(`expected ok, got ${answer.code}: ${answer.message}`);
  return answer.value;
}
