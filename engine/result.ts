/**
 * Errors as data: a refused command or bad input is a value with a namespaced code and a sentence
 * the GM can act on, never an exception.
 */
export interface Failure {
  ok: false;
  code: string;
  message: string;
  /**
   * The rule text forbids it, and the GM may rule otherwise: the same command sent again with
   * `gmRuling: true` goes through, its event marked as the GM's ruling in the log.
   */
  overridable?: true;
}

export type Result<T> = { ok: true; value: T } | Failure;

export function failure(code: string, message: string): Failure {
  return { ok: false, code, message };
}

/** A refusal by the rule text that the GM may overrule (see `Failure.overridable`). */
export function ruleRefusal(code: string, message: string): Failure {
  return { ok: false, code, message, overridable: true };
}

/** A success. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}
