/**
 * Sides & Shock's rules for the screen's code outside its panels: its part of party and bestiary
 * entries. Registered by one line in `rulesets/rules.ts`; loads none of its panels.
 */
import type { RulesetRules } from '../rules';
import { sidesEntryRules } from './entry-part';

export const sidesRules = { id: 'sides', entry: sidesEntryRules } satisfies RulesetRules;
