/**
 * Skill Ranks' rules for the screen's code outside its panels: its part of party and bestiary
 * entries. Registered by one line in `rulesets/rules.ts`; loads none of its panels.
 */
import type { RulesetRules } from '../rules';
import { ranksEntryRules } from './entry-part';

export const ranksRules = { id: 'ranks', entry: ranksEntryRules } satisfies RulesetRules;
