import { eventAs, type EncounterEvent } from '../../../../engine/index';

/** The newest event of a ruleset's own type that `matches`, as its own shape; null when there is none. */
export function lastOf<T extends { type: `${string}/${string}` }>(events: readonly EncounterEvent[] | undefined, type: T['type'], matches: (e: T) => boolean): T | null {
  for (let i = (events?.length ?? 0) - 1; i >= 0; i--) {
    const e = eventAs<T>(events?.[i], type);
    if (e && matches(e)) return e;
  }
  return null;
}
