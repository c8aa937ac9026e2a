/**
 * The rulesets' parts of the players' screen, one line per ruleset (beside `registry.ts` for the
 * GM screen): the players' page asks here, so it loads no GM panel. A ruleset that adds nothing
 * (Freeform) gets the generic screen; so does one this list doesn't know.
 */
import { byId } from './by-id';
import type { PlayerPanels } from './player-panels';
import { zonesPlayerPanels } from './zones/player-panels';
import { threeActionsPlayerPanels } from './three-actions/player-panels';
import { twoDicePlayerPanels } from './two-dice/player-panels';
import { ranksPlayerPanels } from './ranks/player-panels';
import { sidesPlayerPanels } from './sides/player-panels';

const RULESETS = byId<PlayerPanels>(
  [
    { id: 'freeform' },
    zonesPlayerPanels,
    twoDicePlayerPanels,
    threeActionsPlayerPanels,
    ranksPlayerPanels,
    sidesPlayerPanels,
  ],
  { id: '' },
);

/** The players' screen part registered for a ruleset id; none for an unknown or missing one. */
export const playerPanelsFor = RULESETS.of;

/** Every registered ruleset's part of the players' screen, in the list's order. */
export const registeredPlayerPanels = RULESETS.all;
