import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHONE_PAGE_POLICY } from './answers';
import { DEFAULT_PHONE_PORT, startPhoneServer, type PhoneServer, type PhoneServerOptions } from './server';
import { makePageRoot, PAGE_HTML, PAGE_SCRIPT, SECRET, type PageRoot } from './testing/fixtures';
import { rawRequest, type RawAnswer } from './testing/phone-client';

const CODE = 'ab3k-9xq2';
let page: PageRoot;
let servers: PhoneServer[] = [];

beforeEach(async () => {
  page = await makePageRoot();
});
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  await page.remove();
});

async function start(options: Partial<PhoneServerOptions> = {}): Promise<PhoneServer> {
  const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: page.root, code: CODE, ...options });
  servers.push(server);
  return server;
}

const get = (server: PhoneServer, target: string, options: { localAddress?: string; host?: string } = {}) => rawRequest(server.port, `GET ${target} HTTP/1.1`, options);

/** The headers every answer carries, and none that tells what is serving. */
function expectGuarded(answer: RawAnswer | null): void {
  expect(answer).not.toBeNull();
  expect(answer?.headers).toMatchObject({
    'content-security-policy': PHONE_PAGE_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'cross-origin-resource-policy': 'same-origin',
  });
  expect(answer?.headers).not.toHaveProperty('server');
  expect(answer?.headers).not.toHaveProperty('x-powered-by');
}

function expectNotFound(answer: RawAnswer | null): void {
  expectGuarded(answer);
  expect(answer?.status).toBe(404);
  expect(answer?.body).toBe('Not found');
  expect(answer?.headers['content-type']).toBe('text/plain; charset=utf-8');
}

