import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate } from './menu';

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
  const template = buildMenuTemplate({ platform, version: '1.2.3' });

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

  it('shows the version in Help', () => {
    expect(submenuOf(template, 'Help')).toContainEqual({ label: 'GM Screen 1.2.3', enabled: false });
  });

  it('uses mnemonics except on macOS', () => {
    const hasAmpersand = template.some((item) => item.label?.includes('&'));
    expect(hasAmpersand).toBe(platform !== 'darwin');
  });
});
