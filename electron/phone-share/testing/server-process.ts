/**
 * The phone server's process as tests and benches start it: the entry (electron/
 * phone-server-process.ts) bundled by esbuild as the app's build bundles it, run by Node's
 * `child_process.fork` where the app uses Electron's `utilityProcess`.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { LaunchServerProcess, ServerProcessHandle } from '../server-process-client';

let bundled: Promise<string> | null = null;

/** The entry bundled once per test file (or bench), as dist-electron/phone-server.cjs is. */
export function phoneServerEntry(): Promise<string> {
  return (bundled ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gm-phone-server-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    const outfile = join(folder, 'phone-server.cjs');
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
    // A message to a process that has ended is dropped, as Electron's utility process drops it.
    child.on('error', (error) => console.error('phone server process (tests):', error));
    return {
      post: (message) => void (child.connected && child.send(message)),
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => void child.once('exit', () => listener()),
      kill: () => void child.kill(),
    };
  };
}
