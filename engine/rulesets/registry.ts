import type { Ruleset } from './ruleset';

// The rulesets this build offers, in the order they were registered. The engine core finds an
// encounter's ruleset here by id and never imports a ruleset itself: each ruleset adds itself with
// one line in `builtin.ts` (or a test registers its own), so the core and the rulesets don't
// import each other.
const registered = new Map<string, Ruleset>();

/**
 * Adds a ruleset. Its id must be new: two rulesets answering to one id would make old logs replay
 * under rules they were not written with.
 */
export function registerRuleset(ruleset: Ruleset): void {
  const known = registered.get(ruleset.id);
  if (known === ruleset) return;
  if (known) throw new Error(`Two rulesets have the id "${ruleset.id}"; each ruleset needs its own.`);
  registered.set(ruleset.id, ruleset);
}

/** The ruleset with this id, if this build has it. */
export function findRuleset(id: string): Ruleset | undefined {
  return registered.get(id);
}

/** Every registered ruleset; the first is the default for new campaigns. */
export function allRulesets(): readonly Ruleset[] {
  return [...registered.values()];
}
