/**
 * The phone server as the main process holds it: a `PhoneServer` whose work is done in a process
 * of its own (server-process.ts), launched by the caller (Electron's `utilityProcess` in the app,
 * Node's `child_process.fork` in tests and benches). What the GM's dialog asks for at once (the
 * code, the address, how many watch) is known here without asking: the code is drawn here from
 * the same history the server keeps, the count comes with each change.
 *
 * Should the process end by itself (it crashed, the system killed it), it is started again once
 * with the same address, port, code and codes replaced, the pick setting and the last screen: the
 * phones say "Reconnecting…" and are back by themselves. If it ends again within 10 seconds, or
 * cannot start again, the server has stopped: `onStopped` says so.
 */
import { JoinCodeHistory, normalJoinCode, shownJoinCode } from './join-code';
import type { PhoneServer } from './server';
import type { FromServerProcess, ServerProcessOptions, ToServerProcess } from './server-process-messages';
import type { PhoneScreenUpdate } from './sse-events';

/** A started server process, as the launcher gives it. */
export interface ServerProcessHandle {
  /** Sends `message`; one sent to a process that has ended is dropped. */
  post(message: ToServerProcess): void;
  /** Every message from the process, unchecked (the client reads each with `fromServer`). */
  onMessage(listener: (message: unknown) => void): void;
  /** Called once, when the process ended (by itself or killed). */
  onExit(listener: () => void): void;
  kill(): void;
}

export type LaunchServerProcess = () => ServerProcessHandle;

/** How long the process may take to start listening, and to close, before it is killed. */
export const SERVER_PROCESS_TIMEOUT_MS = 10_000;
/** A process that ends by itself again this soon after it was started again is not started again. */
const RESTART_AT_MOST_EVERY_MS = 10_000;

/** A process started, listening. */
interface Running {
  readonly handle: ServerProcessHandle;
  readonly port: number;
  /** The code it started with, as its letters. */
  readonly letters: string;
  /** Resolves when the process ended. */
  readonly exited: Promise<void>;
}

/** `value` as a message from the server's process, or null. */
export function fromServer(value: unknown): FromServerProcess | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.kind) {
    case 'started':
      return typeof message.port === 'number' && typeof message.code === 'string' ? { kind: 'started', port: message.port, code: message.code } : null;
    case 'failed':
      return typeof message.message === 'string' ? { kind: 'failed', message: message.message, ...(typeof message.code === 'string' ? { code: message.code } : {}) } : null;
    case 'watchers':
      return Number.isInteger(message.count) && (message.count as number) >= 0 ? { kind: 'watchers', count: message.count as number } : null;
    case 'closed':
      return { kind: 'closed' };
    default:
      return null;
  }
}

