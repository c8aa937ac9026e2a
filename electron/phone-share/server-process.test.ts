/**
 * The phone server in its own process, as the main process starts it (server-process-client.ts
 * and server-process.ts, with Node's fork where the app uses Electron's utility process): at the
 * lowest priority, answering for the code the main process knows, refusing to start in the GM's
 * words, started again with the same address and code when it dies, and gone when closed.
 */
import { readdirSync } from 'node:fs';
import { getPriority, constants } from 'node:os';
import { createServer, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPhoneServerProcess, type LaunchServerProcess, type PhoneServer } from './index';
import { makePageRoot, step, type PageRoot } from './testing/fixtures';
import { openStream, rawRequest, screenOfStep, type PhoneStream } from './testing/phone-client';
import { nodeServerLauncher } from './testing/server-process';

let page: PageRoot;
let launch: LaunchServerProcess;
const pids: number[] = [];
const servers: PhoneServer[] = [];
const phones: PhoneStream[] = [];

beforeEach(async () => {
  page = await makePageRoot();
  pids.length = 0;
  launch = await nodeServerLauncher((pid) => pids.push(pid));
});
afterEach(async () => {
  for (const phone of phones.splice(0)) phone.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await page.remove();
});

async function start(options: { port?: number; code?: string; allowPick?: boolean } = {}): Promise<PhoneServer> {
  const server = await startPhoneServerProcess({ host: '127.0.0.1', port: 0, pageRoot: page.root, ...options }, launch);
  servers.push(server);
  return server;
}

async function phone(server: PhoneServer, code = server.code()): Promise<PhoneStream> {
  const stream = await openStream(server.port, `/${code}/screen`);
  phones.push(stream);
  return stream;
}

/** Whether process `pid` is still there (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pastRateBound = () => new Promise((resolve) => setTimeout(resolve, 120));

describe('the phone server in its own process', () => {
  it('runs in a process other than the main one, at the lowest priority', async () => {
    await start();
    expect(pids).toHaveLength(1);
    expect(pids[0]).not.toBe(process.pid);
    expect(getPriority(pids[0])).toBe(constants.priority.PRIORITY_LOW);
    // On Linux a priority is each thread's: every one of the process's threads is lowered.
    if (process.platform === 'linux') {
      const threads = readdirSync(`/proc/${pids[0]}/task`);
      expect(threads.length).toBeGreaterThan(1);
      for (const thread of threads) expect(getPriority(Number(thread)), `thread ${thread}`).toBe(constants.priority.PRIORITY_LOW);
    }
  });

  it('sends the phones what is published, counts them, and honours a new code drawn in the main process', async () => {
    const server = await start({ code: 'ab3k-9xq2' });
    expect(server.code()).toBe('ab3k-9xq2');
    server.publish(step(1));
    const first = await phone(server);
    await first.next(screenOfStep(1));
    await vi.waitFor(() => expect(server.watchers()).toBe(1));

    const renewed = server.newCode();
    expect(renewed).not.toBe('ab3k-9xq2');
    expect(server.url()).toBe(`http://127.0.0.1:${server.port}/${renewed}/`);
    await first.closed;
    expect(first.events.at(-1)?.event).toBe('ended');
    await vi.waitFor(() => expect(server.watchers()).toBe(0));
    // The code the main process shows is the one the server answers to; the old one is a 404.
    expect((await rawRequest(server.port, 'GET /ab3k-9xq2/ HTTP/1.1'))?.status).toBe(404);
    const second = await phone(server, renewed);
    await second.next(screenOfStep(1));
    await pastRateBound();
    server.publish(step(2));
    await second.next(screenOfStep(2));
  });

  it('passes on whether players may pick, and forgets the screen when asked', async () => {
    const server = await start({ allowPick: true });
    server.publish(step(1));
    const watching = await phone(server);
    await watching.next(screenOfStep(1));
    server.setAllowPick(false);
    await watching.next((event) => event.event === 'share' && event.data === '{"pick":false}');
    server.forget();
    await pastRateBound();
    const late = await phone(server);
    await late.next((event) => event.event === 'share');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(late.events.map((event) => event.event)).toEqual(['clock', 'share']);
  });

  it("refuses to start on a port in use with the server's own words, and leaves no process behind", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const refused = startPhoneServerProcess({ host: '127.0.0.1', port, pageRoot: page.root }, launch);
      await expect(refused).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
      await expect(refused).rejects.toMatchObject({ code: 'EADDRINUSE' });
      await vi.waitFor(() => expect(alive(pids[0]!)).toBe(false));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('is started again with the same address, code and last screen when its process dies, and the phones come back', async () => {
    const server = await start({ allowPick: false });
    server.publish(step(7));
    const before = await phone(server);
    await before.next(screenOfStep(7));
    process.kill(pids[0]!, 'SIGKILL');
    await before.closed;
    await vi.waitFor(() => expect(pids).toHaveLength(2), { timeout: 5000 });
    const after = await vi.waitFor(() => phone(server), { timeout: 5000 });
    await after.next(screenOfStep(7));
    expect(after.events.find((event) => event.event === 'share')?.data).toBe('{"pick":false}');
    await vi.waitFor(() => expect(server.watchers()).toBe(1));
  });

  it('closes without telling the phones it ended when the app quits, and its process ends', async () => {
    const server = await start();
    server.publish(step(1));
    const watching = await phone(server);
    await watching.next(screenOfStep(1));
    await server.close({ resumes: true });
    await watching.closed;
    expect(watching.events.map((event) => event.event)).not.toContain('ended');
    expect(server.watchers()).toBe(0);
    expect(alive(pids[0]!)).toBe(false);
    await expect(rawRequest(server.port, 'GET / HTTP/1.1')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
