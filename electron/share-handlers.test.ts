/**
 * The share:* handlers tell main.ts after each call that may change sharing, and main.ts pushes
 * the new status to the GM window (share-pushes.ts): here with a real phone server on 127.0.0.1
 * and a phone watching it, every change the dialog shows arrives as a push that passes the
 * contract's check.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../engine/campaign/index';
import { shareStatusOf, type ShareStatus } from './ipc-contract';
import { startPhoneServer, type PhoneServer } from './phone-share/index';
import { makePageRoot, type PageRoot } from './phone-share/testing/fixtures';
import { openStream, type PhoneStream } from './phone-share/testing/phone-client';
import { createPhoneSharing, type PhoneSharing, type SharedHow } from './phone-sharing';
import { createShareHandlers } from './share-handlers';
import { createSharePush } from './share-pushes';
import { qrModules } from './share-qr';

const event = { senderFrame: { url: 'app://gm-screen/index.html' } };
const LOOPBACK = { name: 'lo', address: '127.0.0.1' };

let page: PageRoot | null = null;
const streams: PhoneStream[] = [];
let sharings: PhoneSharing[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await Promise.all(sharings.map((sharing) => sharing.close()));
  sharings = [];
  await page?.remove();
  page = null;
});

/** The main process as main.ts wires it: sharing, its handlers, and what it pushes to the GM window. */
async function mainProcess(memory = new Map<string, SharedHow>()) {
  page ??= await makePageRoot();
  const root = page.root;
  const pushed: ShareStatus[] = [];
  const push = createSharePush({ status: () => sharing.status(), send: (status) => pushed.push(status), intervalMs: 0 });
  const servers: PhoneServer[] = [];
  const sharing = createPhoneSharing({
    startServer: async (options) => {
      const server = await startPhoneServer({ ...options, pageRoot: root });
      servers.push(server);
      return server;
    },
    interfaces: () => [LOOPBACK],
    onWatchers: () => push.changed(),
    qr: qrModules,
    defaultPort: 0,
    remembered: (campaign) => memory.get(campaign),
    remember: (campaign, shared) => void (shared ? memory.set(campaign, shared) : memory.delete(campaign)),
  });
  sharings.push(sharing);
  const handlers = createShareHandlers({ sharing, onChange: () => push.changed() });
  /** The last status pushed, once `test` holds for it. */
  const pushedLast = (test: (status: ShareStatus) => boolean) =>
    vi.waitFor(() => {
      const last = pushed.at(-1);
      if (!last || !test(last)) throw new Error(`not pushed yet; last: ${JSON.stringify(last)}`);
      return last;
    });
  return { sharing, handlers, pushed, servers, memory, pushedLast };
}

const value = (result: Result<ShareStatus>) => {
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('sharing\'s status pushed to the GM window', () => {
  it('after starting, a phone coming, picking forbidden, a new code (the phone dropped), and stopping', async () => {
    const main = await mainProcess();
    const started = value(await main.handlers['share:start']({ address: '127.0.0.1', campaign: 'lost-mine' }, event));
    expect(await main.pushedLast((s) => s.sharing)).toEqual(started);
    expect(started).toMatchObject({ sharing: true, address: '127.0.0.1', watchers: 0, pick: true });

    const phone = await openStream(main.servers[0]!.port, `/${started.code}/screen`);
    streams.push(phone);
    expect(await main.pushedLast((s) => s.watchers === 1)).toEqual({ ...started, watchers: 1 });

    await main.handlers['share:allow-pick']({ allow: false }, event);
    expect(await main.pushedLast((s) => !s.pick)).toMatchObject({ watchers: 1, pick: false });

    const renewed = value(await main.handlers['share:new-code'](undefined, event));
    expect(renewed.code).not.toBe(started.code);
    // The phone holding the old code is dropped: the count goes back to none.
    await phone.closed;
    expect(await main.pushedLast((s) => s.code === renewed.code && s.watchers === 0)).toMatchObject({ url: renewed.url });

    await main.handlers['share:stop'](undefined, event);
    expect(await main.pushedLast((s) => !s.sharing)).toMatchObject({ sharing: false, url: null, code: null, watchers: 0 });
    // Each push is a status the GM preload takes (the contract's check), and none is the same as the one before.
    for (const status of main.pushed) expect(shareStatusOf(status)).toEqual(status);
    for (let i = 1; i < main.pushed.length; i += 1) expect(main.pushed[i]).not.toEqual(main.pushed[i - 1]);
  });

  it('when a campaign shared when it was last open resumes at start-up', async () => {
    const first = await mainProcess();
    await first.handlers['share:start']({ address: '127.0.0.1', campaign: 'lost-mine' }, event);
    // The app quits: the campaign still shares when it next opens.
    await first.sharing.close();
    expect(first.memory.has('lost-mine')).toBe(true);

    const next = await mainProcess(first.memory);
    expect(next.pushed).toEqual([]);
    const resumed = value(await next.handlers['share:resume']({ campaign: 'lost-mine' }, event));
    expect(resumed.sharing).toBe(true);
    expect(await next.pushedLast((s) => s.sharing)).toEqual(resumed);
  });
});

describe('the share:* handlers\' onChange', () => {
  it('is told after every call but share:status, once done, also when the call failed or threw', async () => {
    const status: ShareStatus = { sharing: false, interfaces: [], address: null, url: null, code: null, qr: null, watchers: 0, pick: true, stopped: null };
    const failed: Result<ShareStatus> = { ok: false, code: 'share/start-failed', message: 'Port 5199 is in use by another program.' };
    const order: string[] = [];
    const answer = (name: string, result: Result<ShareStatus>) => {
      order.push(name);
      return result;
    };
    const sharing: PhoneSharing = {
      status: () => status,
      start: async () => answer('start', failed),
      resume: async () => answer('resume', { ok: true, value: status }),
      stop: async () => answer('stop', { ok: true, value: status }),
      close: async () => {},
      newCode: () => answer('new-code', { ok: false, code: 'share/not-sharing', message: 'Sharing with phones is off; start it first.' }),
      allowPick: () => {
        throw new Error('broken');
      },
      publish: () => {},
      watching: () => {},
    };
    const handlers = createShareHandlers({ sharing, onChange: () => order.push('pushed') });
    await handlers['share:status'](undefined, event);
    expect(await handlers['share:start']({ address: '10.0.0.5' }, event)).toEqual(failed);
    await handlers['share:resume']({ campaign: 'lost-mine' }, event);
    await handlers['share:stop'](undefined, event);
    await handlers['share:new-code'](undefined, event);
    await expect(handlers['share:allow-pick']({ allow: false }, event)).rejects.toThrow('broken');
    expect(order).toEqual(['start', 'pushed', 'resume', 'pushed', 'stop', 'pushed', 'new-code', 'pushed', 'pushed']);
  });
});
