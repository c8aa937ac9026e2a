import type { GmScreenApi } from '../../../electron/ipc-contract';

/** What the renderer needs from wherever it runs: the desktop app or a plain browser. */
export interface Platform {
  kind: 'electron' | 'browser';
  /** Shown in the footer, so the GM knows where their data lives. */
  label: string;
  setTitle(title: string): Promise<void>;
}

function electronPlatform(api: GmScreenApi): Platform {
  return {
    kind: 'electron',
    label: 'Desktop app',
    setTitle: (title) => api.setTitle({ title: title.slice(0, 120) || 'GM Screen' }),
  };
}

function browserPlatform(): Platform {
  return {
    kind: 'browser',
    label: 'Browser build · saved in this browser’s storage (IndexedDB)',
    setTitle: async (title) => {
      document.title = `${title} — GM Screen`;
    },
  };
}

/** The preload script exposes `window.gmScreen` only inside the desktop app. */
export function detectPlatform(): Platform {
  return window.gmScreen ? electronPlatform(window.gmScreen) : browserPlatform();
}
