import { loadOnce } from '../../../engine/listing';

/**
 * A registry whose parts load when first asked for, one line per ruleset: the line is a dynamic
 * `import()` of the ruleset's folder (its own chunk of the build), so a ruleset's part comes in
 * when a campaign of it opens (`open-ruleset.ts`) and the campaign list loads none.
 */
export interface LazyById<T> {
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
  const listed = (rulesetId: string) => Object.hasOwn(lines, rulesetId);
  // Called for listed ids only (`load` below).
  const loadLine = loadOnce(async (rulesetId) => {
    const done = await ready(await lines[rulesetId]!());
    if (done.id !== rulesetId) throw new Error(`The part listed for the ruleset "${rulesetId}" is "${done.id}"'s.`);
    loaded.set(rulesetId, done);
    return done;
  });
  return {
    ids,
    of(rulesetId) {
      if (rulesetId === null || rulesetId === undefined || !listed(rulesetId)) return none;
      const part = loaded.get(rulesetId);
      if (!part) throw new Error(`The screen's part of the ruleset "${rulesetId}" is not loaded yet: open its campaign (openRuleset) before showing it.`);
      return part;
    },
    load(rulesetId) {
      // loadOnce keeps each id's load: asked again, it answers the same one.
      return listed(rulesetId) ? loadLine(rulesetId) : Promise.resolve(none);
    },
    all: () => ids.flatMap((id) => loaded.get(id) ?? []),
  };
}
