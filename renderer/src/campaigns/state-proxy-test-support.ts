/**
 * For tests: a value wrapped in proxies all the way down, as a component's `$state` holds it in
 * the browser (Svelte 5's state is a deep Proxy). IndexedDB's structured clone refuses a proxy
 * (DataCloneError), and so does fake-indexeddb. Plain `Proxy`s rather than Svelte's own: the unit
 * tests compile `.svelte.ts` for the server, where `$state(x)` is just `x`.
 */
export function stateProxy<T extends object>(value: T): T {
  const wrap = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    const inner = Array.isArray(v) ? v.map(wrap) : Object.fromEntries(Object.entries(v).map(([key, x]) => [key, wrap(x)]));
    return new Proxy(inner, {});
  };
  return wrap(value) as T;
}
