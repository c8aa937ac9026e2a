/**
 * Registers the main-process handlers of the IPC contract. Every call is checked before a handler
 * runs: the sender must be one of the app's own pages (and its window allowed that channel), and
 * the payload must match the channel's schema. A refused call rejects with a message naming the channel and the problem,
 * and nothing else happens.
 *
 * Takes an `ipcMain`-like object so it is tested without Electron.
 */
import * as v from 'valibot';
import { APP_ORIGIN, isAppUrl } from './app-origin';
import { ipcContract, type ChannelsOf, type IpcChannel, type IpcPayload, type IpcResponse } from './ipc-contract';

/** The part of an IPC event this module reads (Electron's `IpcMainInvokeEvent` has it). */
export interface IpcEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's `ipcMain` this module uses. */
export interface IpcMainLike<E extends IpcEventLike> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** The handler of channel `C`: it receives the already validated payload and the event. */
export type IpcHandler<C extends IpcChannel, E extends IpcEventLike> = (
  payload: IpcPayload<C>,
  event: E,
) => IpcResponse<C> | Promise<IpcResponse<C>>;

/** One handler per channel of the contract (main.ts merges the areas' handlers into this). */
export type IpcHandlers<E extends IpcEventLike> = {
  readonly [C in IpcChannel]: IpcHandler<C, E>;
};

/** The handlers of one area's channels: `AreaHandlers<'campaigns', E>`. */
export type AreaHandlers<Area extends string, E extends IpcEventLike> = {
  readonly [C in ChannelsOf<Area>]: IpcHandler<C, E>;
};

/** Why a call was refused. Electron passes only the message to the renderer. */
export class IpcRefusedError extends Error {
  override readonly name = 'IpcRefusedError';
  constructor(
    readonly channel: IpcChannel,
    readonly reason: string,
  ) {
    super(`${channel} refused: ${reason}`);
  }
}

export interface RegisterOptions<E extends IpcEventLike = IpcEventLike> {
  /** Told about every refused call (the renderer only sees a rejected promise). */
  readonly onRefused?: (error: IpcRefusedError) => void;
  /**
   * Which windows may use which channels: answers why `event`'s sender may not call `channel`, or
   * null. Asked after the sender's origin is checked, before the payload is (main.ts keeps the
   * players' window to a few harmless channels).
   */
  readonly senderRefusal?: (channel: IpcChannel, event: E) => string | null;
}

/** Checks sender and payload, or throws `IpcRefusedError`. Exported for tests and reuse. */
export function checkCall<C extends IpcChannel, E extends IpcEventLike>(
  channel: C,
  event: E,
  args: readonly unknown[],
  senderRefusal?: (channel: IpcChannel, event: E) => string | null,
): IpcPayload<C> {
  const url = event.senderFrame?.url;
  if (!isAppUrl(url)) {
    const who = url === undefined ? 'an unknown or closed frame' : `"${url}"`;
    throw new IpcRefusedError(channel, `sender ${who} is not a page of ${APP_ORIGIN}`);
  }
  const refused = senderRefusal?.(channel, event) ?? null;
  if (refused !== null) throw new IpcRefusedError(channel, refused);
  if (args.length > 1) {
    throw new IpcRefusedError(channel, `expected at most one payload argument, got ${args.length}`);
  }
  const result = v.safeParse(ipcContract[channel].request, args[0]);
  if (!result.success) {
    throw new IpcRefusedError(channel, result.issues.map((issue) => issue.message).join('; '));
  }
  // safeParse's output type is the schema's output for the union of all channels; for one
  // channel `C` it is exactly `IpcPayload<C>`.
  return result.output as IpcPayload<C>;
}

/**
 * Registers every channel of the contract. Returns a function that removes them again (tests,
 * and a clean shutdown).
 */
export function registerIpcHandlers<E extends IpcEventLike>(
  ipcMain: IpcMainLike<E>,
  handlers: IpcHandlers<E>,
  options: RegisterOptions<E> = {},
): () => void {
  const channels = Object.keys(ipcContract) as IpcChannel[];
  for (const channel of channels) {
    ipcMain.handle(channel, (event, ...args) => invoke(channel, handlers, event, args, options));
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/** Generic over the channel so the payload and handler types line up. */
async function invoke<C extends IpcChannel, E extends IpcEventLike>(
  channel: C,
  handlers: IpcHandlers<E>,
  event: E,
  args: readonly unknown[],
  options: RegisterOptions<E>,
): Promise<IpcResponse<C>> {
  let payload: IpcPayload<C>;
  try {
    payload = checkCall(channel, event, args, options.senderRefusal);
  } catch (error) {
    if (error instanceof IpcRefusedError) options.onRefused?.(error);
    throw error;
  }
  // Indexing the mapped type with a generic key loses the link between key and function type.
  const handler = handlers[channel] as IpcHandler<C, E>;
  return handler(payload, event);
}
