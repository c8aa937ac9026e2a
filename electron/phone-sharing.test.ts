/**
 * Sharing with phones as the main process runs it, around a fake server: off until started, on an
 * interface of this machine only, a new code on demand, the last screen handed to a server that
 * starts, the phones counted as watchers, and the share:* channels answering through it.
 */
import { describe, expect, it, vi } from 'vitest';
import { blankScreen } from '../engine/testing/player-screens';
import type { PlayerScreen } from '../engine/drawing';
import { createPhoneSharing, type PhoneServerLike, type PhoneSharingDeps, type SharedHow } from './phone-sharing';
import { createShareHandlers } from './share-handlers';
import { MAX_SHARE_STOPPED_LENGTH, shareStatusOf } from './ipc-contract';
import { qrModules } from './share-qr';

type Update = { readonly screen: PlayerScreen; readonly writtenAt: number };

/** A server that records what it was given; `watch` is phones connecting or leaving. */
function fakeServer(host: string, port: number, allowPick: boolean, startCode?: string) {
  let code = startCode ?? 'ab3k-9xq2';
  let listener: (count: number) => void = () => {};
  let stopListener: (why: string) => void = () => {};
  let watchers = 0;
  const published: Update[] = [];
  const picks: boolean[] = [allowPick];
  const server: PhoneServerLike & {
    published: Update[];
    picks: boolean[];
    closed: boolean;
    /** How it was closed: whether the phones were to be told sharing ended. */
    endedPhones: boolean | null;
    forgotten: number;
    watch(count: number): void;
    /** The server stops by itself (its process ended for good). */
    stop(why: string): void;
  } = {
    host,
    port,
    published,
    picks,
    closed: false,
    endedPhones: null,
    forgotten: 0,
    code: () => code,
    url: () => `http://${host}:${port}/${code}/`,
    publish: (update) => published.push(update),
    newCode: () => (code = 'zzzz-2222'),
    setAllowPick: (allow) => picks.push(allow),
    watchers: () => watchers,
    onWatchers(next) {
      listener = next;
      return () => {
        listener = () => {};
      };
    },
    onStopped(next) {
      stopListener = next;
      return () => {
        stopListener = () => {};
      };
    },
    forget() {
      server.forgotten++;
    },
    async close(options) {
      server.closed = true;
      server.endedPhones = options?.resumes !== true;
    },
    watch(count) {
      watchers = count;
      listener(count);
    },
    stop(why) {
      watchers = 0;
      stopListener(why);
    },
  };
  return server;
}

function setUp(overrides: Partial<PhoneSharingDeps> = {}) {
  const servers: ReturnType<typeof fakeServer>[] = [];
  const phoneCounts: number[] = [];
  /** settings.json's sharedCampaigns, as the main process keeps them. */
  const memory = new Map<string, SharedHow>();
  const deps: PhoneSharingDeps = {
    startServer: vi.fn(async ({ host, port, allowPick, code }) => {
      const server = fakeServer(host, port, allowPick, code);
      servers.push(server);
      return server;
    }),
    interfaces: () => [
      { name: 'wlan0', address: '192.168.1.20' },
      { name: 'eth0', address: '10.0.0.5' },
    ],
    onWatchers: (count) => phoneCounts.push(count),
    qr: qrModules,
    defaultPort: 5199,
    remembered: (campaign) => memory.get(campaign),
    remember: (campaign, shared) => void (shared ? memory.set(campaign, shared) : memory.delete(campaign)),
    ...overrides,
  };
  const sharing = createPhoneSharing(deps);
  return { sharing, deps, servers, phoneCounts, memory };
}

const update = (campaign: string, writtenAt = 1): Update => ({ screen: blankScreen(campaign), writtenAt });

