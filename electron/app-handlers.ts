/**
 * The handlers of the `app:*` channels, with Electron passed in so they are tested without it.
 */
import type { AppInfo } from './ipc-contract';
import type { AreaHandlers, IpcEventLike } from './ipc';

/** The product name shown after every window title. */
export const PRODUCT_NAME = 'GM Screen';

/** "<title> — GM Screen" (the title is already validated and trimmed by the contract). */
export function windowTitle(title: string): string {
  return `${title} — ${PRODUCT_NAME}`;
}

export interface AppHandlerDeps<E extends IpcEventLike> {
  readonly info: AppInfo;
  /** Sets the title of the window that sent `event`. */
  readonly setWindowTitle: (event: E, title: string) => void;
}

export function createAppHandlers<E extends IpcEventLike>(deps: AppHandlerDeps<E>): AreaHandlers<'app', E> {
  const info: AppInfo = { ...deps.info };
  return {
    'app:info': () => ({ ...info }),
    'app:set-title': ({ title }, event) => {
      deps.setWindowTitle(event, windowTitle(title));
    },
  };
}
