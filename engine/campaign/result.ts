/**
 * The engine's errors-as-data shape, used by every campaigns function: `{ ok: true, value }` or
 * `{ ok: false, code, message }` with a namespaced code and a sentence that names the file and
 * says what to do. Only programmer errors throw.
 */
import type { Failure, Result } from '../result';

export type { Failure, Result };

/** A refused operation (the engine's `failure`, which `engine/index.ts` does not export). */
export function failure(code: string, message: string): Failure {
  return { ok: false, code, message };
}

/** A success. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
