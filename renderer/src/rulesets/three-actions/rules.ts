/**
 * Three Actions' rules for the screen's code outside its panels. Registered by one line in
 * `rulesets/rules.ts`; loads none of its panels. (Its gear in party and bestiary entries comes
 * with a later part of issue 19.)
 */
import type { RulesetRules } from '../rules';

export const threeActionsRules = { id: 'three-actions' } satisfies RulesetRules;
