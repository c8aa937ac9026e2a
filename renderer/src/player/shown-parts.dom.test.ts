// @vitest-environment happy-dom
// (A DOM, so that Svelte runs the helpers' effects as in both pages.)
/**
 * The helpers both the players' window and the phone page use around a screen: a picture's URL
 * (made from a stored picture and given back, or the URL a picture already has) and the ruleset's
 * part of the screen, ready only for the ruleset shown now.
 */
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapBackground } from '../../../engine/drawing';
import ShownPartsHost from './testing/ShownPartsHost.svelte';

const stored: MapBackground = { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 4, height: 3 };

describe('the parts both pages show', () => {
  let host: ReturnType<typeof mount> | null = null;
  afterEach(() => {
    if (host) unmount(host);
    host = null;
    vi.restoreAllMocks();
  });

  function start() {
    const failed = vi.fn();
    const target = document.createElement('div');
    document.body.append(target);
    host = mount(ShownPartsHost, { target, props: { failed } });
    const show = (host as unknown as { show(next: object): void }).show;
    const src = () => target.querySelector('img')?.getAttribute('src');
    const ready = () => target.querySelector('p')?.textContent;
    return { show, src, ready, failed };
  }

  it('shows a stored picture from a blob: URL of its own, given back when the picture changes or the page goes', () => {
    let made = 0;
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:made-${++made}`);
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const page = start();
    flushSync();
    expect(page.src()).toBe('');
    page.show({ picture: stored });
    flushSync();
    expect(page.src()).toBe('blob:made-1');
    expect(create).toHaveBeenCalledTimes(1);
    // A picture already at a URL (the phone's, fetched once) is shown as it is: nothing made.
    page.show({ picture: { url: 'blob:fetched', width: 4, height: 3 } });
    flushSync();
    expect(page.src()).toBe('blob:fetched');
    expect(revoke).toHaveBeenCalledWith('blob:made-1');
    expect(create).toHaveBeenCalledTimes(1);
    page.show({ picture: stored });
    flushSync();
    expect(page.src()).toBe('blob:made-2');
    if (host) unmount(host);
    host = null;
    expect(revoke).toHaveBeenLastCalledWith('blob:made-2');
    // The page's own URL is never given back by the helper: its owner does that.
    expect(revoke).not.toHaveBeenCalledWith('blob:fetched');
  });

  it('is ready for a ruleset once its part has loaded, and not for the next one until its part has', async () => {
    const page = start();
    page.show({ ruleset: 'freeform' });
    flushSync();
    await vi.waitFor(() => expect(page.ready()).toBe('true'));
    // Another ruleset: not ready at once (its fight would show under the generic names), then ready.
    page.show({ ruleset: 'zones' });
    flushSync();
    expect(page.ready()).toBe('false');
    await vi.waitFor(() => expect(page.ready()).toBe('true'));
    expect(page.failed).not.toHaveBeenCalled();
  });
});
