import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createAppHandlers, windowTitle } from './app-handlers';
import { registerIpcHandlers, type IpcEventLike, type IpcMainLike } from './ipc';
import {
  API_KEY,
  createApi,
  ipcContract,
  type AppInfo,
  type GmScreenApi,
  type IpcChannel,
} from './ipc-contract';

// Nothing here may load Electron; fail loudly if something tries.
vi.mock('electron', () => {
  throw new Error('electron must not be imported by the IPC modules');
});

interface FakeEvent extends IpcEventLike {
  readonly id: number;
}

type Listener = (event: FakeEvent, ...args: unknown[]) => unknown;

/** A stand-in for `ipcMain` that records handlers and lets a test call them. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipcMain: IpcMainLike<FakeEvent> = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  const call = async (channel: string, url: string | null, ...args: unknown[]) => {
    const listener = handlers.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return listener({ id: 7, senderFrame: url === null ? null : { url } }, ...args);
  };
  return { ipcMain, handlers, call };
}

const APP_PAGE = 'app://gm-screen/index.html';
const info = { name: 'GM Screen', version: '0.1.0', platform: 'linux' };

function setup() {
  const fake = fakeIpcMain();
  const setWindowTitle = vi.fn<(event: FakeEvent, title: string) => void>();
  const onRefused = vi.fn();
  const unregister = registerIpcHandlers(fake.ipcMain, createAppHandlers({ info, setWindowTitle }), {
    onRefused,
  });
  return { ...fake, setWindowTitle, onRefused, unregister };
}

describe('registerIpcHandlers', () => {
  it('registers one handler per channel of the contract, and removes them again', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual(Object.keys(ipcContract).sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('answers app:info', async () => {
    const { call } = setup();
    await expect(call('app:info', APP_PAGE)).resolves.toEqual(info);
  });

  it('sets the title of the sending window on app:set-title', async () => {
    const { call, setWindowTitle, onRefused } = setup();
    await expect(call('app:set-title', 'app://gm-screen/', { title: '  Goblin ambush ' })).resolves.toBeUndefined();
    expect(setWindowTitle).toHaveBeenCalledOnce();
    const [event, title] = setWindowTitle.mock.calls[0]!;
    expect(event.id).toBe(7);
    expect(title).toBe('Goblin ambush — GM Screen');
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('accepts a title of exactly 120 characters', async () => {
    const { call, setWindowTitle } = setup();
    await call('app:set-title', APP_PAGE, { title: 'x'.repeat(120) });
    expect(setWindowTitle).toHaveBeenCalledWith(expect.anything(), windowTitle('x'.repeat(120)));
  });

  const refusedPayloads: [string, IpcChannel, unknown[], RegExp][] = [
    ['a title of the wrong type', 'app:set-title', [{ title: 42 }], /^app:set-title refused: title must be a string$/],
    ['a payload that is not an object', 'app:set-title', ['Goblins'], /^app:set-title refused: expected a payload \{ title: string \}, got "Goblins"$/],
    ['an extra-long title', 'app:set-title', [{ title: 'x'.repeat(121) }], /^app:set-title refused: title must be at most 120 characters \(got 121\)$/],
    ['an empty title', 'app:set-title', [{ title: '   ' }], /^app:set-title refused: title must not be empty$/],
    ['a title with a newline', 'app:set-title', [{ title: 'a\nb' }], /control characters/],
    ['a missing payload', 'app:set-title', [], /^app:set-title refused: expected a payload \{ title: string \}, got undefined$/],
    ['a missing field', 'app:set-title', [{}], /^app:set-title refused: missing field title$/],
    ['an unknown field', 'app:set-title', [{ title: 'ok', path: '/etc' }], /^app:set-title refused: unknown field "path"$/],
    ['a second argument', 'app:set-title', [{ title: 'ok' }, 'more'], /at most one payload argument, got 2/],
    ['a payload where none is expected', 'app:info', [{ anything: true }], /^app:info refused: expected no payload$/],
  ];

  it.each(refusedPayloads)('refuses %s with a clear message', async (_label, channel, args, message) => {
    const { call, setWindowTitle, onRefused } = setup();
    await expect(call(channel, APP_PAGE, ...args)).rejects.toThrow(message);
    expect(setWindowTitle).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledOnce();
  });

  it.each([
    ['https://evil.example/index.html'],
    ['file:///home/gm/index.html'],
    ['http://localhost:5173/'],
    ['app://gm-screen.evil.example/index.html'],
    ['app://other/index.html'],
    ['about:blank'],
    ['not a url'],
  ])('refuses a sender on %s', async (url) => {
    const { call, setWindowTitle } = setup();
    const expected = `app:set-title refused: sender "${url}" is not a page of app://gm-screen`;
    await expect(call('app:set-title', url, { title: 'ok' })).rejects.toThrow(expected);
    await expect(call('app:info', url)).rejects.toThrow(/^app:info refused: sender/);
    expect(setWindowTitle).not.toHaveBeenCalled();
  });

  it('refuses a sender whose frame is gone', async () => {
    const { call } = setup();
    await expect(call('app:info', null)).rejects.toThrow(
      'app:info refused: sender an unknown or closed frame is not a page of app://gm-screen',
    );
  });

  it('checks the sender before the payload', async () => {
    const { call } = setup();
    await expect(call('app:set-title', 'https://evil.example/', { title: 5 })).rejects.toThrow(/sender/);
  });
});

describe('createApi (the preload side)', () => {
  it('has one method per channel, each invoking its channel with the given arguments', async () => {
    const invoke = vi.fn(async (channel: IpcChannel, ...args: unknown[]) => ({ channel, args }));
    const api: GmScreenApi = createApi(invoke);
    expect(Object.keys(api).sort()).toEqual(['appInfo', 'setTitle']);
    await api.appInfo();
    await api.setTitle({ title: 'Round 3' });
    expect(invoke.mock.calls).toEqual([['app:info'], ['app:set-title', { title: 'Round 3' }]]);
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('exposes under window.gmScreen', () => {
    expect(API_KEY).toBe('gmScreen');
    expectTypeOf<typeof API_KEY>().toEqualTypeOf<'gmScreen'>();
    expectTypeOf<Window['gmScreen']>().toEqualTypeOf<GmScreenApi | undefined>();
  });

  it('derives the method types from the contract (checked by tsc)', () => {
    expectTypeOf<GmScreenApi['appInfo']>().toEqualTypeOf<() => Promise<AppInfo>>();
    expectTypeOf<GmScreenApi['setTitle']>().parameters.toEqualTypeOf<[payload: { title: string }]>();
    expectTypeOf<GmScreenApi['setTitle']>().returns.toEqualTypeOf<Promise<void>>();
  });
});