describe('the phone server', () => {
  it('serves the page and its files to the current code, with or without its dash, in either case', async () => {
    const server = await start();
    expect(server.code()).toBe(CODE);
    expect(server.url()).toBe(`http://127.0.0.1:${server.port}/${CODE}/`);
    for (const code of ['ab3k-9xq2', 'ab3k9xq2', 'AB3K-9XQ2', 'Ab3K9xQ2']) {
      const answer = await get(server, `/${code}/`);
      expectGuarded(answer);
      expect(answer).toMatchObject({ status: 200, body: PAGE_HTML, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(PAGE_HTML.length) } });
      expect(await get(server, `/${code}/assets/app-1x.js`)).toMatchObject({ status: 200, body: PAGE_SCRIPT, headers: { 'content-type': 'text/javascript; charset=utf-8' } });
    }
    expect(await get(server, `/${CODE}/assets/style.css`)).toMatchObject({ status: 200, headers: { 'content-type': 'text/css; charset=utf-8' } });
    // HEAD: the same head, no body.
    const head = await rawRequest(server.port, `HEAD /${CODE}/ HTTP/1.1`);
    expect(head).toMatchObject({ status: 200, body: '', headers: { 'content-length': String(PAGE_HTML.length) } });
  });

  it('sends the address without its last slash on to the page, so the page\'s relative files resolve', async () => {
    const server = await start();
    const answer = await get(server, '/AB3K9XQ2');
    expectGuarded(answer);
    expect(answer).toMatchObject({ status: 308, headers: { location: '/AB3K9XQ2/' } });
  });

  it('answers a wrong code, a code-less address and a missing file with the same bare 404', async () => {
    const server = await start();
    for (const target of ['/ab3k-9xq3/', '/ab3k-9xq3/screen', '/ab3k-9xq3/assets/app-1x.js', '/', '/favicon.ico', '/index.html', `/${CODE}/nothing.js`, `/${CODE}/assets/`, `/${CODE}/assets`]) {
      expectNotFound(await get(server, target));
    }
  });

  it('takes a code given with its dash or in capitals, and makes its own when given none', async () => {
    expect((await start({ code: 'AB3K9XQ2' })).code()).toBe(CODE);
    const own = await start({ code: undefined });
    expect(own.code()).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);
    expect((await get(own, `/${own.code()}/`))?.status).toBe(200);
  });

  // Each is a 404 `Not found` with the guarded headers, and never the campaign file beside the page.
  const hostile: [string, string | Buffer][] = [
    ['a climb out of the page', `GET /${CODE}/../campaign.json HTTP/1.1`],
    ['a climb out of the code', 'GET /../campaign.json HTTP/1.1'],
    ['a climb from a folder', `GET /${CODE}/assets/../../campaign.json HTTP/1.1`],
    ['dots encoded', `GET /${CODE}/%2e%2e/campaign.json HTTP/1.1`],
    ['dots half encoded', `GET /${CODE}/.%2e/campaign.json HTTP/1.1`],
    ['a slash encoded', `GET /${CODE}/..%2fcampaign.json HTTP/1.1`],
    ['a slash encoded twice', `GET /${CODE}/..%252fcampaign.json HTTP/1.1`],
    ['a backslash', `GET /${CODE}/..\\campaign.json HTTP/1.1`],
    ['a backslash encoded', `GET /${CODE}/..%5ccampaign.json HTTP/1.1`],
    ['a NUL encoded', `GET /${CODE}/index.html%00.js HTTP/1.1`],
    ['a NUL', Buffer.from(`GET /${CODE}/index.html\0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)],
    ['an absolute path', `GET /${CODE}//etc/passwd HTTP/1.1`],
    ['an absolute URL', `GET http://127.0.0.1/${CODE}/ HTTP/1.1`],
    ['an asterisk', 'OPTIONS * HTTP/1.1'],
    ['an overlong path', `GET /${CODE}/${'a'.repeat(400)}.js HTTP/1.1`],
    ['a dot file', `GET /${CODE}/.env HTTP/1.1`],
    ['a name with a space, encoded', `GET /${CODE}/with%20space.txt HTTP/1.1`],
    ['a link to outside the page', `GET /${CODE}/assets/linked.json HTTP/1.1`],
    ['a POST', `POST /${CODE}/ HTTP/1.1`],
    ['a PUT with a body', `PUT /${CODE}/index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`],
    ['a GET with a body', `GET /${CODE}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`],
    ['a GET with a chunked body', `GET /${CODE}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n`],
    ['a body announced with Expect', `GET /${CODE}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`],
    ['a DELETE', `DELETE /${CODE}/ HTTP/1.1`],
    ['an OPTIONS', `OPTIONS /${CODE}/ HTTP/1.1`],
    ['a TRACE', `TRACE /${CODE}/ HTTP/1.1`],
    ['a CONNECT', `CONNECT 127.0.0.1:22 HTTP/1.1`],
    ['a request Node cannot parse', 'GARBAGE\r\n\r\n'],
    ['a head over the size bound', `GET /${CODE}/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(10_000)}\r\n\r\n`],
    ['HTTP/1.0 without a Host', `GET /${CODE}/ HTTP/1.0\r\n\r\n`],
  ];
  it.each(hostile)('answers %s with a bare 404', async (_, request) => {
    const server = await start();
    const raw = typeof request === 'string' && !request.includes('\r\n\r\n') ? request : Buffer.from(typeof request === 'string' ? request.replace('Host: 127.0.0.1', `Host: 127.0.0.1:${server.port}`) : request);
    const answer = await rawRequest(server.port, raw);
    expectNotFound(answer);
    expect(answer?.body).not.toContain('traitor');
  });

  it('answers only the address it was given: another name in Host (DNS rebinding) is a 404', async () => {
    const server = await start();
    for (const host of ['evil.example', `evil.example:${server.port}`, 'localhost', `127.0.0.1:${server.port + 1}`, '']) {
      expectNotFound(await get(server, `/${CODE}/`, { host }));
    }
  });

  it('listens only on the address it was given', async () => {
    const server = await start();
    // Another loopback address of this computer, same port: no one listens there.
    const probe = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.2', port: server.port });
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(probe).toBe('ECONNREFUSED');
  });
});

describe('startPhoneServer refuses, saying what to do', () => {
  it('when the port is taken', async () => {
    const first = await start();
    await expect(start({ port: first.port })).rejects.toThrow(new RegExp(`^Port ${first.port} on 127\\.0\\.0\\.1 is already in use.*choose another port`));
  });

  it('when the address is not this computer\'s, or not one interface\'s', async () => {
    await expect(start({ host: '192.0.2.1' })).rejects.toThrow(/^192\.0\.2\.1 is not an address of this computer.*Pick the network again/);
    await expect(start({ host: '0.0.0.0' })).rejects.toThrow(/IPv4 address of one network interface/);
    await expect(start({ host: 'localhost' })).rejects.toThrow(/IPv4 address of one network interface/);
    await expect(start({ host: '::1' })).rejects.toThrow(/IPv4 address of one network interface/);
  });

  it('when the port or the code is not one', async () => {
    await expect(start({ port: 70000 })).rejects.toThrow(/not a port number.*5199/);
    await expect(start({ code: 'ab3k-9xq0' })).rejects.toThrow(/"ab3k-9xq0" is not a join code/);
    expect(DEFAULT_PHONE_PORT).toBe(5199);
  });

  it('when the page is missing', async () => {
    await expect(start({ pageRoot: `${page.outside}/nowhere` })).rejects.toThrow(/^The phone page is missing/);
  });
});
