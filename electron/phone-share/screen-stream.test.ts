/**
 * The screens' stream, through the real server on 127.0.0.1: what a phone receives, in what
 * order, and that no phone holds up the others. Counts and order only, never time: where the
 * server's clock matters it is a fake one the test moves.
 */
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_PAGE_POLICY } from './answers';
import { PHONE_LIMITS } from './limits';
import { ENDED_GRACE_MS } from './screen-stream';
import { TEST_CODE, useServers, watchersReach } from './testing/servers';
import { step } from './testing/fixtures';
import { fightScreen } from '../../engine/testing/player-screens';
import type { PlayerScreen } from '../../engine/drawing';
import { isScreen, rawRequest, screenOfStep, screensHeld, stepsSeen } from './testing/phone-client';

const CODE = TEST_CODE;
const { start, watch } = useServers();

const stepEvent = screenOfStep;
/** The clock's move between two steps published no faster than the rate bound allows. */
const NEXT_SEND = 1000 / PHONE_LIMITS.screensPerSecond;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);


describe('the screens\' stream', () => {
  it('sends exactly what publish was given, and nothing more', async () => {
    const { server } = await start({ timeOfDay: () => 1_700_000_000_999 });
    const screen = fightScreen();
    // Whatever else the object carries stays on this side.
    const update = { screen, writtenAt: 1_700_000_000_123, campaignFile: '/home/gm/campaign.json' };
    server.publish(update);
    const stream = await watch(server);
    expect(stream.headers).toMatchObject({ 'content-type': 'text/event-stream; charset=utf-8', 'content-security-policy': PHONE_PAGE_POLICY, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    const sent = await stream.next((e) => e.event === 'screen');
    // First the laptop's time of day, for the phone to read the screen's times on, then whether players may pick.
    expect(stream.events.slice(0, 2)).toEqual([{ event: 'clock', id: null, data: '{"now":1700000000999}' }, { event: 'share', id: null, data: '{"pick":true}' }]);
    expect(sent.id).toBe('1');
    expect(JSON.parse(sent.data)).toEqual({ screen, writtenAt: 1_700_000_000_123 });
    expect(sent.data).toBe(JSON.stringify({ screen, writtenAt: 1_700_000_000_123 }));
  });

  it('gives a phone that connects before any screen the share rule, then each screen', async () => {
    const { server, clock } = await start({ allowPick: false });
    const stream = await watch(server);
    await stream.next((e) => e.event === 'share');
    server.publish(step(1));
    clock.now += NEXT_SEND;
    server.publish(step(2));
    await stream.next(stepEvent(2));
    // The second as the changes from the first, which the phone holds.
    expect(stream.events.map((e) => [e.event, e.id])).toEqual([['clock', null], ['share', null], ['screen', '1'], ['patch', '2']]);
    expect(screensHeld(stream).map((held) => held.screen)).toEqual([step(1).screen, step(2).screen]);
    expect(stream.events[1]?.data).toBe('{"pick":false}');
  });

  it('tells every watcher when the GM changes whether players may pick, and a new watcher the current rule', async () => {
    const { server } = await start();
    const [first, second] = [await watch(server), await watch(server)];
    server.setAllowPick(false);
    for (const stream of [first, second]) await stream.next((e) => e.event === 'share' && e.data === '{"pick":false}');
    const late = await watch(server);
    expect((await late.next((e) => e.event === 'share')).data).toBe('{"pick":false}');
  });

  it('answers HEAD on the stream with its head only, and does not count it as watching', async () => {
    const { server } = await start();
    const answer = await rawRequest(server.port, `HEAD /${CODE}/screen HTTP/1.1`);
    expect(answer).toMatchObject({ status: 200, body: '', headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    expect(server.watchers()).toBe(0);
  });

  it('gives 200 phones, each on its own address with the default bounds, every one of 20 steps in order, building each screen\'s bytes once', async () => {
    const { server, clock } = await start();
    const counts: number[] = [];
    server.onWatchers((count) => counts.push(count));
    const phones = await Promise.all(range(1, 200).map((i) => watch(server, `127.0.1.${i}`)));
    expect(server.watchers()).toBe(200);
    expect(counts).toEqual(range(1, 200));
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (const n of range(1, 20)) {
        clock.now += NEXT_SEND; // no faster than the rate bound: each step goes out as it comes
        server.publish(step(n));
      }
      expect(stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && 'writtenAt' in value)).toHaveLength(20);
    } finally {
      stringify.mockRestore();
    }
    await Promise.all(phones.map((phone) => phone.next(stepEvent(20))));
    for (const phone of phones) {
      expect(stepsSeen(phone)).toEqual(range(1, 20));
      expect(phone.events.filter(isScreen).map((e) => e.id)).toEqual(range(1, 20).map(String));
      // The first whole, then each as the changes from the one before: the phone holds each step.
      expect(phone.events.filter(isScreen).map((e) => e.event)).toEqual(['screen', ...range(2, 20).map(() => 'patch')]);
      expect(screensHeld(phone).map((held) => held.screen)).toEqual(range(1, 20).map((n) => step(n).screen));
    }
  });

  it('sends at most the rate: screens published faster wait, the latest wins and the last always goes out', async () => {
    const { server, clock } = await start({ limits: { screensPerSecond: 10 } });
    const phones = await Promise.all(range(1, 5).map((i) => watch(server, `127.0.2.${i}`)));
    // The clock stands still: step 1 goes out, 2 to 49 are replaced before the next send, 50 goes out.
    for (const n of range(1, 50)) server.publish(step(n));
    await Promise.all(phones.map((phone) => phone.next(stepEvent(50))));
    for (const phone of phones) expect(stepsSeen(phone)).toEqual([1, 50]);
    server.publish(step(51));
    server.publish(step(52));
    await Promise.all(phones.map((phone) => phone.next(stepEvent(52))));
    for (const phone of phones) expect(stepsSeen(phone)).toEqual([1, 50, 52]);
    // A phone connecting meanwhile gets the last screen at once.
    clock.now += NEXT_SEND;
    const late = await watch(server, '127.0.2.9');
    await late.next(stepEvent(52));
    expect(stepsSeen(late)).toEqual([52]);
    // It held no screen: the whole one, while the others got 52 as the changes from 50.
    expect(late.events.filter(isScreen).map((e) => e.event)).toEqual(['screen']);
    for (const phone of phones) expect(phone.events.filter(isScreen).map((e) => e.event)).toEqual(['screen', 'patch', 'patch']);
  });

  it('sends the whole screen rather than changes that would be longer', async () => {
    const { server, clock } = await start();
    const phone = await watch(server);
    // A list whose every item moves up one place: as changes, one replace per item, each longer
    // than the item itself. (The server sends what it is given: it never reads the screen.)
    const shifted = (from: number) => ({ ...step(0).screen, view: range(from, from + 2000) }) as unknown as PlayerScreen;
    server.publish({ screen: shifted(1), writtenAt: 1 });
    clock.now += NEXT_SEND;
    server.publish({ screen: shifted(2), writtenAt: 2 });
    await phone.next(stepEvent(2));
    expect(phone.events.filter(isScreen).map((e) => e.event)).toEqual(['screen', 'screen']);
    // A small change to it is a patch again.
    clock.now += NEXT_SEND;
    server.publish({ screen: { ...shifted(2), campaign: 'Vale' }, writtenAt: 3 });
    await phone.next(stepEvent(3));
    expect(phone.events.filter(isScreen).map((e) => e.event)).toEqual(['screen', 'screen', 'patch']);
    expect(screensHeld(phone).at(-1)?.screen).toEqual({ ...shifted(2), campaign: 'Vale' });
  });

  it('diffs the screens as the phones hold them: a value the JSON leaves out (undefined) never makes a patch a phone cannot apply', async () => {
    const { server, clock } = await start();
    const phone = await watch(server);
    // Over IPC an object may carry keys holding undefined; a phone gets JSON, which has no such key.
    const screens = [
      { ...step(1).screen, hint: undefined, marks: [1, undefined, 3] },
      { ...step(2).screen, hint: 'the bridge', marks: [1, 2, 3] },
      { ...step(3).screen, hint: undefined, marks: [undefined] },
    ] as unknown as PlayerScreen[];
    for (const [i, screen] of screens.entries()) {
      if (i > 0) clock.now += NEXT_SEND;
      server.publish({ screen, writtenAt: i + 1 });
    }
    await phone.next(stepEvent(3));
    expect(phone.events.filter(isScreen).map((e) => e.event)).toEqual(['screen', 'patch', 'patch']);
    expect(screensHeld(phone).map((held) => held.screen)).toEqual(screens.map((screen) => JSON.parse(JSON.stringify(screen)) as unknown));
  });

  it('skips a phone that stopped reading without holding up the others, and gives it the latest when it reads again', async () => {
    const { server, clock } = await start({ limits: { maxBufferedBytes: 64 * 1024 } });
    const slow = await watch(server, '127.0.3.1');
    await slow.next((e) => e.event === 'share');
    slow.pause();
    const others = await Promise.all(range(2, 6).map((i) => watch(server, `127.0.3.${i}`)));
    // Steps as a GM makes them: each reaches the phones that read before the next.
    const big = 'x'.repeat(512 * 1024);
    for (const n of range(1, 40)) {
      clock.now += NEXT_SEND;
      server.publish(step(n, `${n} ${big}`));
      await Promise.all(others.map((phone) => phone.next(stepEvent(n))));
    }
    for (const phone of others) expect(stepsSeen(phone)).toEqual(range(1, 40));
    slow.resume();
    await slow.next(stepEvent(40));
    const seen = stepsSeen(slow);
    expect(seen.length).toBeLessThan(40);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(40);
    // What it missed between is not patched over: the latest comes whole.
    expect(slow.events.filter(isScreen).at(-1)?.event).toBe('screen');
    expect(screensHeld(slow).at(-1)?.screen).toEqual(step(40, `40 ${big}`).screen);
    expect(server.watchers()).toBe(6);
  });

  it('drops a phone stuck over the bound for too long; the others go on', async () => {
    const { server, clock } = await start({ limits: { maxBufferedBytes: 64 * 1024, maxStuckMs: 30_000 } });
    const stuck = await watch(server, '127.0.4.1');
    await stuck.next((e) => e.event === 'share');
    stuck.pause();
    const others = await Promise.all(range(2, 4).map((i) => watch(server, `127.0.4.${i}`)));
    const big = 'x'.repeat(512 * 1024);
    for (const n of range(1, 40)) {
      clock.now += NEXT_SEND;
      server.publish(step(n, `${n} ${big}`));
      await Promise.all(others.map((phone) => phone.next(stepEvent(n))));
    }
    // Over the bound for less than maxStuckMs (the whole run so far is 4 s on the server's clock): kept.
    clock.now += NEXT_SEND;
    server.publish(step(41, `41 ${big}`));
    await Promise.all(others.map((phone) => phone.next(stepEvent(41))));
    expect(server.watchers()).toBe(4);
    clock.now += 30_001;
    server.publish(step(42, `42 ${big}`));
    await watchersReach(server, 3);
    await Promise.all(others.map((phone) => phone.next(stepEvent(42))));
    for (const phone of others) expect(stepsSeen(phone)).toEqual(range(1, 42));
  });

  it('pings every watcher', async () => {
    const { server } = await start({ limits: { pingMs: 20 } });
    const stream = await watch(server);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (stream.pings < 2) return;
        clearInterval(check);
        resolve();
      }, 5);
    });
    expect(stream.events.map((e) => e.event)).toEqual(['clock', 'share']);
  });

  it('drops everyone holding the old code when the GM makes a new one', async () => {
    const { server, clock } = await start();
    server.publish(step(1));
    const phones = await Promise.all(range(1, 3).map((i) => watch(server, `127.0.5.${i}`, i === 1 ? 'AB3K9XQ2' : CODE)));
    await Promise.all(phones.map((phone) => phone.next(stepEvent(1))));
    const fresh = server.newCode();
    expect(fresh).not.toBe(CODE);
    expect(server.code()).toBe(fresh);
    expect(server.url()).toBe(`http://127.0.0.1:${server.port}/${fresh}/`);
    for (const phone of phones) {
      await phone.closed;
      expect(phone.events.at(-1)).toEqual({ event: 'ended', id: null, data: '{}' });
    }
    expect(server.watchers()).toBe(0);
    // The old code is a 404 everywhere, and asking with it again and again is not taken for guessing.
    for (let i = 0; i < 10; i++) {
      expect((await rawRequest(server.port, `GET /${CODE}/screen HTTP/1.1`, { localAddress: '127.0.5.1' }))?.status).toBe(404);
    }
    expect((await rawRequest(server.port, `GET /${CODE}/ HTTP/1.1`))?.status).toBe(404);
    expect((await rawRequest(server.port, `GET /${fresh}/ HTTP/1.1`, { localAddress: '127.0.5.1' }))?.status).toBe(200);
    clock.now += NEXT_SEND;
    const again = await watch(server, '127.0.5.1', fresh);
    await again.next(stepEvent(1));
  });

  it('ends every stream on close() and stops listening', async () => {
    const { server } = await start();
    server.publish(step(1));
    const phones = await Promise.all(range(1, 5).map((i) => watch(server, `127.0.6.${i}`)));
    await Promise.all(phones.map((phone) => phone.next(stepEvent(1))));
    await server.close();
    for (const phone of phones) {
      await phone.closed;
      expect(phone.events.map((e) => e.event)).toEqual(['clock', 'share', 'screen', 'ended']);
    }
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: server.port });
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('takes phones back when started again on the same port with the same code: reconnecting gives the last screen', async () => {
    const first = await start();
    first.server.publish(step(1));
    const phones = await Promise.all(range(1, 3).map((i) => watch(first.server, `127.0.7.${i}`)));
    await Promise.all(phones.map((phone) => phone.next(stepEvent(1))));
    // The app quits while sharing: the streams are cut without `ended` (final on a phone), so
    // the phones try again, and nothing listens meanwhile.
    await first.server.close({ resumes: true });
    for (const phone of phones) {
      await phone.closed;
      expect(phone.events.map((e) => e.event)).toEqual(['clock', 'share', 'screen']);
    }
    expect(first.server.watchers()).toBe(0);
    expect(await rawRequest(first.server.port, `GET /${CODE}/screen HTTP/1.1`).catch((error: NodeJS.ErrnoException) => error.code)).toBe('ECONNREFUSED');
    // The app again, sharing the campaign with the code it kept (settings.json) and its screen.
    const second = await start({ port: first.server.port, code: CODE });
    second.server.publish(step(2));
    const back = await Promise.all(range(1, 3).map((i) => watch(second.server, `127.0.7.${i}`)));
    await Promise.all(back.map((phone) => phone.next(stepEvent(2))));
    for (const phone of back) expect(stepsSeen(phone)).toEqual([2]);
  });

  it('gives a phone that connects after the held screen was forgotten (nobody watched) the next screen, never the stale one', async () => {
    const { server, clock } = await start();
    server.publish(step(1));
    const early = await watch(server, '127.0.8.1');
    await early.next(stepEvent(1));
    early.close();
    await watchersReach(server, 0);
    // Nobody watches: the GM window stops publishing, and step 1 would go stale.
    server.forget();
    const late = await watch(server, '127.0.8.2');
    await late.next((e) => e.event === 'share');
    expect(server.watchers()).toBe(1);
    // It waits ("Connecting…") until the GM window, told someone watches, publishes the fresh one.
    clock.now += NEXT_SEND;
    server.publish(step(2));
    await late.next(stepEvent(2));
    expect(late.events.map((e) => [e.event, e.id])).toEqual([['clock', null], ['share', null], ['screen', '2']]);
  });

  it('cuts an ended stream\'s connection once the grace is over when its phone went away without a word, freeing its place under the bounds', async () => {
    // The stream's own `Connection: close` closes it as soon as its end is handed to the system;
    // the grace is for a phone that stopped reading (gone, its screen off): its end never goes
    // out, and without the grace the connection would hold its place until TCP gave up.
    const { server, clock } = await start({ limits: { connectionsPerAddress: 1, maxBufferedBytes: 256 * 1024 * 1024, maxStuckMs: 3_600_000 } });
    const phone = connect({ host: '127.0.0.1', port: server.port, localAddress: '127.0.9.1' });
    let received = '';
    phone.setEncoding('latin1');
    phone.on('data', (chunk: string) => (received += chunk));
    await new Promise<void>((resolve) => phone.once('connect', resolve));
    phone.write(`GET /${CODE}/screen HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAccept: text/event-stream\r\n\r\n`);
    while (!received.includes('event: share')) await new Promise((resolve) => setImmediate(resolve));
    // It stops reading and never closes; screens pile up past what the system's buffers hold.
    phone.pause();
    const big = 'x'.repeat(1024 * 1024);
    for (const n of range(1, 24)) {
      clock.now += NEXT_SEND;
      server.publish(step(n, big));
    }
    const admitted = async () => (await rawRequest(server.port, `GET /${server.code()}/ HTTP/1.1`, { localAddress: '127.0.9.1' }))?.status ?? 'closed';
    expect(await admitted()).toBe('closed');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.newCode();
      expect(server.watchers()).toBe(0);
      vi.advanceTimersByTime(ENDED_GRACE_MS - 1);
      // Its end is still waiting to go out: the connection holds the address's one place.
      expect(await admitted()).toBe('closed');
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    let status = await admitted();
    // The cut connection's place is given back once the server has seen it close.
    for (let i = 0; i < 100 && status === 'closed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = await admitted();
    }
    expect(status).toBe(200);
    phone.destroy();
  });
});

it('keeps the default bounds as documented in SECURITY.md', () => {
  expect(PHONE_LIMITS).toMatchObject({ connectionsPerAddress: 8, connections: 256, requestsPerSecond: 10, requestBurst: 30, wrongCodes: 5, lockoutMs: 60_000, screensPerSecond: 10, pingMs: 15_000 });
});
