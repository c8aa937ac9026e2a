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
