/**
 * What a preload keeps of a value the main process sends unasked (the players' screen for the
 * players' window, the count of watchers for the GM window): the last one, handed to each page
 * listener, and at once to a listener that subscribes after it came (the main process sends when
 * the page has loaded, which may be before the page subscribes). A listener that throws does not
 * keep the others from it.
 *
 * No `electron` import and no Node module: both preloads bundle this.
 */
export interface RelayedValue<T> {
  /** A value from the main process: kept, and handed to every listener. */
  receive(value: T): void;
  /** Calls `listener` with each value, and at once with the last one when there is one; answers a stop. */
  subscribe(listener: (value: T) => void): () => void;
}

export function relayedValue<T>(onListenerError: (error: unknown) => void = () => {}): RelayedValue<T> {
  let last: { readonly value: T } | null = null;
  // One entry per subscription: the same function subscribed twice is two subscriptions.
  const listeners = new Set<{ readonly listener: (value: T) => void }>();
  const tell = (entry: { readonly listener: (value: T) => void }, value: T) => {
    try {
      entry.listener(value);
    } catch (error) {
      onListenerError(error);
    }
  };
  return {
    receive(value) {
      last = { value };
      for (const entry of [...listeners]) tell(entry, value);
    },
    subscribe(listener) {
      const entry = { listener };
      listeners.add(entry);
      if (last) tell(entry, last.value);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}
