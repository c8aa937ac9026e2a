// A deep copy of what a Svelte `$state` proxy holds, for stores that cannot clone proxies (IndexedDB, IPC).

/**
 * A deep copy of lists and plain objects, everything else as it is: what a Svelte `$state` proxy
 * holds, without the proxy. Not `$state.snapshot`, which the unit tests' server build compiles
 * away, nor a JSON copy, which would turn values the store refuses (NaN) into ones it accepts.
 */
export function plainData<T>(value: T): T {
  if (Array.isArray(value)) return value.map(plainData) as T;
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainData(inner)])) as T;
  }
  return value;
}
