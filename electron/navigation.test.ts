import { describe, expect, it, vi } from 'vitest';
import { guardWebContents, isAllowedNavigation, type NavigationEvent, type WebContentsLike } from './navigation';

vi.mock('electron', () => {
  throw new Error('navigation must not import electron');
});

type Listener = (event: NavigationEvent) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: WebContentsLike = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  };
  const fire = (name: string, url = '') => {
    const event = { url, preventDefault: vi.fn() };
    listeners.get(name)!(event);
    return event.preventDefault.mock.calls.length > 0;
  };
  return { contents, listeners, fire, open: (url: string) => openHandler!({ url }) };
}

describe('isAllowedNavigation', () => {
  it.each([
    ['app://gm-screen/index.html', true],
    ['app://gm-screen/player.html?x=1#y', true],
    ['app://gm-screen', true],
    ['https://example.com/', false],
    ['http://localhost:5173/', false],
    ['file:///etc/passwd', false],
    ['app://gm-screen.evil.example/', false],
    ['app://evil/', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedNavigation(url)).toBe(allowed);
  });
});

describe('guardWebContents', () => {
  it('lets same-origin navigation through and refuses the rest', () => {
    const onRefused = vi.fn();
    const { contents, listeners, fire } = fakeContents();
    guardWebContents(contents, { onRefused });
    expect([...listeners.keys()].sort()).toEqual([
      'will-attach-webview',
      'will-frame-navigate',
      'will-navigate',
      'will-redirect',
    ]);
    for (const name of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(fire(name, 'app://gm-screen/index.html')).toBe(false);
      expect(fire(name, 'https://evil.example/')).toBe(true);
    }
    expect(onRefused).toHaveBeenCalledWith('navigation', 'https://evil.example/');
    expect(onRefused).toHaveBeenCalledTimes(3);
  });

  it('refuses webviews and every new window, even same-origin ones', () => {
    const { contents, fire, open } = fakeContents();
    guardWebContents(contents);
    expect(fire('will-attach-webview')).toBe(true);
    expect(open('https://evil.example/')).toEqual({ action: 'deny' });
    expect(open('app://gm-screen/index.html')).toEqual({ action: 'deny' });
  });
});
