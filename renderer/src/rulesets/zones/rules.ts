/**
 * Zones & Factions' rules for the screen's code outside its panels: its part of party and
 * bestiary entries, and the chaos of combat's countdown on the players' screen. Registered by one
 * line in `rulesets/rules.ts`; loads none of its panels.
 */
import type { RulesetRules } from '../rules';
import { zonesEntryRules } from './entry-part';

export const zonesRules = {
  id: 'zones',
  entry: zonesEntryRules,
  // The declare countdown goes up for the players while the table plays with the chaos of combat.
  countdown: (state) => state.settings['chaos'] === true,
} satisfies RulesetRules;
