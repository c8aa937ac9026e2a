/**
 * The main process's side of the server's process, against fake processes the test answers for:
 * starting, refusing, timing out, being started again after it died (with what changed meanwhile),
 * closing while it is started again, and giving up when it keeps dying.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromServer, SERVER_PROCESS_TIMEOUT_MS, startPhoneServerProcess, type ServerProcessHandle } from './server-process-client';
import type { ServerProcessOptions, ToServerProcess } from './server-process-messages';
import { step } from './testing/fixtures';

/** A process as the launcher would give it, answered by the test. */
class FakeProcess {
  readonly posted: ToServerProcess[] = [];
  killed = false;
  ended = false;
  private readonly listeners: ((message: unknown) => void)[] = [];
  private readonly exits: (() => void)[] = [];
  readonly handle: ServerProcessHandle = {
    post: (message) => void (this.ended || this.posted.push(message)),
    onMessage: (listener) => void this.listeners.push(listener),
    onExit: (listener) => void this.exits.push(listener),
    kill: () => {
      this.killed = true;
      queueMicrotask(() => this.exit());
    },
  };
  say(message: unknown): void {
    for (const listener of [...this.listeners]) listener(message);
  }
  exit(): void {
    if (this.ended) return;
    this.ended = true;
    for (const listener of this.exits) listener();
  }
  kinds(): string[] {
    return this.posted.map((message) => message.kind);
  }
}

const OPTIONS: ServerProcessOptions = { host: '192.168.1.20', port: 5199, pageRoot: '/app/dist/phone', allowPick: true };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function launcher() {
  const processes: FakeProcess[] = [];
  return {
    processes,
    launch: () => {
      const next = new FakeProcess();
      processes.push(next);
      return next.handle;
    },
  };
}

/** A server started on a fake process that answers `started` with `code`. */
async function started(code = 'ab3k-9xq2') {
  const { processes, launch } = launcher();
  const starting = startPhoneServerProcess(OPTIONS, launch);
  processes[0]!.say({ kind: 'started', port: 5199, code });
  return { server: await starting, processes };
}

