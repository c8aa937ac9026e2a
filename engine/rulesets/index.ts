import { freeform } from './freeform/index';
import type { Ruleset } from './ruleset';
import { zones } from './zones/index';

/**
 * Every ruleset the app offers, by id; the first is the default for new encounters. A new
 * ruleset is one folder here and one line below.
 */
export const RULESETS: readonly Ruleset[] = [zones, freeform];

export function findRuleset(id: string): Ruleset | undefined {
  return RULESETS.find((r) => r.id === id);
}
