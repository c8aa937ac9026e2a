/**
 * What the main process and the phone server's own process (server-process.ts) say to each other.
 * The server runs in a process of its own, at low priority, so that whatever the network sends it
 * (a flood of connections, hostile requests) is worked through there and never in the main
 * process, which saves the campaigns and relays the GM window's screens; and so that its work
 * yields to the GM's screen on a busy laptop.
 */
import type { PhoneServerOptions } from './server';
import type { PhoneScreenUpdate } from './sse-events';

/** The server's options that cross to its process (its clocks stay its own: functions do not cross). */
export type ServerProcessOptions = Omit<PhoneServerOptions, 'now' | 'timeOfDay'>;

/** From the main process to the server's process. `start` comes first, and once. */
export type ToServerProcess =
  | { readonly kind: 'start'; readonly options: ServerProcessOptions }
  | { readonly kind: 'publish'; readonly update: PhoneScreenUpdate }
  /** The new code's letters, drawn by the main process from the same history the server keeps (join-code.ts). */
  | { readonly kind: 'new-code'; readonly code: string }
  | { readonly kind: 'allow-pick'; readonly allow: boolean }
  | { readonly kind: 'forget' }
  | { readonly kind: 'close'; readonly resumes: boolean };

/** From the server's process to the main process. */
export type FromServerProcess =
  /** Listening, on `port`, with `code` (letters as shown). */
  | { readonly kind: 'started'; readonly port: number; readonly code: string }
  /** Did not start: `message` says what the GM can do, `code` is the system's (EADDRINUSE…). */
  | { readonly kind: 'failed'; readonly message: string; readonly code?: string }
  | { readonly kind: 'watchers'; readonly count: number }
  /** After `close`: nothing listens; the main process may end the process. */
  | { readonly kind: 'closed' };

/** The process's end of the conversation: Electron's `process.parentPort` or Node's IPC channel. */
export interface ParentChannel {
  send(message: FromServerProcess): void;
  onMessage(listener: (message: unknown) => void): void;
}
