/**
 * The main process: lifecycle, the GM window, menu and security settings. Thin on purpose; the
 * logic lives in plain modules beside it (app-protocol, ipc, navigation, menu, window-options).
 * Bundled to dist-electron/main.cjs, so `__dirname` is dist-electron/.
 */
import { app, BrowserWindow, ipcMain, Menu, protocol, session } from 'electron';
import path from 'node:path';
import { APP_ENTRY_URL, APP_SCHEME } from './app-origin';
import { createAppHandlers } from './app-handlers';
import { handleAppRequest } from './app-protocol';
import { registerIpcHandlers } from './ipc';
import { buildMenuTemplate } from './menu';
import { guardWebContents } from './navigation';
import { gmWindowOptions } from './window-options';

const RENDERER_ROOT = path.join(__dirname, '../dist');
const PRELOAD_PATH = path.join(__dirname, 'preload.cjs');

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
  void app.whenReady().then(onReady);
}

function onReady(): void {
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
  registerIpcHandlers(
    ipcMain,
    createAppHandlers({
      info: { name: app.getName(), version: app.getVersion(), platform: process.platform },
      setWindowTitle: (event, title) => BrowserWindow.fromWebContents(event.sender)?.setTitle(title),
    }),
    { onRefused: (error) => console.warn(error.message) },
  );
  createGmWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createGmWindow();
  });
}

function createGmWindow(): BrowserWindow {
  const window = new BrowserWindow(gmWindowOptions(PRELOAD_PATH));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
