import { freeform } from './freeform/index';
import type { Ruleset } from './ruleset';

/** Every ruleset the app offers, by id. A new ruleset is one folder here and one line below. */
export const RULESETS: readonly Ruleset[] = [freeform];

export function findRuleset(id: string): Ruleset | undefined {
  return RULESETS.find((r) => r.id === id);
}
