/**
 * The handlers of the `app:*` channels, with Electron passed in so they are tested without it.
 */
import type { Result } from '../engine/campaign/index';
import type { PlayerScreen } from '../engine/drawing';
import type { AppInfo } from './ipc-contract';
import type { AreaHandlers, IpcEventLike } from './ipc';

/** The product name shown after every window title. */
export const PRODUCT_NAME = 'GM Screen';

/** "<title> — GM Screen" (the title is already validated and trimmed by the contract). */
export function windowTitle(title: string): string {
  return `${title} — ${PRODUCT_NAME}`;
}

/** The players' window, as the `app:*` channels use it (player-window.ts). */
export interface PlayerViewControl {
  /** Opens it, or focuses it when it is open. */
  open(): Result<void>;
  /** Toggles its full screen; a failure when it is not open. */
  toggleFullScreen(): Result<void>;
  /**
   * What it shows now (already checked by the contract): kept, and sent to the players' window
   * only, now if it is open and whenever its page loads.
   */
  publishScreen(screen: PlayerScreen): void;
}

export interface AppHandlerDeps<E extends IpcEventLike> {
  readonly info: AppInfo;
  /** Sets the title of the window that sent `event`. */
  readonly setWindowTitle: (event: E, title: string) => void;
  /** The players' window; without it (tests, harnesses) its channels answer a failure. */
  readonly playerView?: PlayerViewControl;
}

const noPlayerView: Result<void> = {
  ok: false,
  code: 'app/no-player-view',
  message: 'The player view cannot be opened here.',
};

export function createAppHandlers<E extends IpcEventLike>(deps: AppHandlerDeps<E>): AreaHandlers<'app', E> {
  const info: AppInfo = { ...deps.info };
  return {
    'app:info': () => ({ ...info }),
    'app:set-title': ({ title }, event) => {
      deps.setWindowTitle(event, windowTitle(title));
    },
    'app:open-player-view': () => deps.playerView?.open() ?? noPlayerView,
    'app:toggle-player-full-screen': () => deps.playerView?.toggleFullScreen() ?? noPlayerView,
    // Without a players' window (tests, harnesses) there is nobody to show it to.
    'app:publish-player-screen': (screen) => {
      deps.playerView?.publishScreen(screen);
    },
  };
}
