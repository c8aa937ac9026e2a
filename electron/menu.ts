/**
 * The application menu as data. Edit has cut/copy/paste/select-all only: undo and redo belong to
 * the renderer (encounter undo), and an Undo menu item would take Ctrl+Z before the page sees it.
 */
import type { MenuItemConstructorOptions } from 'electron';
import { PRODUCT_NAME } from './app-handlers';

const separator: MenuItemConstructorOptions = { type: 'separator' };

export interface MenuContext {
  readonly platform: NodeJS.Platform;
  readonly version: string;
  readonly appName?: string;
}

export function buildMenuTemplate({ platform, version, appName = PRODUCT_NAME }: MenuContext): MenuItemConstructorOptions[] {
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
