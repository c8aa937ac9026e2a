/**
 * The main process: lifecycle, the GM window, menu and security settings. Thin on purpose; the
 * logic lives in plain modules beside it (app-protocol, ipc, campaign-handlers, settings-handlers,
 * navigation, menu, window-options).
 * Bundled to dist-electron/main.cjs, so `__dirname` is dist-electron/.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell, type IpcMainInvokeEvent } from 'electron';
import path from 'node:path';
import { APP_ENTRY_URL, APP_SCHEME } from './app-origin';
import { createAppHandlers } from './app-handlers';
import { handleAppRequest } from './app-protocol';
import { createCampaignHandlers, type CampaignService } from './campaign-handlers';
import type { DesktopShell } from './desktop-shell';
import { registerIpcHandlers } from './ipc';
import { buildMenuTemplate } from './menu';
import { guardWebContents } from './navigation';
import { readSettings, SETTINGS_FILE } from './settings';
import { campaignsRootOf, createSettingsHandlers } from './settings-handlers';
import { gmWindowOptions } from './window-options';

const RENDERER_ROOT = path.join(__dirname, '../dist');
const PRELOAD_PATH = path.join(__dirname, 'preload.cjs');
/** How long quitting waits for the open campaigns' locks to be released. */
const CLOSE_ON_QUIT_TIMEOUT_MS = 5000;

/** Where the campaigns live unless the GM chose another folder in the settings. */
function defaultCampaignsRoot(): string {
  return path.join(app.getPath('userData'), 'campaigns');
}

/** Electron's dialogs, each parented to the window that sent the request, and the file manager. */
const desktopShell: DesktopShell<IpcMainInvokeEvent> = {
  showSaveDialog: (event, options) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
  },
  showOpenDialog: (event, options) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
  },
  showItemInFolder: (fullPath) => shell.showItemInFolder(fullPath),
};

// Must happen before 'ready'. `standard` gives the scheme real origins (IndexedDB, relative
// URLs), so the GM window and the player window share one origin and one Dexie database;
// `secure` makes it a secure context; `supportFetchAPI` lets the page fetch its own assets.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

// Two instances would append to the same campaign files; the second one hands over instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, {
      onRefused: (what, url) => console.warn(`Refused ${what}${url ? ` to ${url}` : ''}`),
    });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  void app
    .whenReady()
    .then(onReady)
    .catch((error: unknown) => {
      console.error('GM Screen could not start:', error);
      app.quit();
    });
}

async function onReady(): Promise<void> {
  protocol.handle(APP_SCHEME, (request) => handleAppRequest(request, RENDERER_ROOT));
  // No camera, notifications, geolocation, clipboard reads...: the app needs none of them.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    console.warn(`Refused permission ${permission}`);
    callback(false);
  });
  session.defaultSession.setPermissionCheckHandler(() => false);
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(buildMenuTemplate({ platform: process.platform, version: app.getVersion() })),
  );
  // Read before the campaign handlers exist: they start on the chosen folder. A damaged file
  // gives the defaults (and a problem the settings screen shows); it is not written here.
  const settingsFile = path.join(app.getPath('userData'), SETTINGS_FILE);
  const loaded = await readSettings(settingsFile);
  if (loaded.problem) console.warn(loaded.problem);
  const defaultRoot = defaultCampaignsRoot();
  const campaigns = createCampaignHandlers<IpcMainInvokeEvent>({
    root: campaignsRootOf(loaded.settings, defaultRoot),
    backups: loaded.settings.backupCount,
    trash: (folder) => shell.trashItem(folder),
    desktop: desktopShell,
    exportFolder: () => app.getPath('documents'),
    onUnexpected: (error, channel) => console.error(`${channel} failed unexpectedly:`, error),
  });
  const settings = createSettingsHandlers<IpcMainInvokeEvent>({
    file: settingsFile,
    defaultCampaignsFolder: defaultRoot,
    loaded,
    campaigns,
    desktop: desktopShell,
    onUnexpected: (error, channel) => console.error(`${channel} failed unexpectedly:`, error),
  });
  registerIpcHandlers(
    ipcMain,
    {
      ...createAppHandlers({
        info: { name: app.getName(), version: app.getVersion(), platform: process.platform },
        setWindowTitle: (event, title) => BrowserWindow.fromWebContents(event.sender)?.setTitle(title),
      }),
      ...campaigns.handlers,
      ...settings,
    },
    { onRefused: (error) => console.warn(error.message) },
  );
  closeCampaignsOnQuit(campaigns);
  createGmWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createGmWindow();
  });
}

/**
 * Releases the open campaigns' locks before the app ends. `will-quit` comes after the windows
 * closed (no more saves arrive); quitting is held until the locks are released (or a timeout,
 * so a dead network drive cannot keep the app alive), then resumed.
 */
function closeCampaignsOnQuit(campaigns: CampaignService<IpcMainInvokeEvent>): void {
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || campaigns.openFolders().length === 0) return;
    event.preventDefault();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_ON_QUIT_TIMEOUT_MS).unref());
    void Promise.race([
      campaigns.closeAll().then((report) => {
        for (const problem of report.problems) console.warn(`Could not close ${problem.folder}: ${problem.message}`);
      }),
      timeout,
    ]).finally(() => {
      closed = true;
      app.quit();
    });
  });
}

function createGmWindow(): BrowserWindow {
  const window = new BrowserWindow(gmWindowOptions(PRELOAD_PATH));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