/** Launches the process and starts the server in it; rejects with the server's own words when it could not. */
async function launchRunning(launch: LaunchServerProcess, options: ServerProcessOptions, onMessage: (message: FromServerProcess) => void): Promise<Running> {
  const handle = launch();
  let ended = () => {};
  const exited = new Promise<void>((resolve) => (ended = resolve));
  handle.onExit(() => ended());
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Given up on: whatever it still says (Electron ends a process a moment after it is killed) is not heard. */
  let abandoned = false;
  try {
    const started = await new Promise<{ port: number; code: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('Sharing did not start in time: the computer may be very busy. Try again.')), SERVER_PROCESS_TIMEOUT_MS);
      void exited.then(() => reject(new Error('Sharing could not start: its process stopped. Try again; if it keeps stopping, restart GM Screen.')));
      handle.onMessage((value) => {
        if (abandoned) return;
        const message = fromServer(value);
        if (message === null) return console.error('phone sharing: a message from the server that is not one', value);
        if (message.kind === 'started') resolve(message);
        else if (message.kind === 'failed') reject(Object.assign(new Error(message.message), message.code === undefined ? {} : { code: message.code }));
        else onMessage(message);
      });
      handle.post({ kind: 'start', options });
    });
    const letters = normalJoinCode(started.code);
    if (letters === null) throw new Error(`The phone server answered "${started.code}", which is not a join code.`);
    return { handle, port: started.port, letters, exited };
  } catch (error) {
    abandoned = true;
    handle.kill();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export async function startPhoneServerProcess(options: ServerProcessOptions, launch: LaunchServerProcess): Promise<PhoneServer> {
  let watchers = 0;
  const countListeners = new Set<(count: number) => void>();
  const stopListeners = new Set<(why: string) => void>();
  const setWatchers = (count: number) => {
    if (count === watchers) return;
    watchers = count;
    for (const listener of countListeners) listener(count);
  };
  const onMessage = (message: FromServerProcess) => {
    if (message.kind === 'watchers') setWatchers(message.count);
  };

  let running = await launchRunning(launch, options, onMessage);
  const codes = new JoinCodeHistory(running.letters, options.retiredCodes);
  const { host } = options;
  const port = running.port;
  let last: PhoneScreenUpdate | null = null;
  let pick = options.allowPick ?? true;
  let closing: Promise<void> | null = null;
  /** While the process is started again: what it does, which close() waits for. */
  let restarting: Promise<void> | null = null;
  /** When it was last started again (once at most every RESTART_AT_MOST_EVERY_MS). */
  let lastRestart = Number.NEGATIVE_INFINITY;

  /** To the process, unless it is closing or being started again (the new one is told the state once up). */
  const post = (message: ToServerProcess) => {
    if (closing === null && restarting === null) running.handle.post(message);
  };

  /** The server has stopped for good (no phone is counted since its process ended): `why` in the GM's words (the dialog shows it). */
  const stopped = (why: string) => {
    console.error(`phone sharing: ${why}`);
    for (const listener of stopListeners) listener(why);
  };

  /** Started again, as it is now, when it ended by itself. */
  const restart = async (): Promise<void> => {
    setWatchers(0);
    if (performance.now() - lastRestart < RESTART_AT_MOST_EVERY_MS) return stopped('Sharing stopped by itself: its server kept stopping. Start sharing again; if it stops again, restart GM Screen.');
    console.error('phone sharing: the server\'s process ended by itself; starting it again');
    lastRestart = performance.now();
    let again: Running;
    try {
      again = await launchRunning(launch, { ...options, port, code: shownJoinCode(codes.current), retiredCodes: codes.retiredCodes(), allowPick: pick }, onMessage);
    } catch (error) {
      // Closed meanwhile: the GM ended it, nothing stopped by itself.
      if (closing !== null) return;
      return stopped(`Sharing stopped by itself: its server could not start again. ${error instanceof Error ? error.message : String(error)}`);
    }
    running = again;
    watch(again);
    if (closing !== null) return;
    // What changed while it was starting (a new code, the pick setting, the screen) is told now.
    if (again.letters !== codes.current) again.handle.post({ kind: 'new-code', code: codes.current });
    again.handle.post({ kind: 'allow-pick', allow: pick });
    if (last !== null) again.handle.post({ kind: 'publish', update: last });
  };

  const watch = (current: Running) => {
    void current.exited.then(() => {
      if (closing !== null || current !== running) return;
      restarting = restart().finally(() => (restarting = null));
    });
  };
  watch(running);

  return {
    host,
    port,
    code: () => shownJoinCode(codes.current),
    url: () => `http://${host}:${port}/${shownJoinCode(codes.current)}/`,
    publish: (update) => {
      last = update;
      post({ kind: 'publish', update });
    },
    newCode: () => {
      const code = codes.replace();
      post({ kind: 'new-code', code });
      return shownJoinCode(code);
    },
    setAllowPick: (allow) => {
      pick = allow;
      post({ kind: 'allow-pick', allow });
    },
    watchers: () => watchers,
    onWatchers: (listener) => {
      countListeners.add(listener);
      return () => countListeners.delete(listener);
    },
    onStopped: (listener) => {
      stopListeners.add(listener);
      return () => stopListeners.delete(listener);
    },
    forget: () => {
      last = null;
      post({ kind: 'forget' });
    },
    close: ({ resumes = false } = {}) =>
      (closing ??= (async () => {
        // A process being started again is closed once up (or once it failed), never left listening.
        await restarting;
        await closeProcess(running, resumes);
        setWatchers(0);
      })()),
  };
}

/** Asks the process to close the server, then ends it: once it said so, or ended, or took too long. */
async function closeProcess(running: Running, resumes: boolean): Promise<void> {
  const { handle } = running;
  const closed = new Promise<void>((resolve) => handle.onMessage((value) => fromServer(value)?.kind === 'closed' && resolve()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, SERVER_PROCESS_TIMEOUT_MS)));
  handle.post({ kind: 'close', resumes });
  await Promise.race([closed, running.exited, late]);
  clearTimeout(timer);
  handle.kill();
  await running.exited;
}
