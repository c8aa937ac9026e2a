/**
 * One registry of the rulesets' parts, keyed by ruleset id: the GM panels (`registry.ts`), the
 * players' screen's part (`player-registry.ts`) and the plain rules (`rules.ts`) each keep a list
 * of their own, one line per ruleset, and look it up here.
 */
export interface ById<T> {
  /** The part registered for a ruleset id; `none` (nothing added) for an unknown or missing one. */
  of(rulesetId: string | null | undefined): T;
  /** Every registered part, in the list's order. */
  all(): readonly T[];
}

export function byId<T extends { readonly id: string }>(parts: readonly T[], none: T): ById<T> {
  return {
    of: (rulesetId) => parts.find((p) => p.id === rulesetId) ?? none,
    all: () => parts,
  };
}

/**
 * A registry whose parts load when first asked for, one line per ruleset: the line is a dynamic
 * `import()` of the ruleset's folder (its own chunk of the build), so a ruleset's part comes in
 * when a campaign of it opens (`open-ruleset.ts`) and the campaign list loads none.
 */
export interface LazyById<T> extends ById<T> {
  /**
   * The part registered for a ruleset id, once loaded; `none` for an id the list lacks or none.
   * Throws for a listed ruleset whose part was not loaded: the screen asked before the campaign
   * opened it, and showing the generic screen instead would hide the mistake.
   */
  of(rulesetId: string | null | undefined): T;
  /** Loads the part for a ruleset id (once; at the same time or later, the same load); `none` for an id the list lacks. */
  load(rulesetId: string): Promise<T>;
  /** The ids the list has, loaded or not, in its order. */
  readonly ids: readonly string[];
  /** Every part loaded so far, in the list's order. */
  all(): readonly T[];
}

/** A lazy registry of these lines; `ready` finishes a loaded part (the GM panels take in the generic gear part). */
export function lazyById<T extends { readonly id: string }>(
  lines: Readonly<Record<string, () => Promise<T>>>,
  none: T,
  ready: (part: T) => Promise<T> = async (part) => part,
): LazyById<T> {
  const ids = Object.keys(lines);
  const loaded = new Map<string, T>();
  const pending = new Map<string, Promise<T>>();
  return {
    ids,
    of(rulesetId) {
      if (rulesetId === null || rulesetId === undefined || !Object.hasOwn(lines, rulesetId)) return none;
      const part = loaded.get(rulesetId);
      if (!part) throw new Error(`The screen's part of the ruleset "${rulesetId}" is not loaded yet: open its campaign (openRuleset) before showing it.`);
      return part;
    },
    load(rulesetId) {
      const line = Object.hasOwn(lines, rulesetId) ? lines[rulesetId] : undefined;
      if (!line) return Promise.resolve(none);
      const part = loaded.get(rulesetId);
      if (part) return Promise.resolve(part);
      let loading = pending.get(rulesetId);
      if (!loading) {
        loading = line()
          .then(ready)
          .then(
            (done) => {
              if (done.id !== rulesetId) throw new Error(`The part listed for the ruleset "${rulesetId}" is "${done.id}"'s.`);
              loaded.set(rulesetId, done);
              pending.delete(rulesetId);
              return done;
            },
            (error: unknown) => {
              pending.delete(rulesetId);
              throw error;
            },
          );
        pending.set(rulesetId, loading);
      }
      return loading;
    },
    all: () => ids.flatMap((id) => loaded.get(id) ?? []),
  };
}
