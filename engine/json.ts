/** A value that survives `JSON.stringify` and `JSON.parse` unchanged: what logs and slices hold. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Whether a value read from outside (a log, a command, a file) is a plain object of named fields. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
