/**
 * Test support: the real desktop path without Electron. The main process's campaign handlers on
 * a temp campaigns root, registered through the validated IPC mechanism (ipc.ts) with a fake
 * ipcMain, and the `window.gmScreen` object the preload would build from the contract
 * (`createApi`), calling as a page of the app. Tests only: it imports the main process's code
 * (and Node's), which no app file may (`electron-imports.test.ts` checks both).
 */
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCampaignHandlers } from '../../../electron/campaign-handlers';
import { registerIpcHandlers } from '../../../electron/ipc';
import { createLogHandlers } from '../../../electron/log-handlers';
import { createShareHandlers } from '../../../electron/share-handlers';
import { createApi, type GmScreenApi } from '../../../electron/ipc-contract';
import { createAppHandlers } from '../../../electron/app-handlers';
import { APP_PAGE, fakeIpcMain } from '../../../electron/testing/fake-ipc-main';
import { createSettingsHandlers } from '../../../electron/settings-handlers';
import { DEFAULT_SETTINGS } from '../../../electron/settings';

export interface DiskHarness {
  readonly root: string;
  readonly api: GmScreenApi;
  /** Releases the locks and removes the temp folder. */
  dispose(): Promise<void>;
}

export async function diskHarness(now?: () => Date): Promise<DiskHarness> {
  const base = await mkdtemp(path.join(tmpdir(), 'gm-renderer-campaigns-'));
  const root = path.join(base, 'campaigns');
  const trashDir = path.join(base, 'trash');
  const fake = fakeIpcMain();
  const service = createCampaignHandlers({
    root,
    trash: async (target) => {
      await mkdir(trashDir, { recursive: true });
      await rename(target, path.join(trashDir, path.basename(target)));
    },
    ...(now ? { now } : {}),
  });
  const app = createAppHandlers({ info: { name: 'GM Screen', version: '0', platform: 'linux' }, setWindowTitle: () => {} });
  // The contract needs every channel; the settings ones are not called here.
  const settings = createSettingsHandlers({
    file: path.join(base, 'settings.json'),
    defaultCampaignsFolder: root,
    loaded: { settings: DEFAULT_SETTINGS, problem: null, damaged: false },
    campaigns: service,
  });
  registerIpcHandlers(fake.ipcMain, { ...app, ...service.handlers, ...settings, ...createLogHandlers(), ...createShareHandlers() });
  const api = createApi((channel, ...args) => fake.call(channel, APP_PAGE, ...args));
  return {
    root,
    api,
    async dispose() {
      await service.closeAll();
      await rm(base, { recursive: true, force: true });
    },
  };
}
