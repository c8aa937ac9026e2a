/**
 * Errors as data: a refused command or bad input is a value with a namespaced code and a sentence
 * the GM can act on, never an exception.
 */
export interface Failure {
  ok: false;
  code: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | Failure;

export function failure(code: string, message: string): Failure {
  return { ok: false, code, message };
}
