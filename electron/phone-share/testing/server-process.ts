/**
 * The phone server's process as tests and benches start it: the entry (electron/
 * phone-server-process.ts) bundled by esbuild as the app's build bundles it, run by Node's
 * `child_process.fork` where the app uses Electron's `utilityProcess`.
 */
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { LaunchServerProcess, ServerProcessHandle } from '../server-process-client';
import type { FromServerProcess } from '../server-process-messages';

let bundled: Promise<string> | null = null;

/** The entry bundled once per test file (or bench), as dist-electron/phone-server.cjs is. */
export function phoneServerEntry(): Promise<string> {
  return (bundled ??= (async () => {
    const outfile = join(mkdtempSync(join(tmpdir(), 'gm-phone-server-')), 'phone-server.cjs');
    await build({ entryPoints: ['electron/phone-server-process.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'error' });
    return outfile;
  })());
}

/**
 * Launches the bundled entry with Node; `started` is told each process's id. `ownSession`: in a
 * session of its own (the benches: see bench-phones.ts on Linux's scheduling groups).
 */
export async function nodeServerLauncher(started: (pid: number) => void = () => {}, ownSession = false): Promise<LaunchServerProcess> {
  const entry = await phoneServerEntry();
  return (): ServerProcessHandle => {
    const child = fork(entry, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced', detached: ownSession });
    if (child.pid !== undefined) started(child.pid);
    return {
      post: (message) => void child.send(message),
      onMessage: (listener) => child.on('message', (message) => listener(message as FromServerProcess)),
      onExit: (listener) => void child.once('exit', () => listener()),
      kill: () => void child.kill(),
    };
  };
}
