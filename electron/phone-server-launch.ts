/**
 * Starts the phone server's process (dist-electron/phone-server.cjs, from
 * phone-server-process.ts) as an Electron utility process: Node in a process of its own, which
 * Electron ends with the app. Messages wait until it has started.
 */
import { utilityProcess } from 'electron';
import type { LaunchServerProcess } from './phone-share/server-process-client';
import type { ToServerProcess } from './phone-share/server-process-messages';

export function phoneServerLauncher(modulePath: string): LaunchServerProcess {
  return () => {
    const child = utilityProcess.fork(modulePath, [], { serviceName: 'GM Screen phone sharing', stdio: 'inherit' });
    let waiting: ToServerProcess[] | null = [];
    /** Killed before it started (its start timed out): it is ended as it starts, never told to listen. */
    let killed = false;
    child.once('spawn', () => {
      if (killed) return void child.kill();
      for (const message of waiting ?? []) child.postMessage(message);
      waiting = null;
    });
    return {
      post: (message) => (waiting === null ? child.postMessage(message) : void waiting.push(message)),
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void child.once('exit', () => listener()),
      kill: () => {
        killed = true;
        waiting = [];
        child.kill();
      },
    };
  };
}
