/**
 * A campaign shared with phones when it was last open shares again when it opens, and the GM is
 * told; one that was not starts nothing; the network being gone is said plainly.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Result, ShareStatus } from '../../../../electron/ipc-contract';
import { OpenFolder } from './share-test-support.svelte';
import { SharingResume } from './sharing-resume.svelte';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const status = (sharing: boolean): ShareStatus => ({
  sharing,
  interfaces: [{ name: 'wlan0', address: '192.168.1.20' }],
  address: sharing ? '192.168.1.20' : null,
  url: sharing ? 'http://192.168.1.20:5199/ab3k-9xq2/' : null,
  code: sharing ? 'ab3k-9xq2' : null,
  qr: null,
  watchers: 0,
  pick: true,
  stopped: null,
});

describe('sharing again when a campaign opens', () => {
  it('asks the main process for each campaign that opens, and tells the GM what came of it', async () => {
    const answers: Record<string, Result<ShareStatus>> = {
      'lost-mine': { ok: true, value: status(true) },
      'night-watch': { ok: true, value: status(false) },
      'old-vale': { ok: false, code: 'share/network-gone', message: 'This campaign was shared with phones on 10.9.9.9, a network this computer is not on now.' },
    };
    const api = { resumeSharing: vi.fn(async ({ campaign }: { campaign: string }) => answers[campaign]!) };
    const session = new OpenFolder();
    const resume = new SharingResume();
    const stop = resume.start(session, api);
    await settle();
    expect(api.resumeSharing).not.toHaveBeenCalled();

    session.folder = 'lost-mine';
    await settle();
    expect(api.resumeSharing).toHaveBeenLastCalledWith({ campaign: 'lost-mine' });
    expect(resume.note).toBe('Shared with phones again, as when this campaign was last open: http://192.168.1.20:5199/ab3k-9xq2/');

    session.folder = 'night-watch';
    await settle();
    expect(resume.note).toBeNull();

    session.folder = 'old-vale';
    await settle();
    expect(resume.note).toMatch(/a network this computer is not on now/);

    session.folder = null;
    await settle();
    expect(resume.note).toBeNull();
    expect(api.resumeSharing).toHaveBeenCalledTimes(3);
    stop();
  });

  it('does nothing in a browser, which cannot share', () => {
    const resume = new SharingResume();
    expect(() => resume.start(new OpenFolder(), null)()).not.toThrow();
    expect(resume.note).toBeNull();
  });
});
