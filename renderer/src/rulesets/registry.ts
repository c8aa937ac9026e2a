/**
 * The rulesets' panels, one line per ruleset: the tracker, the top bar, the forms, the battle
 * map, the dice log and the players' screen ask here instead of naming a ruleset. A ruleset that
 * adds nothing (Freeform) gets the generic screen; so does one this list doesn't know. A ruleset
 * with a gear part (its line in `rules.ts`) gets the generic gear part where its panels have none.
 * Each line loads its ruleset's panels (their own chunk) when a campaign of it opens
 * (`open-ruleset.ts`); asking for a listed ruleset's panels before then throws.
 */
import { lazyById } from './by-id';
import type { RulesetPanels } from './panels';
import { loadRules } from './rules';

const RULESETS = lazyById<RulesetPanels>(
  {
    freeform: async () => ({ id: 'freeform' }),
    zones: () => import('./zones/index').then((m) => m.zonesPanels),
    'two-dice': () => import('./two-dice/index').then((m) => m.twoDicePanels),
    'three-actions': () => import('./three-actions/index').then((m) => m.threeActionsPanels),
    ranks: () => import('./ranks/index').then((m) => m.ranksPanels),
    sides: () => import('./sides/index').then((m) => m.sidesPanels),
  },
  { id: '' },
  // The generic gear part's components come with the first ruleset that has gear.
  async (panels) => (await import('./gear/gear-panels')).withGearPart(panels, (await loadRules(panels.id)).gear),
);

/** The panels registered for a ruleset id, once loaded; none (the generic screen) for an unknown or missing one. */
export const panelsFor = RULESETS.of;

/** Loads a ruleset's panels (once). */
export const loadPanels = RULESETS.load;

/** The ids of the rulesets with panels, loaded or not, in the list's order. */
export const panelIds = RULESETS.ids;

/** Every loaded ruleset's panels, in the list's order. */
export const registeredPanels = RULESETS.all;
