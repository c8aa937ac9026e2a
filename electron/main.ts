/**
 * The main process: lifecycle, the GM window and the players' window, menu and security settings.
 * Thin on purpose; the logic lives in plain modules beside it (app-protocol, ipc,
 * campaign-handlers, settings-store, settings-handlers, log-handlers, pdf-printer, player-window,
 * navigation, menu, window-options).
 * Bundled to dist-electron/main.cjs, so `__dirname` is dist-electron/.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, shell, type IpcMainInvokeEvent, type Session } from 'electron';
import path from 'node:path';
import { APP_ENTRY_URL, APP_SCHEME } from './app-origin';
import { createAppHandlers } from './app-handlers';
import { handleAppRequest } from './app-protocol';
import { createCampaignHandlers, type CampaignService } from './campaign-handlers';
import type { DesktopShell } from './desktop-shell';
import { registerIpcHandlers } from './ipc';
import { createLogHandlers } from './log-handlers';
import { buildMenuTemplate, PLAYER_FULL_SCREEN_ITEM_ID } from './menu';
import { guardWebContents } from './navigation';
import { configurePrintSession, createPdfPrinter, PRINT_PARTITION } from './pdf-printer';
import { createPlayerWindowController, PLAYER_PARTITION, playerChannelRefusal, type PlayerWindowController } from './player-window';
import { createWatcherCount, PLAYERS_WATCHING_CHANNEL, type WatcherCount } from './players-watching';
import { readSettings, SETTINGS_FILE } from './settings';
import { campaignsRootOf, createSettingsHandlers } from './settings-handlers';
import { createSettingsStore } from './settings-store';
import { createShareHandlers } from './share-handlers';
import { DEFAULT_PHONE_PORT, shareableInterfaces, startPhoneServerProcess } from './phone-share/index';
import { phoneServerLauncher } from './phone-server-launch';
import { createPhoneSharing, type PhoneSharing } from './phone-sharing';
import { qrModules } from './share-qr';
import { createSharePush, SHARE_CHANGED_CHANNEL, SHARE_OPEN_DIALOG_CHANNEL } from './share-pushes';
import { unpackedPath } from './unpacked-path';
import { gmWindowOptions } from './window-options';

const RENDERER_ROOT = path.join(__dirname, '../dist');
/** The phone page (built into dist/phone, kept out of app.asar when packed), all the phones' server ever serves. */
const PHONE_PAGE_ROOT = unpackedPath(path.join(RENDERER_ROOT, 'phone'));
/** The phone server's process, bundled beside main.cjs. */
const launchPhoneServer = phoneServerLauncher(path.join(__dirname, 'phone-server.cjs'));
const PRELOAD_PATH = path.join(__dirname, 'preload.cjs');
/** The players' window's own preload: its few channels and the relayed screens, no campaign API. */
const PLAYER_PRELOAD_PATH = path.join(__dirname, 'player-preload.cjs');
/** How long quitting waits for the open campaigns' locks to be released. */
const CLOSE_ON_QUIT_TIMEOUT_MS = 5000;

/** The GM window while it is open (there is one at most). */
let gmWindow: BrowserWindow | null = null;

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
// URLs); `secure` makes it a secure context; `supportFetchAPI` lets the page fetch its own
// assets. The players' window has the same origin in a session of its own (PLAYER_PARTITION),
// so its IndexedDB is not the GM window's.
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
    const window = gmWindow ?? BrowserWindow.getAllWindows()[0];
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

/** No camera, notifications, geolocation, clipboard reads...: the app needs none of them. */
function refusePermissions(target: Session, where: string): void {
  target.setPermissionRequestHandler((_contents, permission, callback) => {
    console.warn(`Refused permission ${permission}${where}`);
    callback(false);
  });
  target.setPermissionCheckHandler(() => false);
}

