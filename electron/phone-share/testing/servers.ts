/**
 * The phone server's tests' scaffolding: a page folder made before each test, servers on a clock
 * the test moves, phones watching, and everything closed and removed after each test.
 */
import { afterEach, beforeEach } from 'vitest';
import { startPhoneServer, type PhoneServer, type PhoneServerOptions } from '../server';
import { makePageRoot, type PageRoot } from './fixtures';
import { openStream, type PhoneStream } from './phone-client';

/** The code the tests' servers start with. */
export const TEST_CODE = 'ab3k-9xq2';

export interface ServersUnderTest {
  /** The page folder of the test running now. */
  page(): PageRoot;
  /** The streams opened so far in this test (closed after it). */
  readonly streams: PhoneStream[];
  /** A server on 127.0.0.1, any port, with `TEST_CODE`, on a clock the test moves. */
  start(options?: Partial<PhoneServerOptions>): Promise<{ server: PhoneServer; clock: { now: number } }>;
  /** A phone watching `server` from `localAddress`, with `code`. */
  watch(server: PhoneServer, localAddress?: string, code?: string): Promise<PhoneStream>;
}

/** Registers the before/after of each test and answers what the tests use. */
export function useServers(): ServersUnderTest {
  let page: PageRoot | null = null;
  let servers: PhoneServer[] = [];
  const streams: PhoneStream[] = [];
  beforeEach(async () => {
    page = await makePageRoot();
  });
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
    await page?.remove();
  });
  const current = (): PageRoot => {
    if (!page) throw new Error('no page folder outside a test');
    return page;
  };
  return {
    page: current,
    streams,
    async start(options = {}) {
      const clock = { now: 0 };
      const server = await startPhoneServer({ host: '127.0.0.1', port: 0, pageRoot: current().root, code: TEST_CODE, now: () => clock.now, ...options });
      servers.push(server);
      return { server, clock };
    },
    async watch(server, localAddress = '127.0.0.1', code = TEST_CODE) {
      const stream = await openStream(server.port, `/${code}/screen`, localAddress);
      streams.push(stream);
      return stream;
    },
  };
}

/** Resolves once `server` counts `count` watchers, and the closed connections are let go. */
export async function watchersReach(server: PhoneServer, count: number): Promise<void> {
  await new Promise<void>((resolve) => {
    if (server.watchers() === count) return resolve();
    const stop = server.onWatchers((now) => {
      if (now !== count) return;
      stop();
      resolve();
    });
  });
  await new Promise((resolve) => setImmediate(resolve));
}
