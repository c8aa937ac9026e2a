/**
 * The phone server's process (issue 44): started by the main process with Electron's
 * `utilityProcess` (phone-server-launch.ts), or by Node's `child_process.fork` in tests and
 * benches. Bundled to dist-electron/phone-server.cjs. It talks over whichever channel it was
 * given: Electron's `process.parentPort`, or Node's `process.send`.
 */
import { lowerOwnPriority, serveOverChannel } from './phone-share/server-process';
import type { FromServerProcess, ParentChannel } from './phone-share/server-process-messages';

/** Electron's `process.parentPort` in a utility process (not in Node's types). */
interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { readonly data: unknown }) => void): void;
}

function parentChannel(): ParentChannel {
  const port = (process as { parentPort?: ParentPort }).parentPort;
  if (port !== undefined) {
    return {
      send: (message: FromServerProcess) => port.postMessage(message),
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
    };
  }
  const send = process.send?.bind(process);
  if (send === undefined) throw new Error('The phone server runs as a child of GM Screen, not on its own.');
  // A parent that went away without closing it (a test, a bench that failed) leaves nobody to.
  process.on('disconnect', () => process.exit(0));
  return {
    send: (message: FromServerProcess) => void send(message),
    onMessage: (listener) => process.on('message', listener),
  };
}

lowerOwnPriority();
serveOverChannel(parentChannel());
