/**
 * The phone server as the main process holds it: a `PhoneServer` whose work is done in a process
 * of its own (server-process.ts), launched by the caller (Electron's `utilityProcess` in the app,
 * Node's `child_process.fork` in tests and benches). What the GM's dialog asks for at once (the
 * code, the address, how many watch) is known here without asking: the code is drawn here from
 * the same history the server keeps, the count comes with each change.
 *
 * Should the process end by itself (it crashed, the system killed it), it is started again with
 * the same address, port and code, the last screen and the pick setting: the phones say
 * "Reconnecting…" and are back by themselves.
 */
import { JoinCodeHistory, normalJoinCode, shownJoinCode } from './join-code';
import type { PhoneServer } from './server';
import type { FromServerProcess, ServerProcessOptions, ToServerProcess } from './server-process-messages';
import type { PhoneScreenUpdate } from './sse-events';

/** A started server process, as the launcher gives it. */
export interface ServerProcessHandle {
  post(message: ToServerProcess): void;
  onMessage(listener: (message: FromServerProcess) => void): void;
  /** Called once, when the process ended (by itself or killed). */
  onExit(listener: () => void): void;
  kill(): void;
}

export type LaunchServerProcess = () => ServerProcessHandle;

/** How long the process may take to start listening, and to close, before it is killed. */
export const SERVER_PROCESS_TIMEOUT_MS = 10_000;
/** Started again after ending by itself at most this often: a process that keeps ending is left ended. */
const RESTART_AT_MOST_EVERY_MS = 10_000;

/** A process started, listening. */
interface Running {
  readonly handle: ServerProcessHandle;
  readonly port: number;
  readonly code: string;
  /** Resolves when the process ended. */
  readonly exited: Promise<void>;
}

/** Launches the process and starts the server in it; rejects with the server's own words when it could not. */
async function launchRunning(launch: LaunchServerProcess, options: ServerProcessOptions, onMessage: (message: FromServerProcess) => void): Promise<Running> {
  const handle = launch();
  let ended = () => {};
  const exited = new Promise<void>((resolve) => (ended = resolve));
  handle.onExit(() => ended());
  const started = await new Promise<{ port: number; code: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Sharing did not start in time: the computer may be very busy. Try again.')), SERVER_PROCESS_TIMEOUT_MS);
    void exited.then(() => reject(new Error('Sharing could not start: its process stopped. Try again; if it keeps stopping, restart GM Screen.')));
    handle.onMessage((message) => {
      if (message.kind === 'started') resolve(message);
      else if (message.kind === 'failed') reject(Object.assign(new Error(message.message), message.code === undefined ? {} : { code: message.code }));
      else onMessage(message);
    });
    handle.post({ kind: 'start', options });
  }).catch((error: unknown) => {
    handle.kill();
    throw error;
  });
  return { handle, port: started.port, code: started.code, exited };
}

export async function startPhoneServerProcess(options: ServerProcessOptions, launch: LaunchServerProcess): Promise<PhoneServer> {
  let watchers = 0;
  const listeners = new Set<(count: number) => void>();
  const setWatchers = (count: number) => {
    if (count === watchers) return;
    watchers = count;
    for (const listener of listeners) listener(count);
  };
  const onMessage = (message: FromServerProcess) => {
    if (message.kind === 'watchers') setWatchers(message.count);
  };

  let running = await launchRunning(launch, options, onMessage);
  const letters = normalJoinCode(running.code);
  if (letters === null) {
    running.handle.kill();
    throw new Error(`The phone server answered "${running.code}", which is not a join code.`);
  }
  const codes = new JoinCodeHistory(letters);
  const { host } = options;
  const port = running.port;
  let last: PhoneScreenUpdate | null = null;
  let pick = options.allowPick ?? true;
  let closing: Promise<void> | null = null;
  let lastRestart = Number.NEGATIVE_INFINITY;

  const post = (message: ToServerProcess) => {
    if (closing === null) running.handle.post(message);
  };

  /** Started again, as it was, when it ended by itself. */
  const watch = (current: Running) => {
    void current.exited.then(async () => {
      if (closing !== null || current !== running) return;
      setWatchers(0);
      const now = performance.now();
      if (now - lastRestart < RESTART_AT_MOST_EVERY_MS) return console.error('phone sharing: the server\'s process ended again; it is not started again until sharing starts again');
      lastRestart = now;
      console.error('phone sharing: the server\'s process ended by itself; starting it again');
      try {
        const again = await launchRunning(launch, { ...options, port, code: codes.current, allowPick: pick }, onMessage);
        if (closing !== null) return void again.handle.kill();
        running = again;
        watch(again);
        if (last !== null) post({ kind: 'publish', update: last });
      } catch (error) {
        console.error('phone sharing: the server could not start again', error);
      }
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
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forget: () => {
      last = null;
      post({ kind: 'forget' });
    },
    close: ({ resumes = false } = {}) => (closing ??= closeProcess(running, resumes).finally(() => setWatchers(0))),
  };
}

/** Asks the process to close the server, then ends it: once it said so, or ended, or took too long. */
async function closeProcess(running: Running, resumes: boolean): Promise<void> {
  const { handle } = running;
  const closed = new Promise<void>((resolve) => handle.onMessage((message) => message.kind === 'closed' && resolve()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, SERVER_PROCESS_TIMEOUT_MS)));
  handle.post({ kind: 'close', resumes });
  await Promise.race([closed, running.exited, late]);
  clearTimeout(timer);
  handle.kill();
  await running.exited;
}
