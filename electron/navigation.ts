/**
 * Keeps every window on the app's own pages: navigation elsewhere, redirects, new windows and
 * `<webview>`s are refused. Written against a minimal interface so it is tested without Electron.
 */
import { isAppUrl } from './app-origin';

export interface PreventableEvent {
  preventDefault(): void;
}

export interface NavigationEvent extends PreventableEvent {
  readonly url: string;
}

/** The part of Electron's `WebContents` this module uses. */
export interface WebContentsLike {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { readonly url: string }) => { action: 'deny' }): void;
}

/** Only the app's own origin. Anything else (http, file, other hosts) is refused. */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

export interface GuardOptions {
  /** Told about every refusal, for the log. */
  readonly onRefused?: (what: string, url: string) => void;
}

export function guardWebContents(contents: WebContentsLike, options: GuardOptions = {}): void {
  const guard = (what: string) => (event: NavigationEvent) => {
    if (isAllowedNavigation(event.url)) return;
    event.preventDefault();
    options.onRefused?.(what, event.url);
  };
  // will-navigate is the main frame; will-frame-navigate adds sub-frames; will-redirect covers a
  // permitted navigation that a server would redirect elsewhere.
  contents.on('will-navigate', guard('navigation'));
  contents.on('will-frame-navigate', guard('frame navigation'));
  contents.on('will-redirect', guard('redirect'));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.onRefused?.('webview', '');
  });
  contents.setWindowOpenHandler(({ url }) => {
    options.onRefused?.('new window', url);
    return { action: 'deny' };
  });
}
