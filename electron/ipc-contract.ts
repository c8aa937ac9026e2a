/**
 * The one IPC contract between the renderer and the main process: channel name → method name,
 * request schema and response type. The main handlers (ipc.ts), the preload bridge (preload.ts)
 * and the renderer's `window.gmScreen` type are all derived from this map, so a channel is added
 * here and nowhere else by hand.
 *
 * No `electron` import: the renderer imports these types.
 */
import * as v from 'valibot';

/** The global name under which the preload exposes the API: `window.gmScreen`. */
export const API_KEY = 'gmScreen';

/** Titles longer than this are refused rather than cut (the GM typed them, so say so). */
export const MAX_TITLE_LENGTH = 120;

/** What `appInfo()` answers. */
export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly platform: string;
}

/** A schema for any request payload (sync only: handlers validate before doing anything). */
export type RequestSchema = v.GenericSchema;

/**
 * One channel. `response` is type-only (never set at runtime): it carries the response type so
 * `GmScreenApi` can be derived from the map.
 */
export interface ChannelSpec<TMethod extends string, TRequest extends RequestSchema, TResponse> {
  readonly method: TMethod;
  readonly request: TRequest;
  readonly response?: TResponse;
}

/** `channel<Response>()('methodName', requestSchema)`: curried so the response type can be given
 *  while the method name and schema are inferred. */
function channel<TResponse>() {
  return <const TMethod extends string, const TRequest extends RequestSchema>(
    method: TMethod,
    request: TRequest,
  ): ChannelSpec<TMethod, TRequest, TResponse> => ({ method, request });
}

/** Messages for an object payload's own issues: not an object, a missing field, an extra one. */
function objectMessage(shape: string) {
  return (issue: v.BaseIssue<unknown>): string => {
    if (issue.expected === 'never') return `unknown field ${issue.received}`;
    if (issue.path?.length) return `missing field ${v.getDotPath(issue)}`;
    return `expected a payload ${shape}, got ${issue.received}`;
  };
}

/** No payload at all: the method takes no argument. */
const noPayload = v.undefined('expected no payload');

const titlePayload = v.strictObject(
  {
    title: v.pipe(
      v.string('title must be a string'),
      v.trim(),
      v.minLength(1, 'title must not be empty'),
      v.maxLength(
        MAX_TITLE_LENGTH,
        (issue) => `title must be at most ${MAX_TITLE_LENGTH} characters (got ${issue.received})`,
      ),
      // Control characters (newlines, escapes) have no business in a window title.
      v.regex(/^[^\p{Cc}]*$/u, 'title must not contain control characters'),
    ),
  },
  objectMessage('{ title: string }'),
);

/** The contract. Channel names are `area:action`. */
export const ipcContract = {
  'app:info': channel<AppInfo>()('appInfo', noPayload),
  /** Sets the window title to "<title> — GM Screen". */
  'app:set-title': channel<void>()('setTitle', titlePayload),
} as const;

export type IpcContract = typeof ipcContract;
export type IpcChannel = keyof IpcContract;

/** What the renderer passes for `C` (before trimming and other transforms). */
export type IpcRequest<C extends IpcChannel> = v.InferInput<IpcContract[C]['request']>;
/** What a main-process handler receives for `C`: the validated, transformed payload. */
export type IpcPayload<C extends IpcChannel> = v.InferOutput<IpcContract[C]['request']>;
/** What `C` answers. */
export type IpcResponse<C extends IpcChannel> =
  IpcContract[C] extends ChannelSpec<string, RequestSchema, infer R> ? R : never;

/** A channel without payload becomes a method without parameters. */
export type IpcArgs<C extends IpcChannel> = [IpcRequest<C>] extends [undefined]
  ? []
  : [payload: IpcRequest<C>];

/** The object the preload exposes as `window.gmScreen`: one method per channel. */
export type GmScreenApi = {
  readonly [C in IpcChannel as IpcContract[C]['method']]: (...args: IpcArgs<C>) => Promise<IpcResponse<C>>;
};

/** How the preload sends one request (in practice `ipcRenderer.invoke`). */
export type Invoke = (channel: IpcChannel, ...args: unknown[]) => Promise<unknown>;

/** Builds the API object from the contract, one `invoke` per channel. */
export function createApi(invoke: Invoke): GmScreenApi {
  const api: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const name of Object.keys(ipcContract) as IpcChannel[]) {
    api[ipcContract[name].method] = (...args) => invoke(name, ...args);
  }
  // The loop above builds exactly the mapped type; TypeScript cannot follow a loop over keys.
  return Object.freeze(api) as unknown as GmScreenApi;
}

declare global {
  interface Window {
    /** Present only inside the Electron app; undefined in a plain browser (the web build). */
    gmScreen?: GmScreenApi;
  }
}
