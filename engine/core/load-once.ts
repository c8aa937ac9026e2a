/**
 * A load by key that runs at most once: asked again while loading or after, the same promise. A
 * failed load (a dropped download of a chunk) is forgotten, so the next call tries again. The
 * rulesets (`ruleset-loader.ts`) and the screen's parts loaded on demand use it.
 */
export function loadOnce<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const loads = new Map<string, Promise<T>>();
  return (key) => {
    let loading = loads.get(key);
    if (!loading) {
      loading = load(key);
      loads.set(key, loading);
      loading.catch(() => loads.delete(key));
    }
    return loading;
  };
}