async function onReady(): Promise<void> {
  const serveApp = (request: Request) => handleAppRequest(request, RENDERER_ROOT);
  protocol.handle(APP_SCHEME, serveApp);
  refusePermissions(session.defaultSession, '');
  // The players' window's session: in memory, nothing shared with the GM window's (no IndexedDB
  // of the campaigns), the same app:// pages (a protocol is registered per session) and the same
  // refusals. Navigation and new windows are refused in every window (web-contents-created above).
  const playersSession = session.fromPartition(PLAYER_PARTITION);
  playersSession.protocol.handle(APP_SCHEME, serveApp);
  refusePermissions(playersSession, " in the players' window");
  // Read before the campaign handlers exist: they start on the chosen folder. A damaged file
  // gives the defaults (and a problem the settings screen shows); it is not written here.
  const settingsFile = path.join(app.getPath('userData'), SETTINGS_FILE);
  const loaded = await readSettings(settingsFile);
  if (loaded.problem) console.warn(loaded.problem);
  if (loaded.ignored) console.warn(loaded.ignored);
  // One owner of settings.json: the settings screen and the players' window both change it.
  const store = createSettingsStore({ file: settingsFile, loaded });
  // The GM window publishes the players' screen only while someone watches (players-watching.ts);
  // the phones' side forgets the screen it holds while nobody does, as it would go stale.
  // (`sharing` exists before any count is set: the players' window opens, and phones connect,
  // only once everything here is made.)
  const watchers = createWatcherCount((total) => {
    tellWatching(total);
    sharing.watching(total);
  });
  const player = createPlayerWindowController({
    screen,
    createWindow: (options) => new BrowserWindow(options),
    preloadPath: PLAYER_PRELOAD_PATH,
    packaged: app.isPackaged,
    gmWindow: () => (gmWindow && !gmWindow.isDestroyed() ? gmWindow : null),
    remembered: () => store.current().playerWindow,
    remember: (placement) => store.rememberPlayerWindow(placement),
    // Only called once the window opens, so after `menu` below exists.
    onOpenChange: (open) => {
      watchers.set('window', open ? 1 : 0);
      const item = menu.getMenuItemById(PLAYER_FULL_SCREEN_ITEM_ID);
      if (item) item.enabled = open;
    },
    onProblem: (message) => console.warn(message),
  });
  // The players' screen on the players' phones: off until the GM starts it (issue 44). Each change
  // of it is pushed to the GM window's "Share with phones…" dialog (share-pushes.ts).
  const sharePush = createSharePush({
    status: () => sharing.status(),
    send: (status) => sendToGm(SHARE_CHANGED_CHANNEL, status),
  });
  const sharing = createPhoneSharing({
    // In a process of its own (phone-share/server-process-messages.ts says why).
    startServer: ({ host, port, allowPick, code }) => startPhoneServerProcess({ host, port, allowPick, code, pageRoot: PHONE_PAGE_ROOT }, launchPhoneServer),
    interfaces: () => shareableInterfaces(),
    onWatchers: (count) => {
      watchers.set('phones', count);
      sharePush.changed();
    },
    qr: qrModules,
    defaultPort: DEFAULT_PHONE_PORT,
    remembered: (campaign) => store.current().sharedCampaigns?.find((entry) => entry.folder === campaign),
    remember: (campaign, shared) =>
      void store.rememberSharing(campaign, shared).then((result) => {
        if (!result.ok) console.warn(`Whether ${campaign} is shared with phones was not remembered: ${result.message}`);
      }),
  });
  const menu = Menu.buildFromTemplate(
    buildMenuTemplate({
      platform: process.platform,
      version: app.getVersion(),
      playerView: {
        open: () => void player.open(),
        toggleFullScreen: () => void player.toggleFullScreen(),
      },
      sharing: { openDialog: () => openShareDialog(player, watchers) },
    }),
  );
  Menu.setApplicationMenu(menu);
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
    store,
    defaultCampaignsFolder: defaultRoot,
    campaigns,
    desktop: desktopShell,
    onUnexpected: (error, channel) => console.error(`${channel} failed unexpectedly:`, error),
  });
  // Encounter logs: saved through a save dialog; PDFs printed in a hidden window of a session of
  // their own, locked down here (pdf-printer.ts says why and how).
  const printer = createPdfPrinter({
    createWindow: (options) => new BrowserWindow(options),
    tempDir: () => app.getPath('temp'),
    onProblem: (message) => console.warn(message),
  });
  configurePrintSession(session.fromPartition(PRINT_PARTITION), printer, (what) => console.warn(`Refused ${what} in the PDF window`));
  const logs = createLogHandlers<IpcMainInvokeEvent>({
    desktop: desktopShell,
    saveFolder: () => app.getPath('documents'),
    campaignsRoot: () => campaigns.root(),
    printPdf: (html) => printer.print(html),
    onUnexpected: (error, channel) => console.error(`${channel} failed unexpectedly:`, error),
  });
  registerIpcHandlers(
    ipcMain,
    {
      ...createAppHandlers({
        info: { name: app.getName(), version: app.getVersion(), platform: process.platform },
        setWindowTitle: (event, title) => BrowserWindow.fromWebContents(event.sender)?.setTitle(title),
        playerView: {
          open: () => player.open(),
          toggleFullScreen: () => player.toggleFullScreen(),
          // The same screen to the players' window and to the phones.
          publishScreen: (screen) => {
            player.publishScreen(screen);
            sharing.publish({ screen, writtenAt: Date.now() });
          },
        },
      }),
      ...campaigns.handlers,
      ...settings,
      ...logs,
      ...createShareHandlers({ sharing, onChange: () => sharePush.changed() }),
    },
    {
      onRefused: (error) => console.warn(error.message),
      // The players' window's preload offers only a few harmless channels; the rest is refused
      // here too, whatever its page would send.
      senderRefusal: (channel, event) => (player.owns(event.sender) ? playerChannelRefusal(channel) : null),
    },
  );
  closeCampaignsOnQuit(campaigns, player);
  stopSharingOnQuit(sharing);
  createGmWindow(player, watchers);
  app.on('activate', () => {
    if (!gmWindow) createGmWindow(player, watchers);
  });
}

