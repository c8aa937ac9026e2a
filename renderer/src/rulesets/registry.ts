/**
 * The rulesets' panels, one line per ruleset: the tracker, the top bar, the forms, the battle
 * map, the dice log and the players' screen ask here instead of naming a ruleset. A ruleset that
 * adds nothing (Freeform) gets the generic screen; so does one this list doesn't know. A ruleset
 * with a gear part (its line in `rules.ts`) gets the generic gear part where its panels have none.
 */
import { byId } from './by-id';
import { withGearPart } from './gear/gear-panels';
import type { RulesetPanels } from './panels';
import { zonesPanels } from './zones/index';
import { threeActionsPanels } from './three-actions/index';
import { twoDicePanels } from './two-dice/index';
import { ranksPanels } from './ranks/index';
import { sidesPanels } from './sides/index';
import { rulesFor } from './rules';

const RULESETS = byId<RulesetPanels>(
  [
    { id: 'freeform' },
    zonesPanels,
    twoDicePanels,
    threeActionsPanels,
    ranksPanels,
    sidesPanels,
  ].map((panels) => withGearPart(panels, rulesFor(panels.id).gear)),
  { id: '' },
);

/** The panels registered for a ruleset id; none (the generic screen) for an unknown or missing one. */
export const panelsFor = RULESETS.of;

/** Every registered ruleset's panels, in the list's order. */
export const registeredPanels = RULESETS.all;
