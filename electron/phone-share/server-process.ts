/**
 * The phone server's own process: started by the main process (server-process-client.ts) when
 * the GM shares, it lowers its own priority, starts the server with the options of the first
 * message, then does what the main process asks and tells it how many watch. Closed (or failed to
 * start), it waits for the main process to end it, once the last message reached it (ending here
 * could lose that message). Plain Node; the entry (electron/phone-server-process.ts) hands it its
 * channel.
 */
import { readdirSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { startPhoneServer, type PhoneServer } from './server';
import type { FromServerProcess, ParentChannel, ToServerProcess } from './server-process-messages';

/** Serves over `channel`: the server is started by the first `start` message. */
export function serveOverChannel(channel: ParentChannel): void {
  let server: PhoneServer | null = null;
  let starting = false;
  const send = (message: FromServerProcess) => channel.send(message);
  channel.onMessage((value) => {
    const message = readMessage(value);
    if (message === null) return console.error('phone sharing: a message the server does not know', value);
    if (message.kind === 'start') {
      if (starting) return;
      starting = true;
      startPhoneServer(message.options).then(
        (started) => {
          server = started;
          started.onWatchers((count) => send({ kind: 'watchers', count }));
          send({ kind: 'started', port: started.port, code: started.code() });
        },
        (error: unknown) => {
          const code = (error as NodeJS.ErrnoException | null)?.code;
          send({ kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) });
        },
      );
      return;
    }
    // Nothing else comes before the server answered `started` (server-process-client.ts waits for it).
    if (server === null) return;
    switch (message.kind) {
      case 'publish':
        return server.publish(message.update);
      case 'new-code':
        return void server.newCode(message.code);
      case 'allow-pick':
        return server.setAllowPick(message.allow);
      case 'forget':
        return server.forget();
      case 'close':
        void server.close({ resumes: message.resumes }).then(() => send({ kind: 'closed' }));
    }
  });
}

/**
 * Lowest priority: the GM's screen comes first on the laptop, and the phones' work (a step is
 * a few kilobytes) fits in the idle time between the GM's steps. On Linux a priority belongs to
 * each thread, not to the process, so every thread running now is lowered (Node's and V8's
 * helpers started before this; threads started later take the priority of the one starting
 * them). Where the system refuses, the server runs at the priority it has.
 */
export function lowerOwnPriority(): void {
  const low = constants.priority.PRIORITY_LOW;
  try {
    setPriority(0, low);
  } catch (error) {
    return console.warn('phone sharing: the server runs at normal priority', error);
  }
  if (process.platform !== 'linux') return;
  for (const thread of readdirSync('/proc/self/task')) {
    try {
      setPriority(Number(thread), low);
    } catch {
      // A thread that ended meanwhile: nothing to lower.
    }
  }
}

const KINDS: ReadonlySet<string> = new Set(['start', 'publish', 'new-code', 'allow-pick', 'forget', 'close']);

/** `value` as a message from the main process, or null (the main process sends nothing else; this guards against mistakes, not attacks). */
function readMessage(value: unknown): ToServerProcess | null {
  if (typeof value !== 'object' || value === null) return null;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' && KINDS.has(kind) ? (value as ToServerProcess) : null;
}
