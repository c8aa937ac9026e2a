/**
 * The preload script: exposes the contract's API as `window.gmScreen` (with the count of players'
 * screens watching, players-watching.ts, and sharing's pushes, share-pushes.ts), and nothing else.
 * `ipcRenderer` itself never reaches the page. Sandboxed preloads may only `require('electron')`,
 * so scripts/build-electron.mjs bundles this (with the contract and valibot) into one CJS file.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { API_KEY, createApi } from './ipc-contract';

contextBridge.exposeInMainWorld(
  API_KEY,
  createApi(
    (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    // The message only: the event's `sender` is ipcRenderer, which must not reach the page.
    (channel, listener) => {
      ipcRenderer.on(channel, (_event, message: unknown) => listener(message));
    },
    (error) => console.error('The GM window could not take a message of the main process (the players\' watcher count, sharing with phones):', error),
  ),
);
