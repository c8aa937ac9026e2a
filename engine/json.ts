/** A value that survives `JSON.stringify` and `JSON.parse` unchanged: what logs and slices hold. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
