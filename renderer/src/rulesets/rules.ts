/**
 * What the screen's code outside the panels asks of a ruleset: plain functions, no components, so
 * the first screen (the campaigns, resuming a fight's bookkeeping) loads none of a ruleset's
 * panels; those come with the tracker and the campaign's tabs. One line per ruleset in `RULESETS`
 * below, beside its line in `registry.ts` (panels) and `player-registry.ts` (players' screen).
 */
import type { EncounterState } from '../../../engine/index';
import type { EntryRules } from './panels';
import { zonesRules } from './zones/rules';

export interface RulesetRules {
  readonly id: string;
  /** Its own part of party and bestiary entries (Zones & Factions: gear, fearless). */
  readonly entry?: EntryRules;
  /** Whether the GM's countdown (its `timer` panel's) goes up on the players' screen now. */
  countdown?(state: EncounterState): boolean;
}

const RULESETS: readonly RulesetRules[] = [
  { id: 'freeform' },
  zonesRules,
];

const NOTHING: RulesetRules = { id: '' };

/** The rules registered for a ruleset id; none for an unknown or missing one. */
export function rulesFor(rulesetId: string | null | undefined): RulesetRules {
  return RULESETS.find((r) => r.id === rulesetId) ?? NOTHING;
}

/** Every registered ruleset's rules, in the list's order. */
export function registeredRules(): readonly RulesetRules[] {
  return RULESETS;
}
