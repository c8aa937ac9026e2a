/**
 * What the screen's code outside the panels asks of a ruleset: plain functions, no components, so
 * the first screen (the campaigns, resuming a fight's bookkeeping) loads none of a ruleset's
 * panels; those come with the tracker and the campaign's tabs. One line per ruleset in `RULESETS`
 * below, beside its line in `registry.ts` (panels) and `player-registry.ts` (players' screen); each
 * loads when a campaign of the ruleset opens (`open-ruleset.ts`).
 */
import type { EncounterState, Ruleset } from '../../../engine/index';
import { lazyById } from './by-id';
import type { RulesetPaletteEntry } from '../help/palette';
import { gearEntryRules } from './gear/gear-entry';
import type { GearPart } from './gear/gear-part';
import type { EntryRules } from './panels';

export interface RulesetRules {
  readonly id: string;
  /**
   * Its gear in the generic gear part (`rulesets/gear/`): the add form's part below the row, the
   * edit form's part and the entry editor's fields (where its panels give none of their own), and
   * its entries' part (unless `entry` is given), all from the engine's `Ruleset.character.gear`.
   */
  readonly gear?: GearPart;
  /** Its own part of party and bestiary entries where the generic gear part's won't do (Zones & Factions: gear, fearless); read it through `entryRulesOf`. */
  readonly entry?: EntryRules;
  /** Whether the GM's countdown (its `timer` panel's) goes up on the players' screen now. */
  countdown?(state: EncounterState): boolean;
  /** Its own steps the command palette (Ctrl+K) offers now, so each is a few keys away (the acting character evades). */
  palette?(state: EncounterState): RulesetPaletteEntry[];
}

const RULESETS = lazyById<RulesetRules>(
  {
    freeform: async () => ({ id: 'freeform' }),
    zones: () => import('./zones/rules').then((m) => m.zonesRules),
    'two-dice': () => import('./two-dice/rules').then((m) => m.twoDiceRules),
    'three-actions': () => import('./three-actions/rules').then((m) => m.threeActionsRules),
    ranks: () => import('./ranks/rules').then((m) => m.ranksRules),
    sides: () => import('./sides/rules').then((m) => m.sidesRules),
  },
  { id: '' },
);

/** The rules registered for a ruleset id, once loaded; none for an unknown or missing one. */
export const rulesFor = RULESETS.of;

/** Loads a ruleset's rules (once). */
export const loadRules = RULESETS.load;

/** The ids of the rulesets with rules, loaded or not, in the list's order. */
export const rulesIds = RULESETS.ids;

/** Every loaded ruleset's rules, in the list's order. */
export const registeredRules = RULESETS.all;

/**
 * A ruleset's part of party and bestiary entries: its own (`entry`), or the generic gear part's
 * built from its gear declaration; none for a ruleset without either.
 */
export function entryRulesOf(ruleset: Ruleset): EntryRules | undefined {
  const { entry, gear } = rulesFor(ruleset.id);
  if (entry) return entry;
  return gear?.entry && ruleset.character.gear ? gearEntryRules(gear, gear.entry, ruleset.character.gear) : undefined;
}
