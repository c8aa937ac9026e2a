/**
 * What the screen's code outside the panels asks of a ruleset: plain functions, no components, so
 * the first screen (the campaigns, resuming a fight's bookkeeping) loads none of a ruleset's
 * panels; those come with the tracker and the campaign's tabs. One line per ruleset in `RULESETS`
 * below, beside its line in `registry.ts` (panels) and `player-registry.ts` (players' screen).
 */
import type { EncounterState } from '../../../engine/index';
import { byId } from './by-id';
import type { RulesetPaletteEntry } from '../help/palette';
import type { EntryRules } from './panels';
import { zonesRules } from './zones/rules';
import { threeActionsRules } from './three-actions/rules';
import { twoDiceRules } from './two-dice/rules';
import { ranksRules } from './ranks/rules';
import { sidesRules } from './sides/rules';

export interface RulesetRules {
  readonly id: string;
  /** Its own part of party and bestiary entries (Zones & Factions: gear, fearless). */
  readonly entry?: EntryRules;
  /** Whether the GM's countdown (its `timer` panel's) goes up on the players' screen now. */
  countdown?(state: EncounterState): boolean;
  /** Its own steps the command palette (Ctrl+K) offers now, so each is a few keys away (the acting character evades). */
  palette?(state: EncounterState): RulesetPaletteEntry[];
}

const RULESETS = byId<RulesetRules>(
  [
    { id: 'freeform' },
    zonesRules,
    twoDiceRules,
    threeActionsRules,
    ranksRules,
    sidesRules,
  ],
  { id: '' },
);

/** The rules registered for a ruleset id; none for an unknown or missing one. */
export const rulesFor = RULESETS.of;

/** Every registered ruleset's rules, in the list's order. */
export const registeredRules = RULESETS.all;
