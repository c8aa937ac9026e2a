import { rulesetCatalogue, type RulesetCatalogue } from '../core/catalogue';
import type { Ruleset } from '../core/ruleset';
import { freeform } from './freeform/index';
import { ranks } from './ranks/index';
import { sides } from './sides/index';
import { threeActions } from './three-actions/index';
import { twoDice } from './two-dice/index';
import { zones } from './zones/index';

/** The rulesets that ship with the app, one line each; the first is the default for new campaigns. */
export const BUILTIN_RULESETS: RulesetCatalogue = rulesetCatalogue([zones, freeform, twoDice, threeActions, ranks, sides]);

/** The built-in ruleset with this id, if the app has it (what the screens show a campaign under). */
export function findRuleset(id: string): Ruleset | undefined {
  return BUILTIN_RULESETS.find(id);
}

/** Every built-in ruleset; the first is the default for new campaigns. */
export function allRulesets(): readonly Ruleset[] {
  return BUILTIN_RULESETS.all;
}
