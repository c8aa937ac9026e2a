// @vitest-environment happy-dom
// (A DOM, so the dialog is mounted and its effects run as in the GM window.)
/**
 * The "Share with phones…" dialog against a fake desktop bridge: off at first, started on the
 * chosen network with the QR code and the address shown, the phones counted, a new code, the GM
 * told why something failed, and sharing stopped.
 */
import { mount, tick, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result, ShareStatus } from '../../../../electron/ipc-contract';
import ShareDialog from './ShareDialog.svelte';
import type { ShareApi } from './share-client';

const off: ShareStatus = {
  sharing: false,
  interfaces: [
    { name: 'wlan0', address: '192.168.1.20' },
    { name: 'eth0', address: '10.0.0.5' },
  ],
  address: null,
  url: null,
  code: null,
  qr: null,
  watchers: 0,
  pick: true,
};
const on = (address: string, code = 'ab3k-9xq2', watchers = 0): ShareStatus => ({
  ...off,
  sharing: true,
  address,
  url: `http://${address}:5199/${code}/`,
  code,
  qr: { size: 3, dark: '101010101' },
  watchers,
});
const okay = (value: ShareStatus): Result<ShareStatus> => ({ ok: true, value });

function fakeApi() {
  const api = {
    now: off,
    shareStatus: vi.fn(async () => okay(api.now)),
    startSharing: vi.fn(async ({ address }: { address: string; campaign?: string }) => okay((api.now = on(address)))),
    resumeSharing: vi.fn(async (_: { campaign: string }) => okay(api.now)),
    stopSharing: vi.fn(async () => okay((api.now = off))),
    newShareCode: vi.fn(async () => okay((api.now = on(api.now.address ?? '', 'zzzz-2222', 0)))),
    allowPick: vi.fn(async ({ allow }: { allow: boolean }) => okay((api.now = { ...api.now, pick: allow }))),
  };
  return api satisfies ShareApi & { now: ShareStatus };
}

let mounted: ReturnType<typeof mount> | null = null;
afterEach(() => {
  if (mounted) unmount(mounted);
  mounted = null;
  document.body.innerHTML = '';
});

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await tick();
  }
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim().startsWith(name));
const text = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

describe('the Share with phones dialog', () => {
  it('starts sharing on the chosen network and shows the code, the address and who watches; a new code; stops', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    const api = fakeApi();
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: 'lost-mine', onClose: () => {} } });
    await settle();
    expect(text()).toContain('Not sharing. Nothing listens on the network until you start.');
    const select = document.querySelector('select')!;
    expect([...select.options].map((o) => o.value)).toEqual(['192.168.1.20', '10.0.0.5']);
    select.options[1]!.selected = true;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    button('Start sharing')!.click();
    await settle();
    // Started for the open campaign: it shares again when it next opens.
    expect(api.startSharing).toHaveBeenCalledWith({ address: '10.0.0.5', campaign: 'lost-mine' });
    expect(document.querySelector('[data-testid="share-url"]')?.textContent).toBe('http://10.0.0.5:5199/ab3k-9xq2/');
    expect(document.querySelector('svg.qr')?.getAttribute('aria-label')).toBe('QR code of http://10.0.0.5:5199/ab3k-9xq2/');
    expect(document.querySelector('svg.qr path')?.getAttribute('d')).toBe('M0 0h1v1h-1zM2 0h1v1h-1zM1 1h1v1h-1zM0 2h1v1h-1zM2 2h1v1h-1z');
    expect(text()).toContain('No phone watching yet');

    button('New code')!.click();
    await settle();
    expect(text()).toContain('Join code zzzz-2222');
    const pick = document.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    pick.click();
    await settle();
    expect(api.allowPick).toHaveBeenCalledWith({ allow: false });

    button('Stop sharing')!.click();
    await settle();
    expect(api.stopSharing).toHaveBeenCalledOnce();
    expect(text()).toContain('Not sharing.');
  });

  it('says why sharing could not start, and what to do when no network is there', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    const api = fakeApi();
    api.startSharing.mockResolvedValueOnce({ ok: false, code: 'share/start-failed', message: 'Port 5199 is in use by another program; close it or choose another port.' });
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: 'lost-mine', onClose: () => {} } });
    await settle();
    button('Start sharing')!.click();
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Port 5199 is in use by another program; close it or choose another port.');
    unmount(mounted);
    api.now = { ...off, interfaces: [] };
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: 'lost-mine', onClose: () => {} } });
    await settle();
    expect(text()).toContain('This computer is on no network a phone could reach.');
  });
});
