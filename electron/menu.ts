/**
 * The application menu as data. Edit has cut/copy/paste/select-all only: undo and redo belong to
 * the renderer (encounter undo), and an Undo menu item would take Ctrl+Z before the page sees it.
 *
 * View also opens the players' window (Ctrl/Cmd+Shift+P) and toggles its full screen from any
 * window (Ctrl/Cmd+Shift+F; enabled while it is open, main.ts keeps that up to date). The usual
 * "Toggle Full Screen" (F11, Ctrl+Cmd+F on macOS) acts on the focused window, the players' one too.
 * Beside them, "Share with phones…" brings the GM window forward with its dialog open (issue 44).
 * It has no accelerator: the free ones near (Ctrl+Shift+S) mean "Save as" elsewhere, and the GM
 * shares once a session; Alt+V, S reaches it on Windows and Linux.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { PRODUCT_NAME } from './app-handlers';

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** What the player view's menu items do (player-window.ts). */
export interface PlayerViewMenuActions {
  open(): void;
  toggleFullScreen(): void;
}

/** What "Share with phones…" does (main.ts: the GM window comes forward and opens the dialog). */
export interface SharingMenuActions {
  openDialog(): void;
}

export interface MenuContext {
  readonly platform: NodeJS.Platform;
  readonly version: string;
  readonly appName?: string;
  readonly playerView: PlayerViewMenuActions;
  readonly sharing: SharingMenuActions;
}

/** The ids of the menu items main.ts changes later. */
export const PLAYER_VIEW_ITEM_ID = 'player-view';
export const PLAYER_FULL_SCREEN_ITEM_ID = 'player-view-full-screen';
export const PLAYER_VIEW_ACCELERATOR = 'CmdOrCtrl+Shift+P';
export const PLAYER_FULL_SCREEN_ACCELERATOR = 'CmdOrCtrl+Shift+F';
export const SHARE_WITH_PHONES_ITEM_ID = 'share-with-phones';

export function buildMenuTemplate({ platform, version, appName = PRODUCT_NAME, playerView, sharing }: MenuContext): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  // "&" marks the Alt mnemonic on Windows and Linux; macOS has no mnemonics.
  const label = (text: string) => (mac ? text.replace('&', '') : text);
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            separator,
            { role: 'services' },
            separator,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            separator,
            { role: 'quit' },
          ],
        },
      ]
    : [];
  return [
    ...appMenu,
    { label: label('&File'), submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: label('&Edit'),
      submenu: [{ role: 'cut' }, { role: 'copy' }, { role: 'paste' }, separator, { role: 'selectAll' }],
    },
    {
      label: label('&View'),
      submenu: [
        { role: 'reload' },
        { role: 'toggleDevTools' },
        separator,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        separator,
        { role: 'togglefullscreen' },
        separator,
        {
          id: PLAYER_VIEW_ITEM_ID,
          label: label('&Player view'),
          accelerator: PLAYER_VIEW_ACCELERATOR,
          click: () => playerView.open(),
        },
        {
          id: PLAYER_FULL_SCREEN_ITEM_ID,
          label: 'Player view full screen',
          accelerator: PLAYER_FULL_SCREEN_ACCELERATOR,
          // Enabled while the players' window is open.
          enabled: false,
          click: () => playerView.toggleFullScreen(),
        },
        {
          id: SHARE_WITH_PHONES_ITEM_ID,
          label: label('&Share with phones…'),
          click: () => sharing.openDialog(),
        },
      ],
    },
    {
      label: label('&Window'),
      role: 'window',
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      label: label('&Help'),
      role: 'help',
      submenu: [
        ...(mac ? [] : [{ role: 'about' } as const]),
        { label: `${appName} ${version}`, enabled: false },
      ],
    },
  ];
}