/** A server whose first process died (its console quiet), with what `onStopped` said so far. */
async function startedThenDied() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const { server, processes } = await started();
  const why: string[] = [];
  server.onStopped((reason) => why.push(reason));
  processes[0]!.exit();
  await flush();
  return { server, processes, why };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the server as the main process holds it', () => {
  it('tells the process to start with the options, and knows its port, code and address once it says it listens', async () => {
    const { server, processes } = await started();
    expect(processes[0]!.posted[0]).toEqual({ kind: 'start', options: OPTIONS });
    expect([server.port, server.code(), server.url()]).toEqual([5199, 'ab3k-9xq2', 'http://192.168.1.20:5199/ab3k-9xq2/']);
  });

  it("rejects with the server's own words and the system's code when it could not start, and ends the process", async () => {
    const { processes, launch } = launcher();
    const starting = startPhoneServerProcess(OPTIONS, launch);
    processes[0]!.say({ kind: 'failed', message: 'Port 5199 on 192.168.1.20 is already in use…', code: 'EADDRINUSE' });
    await expect(starting).rejects.toMatchObject({ message: 'Port 5199 on 192.168.1.20 is already in use…', code: 'EADDRINUSE' });
    expect(processes[0]!.killed).toBe(true);
  });

  it('gives up on a process that does not start in time, and ends it', async () => {
    vi.useFakeTimers();
    const { processes, launch } = launcher();
    const starting = startPhoneServerProcess(OPTIONS, launch);
    const outcome = expect(starting).rejects.toThrow('Sharing did not start in time');
    await vi.advanceTimersByTimeAsync(SERVER_PROCESS_TIMEOUT_MS);
    await outcome;
    expect(processes[0]!.killed).toBe(true);
  });

  it('counts the phones from its messages, and ignores a message that is not one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, processes } = await started();
    const counts: number[] = [];
    server.onWatchers((count) => counts.push(count));
    for (const message of [{ kind: 'watchers', count: 2 }, { kind: 'watchers', count: -1 }, { kind: 'watchers', count: 'many' }, 'watchers', null, { kind: 'watchers', count: 3 }]) processes[0]!.say(message);
    expect(counts).toEqual([2, 3]);
    expect(server.watchers()).toBe(3);
    expect(fromServer({ kind: 'started', port: '80', code: 'x' })).toBeNull();
  });

  it('draws a new code itself and tells the process, which holds the same history', async () => {
    const { server, processes } = await started();
    const code = server.newCode();
    expect(code).not.toBe('ab3k-9xq2');
    expect(processes[0]!.posted.at(-1)).toEqual({ kind: 'new-code', code: code.replace('-', '') });
  });

  it('starts a process that died again with the same port, code and codes replaced, then tells it what changed meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, processes } = await started();
    const first = server.newCode();
    server.publish(step(1));
    processes[0]!.say({ kind: 'watchers', count: 4 });
    processes[0]!.exit();
    await flush();
    expect(server.watchers()).toBe(0);
    expect(processes).toHaveLength(2);
    expect(processes[1]!.posted[0]).toEqual({ kind: 'start', options: { ...OPTIONS, port: 5199, code: first, retiredCodes: ['ab3k9xq2'], allowPick: true } });
    // While it starts: a new code, no picking, another screen. Nothing is lost.
    const second = server.newCode();
    server.setAllowPick(false);
    server.publish(step(2));
    expect(processes[1]!.kinds()).toEqual(['start']);
    processes[1]!.say({ kind: 'started', port: 5199, code: first });
    await flush();
    expect(processes[1]!.posted.slice(1)).toEqual([
      { kind: 'new-code', code: second.replace('-', '') },
      { kind: 'allow-pick', allow: false },
      { kind: 'publish', update: step(2) },
    ]);
    expect(server.code()).toBe(second);
  });

  it('closes a process being started again once it is up, never leaving it listening', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { server, processes } = await started();
    processes[0]!.exit();
    await flush();
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    processes[1]!.say({ kind: 'started', port: 5199, code: 'ab3k-9xq2' });
    await flush();
    expect(processes[1]!.posted.at(-1)).toEqual({ kind: 'close', resumes: false });
    expect(closed).toBe(false);
    processes[1]!.say({ kind: 'closed' });
    await closing;
    expect(processes[1]!.killed).toBe(true);
    expect(processes).toHaveLength(2);
  });

  it('stops for good, and says so, when the process dies again soon after it was started again', async () => {
    const { processes, why } = await startedThenDied();
    processes[1]!.say({ kind: 'started', port: 5199, code: 'ab3k-9xq2' });
    await flush();
    processes[1]!.exit();
    await flush();
    expect(processes).toHaveLength(2);
    expect(why).toEqual(['Sharing stopped by itself: its server kept stopping. Start sharing again; if it stops again, restart GM Screen.']);
  });

  it('stops, and says why, when the process cannot start again', async () => {
    const { server, processes, why } = await startedThenDied();
    processes[1]!.say({ kind: 'failed', message: 'Port 5199 on 192.168.1.20 is already in use…', code: 'EADDRINUSE' });
    await flush();
    expect(why).toEqual(['Sharing stopped by itself: its server could not start again. Port 5199 on 192.168.1.20 is already in use…']);
    await server.close();
  });

  it('says nothing stopped by itself when the GM closes it while a start again fails', async () => {
    const { server, processes, why } = await startedThenDied();
    const closing = server.close();
    processes[1]!.say({ kind: 'failed', message: 'Port 5199 on 192.168.1.20 is already in use…', code: 'EADDRINUSE' });
    await closing;
    expect(why).toEqual([]);
  });

  it('hears nothing more from a process it gave up on: no phones counted after it failed to start again', async () => {
    const { server, processes } = await startedThenDied();
    processes[1]!.say({ kind: 'failed', message: 'Port 5199 on 192.168.1.20 is already in use…', code: 'EADDRINUSE' });
    await flush();
    // Killed, it may still speak a moment (Electron ends it a little later).
    processes[1]!.ended = false;
    processes[1]!.say({ kind: 'watchers', count: 2 });
    expect(server.watchers()).toBe(0);
  });
});
