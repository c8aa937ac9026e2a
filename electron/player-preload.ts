/**
 * The players' window's preload script: exposes `window.gmScreenPlayers` (players-bridge.ts), its
 * few channels and the screens the main process relays, and nothing else: no campaign API, and
 * `ipcRenderer` itself never reaches the page. The GM window has its own (preload.ts).
 * Bundled by scripts/build-electron.mjs into dist-electron/player-preload.cjs (a sandboxed preload
 * may only `require('electron')`).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { createPlayersApi, PLAYERS_API_KEY } from './players-bridge';

contextBridge.exposeInMainWorld(
  PLAYERS_API_KEY,
  createPlayersApi({
    invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    // The message only: the event's `sender` is ipcRenderer, which must not reach the page.
    listen: (channel, listener) => {
      ipcRenderer.on(channel, (_event, message: unknown) => listener(message));
    },
    onListenerError: (error) => console.error("The players' screen could not take a screen:", error),
  }),
);
