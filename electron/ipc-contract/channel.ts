// How one channel of the IPC contract is declared: its method name, request schema and response type.
import * as v from 'valibot';

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
export function channel<TResponse>() {
  return <const TMethod extends string, const TRequest extends RequestSchema>(
    method: TMethod,
    request: TRequest,
  ): ChannelSpec<TMethod, TRequest, TResponse> => ({ method, request });
}

/** No payload at all: the method takes no argument. */
export const noPayload = v.undefined('expected no payload');

/** What a channel that shows a dialog answers when the GM cancelled it. Nothing was done. */
export interface Cancelled {
  readonly cancelled: true;
}
