/**
 * The server's bounds, through real sockets on 127.0.0.1: each client comes from its own loopback
 * address (127.0.0.x) where the bound is per address. Counts only; where time matters the
 * server's clock is a fake one the test moves.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PHONE_LIMITS } from './limits';
import type { PhoneServer } from './server';
import { TEST_CODE, useServers, watchersReach } from './testing/servers';
import { openStream, rawRequest } from './testing/phone-client';

const CODE = TEST_CODE;
const { start, watch, streams } = useServers();

const status = async (server: PhoneServer, target: string, localAddress: string) => (await rawRequest(server.port, `GET ${target} HTTP/1.1`, { localAddress }))?.status ?? 'closed';

describe('the phone server\'s bounds', () => {
  it('holds an address to its open connections, closing one more without an answer; other addresses go on', async () => {
    const { server } = await start();
    const held = await Promise.all(Array.from({ length: PHONE_LIMITS.connectionsPerAddress }, () => watch(server, '127.0.7.1')));
    expect(await status(server, `/${CODE}/`, '127.0.7.1')).toBe('closed');
    expect(await status(server, `/${CODE}/`, '127.0.7.2')).toBe(200);
    held[0]?.close();
    await watchersReach(server, PHONE_LIMITS.connectionsPerAddress - 1);
    expect(await status(server, `/${CODE}/`, '127.0.7.1')).toBe(200);
  });

  it('holds everyone to the total of open connections', async () => {
    const { server } = await start({ limits: { connections: 3 } });
    await Promise.all(['127.0.8.1', '127.0.8.2', '127.0.8.3'].map((address) => watch(server, address)));
    expect(await status(server, `/${CODE}/`, '127.0.8.4')).toBe('closed');
    streams[0]?.close();
    await watchersReach(server, 2);
    expect(await status(server, `/${CODE}/`, '127.0.8.4')).toBe(200);
  });

  it('answers an address sending requests faster than its bucket refills with 404s, and only that address', async () => {
    const { server, clock } = await start({ limits: { requestBurst: 5, requestsPerSecond: 2 } });
    const burst = [];
    for (let i = 0; i < 6; i++) burst.push(await status(server, `/${CODE}/`, '127.0.9.1'));
    expect(burst).toEqual([200, 200, 200, 200, 200, 404]);
    expect(await status(server, `/${CODE}/`, '127.0.9.2')).toBe(200);
    clock.now += 500; // one more
    expect([await status(server, `/${CODE}/`, '127.0.9.1'), await status(server, `/${CODE}/`, '127.0.9.1')]).toEqual([200, 404]);
  });

  it('locks an address out after a few wrong codes: only 404s for a while, even with the right code', async () => {
    const { server, clock } = await start();
    for (const guess of ['ab3k-9xq3', 'AB3K9XQ4', 'zzzz-zzzz', 'abcd2345']) expect(await status(server, `/${guess}/`, '127.0.10.1')).toBe(404);
    expect(await status(server, `/${CODE}/`, '127.0.10.1')).toBe(200);
    expect(await status(server, '/ab3k-9xq5/screen', '127.0.10.1')).toBe(404); // the 5th
    expect(await status(server, `/${CODE}/`, '127.0.10.1')).toBe(404);
    await expect(openStream(server.port, `/${CODE}/screen`, '127.0.10.1')).rejects.toThrow('status 404');
    // Another phone is not held up.
    expect(await status(server, `/${CODE}/`, '127.0.10.2')).toBe(200);
    clock.now += PHONE_LIMITS.lockoutMs - 1;
    expect(await status(server, `/${CODE}/`, '127.0.10.1')).toBe(404);
    clock.now += 1;
    expect(await status(server, `/${CODE}/`, '127.0.10.1')).toBe(200);
  });

  it('does not take a code this sharing replaced before it started again for guessing', async () => {
    const { server } = await start({ retiredCodes: ['cd4m-7xyz', 'ef5n8wab'] });
    for (let i = 0; i < 4; i++) {
      for (const old of ['cd4m-7xyz', 'ef5n-8wab']) expect(await status(server, `/${old}/`, '127.0.12.1')).toBe(404);
    }
    expect(await status(server, `/${CODE}/`, '127.0.12.1')).toBe(200);
  });

  it('does not take what a browser asks by itself (a favicon, the bare address) for guessing', async () => {
    const { server } = await start({ limits: { requestBurst: 100 } });
    for (let i = 0; i < 10; i++) {
      for (const target of ['/favicon.ico', '/', '/apple-touch-icon.png', `/${CODE.replace('-', '')}x/`]) expect(await status(server, target, '127.0.11.1')).toBe(404);
    }
    expect(await status(server, `/${CODE}/`, '127.0.11.1')).toBe(200);
  });

  it('closes a connection that does not send its request in time', async () => {
    const { server } = await start({ limits: { headersTimeoutMs: 100, requestTimeoutMs: 200 } });
    const answer = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: server.port, localAddress: '127.0.12.1' });
      let text = '';
      socket.on('connect', () => socket.write(`GET /${CODE}/ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`)); // and never the end of the head
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.on('close', () => resolve(text));
    });
    expect(answer === '' || answer.startsWith('HTTP/1.1 404 Not Found')).toBe(true);
    expect(answer).not.toContain('<title>');
  });
});
