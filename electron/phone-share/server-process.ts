/**
 * The phone server's own process: started by the main process (server-process-client.ts) when
 * the GM shares, it lowers its own priority, starts the server with the options of the first
 * message, then does what the main process asks and tells it how many watch, until it is told to
 * close. Plain Node; the entry (electron/phone-server-process.ts) hands it its channel.
 */
import { constants, setPriority } from 'node:os';
import { startPhoneServer, type PhoneServer } from './server';
import type { FromServerProcess, ParentChannel, ServerProcessOptions, ToServerProcess } from './server-process-messages';

/**
 * Serves over `channel` until the server closed or failed to start (then the process may end).
 * `start` is the server's start (tests may pass their own clocks in it).
 */
export function serveOverChannel(channel: ParentChannel, start: (options: ServerProcessOptions) => Promise<PhoneServer> = startPhoneServer): Promise<void> {
  let server: PhoneServer | null = null;
  let starting = false;
  return new Promise<void>((done) => {
    const send = (message: FromServerProcess) => channel.send(message);
    channel.onMessage((value) => {
      const message = readMessage(value);
      if (message === null) return console.error('phone sharing: a message the server does not know', value);
      if (message.kind === 'start') {
        if (starting) return;
        starting = true;
        start(message.options).then(
          (started) => {
            server = started;
            started.onWatchers((count) => send({ kind: 'watchers', count }));
            send({ kind: 'started', port: started.port, code: started.code() });
          },
          (error: unknown) => {
            const code = (error as NodeJS.ErrnoException | null)?.code;
            send({ kind: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) });
            done();
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
          void server.close({ resumes: message.resumes }).then(() => {
            send({ kind: 'closed' });
            done();
          });
      }
    });
  });
}

/**
 * Lowest priority: the GM's screen comes first on the laptop, and the phones' work (a step is
 * a few kilobytes) fits in the idle time between the GM's steps. Where the system refuses, the
 * server runs at the priority it has.
 */
export function lowerOwnPriority(): void {
  try {
    setPriority(0, constants.priority.PRIORITY_LOW);
  } catch (error) {
    console.warn('phone sharing: the server runs at normal priority', error);
  }
}

const KINDS: ReadonlySet<string> = new Set(['start', 'publish', 'new-code', 'allow-pick', 'forget', 'close']);

/** `value` as a message from the main process, or null (the main process sends nothing else; this guards against mistakes, not attacks). */
function readMessage(value: unknown): ToServerProcess | null {
  if (typeof value !== 'object' || value === null) return null;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' && KINDS.has(kind) ? (value as ToServerProcess) : null;
}
