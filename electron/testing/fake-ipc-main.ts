/**
 * Test helper: a stand-in for `ipcMain` that records handlers and lets a test call them as a
 * given sender page would (`null` is a frame that is gone).
 */
import type { IpcEventLike, IpcMainLike } from '../ipc';

export interface FakeEvent extends IpcEventLike {
  readonly id: number;
}

type Listener = (event: FakeEvent, ...args: unknown[]) => unknown;

/** A page of the app, as a sender. */
export const APP_PAGE = 'app://gm-screen/index.html';

export function fakeIpcMain() {
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
