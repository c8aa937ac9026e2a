import type { GmScreenApi } from '../../../electron/ipc-contract';

/** The players' view is the same page at this hash (main.ts mounts the player app for it). */
export const PLAYER_VIEW_HASH = '#player';
/** The browser window the players' view opens in: a second click reuses it. */
export const PLAYER_WINDOW_NAME = 'gm-screen-players';

/** What the renderer needs from wherever it runs: the desktop app or a plain browser. */
export interface Platform {
  kind: 'electron' | 'browser';
  /** Shown in the footer, so the GM knows where their data lives. */
  label: string;
  setTitle(title: string): Promise<void>;
  /**
   * Opens the players' view in its own window, or brings it to the front when it is open. The
   * desktop app puts it full screen on a second display (or where it was last time). Rejects with
   * a sentence for the GM when it cannot (a browser's pop-up blocker).
   */
  openPlayerView(): Promise<void>;
}

function electronPlatform(api: GmScreenApi): Platform {
  return {
    kind: 'electron',
    label: 'Desktop app',
    setTitle: (title) => api.setTitle({ title: title.slice(0, 120) || 'GM Screen' }),
    openPlayerView: async () => {
      const opened = await api.openPlayerView();
      if (!opened.ok) throw new Error(opened.message);
    },
  };
}

/** The page's address with the players' hash (`#player`) instead of its own. */
export function playerViewUrl(href: string): string {
  return `${href.split('#')[0]}${PLAYER_VIEW_HASH}`;
}

function browserPlatform(): Platform {
  return {
    kind: 'browser',
    label: 'Browser build · saved in this browser’s storage (IndexedDB)',
    setTitle: async (title) => {
      document.title = `${title} — GM Screen`;
    },
    openPlayerView: async () => {
      // Same origin, so the same IndexedDB; a named window, so a second click reuses it.
      const opened = window.open(playerViewUrl(location.href), PLAYER_WINDOW_NAME);
      if (!opened) throw new Error('The browser blocked the player window; allow pop-ups for this page and try again.');
      opened.focus();
    },
  };
}

/** The preload script exposes `window.gmScreen` only inside the desktop app. */
export function detectPlatform(): Platform {
  return window.gmScreen ? electronPlatform(window.gmScreen) : browserPlatform();
}