describe('sharing with phones (main process)', () => {
  it('is off until started; starting listens on the chosen interface with a code and a QR code of the address', async () => {
    const { sharing, servers } = setUp();
    expect(sharing.status()).toMatchObject({ sharing: false, address: null, url: null, code: null, qr: null, watchers: 0, pick: true });
    expect(sharing.status().interfaces.map((entry) => entry.address)).toEqual(['192.168.1.20', '10.0.0.5']);
    const started = await sharing.start('192.168.1.20');
    expect(started).toMatchObject({ ok: true, value: { sharing: true, address: '192.168.1.20', url: 'http://192.168.1.20:5199/ab3k-9xq2/', code: 'ab3k-9xq2' } });
    expect(started.ok && started.value.qr).toEqual(qrModules('http://192.168.1.20:5199/ab3k-9xq2/'));
    expect(servers).toHaveLength(1);
  });

  it('refuses an address that is not one of this computer\'s networks, and starts nothing', async () => {
    const { sharing, deps } = setUp();
    expect(await sharing.start('192.168.1.99')).toMatchObject({ ok: false, code: 'share/no-such-interface', message: expect.stringMatching(/not an address of this computer's networks now/) });
    expect(deps.startServer).not.toHaveBeenCalled();
    expect(sharing.status().sharing).toBe(false);
  });

  it('takes any free port when the usual one is taken and the GM chose none; a port the GM chose is not swapped', async () => {
    const tried: number[] = [];
    const { sharing } = setUp({
      startServer: async ({ host, port, allowPick }) => {
        tried.push(port);
        if (port === 5199) throw Object.assign(new Error('Port 5199 on 10.0.0.5 is already in use.'), { code: 'EADDRINUSE' });
        return fakeServer(host, port === 0 ? 40123 : port, allowPick);
      },
    });
    expect(await sharing.start('10.0.0.5')).toMatchObject({ ok: true, value: { url: 'http://10.0.0.5:40123/ab3k-9xq2/' } });
    expect(tried).toEqual([5199, 0]);
    await sharing.stop();
    expect(await sharing.start('10.0.0.5', 5199)).toMatchObject({ ok: false, code: 'share/start-failed', message: 'Port 5199 on 10.0.0.5 is already in use.' });
  });

  it('never sends the phones a grid map\'s picture while a square is in the fog (the TV paints the fog over it; a phone would get its bytes)', async () => {
    const { sharing, servers } = setUp();
    await sharing.start('192.168.1.20');
    const png = { mime: 'image/png', base64: 'iVBORw0KGgo=', width: 10, height: 10 } as const;
    const fight = (rows: string[]) =>
      blankScreen('Night watch', {
        mode: 'live',
        background: png,
        view: { version: 1, status: 'running', grid: { width: 3, height: 2, cellSize: 5, unit: 'ft', rows, edges: [], heights: [], alignment: { x: 0, y: 0, size: 10 }, background: true } } as unknown as PlayerScreen['view'],
      });
    sharing.publish({ screen: fight(['...', '...']), writtenAt: 1 });
    sharing.publish({ screen: fight(['.?.', '...']), writtenAt: 2 });
    expect(servers[0]!.published.map((u) => u.screen.background)).toEqual([png, null]);
    // The grid itself still goes, its fogged square dark.
    expect((servers[0]!.published[1]!.screen.view as unknown as { grid: { rows: string[] } }).grid.rows).toEqual(['.?.', '...']);
  });

  it('says why the server could not start (a port in use), and stays off', async () => {
    const { sharing } = setUp({
      startServer: async () => {
        throw new Error('Port 5199 is in use by another program; choose another port or close it.');
      },
    });
    expect(await sharing.start('10.0.0.5')).toEqual({ ok: false, code: 'share/start-failed', message: 'Port 5199 is in use by another program; choose another port or close it.' });
    expect(sharing.status().sharing).toBe(false);
  });

  it('gives a server that starts the last screen at once, then every screen published', async () => {
    const { sharing, servers } = setUp();
    sharing.publish(update('Before sharing'));
    sharing.publish(update('Night watch', 5));
    await sharing.start('192.168.1.20', 6000);
    expect(servers[0]!.port).toBe(6000);
    sharing.publish(update('Round 2', 6));
    expect(servers[0]!.published).toEqual([update('Night watch', 5), update('Round 2', 6)]);
  });

  it('forgets the screen it holds when nobody watches, so a phone connecting later waits for the fresh one', async () => {
    const { sharing, servers } = setUp();
    sharing.watching(1);
    sharing.publish(update('Round 1', 1));
    // Nobody watches: the GM window stops publishing, and Round 1 would go stale.
    sharing.watching(0);
    await sharing.start('192.168.1.20');
    expect(servers[0]!.published).toEqual([]);
    // One the GM window sent before it heard nobody watches any more is not kept either.
    sharing.publish(update('Round 2', 2));
    expect(servers[0]!.published).toEqual([]);
    // A phone connects: the GM window publishes the current screen, and it goes out.
    sharing.watching(1);
    sharing.publish(update('Round 3', 3));
    expect(servers[0]!.published).toEqual([update('Round 3', 3)]);
    expect(servers[0]!.forgotten).toBe(0);
    sharing.watching(0);
    expect(servers[0]!.forgotten).toBe(1);
    // A server started later (on another network) is not given the forgotten screen.
    await sharing.start('10.0.0.5');
    expect(servers[1]!.published).toEqual([]);
    sharing.watching(2);
    sharing.publish(update('Round 4', 4));
    expect(servers[1]!.published).toEqual([update('Round 4', 4)]);
  });

  it('counts the phones watching as watchers, and none once sharing stops', async () => {
    const { sharing, servers, phoneCounts } = setUp();
    await sharing.start('192.168.1.20');
    servers[0]!.watch(3);
    expect(sharing.status().watchers).toBe(3);
    servers[0]!.watch(2);
    const stopped = await sharing.stop();
    expect(stopped).toMatchObject({ ok: true, value: { sharing: false, watchers: 0, url: null } });
    expect(servers[0]!.closed).toBe(true);
    expect(phoneCounts).toEqual([0, 3, 2, 0]);
    // A server that stopped tells nothing more.
    servers[0]!.watch(5);
    expect(phoneCounts).toEqual([0, 3, 2, 0]);
  });

  it('lets go of a server that stopped by itself, saying why until the GM starts or stops sharing; no phone counted, and the campaign still shares when it next opens', async () => {
    const { sharing, servers, phoneCounts, memory } = setUp();
    await sharing.start('192.168.1.20', undefined, 'Vale');
    servers[0]!.watch(3);
    servers[0]!.stop('Sharing stopped by itself: its server kept stopping.');
    await vi.waitFor(() => expect(sharing.status()).toMatchObject({ sharing: false, url: null, watchers: 0, stopped: 'Sharing stopped by itself: its server kept stopping.' }));
    expect(phoneCounts.at(-1)).toBe(0);
    expect(servers[0]!.closed).toBe(true);
    expect(memory.get('Vale')).toMatchObject({ address: '192.168.1.20', code: 'ab3k-9xq2' });
    // Any start the GM tries replaces the reason, failed or not.
    expect(await sharing.start('192.168.1.99')).toMatchObject({ ok: false, code: 'share/no-such-interface' });
    expect(sharing.status().stopped).toBeNull();
    expect(await sharing.start('192.168.1.20')).toMatchObject({ ok: true, value: { sharing: true, stopped: null } });
    expect(servers).toHaveLength(2);
    // Stopping by hand clears it too; a reason too long for the status is cut to its bound.
    servers[1]!.stop('x'.repeat(5000));
    await vi.waitFor(() => expect(sharing.status().stopped).toHaveLength(MAX_SHARE_STOPPED_LENGTH));
    expect(shareStatusOf(sharing.status())).not.toBeNull();
    expect(await sharing.stop()).toMatchObject({ ok: true, value: { stopped: null } });
  });

  it('moves to another interface by closing the first server; the same one again changes nothing', async () => {
    const { sharing, servers } = setUp();
    await sharing.start('192.168.1.20');
    await sharing.start('192.168.1.20');
    expect(servers).toHaveLength(1);
    await sharing.start('10.0.0.5');
    expect(servers).toHaveLength(2);
    expect(servers[0]!.closed).toBe(true);
    expect(sharing.status().address).toBe('10.0.0.5');
  });

  it('never leaves two servers when the GM clicks start twice at once', async () => {
    const { sharing, servers } = setUp();
    await Promise.all([sharing.start('192.168.1.20'), sharing.start('10.0.0.5')]);
    expect(servers.filter((server) => !server.closed)).toHaveLength(1);
    expect(sharing.status().address).toBe('10.0.0.5');
  });

  it('gives a new code on demand (the server drops the old one), and says so when not sharing', async () => {
    const { sharing } = setUp();
    expect(sharing.newCode()).toMatchObject({ ok: false, code: 'share/not-sharing' });
    await sharing.start('192.168.1.20');
    const renewed = sharing.newCode();
    expect(renewed).toMatchObject({ ok: true, value: { code: 'zzzz-2222', url: 'http://192.168.1.20:5199/zzzz-2222/' } });
    expect(renewed.ok && renewed.value.qr).toEqual(qrModules('http://192.168.1.20:5199/zzzz-2222/'));
  });

  it('lets the GM allow or forbid picking a character, before and while sharing', async () => {
    const { sharing, servers } = setUp();
    expect(sharing.allowPick(false)).toMatchObject({ ok: true, value: { pick: false } });
    await sharing.start('192.168.1.20');
    expect(servers[0]!.picks.at(-1)).toBe(false);
    sharing.allowPick(true);
    expect(servers[0]!.picks.at(-1)).toBe(true);
    expect(sharing.status().pick).toBe(true);
  });

  it('gives a server the GM\'s latest choice on picking, made while it was starting', async () => {
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => (release = resolve));
    const { sharing, servers } = setUp({
      startServer: async ({ host, port, allowPick }) => {
        await started;
        const server = fakeServer(host, port, allowPick);
        servers.push(server);
        return server;
      },
    });
    const starting = sharing.start('192.168.1.20');
    sharing.allowPick(false);
    release();
    await starting;
    expect(servers[0]!.picks.at(-1)).toBe(false);
  });
});

describe('sharing again when a campaign opens (issue 44: "never on at start-up unless the GM chose it last time for this campaign")', () => {
  it('remembers the campaign it was started for, and how; the GM stopping it forgets; quitting does not', async () => {
    const { sharing, memory, servers } = setUp();
    await sharing.start('192.168.1.20', 6000, 'lost-mine');
    expect(memory.get('lost-mine')).toEqual({ address: '192.168.1.20', port: 6000, pick: true, code: 'ab3k-9xq2' });
    sharing.allowPick(false);
    expect(memory.get('lost-mine')).toEqual({ address: '192.168.1.20', port: 6000, pick: false, code: 'ab3k-9xq2' });
    await sharing.close();
    expect(servers[0]!.closed).toBe(true);
    expect(sharing.status().sharing).toBe(false);
    expect(memory.has('lost-mine')).toBe(true);
    await sharing.start('10.0.0.5', 5199, 'lost-mine');
    await sharing.stop();
    expect(memory.has('lost-mine')).toBe(false);
  });

  it('starts again as it was when the campaign opens, and only for a campaign that was shared', async () => {
    const { sharing, memory, servers } = setUp();
    expect(await sharing.resume('night-watch')).toMatchObject({ ok: true, value: { sharing: false } });
    expect(servers).toHaveLength(0);
    memory.set('lost-mine', { address: '10.0.0.5', port: 6001, pick: false });
    expect(await sharing.resume('lost-mine')).toMatchObject({ ok: true, value: { sharing: true, address: '10.0.0.5', url: 'http://10.0.0.5:6001/ab3k-9xq2/', pick: false } });
    expect(servers[0]!.picks.at(-1)).toBe(false);
    // Already sharing: opening it again changes nothing.
    await sharing.resume('lost-mine');
    expect(servers).toHaveLength(1);
  });

  it('says so, and starts nothing, when the network it was shared on is gone', async () => {
    const { sharing, memory, servers } = setUp();
    memory.set('lost-mine', { address: '192.168.7.7', port: 5199, pick: true });
    expect(await sharing.resume('lost-mine')).toMatchObject({ ok: false, code: 'share/network-gone', message: expect.stringMatching(/on 192\.168\.7\.7, a network this computer is not on now/) });
    expect(servers).toHaveLength(0);
    expect(memory.has('lost-mine')).toBe(true);
  });

  it('starts again with the code the phones had, so they come back without scanning; a new code replaces the kept one, ending forgets it', async () => {
    const { sharing, memory, servers, deps } = setUp();
    memory.set('lost-mine', { address: '10.0.0.5', port: 6001, pick: true, code: 'h7kq-m2xw' });
    expect(await sharing.resume('lost-mine')).toMatchObject({ ok: true, value: { code: 'h7kq-m2xw', url: 'http://10.0.0.5:6001/h7kq-m2xw/' } });
    expect(deps.startServer).toHaveBeenLastCalledWith({ host: '10.0.0.5', port: 6001, allowPick: true, code: 'h7kq-m2xw' });
    // The app quits and starts again: the same code.
    await sharing.close();
    expect(memory.get('lost-mine')?.code).toBe('h7kq-m2xw');
    await sharing.resume('lost-mine');
    expect(servers[1]!.code()).toBe('h7kq-m2xw');
    // Another network for the same campaign keeps its code too (the phones scan the new address).
    await sharing.start('192.168.1.20', 5199, 'lost-mine');
    expect(servers[2]!.code()).toBe('h7kq-m2xw');
    // "New code": the kept code is the new one, and sharing comes back with it.
    sharing.newCode();
    expect(memory.get('lost-mine')).toEqual({ address: '192.168.1.20', port: 5199, pick: true, code: 'zzzz-2222' });
    await sharing.close();
    await sharing.resume('lost-mine');
    expect(servers[3]!.code()).toBe('zzzz-2222');
    // "End sharing": forgotten, code and all; sharing it again makes a new code.
    await sharing.stop();
    expect(memory.has('lost-mine')).toBe(false);
    await sharing.start('192.168.1.20', 5199, 'lost-mine');
    expect(deps.startServer).toHaveBeenLastCalledWith({ host: '192.168.1.20', port: 5199, allowPick: true, code: undefined });
  });

  it.each([
    ['without a code (kept before codes were)', {}],
    ['with a code that does not read', { code: 'ab3k-9xq0' }],
  ])('starts again %s, with a new code', async (_label, code) => {
    const { sharing, memory, deps } = setUp();
    memory.set('lost-mine', { address: '10.0.0.5', port: 6001, pick: true, ...code });
    expect(await sharing.resume('lost-mine')).toMatchObject({ ok: true, value: { sharing: true, code: 'ab3k-9xq2' } });
    expect(deps.startServer).toHaveBeenLastCalledWith({ host: '10.0.0.5', port: 6001, allowPick: true, code: undefined });
    expect(memory.get('lost-mine')?.code).toBe('ab3k-9xq2');
  });

  it('tells the phones sharing ended when the GM ends it or moves network, but not when the app quits (it comes back with the same code)', async () => {
    const { sharing, servers } = setUp();
    await sharing.start('192.168.1.20', 5199, 'lost-mine');
    await sharing.start('10.0.0.5', 5199, 'lost-mine');
    await sharing.stop();
    await sharing.start('10.0.0.5', 5199, 'lost-mine');
    await sharing.close();
    expect(servers.map((server) => server.endedPhones)).toEqual([true, true, false]);
  });

  it('shares one campaign at a time: starting for another forgets the first', async () => {
    const { sharing, memory } = setUp();
    await sharing.start('192.168.1.20', 5199, 'lost-mine');
    await sharing.start('192.168.1.20', 5199, 'night-watch');
    expect([...memory.keys()]).toEqual(['night-watch']);
  });
});

describe('the share:* channels', () => {
  it('answer through the sharing', async () => {
    const { sharing } = setUp();
    const handlers = createShareHandlers({ sharing });
    const event = { senderFrame: { url: 'app://gm-screen/index.html' } };
    expect(await handlers['share:start']({ address: '192.168.1.20' }, event)).toMatchObject({ ok: true, value: { sharing: true } });
    expect(await handlers['share:status'](undefined, event)).toMatchObject({ ok: true, value: { sharing: true, code: 'ab3k-9xq2' } });
    expect(await handlers['share:new-code'](undefined, event)).toMatchObject({ ok: true, value: { code: 'zzzz-2222' } });
    expect(await handlers['share:resume']({ campaign: 'lost-mine' }, event)).toMatchObject({ ok: true, value: { sharing: true } });
    expect(await handlers['share:allow-pick']({ allow: false }, event)).toMatchObject({ ok: true, value: { pick: false } });
    expect(await handlers['share:stop'](undefined, event)).toMatchObject({ ok: true, value: { sharing: false } });
  });

  it('answer that sharing is not available where there is none (the web build\'s harnesses)', async () => {
    const handlers = createShareHandlers();
    const event = { senderFrame: { url: 'app://gm-screen/index.html' } };
    for (const answer of [handlers['share:status'](undefined, event), await handlers['share:start']({ address: '10.0.0.5' }, event), await handlers['share:stop'](undefined, event)]) {
      expect(answer).toEqual({ ok: false, code: 'share/unavailable', message: 'Sharing with phones is not available here.' });
    }
  });
});
