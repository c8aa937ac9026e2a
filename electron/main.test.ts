/**
 * main.ts against a hand-made `electron` mock: the order of start-up steps and the wiring of the
 * plain modules. (The Electron binary is not available to tests.)
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './app-origin';

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
    readonly setTitle = vi.fn();
    readonly show = vi.fn();
    readonly loadURL = vi.fn(async (_url: string) => {});
    constructor(readonly options: Record<string, unknown>) {
      steps.push('new BrowserWindow');
      windows.push(this);
    }
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
  return {
    steps,
    appListeners,
    resolveReady,
    windows,
    ipcHandlers,
    module: {
      app: {
        enableSandbox: vi.fn(() => steps.push('enableSandbox')),
        requestSingleInstanceLock: vi.fn(() => true),
        quit: vi.fn(),
        on: vi.fn((name: string, listener: (...args: unknown[]) => void) => appListeners.set(name, listener)),
        whenReady: vi.fn(() => ready),
        getName: () => 'GM Screen',
        getVersion: () => '0.1.0',
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
      },
      Menu: {
        buildFromTemplate: vi.fn((template: unknown) => ({ template })),
        setApplicationMenu: vi.fn(),
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

describe('main', () => {
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

    const permission = electron.module.session.defaultSession.setPermissionRequestHandler.mock.calls[0]![0] as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void;
    const callback = vi.fn();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    permission({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);

    expect(electron.module.Menu.setApplicationMenu).toHaveBeenCalledOnce();
    expect([...electron.ipcHandlers.keys()].sort()).toEqual(['app:info', 'app:set-title']);
    expect(electron.appListeners.has('web-contents-created')).toBe(true);
  });

  it('serves the renderer folder next to dist-electron through protocol.handle', async () => {
    const [scheme, handler] = electron.module.protocol.handle.mock.calls[0] as unknown as [
      string,
      (request: { url: string; method: string }) => Promise<Response>,
    ];
    expect(scheme).toBe('app');
    const response = await handler({ url: 'app://gm-screen/../../etc/passwd', method: 'GET' });
    expect([403, 404]).toContain(response.status);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
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
});
