/**
 * main.ts against a hand-made `electron` mock: the order of start-up steps and the wiring of the
 * plain modules. (The Electron binary is not available to tests.)
 */
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './app-origin';
import { ipcContract } from './ipc-contract';
import { blankScreen } from '../engine/testing/player-screens';

const electron = vi.hoisted(() => {
  const steps: string[] = [];
  const appListeners = new Map<string, (...args: unknown[]) => void>();
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const windows: FakeWindow[] = [];
  class FakeWindow {
    readonly listeners = new Map<string, (...args: unknown[]) => void>();
    readonly contentsListeners = new Map<string, () => void>();
    readonly contentsOnce = new Map<string, () => void>();
    loading = false;
    readonly webContents = {
      fake: 'webContents',
      printToPDF: vi.fn(async (_options: unknown) => new Uint8Array([0x25, 0x50, 0x44, 0x46])),
      send: vi.fn((_channel: string, ..._args: unknown[]) => {}),
      on: (name: string, listener: () => void) => this.contentsListeners.set(name, listener),
      once: (name: string, listener: () => void) => this.contentsOnce.set(name, listener),
      isLoading: () => this.loading,
      isDestroyed: () => this.destroyed,
    };
    readonly destroy = vi.fn(() => {
      this.destroyed = true;
    });
    readonly setTitle = vi.fn();
    readonly show = vi.fn();
    readonly focus = vi.fn();
    readonly restore = vi.fn();
    readonly loadURL = vi.fn(async (_url: string) => {});
    readonly setFullScreen = vi.fn((flag: boolean) => {
      this.fullScreen = flag;
    });
    destroyed = false;
    fullScreen = false;
    readonly close = vi.fn(() => {
      this.listeners.get('close')?.();
      this.destroyed = true;
      this.listeners.get('closed')?.();
    });
    constructor(readonly options: Record<string, unknown>) {
      steps.push('new BrowserWindow');
      windows.push(this);
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => false;
    isFullScreen = () => this.fullScreen;
    getBounds = () => ({ x: Number(this.options['x'] ?? 0), y: Number(this.options['y'] ?? 0), width: Number(this.options['width']), height: Number(this.options['height']) });
    getNormalBounds = () => this.getBounds();
    on(name: string, listener: (...args: unknown[]) => void) {
      this.listeners.set(name, listener);
      return this;
    }
    once(name: string, listener: (...args: unknown[]) => void) {
      return this.on(name, listener);
    }
    static getAllWindows = () => windows;
    static fromWebContents = (sender: unknown) => windows.find((w) => w === sender) ?? null;
  }
  const ipcHandlers = new Map<string, (...args: unknown[]) => unknown>();
  // A laptop with a TV to its right.
  const displays = [
    { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
    { id: 2, bounds: { x: 1920, y: 0, width: 1920, height: 1080 }, workArea: { x: 1920, y: 0, width: 1920, height: 1080 } },
  ];
  /** The menu items by id, as Menu.getMenuItemById finds them. */
  const menuItems = new Map<string, { enabled?: boolean; click?: () => void }>();
  const collect = (items: { id?: string; submenu?: unknown; enabled?: boolean; click?: () => void }[]) => {
    for (const item of items) {
      if (item.id) menuItems.set(item.id, item);
      if (Array.isArray(item.submenu)) collect(item.submenu);
    }
  };
  /** app.getPath('userData'): a temp folder set by the test before ready. */
  const paths = { userData: '', documents: '/home/gm/Documents', temp: '' };
  /** The players' window's session (session.fromPartition('gm-screen-players')). */
  const playersSession = {
    protocol: { handle: vi.fn(() => steps.push('players protocol.handle')) },
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
  };
  /** The PDF window's session (session.fromPartition), as configured on ready. */
  const printSession = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    webRequest: { onBeforeRequest: vi.fn() },
    on: vi.fn(),
  };
  return {
    steps,
    paths,
    printSession,
    playersSession,
    appListeners,
    resolveReady,
    windows,
    ipcHandlers,
    menuItems,
    module: {
      app: {
        enableSandbox: vi.fn(() => steps.push('enableSandbox')),
        requestSingleInstanceLock: vi.fn(() => true),
        quit: vi.fn(),
        on: vi.fn((name: string, listener: (...args: unknown[]) => void) => appListeners.set(name, listener)),
        whenReady: vi.fn(() => ready),
        getName: () => 'GM Screen',
        getVersion: () => '0.1.0',
        getPath: vi.fn((name: string) => {
          if (name === 'userData') return paths.userData;
          if (name === 'documents') return paths.documents;
          if (name === 'temp') return paths.temp;
          throw new Error(`unexpected getPath(${name})`);
        }),
      },
      shell: {
        trashItem: vi.fn(async (_path: string) => {}),
        showItemInFolder: vi.fn((_path: string) => {}),
      },
      dialog: {
        showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
        showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
      },
      protocol: {
        registerSchemesAsPrivileged: vi.fn(() => steps.push('registerSchemesAsPrivileged')),
        handle: vi.fn(() => steps.push('protocol.handle')),
      },
      session: {
        defaultSession: {
          setPermissionRequestHandler: vi.fn(),
          setPermissionCheckHandler: vi.fn(),
        },
        fromPartition: vi.fn((partition: string) => (partition === 'gm-screen-players' ? playersSession : printSession)),
      },
      Menu: {
        buildFromTemplate: vi.fn((template: { id?: string; submenu?: unknown }[]) => {
          collect(template);
          return { template, getMenuItemById: (id: string) => menuItems.get(id) ?? null };
        }),
        setApplicationMenu: vi.fn(),
      },
      screen: {
        getAllDisplays: () => displays,
        getPrimaryDisplay: () => displays[0]!,
        getDisplayMatching: (rect: { x: number }) => (rect.x >= 1920 ? displays[1]! : displays[0]!),
      },
      ipcMain: {
        handle: vi.fn((channel: string, listener: (...args: unknown[]) => unknown) => ipcHandlers.set(channel, listener)),
        removeHandler: vi.fn(),
      },
      BrowserWindow: FakeWindow,
    },
  };
});

vi.mock('electron', () => ({ ...electron.module, default: electron.module }));

const APP_SENDER = { senderFrame: { url: 'app://gm-screen/index.html' } };

/** A players' screen as the GM window publishes it (between fights, curtain down). */
const curtain = (campaign: string) => blankScreen(campaign);

describe('main', () => {
  beforeAll(async () => {
    electron.paths.userData = await mkdtemp(path.join(tmpdir(), 'gm-screen-user-data-'));
    electron.paths.temp = path.join(electron.paths.userData, 'temp');
    await mkdir(electron.paths.temp);
    // Read on ready: the backup count below comes from here.
    await writeFile(
      path.join(electron.paths.userData, 'settings.json'),
      JSON.stringify({ type: 'gm-screen/settings', version: 1, campaignsFolder: null, backupCount: 7 }),
    );
  });
  afterAll(async () => {
    await rm(electron.paths.userData, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await import('./main');
  });

  it('registers the app scheme as privileged before ready, and sandboxes everything', () => {
    expect(electron.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(electron.steps.slice(0, 2)).toEqual(['registerSchemesAsPrivileged', 'enableSandbox']);
    expect(electron.windows).toHaveLength(0);
  });

  it('on ready: serves app://, denies permissions, sets the menu, registers IPC, opens the GM window', async () => {
    electron.resolveReady();
    await vi.waitFor(() => expect(electron.windows).toHaveLength(1));
    expect(electron.steps).toEqual([
      'registerSchemesAsPrivileged',
      'enableSandbox',
      'protocol.handle',
      'players protocol.handle',
      'new BrowserWindow',
    ]);

    const [window] = electron.windows;
    expect(window!.options).toMatchObject({
      width: 1280,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        preload: expect.stringMatching(/preload\.cjs$/),
      },
    });
    expect(window!.loadURL).toHaveBeenCalledWith('app://gm-screen/index.html');

    refusesPermissions(electron.module.session.defaultSession.setPermissionRequestHandler);

    expect(electron.module.Menu.setApplicationMenu).toHaveBeenCalledOnce();
    expect([...electron.ipcHandlers.keys()].sort()).toEqual(Object.keys(ipcContract).sort());
    expect(electron.appListeners.has('web-contents-created')).toBe(true);
  });

  /** The permission handler registered through `setHandler` refuses a request (the camera, here). */
  function refusesPermissions(setHandler: { mock: { calls: unknown[][] } }): void {
    const permission = setHandler.mock.calls[0]![0] as (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
    const callback = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    permission({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
  }

  /** The app:// handler registered through `handle`: it serves app://, refuses a path out of the app's folder, and sends the policy. */
  async function servesAppOnly(handle: { mock: { calls: unknown[][] } }): Promise<unknown> {
    const [scheme, handler] = handle.mock.calls[0] as unknown as [string, (request: { url: string; method: string }) => Promise<Response>];
    expect(scheme).toBe('app');
    const refused = await handler({ url: 'app://gm-screen/../../etc/passwd', method: 'GET' });
    expect([403, 404]).toContain(refused.status);
    expect(refused.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    return handler;
  }

  it('serves the renderer folder next to dist-electron through protocol.handle', async () => {
    await servesAppOnly(electron.module.protocol.handle);
  });

  it('gives the players\' window an in-memory session of its own: app:// served there too, every permission refused', async () => {
    expect(electron.module.session.fromPartition).toHaveBeenCalledWith('gm-screen-players');
    const handler = await servesAppOnly(electron.playersSession.protocol.handle);
    // The same handler as the app's own session: the same files, the same refusals.
    const [, appHandler] = electron.module.protocol.handle.mock.calls[0] as unknown as [string, unknown];
    expect(handler).toBe(appHandler);

    refusesPermissions(electron.playersSession.setPermissionRequestHandler);
    const check = electron.playersSession.setPermissionCheckHandler.mock.calls[0]![0] as () => boolean;
    expect(check()).toBe(false);
  });

  it('sets the title of the sending window', async () => {
    const [window] = electron.windows;
    const setTitle = electron.ipcHandlers.get('app:set-title')!;
    await setTitle({ senderFrame: { url: 'app://gm-screen/index.html' }, sender: window }, { title: 'Round 2' });
    expect(window!.setTitle).toHaveBeenCalledWith('Round 2 — GM Screen');
    const info = electron.ipcHandlers.get('app:info')!;
    await expect(info({ senderFrame: { url: 'app://gm-screen/' }, sender: window })).resolves.toEqual({
      name: 'GM Screen',
      version: '0.1.0',
      platform: process.platform,
    });
  });

  it('keeps the campaigns in <userData>/campaigns and deletes through shell.trashItem', async () => {
    const call = (channel: string, payload?: unknown) => electron.ipcHandlers.get(channel)!(APP_SENDER, ...(payload === undefined ? [] : [payload]));
    const created = (await call('campaigns:create', { name: 'Lost Mine', rulesetId: 'zones' })) as { ok: true; value: { folder: string } };
    expect(created.ok).toBe(true);
    const root = path.join(electron.paths.userData, 'campaigns');
    expect(await readdir(root)).toEqual([created.value.folder]);
    await expect(call('campaigns:list')).resolves.toMatchObject({ ok: true, value: { campaigns: [{ folder: created.value.folder }] } });

    await expect(call('campaigns:delete', { folder: created.value.folder })).resolves.toEqual({ ok: true, value: undefined });
    expect(electron.module.shell.trashItem).toHaveBeenCalledWith(path.join(root, created.value.folder));
    // The mock trash moves nothing; clean up by hand.
    await rm(path.join(root, created.value.folder), { recursive: true });
  });

  it('reads settings.json from userData, and wires the dialogs (parented to the sender\'s window) and the file manager', async () => {
    const [window] = electron.windows;
    const sender = { ...APP_SENDER, sender: window };
    const call = (channel: string, payload?: unknown) => electron.ipcHandlers.get(channel)!(sender, ...(payload === undefined ? [] : [payload]));
    await expect(call('settings:get')).resolves.toEqual({
      ok: true,
      value: { campaignsFolder: path.join(electron.paths.userData, 'campaigns'), isDefault: true, backupCount: 7, problem: null },
    });
    const created = (await call('campaigns:create', { name: 'Revealed', rulesetId: 'zones' })) as { ok: true; value: { folder: string } };
    const dir = path.join(electron.paths.userData, 'campaigns', created.value.folder);

    await expect(call('campaigns:reveal', { folder: created.value.folder })).resolves.toEqual({ ok: true, value: undefined });
    expect(electron.module.shell.showItemInFolder).toHaveBeenCalledWith(path.join(dir, 'campaign.json'));

    await expect(call('campaigns:export', { folder: created.value.folder })).resolves.toEqual({ ok: true, value: { cancelled: true } });
    expect(electron.module.dialog.showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({ defaultPath: path.join('/home/gm/Documents', 'revealed.gm-campaign.json') }),
    );
    await expect(call('campaigns:import', { from: 'folder' })).resolves.toEqual({ ok: true, value: { cancelled: true } });
    await expect(call('settings:choose-campaigns-folder')).resolves.toEqual({ ok: true, value: { cancelled: true } });
    expect(electron.module.dialog.showOpenDialog.mock.calls.map((args) => args[0])).toEqual([window, window]);

    // A sender without a window (gone): the dialog is shown on its own.
    electron.module.dialog.showOpenDialog.mockClear();
    await electron.ipcHandlers.get('campaigns:import')!({ ...APP_SENDER, sender: {} }, { from: 'file' });
    expect(electron.module.dialog.showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ properties: ['openFile'] }));
    await rm(dir, { recursive: true });
  });

  it('keeps a screen the GM window publishes while the players\' window is closed', async () => {
    const [gm] = electron.windows;
    await expect(electron.ipcHandlers.get('app:publish-player-screen')!({ ...APP_SENDER, sender: gm!.webContents }, curtain('Night watch'))).resolves.toBeUndefined();
    expect(gm!.webContents.send).not.toHaveBeenCalled();
  });

  it('answers the GM window\'s share:* calls: not sharing until the GM starts it, and stops sharing when the app quits', async () => {
    const [gm] = electron.windows;
    const status = await electron.ipcHandlers.get('share:status')!({ ...APP_SENDER, sender: gm!.webContents });
    expect(status).toMatchObject({ ok: true, value: { sharing: false, url: null, watchers: 0, pick: true } });
    expect(electron.appListeners.has('before-quit')).toBe(true);
  });

  it('tells the GM window how many players\' screens watch once its page has loaded: none yet', () => {
    const [gm] = electron.windows;
    gm!.contentsListeners.get('did-finish-load')!();
    expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('players:watching', 0);
    gm!.webContents.send.mockClear();
  });

  it('pushes sharing\'s new status to the GM window after a share:* call that changed it', async () => {
    const [gm] = electron.windows;
    const sender = { ...APP_SENDER, sender: gm!.webContents };
    await expect(electron.ipcHandlers.get('share:allow-pick')!(sender, { allow: false })).resolves.toMatchObject({ ok: true, value: { pick: false } });
    expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('share:changed', expect.objectContaining({ sharing: false, pick: false, watchers: 0 }));
    gm!.webContents.send.mockClear();
    // A change within the push interval (100 ms) goes at its end.
    await electron.ipcHandlers.get('share:allow-pick')!(sender, { allow: true });
    await vi.waitFor(() => expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('share:changed', expect.objectContaining({ pick: true })));
    gm!.webContents.send.mockClear();
  });

  it('View › Share with phones… brings the GM window forward and asks its page to open the dialog (once loaded, while it loads)', () => {
    const [gm] = electron.windows;
    electron.menuItems.get('share-with-phones')!.click!();
    expect(gm!.show).toHaveBeenCalled();
    expect(gm!.focus).toHaveBeenCalled();
    expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('share:open-dialog');
    gm!.webContents.send.mockClear();

    gm!.loading = true;
    electron.menuItems.get('share-with-phones')!.click!();
    expect(gm!.webContents.send).not.toHaveBeenCalled();
    gm!.loading = false;
    gm!.contentsOnce.get('did-finish-load')!();
    expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('share:open-dialog');
    gm!.webContents.send.mockClear();
    expect(electron.windows).toHaveLength(1);
  });

  it('opens the player window from the menu and on app:open-player-view: #player, its own preload and session, full screen on the TV, the last screen once loaded', async () => {
    const [gm] = electron.windows;
    const fullScreenItem = electron.menuItems.get('player-view-full-screen')!;
    expect(fullScreenItem.enabled).toBe(false);
    electron.menuItems.get('player-view')!.click!();
    expect(electron.windows).toHaveLength(2);
    const player = electron.windows[1]!;
    expect(player.loadURL).toHaveBeenCalledWith('app://gm-screen/index.html#player');
    expect(player.options).toMatchObject({
      title: 'GM Screen — Players',
      backgroundColor: '#000000',
      autoHideMenuBar: true,
      x: 1920 + 320,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, partition: 'gm-screen-players', preload: expect.stringMatching(/player-preload\.cjs$/) },
    });
    const gmPreload = (gm!.options['webPreferences'] as { preload: string }).preload;
    expect((player.options['webPreferences'] as { preload: string }).preload).toBe(path.join(path.dirname(gmPreload), 'player-preload.cjs'));
    expect(gm!.options['webPreferences']).not.toHaveProperty('partition');
    // Opened late: once its page has loaded, it gets the screen published before it opened.
    expect(player.webContents.send).not.toHaveBeenCalled();
    player.contentsListeners.get('did-finish-load')!();
    expect(player.webContents.send).toHaveBeenCalledExactlyOnceWith('players:screen', { screen: curtain('Night watch'), writtenAt: expect.any(Number) });
    player.listeners.get('ready-to-show')!();
    expect(player.setFullScreen).toHaveBeenCalledWith(true);
    expect(fullScreenItem.enabled).toBe(true);
    // The GM window is told someone watches now: it publishes from here on (players-watching.ts).
    expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('players:watching', 1);
    gm!.webContents.send.mockClear();

    // Again, over IPC from the GM window: focused, not a third window.
    await expect(electron.ipcHandlers.get('app:open-player-view')!({ ...APP_SENDER, sender: gm!.webContents })).resolves.toEqual({ ok: true, value: undefined });
    expect(electron.windows).toHaveLength(2);
    expect(player.focus).toHaveBeenCalled();
    fullScreenItem.click!();
    expect(player.fullScreen).toBe(false);
  });

  it('relays each screen the GM window publishes to the players\' window only, and refuses a malformed one', async () => {
    const [gm, player] = electron.windows;
    const publish = electron.ipcHandlers.get('app:publish-player-screen')!;
    player!.webContents.send.mockClear();
    await publish({ ...APP_SENDER, sender: gm!.webContents }, curtain('Lost Mine'));
    expect(player!.webContents.send).toHaveBeenCalledExactlyOnceWith('players:screen', { screen: curtain('Lost Mine'), writtenAt: expect.any(Number) });
    expect(gm!.webContents.send).not.toHaveBeenCalled();

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const secrets = { ...curtain('Lost Mine'), events: [{ type: 'note', text: 'The duke is the traitor' }] };
    await expect(publish({ ...APP_SENDER, sender: gm!.webContents }, secrets)).rejects.toThrow('app:publish-player-screen refused: unknown field "events"');
    await expect(publish({ ...APP_SENDER, sender: gm!.webContents }, { ...curtain('x'), mode: 'all' })).rejects.toThrow(/refused: mode must be/);
    expect(player!.webContents.send).toHaveBeenCalledOnce();

    // Reloaded: the players' page gets the last screen again.
    player!.contentsListeners.get('did-finish-load')!();
    expect(player!.webContents.send).toHaveBeenLastCalledWith('players:screen', { screen: curtain('Lost Mine'), writtenAt: expect.any(Number) });
    expect(gm!.webContents.send).not.toHaveBeenCalled();
  });

  it('keeps the player window to a few channels: no campaigns, no settings, no publishing', async () => {
    const player = electron.windows[1]!;
    const fromPlayer = { senderFrame: { url: 'app://gm-screen/index.html#player' }, sender: player.webContents };
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(electron.ipcHandlers.get('campaigns:list')!(fromPlayer)).rejects.toThrow('campaigns:list refused: the player window may not use this channel');
    await expect(electron.ipcHandlers.get('settings:get')!(fromPlayer)).rejects.toThrow(/may not use this channel/);
    await expect(electron.ipcHandlers.get('app:open-player-view')!(fromPlayer)).rejects.toThrow(/may not use this channel/);
    await expect(electron.ipcHandlers.get('share:start')!(fromPlayer, { address: '127.0.0.1' })).rejects.toThrow(/may not use this channel/);
    await expect(electron.ipcHandlers.get('share:status')!(fromPlayer)).rejects.toThrow(/may not use this channel/);
    await expect(electron.ipcHandlers.get('campaigns:read-events')!(fromPlayer, { folder: 'lost-mine', encounterId: 'e1' })).rejects.toThrow(/may not use this channel/);
    await expect(electron.ipcHandlers.get('app:publish-player-screen')!(fromPlayer, curtain('Forged'))).rejects.toThrow(
      'app:publish-player-screen refused: the player window may not use this channel',
    );
    await expect(electron.ipcHandlers.get('app:toggle-player-full-screen')!(fromPlayer)).resolves.toEqual({ ok: true, value: undefined });
    await expect(electron.ipcHandlers.get('app:info')!(fromPlayer)).resolves.toMatchObject({ name: 'GM Screen' });
  });

  it('tells a reloaded GM page that the players\' window still watches', () => {
    const [gm] = electron.windows;
    gm!.webContents.send.mockClear();
    gm!.contentsListeners.get('did-finish-load')!();
    expect(gm!.webContents.send).toHaveBeenCalledExactlyOnceWith('players:watching', 1);
    gm!.webContents.send.mockClear();
  });

  it('closes the player window with the GM window, and remembers where it was in settings.json', async () => {
    const [gm, player] = electron.windows;
    gm!.listeners.get('closed')!();
    expect(player!.close).toHaveBeenCalledOnce();
    expect(electron.menuItems.get('player-view-full-screen')!.enabled).toBe(false);
    const file = path.join(electron.paths.userData, 'settings.json');
    await vi.waitFor(async () =>
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        type: 'gm-screen/settings',
        version: 3,
        campaignsFolder: null,
        backupCount: 7,
        playerWindow: { displayId: 2, bounds: { x: 2240, y: 180, width: 1280, height: 720 }, fullScreen: true },
      }),
    );
    // macOS: a click on the dock icon brings a new GM window.
    electron.appListeners.get('activate')!();
    expect(electron.windows).toHaveLength(3);
    expect(electron.windows[2]!.loadURL).toHaveBeenCalledWith('app://gm-screen/index.html');
  });

  it('releases the open campaigns\' locks before quitting, then quits', async () => {
    const call = (channel: string, payload?: unknown) => electron.ipcHandlers.get(channel)!(APP_SENDER, payload);
    const created = (await call('campaigns:create', { name: 'Quitting', rulesetId: 'zones' })) as { ok: true; value: { folder: string } };
    await expect(call('campaigns:open', { folder: created.value.folder })).resolves.toMatchObject({ ok: true });
    const lock = path.join(electron.paths.userData, 'campaigns', created.value.folder, '.lock');
    await stat(lock);

    const willQuit = electron.appListeners.get('will-quit')!;
    const event = { preventDefault: vi.fn() };
    electron.module.app.quit.mockClear();
    willQuit(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(electron.module.app.quit).toHaveBeenCalledOnce());
    await expect(stat(lock)).rejects.toThrow(/ENOENT/);

    // The quit that follows goes through.
    const again = { preventDefault: vi.fn() };
    willQuit(again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });

  it('saves logs through the save dialog in the documents, and prints PDFs in a hidden window of a locked-down session', async () => {
    const gm = electron.windows[2]!;
    const sender = { ...APP_SENDER, sender: gm };
    const call = (channel: string, payload: unknown) => electron.ipcHandlers.get(channel)!(sender, payload);
    expect(electron.module.session.fromPartition).toHaveBeenCalledWith('gm-screen-print');
    expect(electron.printSession.setPermissionRequestHandler).toHaveBeenCalledOnce();
    expect(electron.printSession.setPermissionCheckHandler).toHaveBeenCalledOnce();
    expect(electron.printSession.webRequest.onBeforeRequest).toHaveBeenCalledOnce();
    expect(electron.printSession.on).toHaveBeenCalledWith('will-download', expect.any(Function));

    electron.module.dialog.showSaveDialog.mockClear();
    await expect(call('logs:save', { fileName: 'Lost Mine – Ambush – 2026-11-23.md', content: '# Ambush' })).resolves.toEqual({ ok: true, value: { cancelled: true } });
    expect(electron.module.dialog.showSaveDialog).toHaveBeenCalledWith(
      gm,
      expect.objectContaining({
        defaultPath: path.join('/home/gm/Documents', 'Lost Mine – Ambush – 2026-11-23.md'),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      }),
    );

    const target = path.join(electron.paths.userData, 'Ambush.pdf');
    electron.module.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    const before = electron.windows.length;
    await expect(call('logs:save-pdf', { fileName: 'Ambush.pdf', html: '<h1>Ambush</h1>' })).resolves.toEqual({ ok: true, value: { fileName: 'Ambush.pdf' } });
    expect(electron.windows).toHaveLength(before + 1);
    const printer = electron.windows[before]!;
    expect(printer.options).toMatchObject({ show: false, webPreferences: { javascript: false, partition: 'gm-screen-print' } });
    expect(printer.options['webPreferences']).not.toHaveProperty('preload');
    expect(printer.loadURL).toHaveBeenCalledWith(expect.stringMatching(/^file:\/\/.*gm-screen-print-.*\/log\.html$/));
    expect(printer.webContents.printToPDF).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 'A4', printBackground: true }));
    expect(printer.destroy).toHaveBeenCalledOnce();
    expect([...(await readFile(target))]).toEqual([0x25, 0x50, 0x44, 0x46]);
    expect(await readdir(electron.paths.temp)).toEqual([]);
  });

  it('opens the GM window again for View › Share with phones… when it was closed (macOS keeps the app), and asks for the dialog once it loaded', () => {
    electron.windows[2]!.close();
    const before = electron.windows.length;
    electron.menuItems.get('share-with-phones')!.click!();
    expect(electron.windows).toHaveLength(before + 1);
    const again = electron.windows[before]!;
    expect(again.loadURL).toHaveBeenCalledWith('app://gm-screen/index.html');
    expect(again.webContents.send).not.toHaveBeenCalled();
    again.contentsOnce.get('did-finish-load')!();
    expect(again.webContents.send).toHaveBeenCalledExactlyOnceWith('share:open-dialog');
  });
});
