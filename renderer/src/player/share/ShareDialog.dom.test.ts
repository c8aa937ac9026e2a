// @vitest-environment happy-dom
// (A DOM, so the dialog is mounted and its effects run as in the GM window.)
/**
 * The "Share with phones…" dialog against a fake desktop bridge: off at first, started on the
 * chosen network with the QR code and the address shown, the phones counted as the main process
 * pushes the count (no asking every few seconds), a new code, the GM told why something failed,
 * the networks read again, and sharing stopped. And the GM window's one dialog, opened from the
 * players' screen panel or from the menu (ShareWithPhones.svelte).
 */
import { mount, tick, unmount } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result, ShareStatus } from '../../../../electron/ipc-contract';
import ShareDialog from './ShareDialog.svelte';
import ShareWithPhones from './ShareWithPhones.svelte';
import type { ShareApi } from './share-client';
import { shareDialog } from './share-dialog.svelte';

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
  stopped: null,
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
  const statusListeners = new Set<(status: ShareStatus) => void>();
  const dialogListeners = new Set<() => void>();
  const api = {
    now: off,
    /** The main process pushes a status (share:changed). */
    push(status: ShareStatus) {
      api.now = status;
      for (const listener of statusListeners) listener(status);
    },
    /** View › Share with phones… (share:open-dialog). */
    menu() {
      for (const listener of dialogListeners) listener();
    },
    listening: () => statusListeners.size,
    shareStatus: vi.fn(async () => okay(api.now)),
    startSharing: vi.fn(async ({ address }: { address: string; campaign?: string }) => okay((api.now = on(address)))),
    resumeSharing: vi.fn(async (_: { campaign: string }) => okay(api.now)),
    stopSharing: vi.fn(async () => okay((api.now = off))),
    newShareCode: vi.fn(async () => okay((api.now = on(api.now.address ?? '', 'zzzz-2222', 0)))),
    allowPick: vi.fn(async ({ allow }: { allow: boolean }) => okay((api.now = { ...api.now, pick: allow }))),
    onShareStatus: vi.fn((listener: (status: ShareStatus) => void) => {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    }),
    onOpenShareDialog: vi.fn((listener: () => void) => {
      dialogListeners.add(listener);
      return () => void dialogListeners.delete(listener);
    }),
  };
  return api satisfies ShareApi & { now: ShareStatus };
}

let mounted: ReturnType<typeof mount> | null = null;
afterEach(() => {
  if (mounted) unmount(mounted);
  mounted = null;
  document.body.innerHTML = '';
  shareDialog.open = false;
  vi.useRealTimers();
});

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

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

describe('the dialog kept up to date by the main process', () => {
  it('shows the phones watching as each count is pushed, without asking again and again', async () => {
    // Only intervals are faked: a dialog that still asked every few seconds would show here.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const api = fakeApi();
    api.now = on('192.168.1.20');
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: 'lost-mine', onClose: () => {} } });
    await settle();
    expect(text()).toContain('No phone watching yet');
    api.push(on('192.168.1.20', 'ab3k-9xq2', 3));
    await tick();
    expect(document.querySelector('.watching')?.textContent).toBe('3 phones watching');
    api.push(on('192.168.1.20', 'ab3k-9xq2', 1));
    await tick();
    expect(document.querySelector('.watching')?.textContent).toBe('1 phone watching');
    vi.advanceTimersByTime(60_000);
    await settle();
    expect(api.shareStatus).toHaveBeenCalledOnce();
    // Pushed as sharing ends elsewhere (the campaign closed, the app's other window): shown as off.
    api.push(off);
    await tick();
    expect(text()).toContain('Not sharing.');
    // Closed, it no longer listens.
    unmount(mounted);
    mounted = null;
    expect(api.listening()).toBe(0);
  });

  it('says why when sharing stopped by itself, as pushed, and offers to start again', async () => {
    const api = fakeApi();
    api.now = on('192.168.1.20', 'ab3k-9xq2', 3);
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: null, onClose: () => {} } });
    await settle();
    const why = 'Sharing stopped by itself: its server kept stopping. Start sharing again; if it stops again, restart GM Screen.';
    api.push({ ...off, stopped: why });
    await settle();
    expect(document.querySelector('[data-testid="share-stopped"]')?.textContent).toBe(why);
    expect(document.querySelector('[data-testid="share-stopped"]')?.getAttribute('role')).toBe('alert');
    expect(text()).toContain('Not sharing.');
    button('Start sharing')!.click();
    await settle();
    expect(document.querySelector('[data-testid="share-stopped"]')).toBeNull();
  });

  it('keeps telling the GM why their last call failed when a status is pushed meanwhile', async () => {
    const api = fakeApi();
    api.startSharing.mockImplementationOnce(async () => {
      // The failed start closed nothing here, but the main process pushes the status after every call.
      api.push(off);
      return { ok: false, code: 'share/start-failed', message: 'Port 5199 is in use by another program; close it or choose another port.' };
    });
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: null, onClose: () => {} } });
    await settle();
    button('Start sharing')!.click();
    await settle();
    api.push({ ...off, pick: false });
    await tick();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Port 5199 is in use by another program; close it or choose another port.');
  });

  it('reads the networks again on "Look again" and when the window comes back to the front', async () => {
    const api = fakeApi();
    api.now = { ...off, interfaces: [] };
    mounted = mount(ShareDialog, { target: document.body, props: { api, campaign: 'lost-mine', onClose: () => {} } });
    await settle();
    expect(text()).toContain('Connect it to the table\'s Wi-Fi, then look again.');
    button('Look again')!.click();
    await settle();
    expect(api.shareStatus).toHaveBeenCalledTimes(2);
    // The GM joined the Wi-Fi in the system's settings and came back to the window.
    api.now = off;
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(api.shareStatus).toHaveBeenCalledTimes(3);
    expect([...document.querySelector('select')!.options].map((o) => o.value)).toEqual(['192.168.1.20', '10.0.0.5']);
  });
});

describe('the GM window\'s one Share with phones dialog', () => {
  it('opens when the menu asks for it, and from the players\' screen panel\'s button; once at a time', async () => {
    const api = fakeApi();
    mounted = mount(ShareWithPhones, { target: document.body, props: { api, campaign: 'lost-mine' } });
    await settle();
    expect(document.querySelector('dialog')).toBeNull();
    // View › Share with phones…
    api.menu();
    await settle();
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    expect(document.querySelector('dialog')?.open).toBe(true);
    expect(text()).toContain('Share with phones');
    // Asked again while it is open: still the one dialog.
    api.menu();
    await settle();
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    // Closed (Esc or its Close button).
    document.querySelector('dialog')!.dispatchEvent(new Event('close'));
    await settle();
    expect(shareDialog.open).toBe(false);
    expect(document.querySelector('dialog')).toBeNull();
    // The players' screen panel's button sets the same state.
    shareDialog.open = true;
    await settle();
    expect(document.querySelectorAll('dialog')).toHaveLength(1);
    // Started for the open campaign.
    button('Start sharing')!.click();
    await settle();
    expect(api.startSharing).toHaveBeenCalledWith({ address: '192.168.1.20', campaign: 'lost-mine' });
  });

  it('is nothing in a browser (no desktop bridge)', async () => {
    mounted = mount(ShareWithPhones, { target: document.body, props: { api: null, campaign: null } });
    shareDialog.open = true;
    await settle();
    expect(document.querySelector('dialog')).toBeNull();
  });
});