/**
 * Releases the open campaigns' locks before the app ends, and lets the players' window's last
 * place reach settings.json. `will-quit` comes after the windows closed (no more saves arrive);
 * quitting is held until the locks are released and the place written (or a timeout, so a dead
 * network drive cannot keep the app alive), then resumed.
 */
function closeCampaignsOnQuit(campaigns: CampaignService<IpcMainInvokeEvent>, player: PlayerWindowController): void {
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || (campaigns.openFolders().length === 0 && !player.writing())) return;
    event.preventDefault();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_ON_QUIT_TIMEOUT_MS).unref());
    const closing =
      campaigns.openFolders().length === 0
        ? Promise.resolve()
        : campaigns.closeAll().then((report) => {
            for (const problem of report.problems) console.warn(`Could not close ${problem.folder}: ${problem.message}`);
          });
    void Promise.race([Promise.all([closing, player.settled()]), timeout]).finally(() => {
      closed = true;
      app.quit();
    });
  });
}

/** Sends the GM window's page a message on `channel` (nothing when the window is not open). */
function sendToGm(channel: string, message: unknown): void {
  if (gmWindow && !gmWindow.isDestroyed() && !gmWindow.webContents.isDestroyed()) gmWindow.webContents.send(channel, message);
}

/** Tells the GM window how many players' screens are watching. */
function tellWatching(total: number): void {
  sendToGm(PLAYERS_WATCHING_CHANNEL, total);
}

/**
 * View › Share with phones…: the GM window comes forward (from behind the players' window on the
 * TV, or minimised) and its page opens the dialog; once loaded when the window had to be opened
 * again (macOS keeps the app running without it).
 */
function openShareDialog(player: PlayerWindowController, watchers: WatcherCount): void {
  const open = gmWindow && !gmWindow.isDestroyed() ? gmWindow : null;
  const window = open ?? createGmWindow(player, watchers);
  if (open) {
    if (open.isMinimized()) open.restore();
    open.show();
    open.focus();
  }
  const contents = window.webContents;
  if (!open || contents.isLoading()) contents.once('did-finish-load', () => contents.send(SHARE_OPEN_DIALOG_CHANNEL));
  else contents.send(SHARE_OPEN_DIALOG_CHANNEL);
}

/**
 * As the app quits, the server stops listening and cuts the phones' streams without telling them
 * sharing ended (quitting does not wait for it): the campaign shares again with the same code when
 * it next opens (settings.json remembers both), and the phones, saying "Reconnecting…" meanwhile,
 * come back by themselves.
 */
function stopSharingOnQuit(sharing: PhoneSharing): void {
  app.on('before-quit', () => {
    void sharing.close();
  });
}

function createGmWindow(player: PlayerWindowController, watchers: WatcherCount): BrowserWindow {
  const window = new BrowserWindow(gmWindowOptions(PRELOAD_PATH, app.isPackaged));
  gmWindow = window;
  window.once('ready-to-show', () => window.show());
  // Opened, or reloaded with the players' window still open: the page learns who watches.
  window.webContents.on('did-finish-load', () => tellWatching(watchers.total()));
  // The players' window goes with the GM window (and so the app quits on Windows and Linux).
  window.on('closed', () => {
    if (gmWindow === window) gmWindow = null;
    player.close();
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
