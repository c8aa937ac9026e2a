import { describe, expect, it, vi } from 'vitest';
import type { PlayerScreenUpdate } from '../../../electron/ipc-contract';
import { PLAYER_SCREEN_VERSION } from './screen';
import { chooseScreenSource, ipcScreenSource, type ScreenSource, type ScreenUpdate } from './screen-source';

// Issue 14: the players' page receives over IPC in the desktop app (its own preload's
// `window.gmScreenPlayers`), from IndexedDB in a browser, and reads every screen with readScreen.

const png = { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 10, height: 10 };
const screen = { version: PLAYER_SCREEN_VERSION, campaign: 'Night watch', mode: 'live', view: null, ruleset: null, background: null, handout: null, roll: null, countdown: null };

/** A players' bridge whose `push` is the main process relaying a screen. */
function fakeBridge() {
  const listeners: ((update: PlayerScreenUpdate) => void)[] = [];
  const unsubscribe = vi.fn();
  return {
    onScreen: vi.fn((listener: (update: PlayerScreenUpdate) => void) => {
      listeners.push(listener);
      return unsubscribe;
    }),
    push: (update: PlayerScreenUpdate) => listeners.forEach((listener) => listener(update)),
    unsubscribe,
  };
}

describe('chooseScreenSource', () => {
  it('takes the players\' bridge in the desktop app, and never loads the IndexedDB source then', async () => {
    const loadIndexedDb = vi.fn(async (): Promise<ScreenSource> => ({ kind: 'indexeddb', subscribe: () => () => {} }));
    const source = await chooseScreenSource(fakeBridge(), loadIndexedDb);
    expect(source.kind).toBe('ipc');
    expect(loadIndexedDb).not.toHaveBeenCalled();
  });

  it('loads the IndexedDB source without it (the browser build)', async () => {
    const indexedDb: ScreenSource = { kind: 'indexeddb', subscribe: () => () => {} };
    const loadIndexedDb = vi.fn(async () => indexedDb);
    await expect(chooseScreenSource(undefined, loadIndexedDb)).resolves.toBe(indexedDb);
    expect(loadIndexedDb).toHaveBeenCalledOnce();
  });
});

describe('ipcScreenSource', () => {
  it('hands the page each relayed screen with its time, and stops when asked', () => {
    const bridge = fakeBridge();
    const seen: ScreenUpdate[] = [];
    const stop = ipcScreenSource(bridge).subscribe((update) => seen.push(update), () => {});
    bridge.push({ screen, writtenAt: 7 });
    bridge.push({ screen: { ...screen, mode: 'curtain' }, writtenAt: 8 });
    expect(seen).toEqual([
      { screen, writtenAt: 7 },
      { screen: { ...screen, mode: 'curtain' }, writtenAt: 8 },
    ]);
    stop();
    expect(bridge.unsubscribe).toHaveBeenCalledOnce();
  });

  it('reads every screen with readScreen: another version or no screen shows nothing, a picture GM Screen does not keep is left out', () => {
    const bridge = fakeBridge();
    const seen: ScreenUpdate[] = [];
    ipcScreenSource(bridge).subscribe((update) => seen.push(update), () => {});
    bridge.push({ screen: { ...screen, version: 2 }, writtenAt: 1 });
    bridge.push({ screen: 'everything', writtenAt: 2 });
    bridge.push({ screen: { ...screen, mode: 'handout', handout: { ...png, mime: 'image/svg+xml' }, background: png }, writtenAt: 3 });
    expect(seen).toEqual([
      { screen: null, writtenAt: 1 },
      { screen: null, writtenAt: 2 },
      { screen: { ...screen, mode: 'handout', handout: null, background: png }, writtenAt: 3 },
    ]);
  });
});
