import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, PLAYER_FULL_SCREEN_ITEM_ID, PLAYER_VIEW_ITEM_ID, SHARE_WITH_PHONES_ITEM_ID } from './menu';

vi.mock('electron', () => {
  throw new Error('menu must only import types from electron');
});

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ]);
}

function accelerators(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.accelerator ? [String(item.accelerator)] : []),
    ...(Array.isArray(item.submenu) ? accelerators(item.submenu) : []),
  ]);
}

const submenuOf = (items: MenuItemConstructorOptions[], label: string) => {
  const menu = items.find((item) => item.label?.replace('&', '') === label);
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no ${label} menu`);
  return menu.submenu;
};

describe.each(['linux', 'win32', 'darwin'] as const)('buildMenuTemplate on %s', (platform) => {
  const playerView = { open: vi.fn(), toggleFullScreen: vi.fn() };
  const sharing = { openDialog: vi.fn() };
  const template = buildMenuTemplate({ platform, version: '1.2.3', playerView, sharing });

  it('has the usual menus', () => {
    const labels = template.map((item) => item.label?.replace('&', ''));
    const expected = ['File', 'Edit', 'View', 'Window', 'Help'];
    expect(labels).toEqual(platform === 'darwin' ? ['GM Screen', ...expected] : expected);
  });

  it('leaves undo and redo (Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z) to the renderer', () => {
    expect(roles(template)).not.toContain('undo');
    expect(roles(template)).not.toContain('redo');
    expect(accelerators(template).filter((a) => /\+(Z|Y)$/i.test(a))).toEqual([]);
    expect(roles(submenuOf(template, 'Edit'))).toEqual(['cut', 'copy', 'paste', 'selectAll']);
  });

  it('has reload, dev tools, zoom and full screen in View', () => {
    expect(roles(submenuOf(template, 'View'))).toEqual([
      'reload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });

  it('opens the player view from View with Ctrl/Cmd+Shift+P, and toggles its full screen with Ctrl/Cmd+Shift+F', () => {
    const view = submenuOf(template, 'View');
    const open = view.find((item) => item.id === PLAYER_VIEW_ITEM_ID)!;
    const full = view.find((item) => item.id === PLAYER_FULL_SCREEN_ITEM_ID)!;
    expect(open).toMatchObject({ accelerator: 'CmdOrCtrl+Shift+P' });
    expect(open.label?.replace('&', '')).toBe('Player view');
    expect(full).toMatchObject({ label: 'Player view full screen', accelerator: 'CmdOrCtrl+Shift+F', enabled: false });
    // Each accelerator is used once in the whole menu.
    const all = accelerators(template);
    expect(new Set(all).size).toBe(all.length);

    type Click = (...args: unknown[]) => void;
    (open.click as Click)();
    expect(playerView.open).toHaveBeenCalledOnce();
    expect(playerView.toggleFullScreen).not.toHaveBeenCalled();
    (full.click as Click)();
    expect(playerView.toggleFullScreen).toHaveBeenCalledOnce();
  });

  it('opens "Share with phones…" from View, next to the player view, without an accelerator', () => {
    const view = submenuOf(template, 'View');
    const ids = view.map((item) => item.id);
    const share = view.find((item) => item.id === SHARE_WITH_PHONES_ITEM_ID)!;
    expect(ids.indexOf(SHARE_WITH_PHONES_ITEM_ID)).toBe(ids.indexOf(PLAYER_FULL_SCREEN_ITEM_ID) + 1);
    expect(share.label).toBe(platform === 'darwin' ? 'Share with phones…' : '&Share with phones…');
    expect(share.accelerator).toBeUndefined();
    // Its mnemonic (Alt+V, S) is the only S among View's own labels.
    const mnemonics = view.flatMap((item) => /&(.)/.exec(item.label ?? '')?.[1]?.toLowerCase() ?? []);
    expect(new Set(mnemonics).size).toBe(mnemonics.length);

    const opened = playerView.open.mock.calls.length;
    (share.click as (...args: unknown[]) => void)();
    expect(sharing.openDialog).toHaveBeenCalledOnce();
    expect(playerView.open).toHaveBeenCalledTimes(opened);
  });

  it('shows the version in Help', () => {
    expect(submenuOf(template, 'Help')).toContainEqual({ label: 'GM Screen 1.2.3', enabled: false });
  });

  it('uses mnemonics except on macOS', () => {
    const hasAmpersand = template.some((item) => item.label?.includes('&'));
    expect(hasAmpersand).toBe(platform !== 'darwin');
  });
});
