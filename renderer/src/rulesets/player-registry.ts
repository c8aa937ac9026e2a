/**
 * The rulesets' parts of the players' screen, one line per ruleset (beside `registry.ts` for the
 * GM screen): the players' page asks here, so it loads no GM panel. A ruleset that adds nothing
 * (Freeform) gets the generic screen; so does one this list doesn't know. Each line loads when the
 * players' screen first shows a fight of its ruleset.
 */
import { lazyById } from './by-id';
import type { PlayerPanels } from './player-panels';

const RULESETS = lazyById<PlayerPanels>(
  {
    freeform: async () => ({ id: 'freeform' }),
    zones: () => import('./zones/player-panels').then((m) => m.zonesPlayerPanels),
    'two-dice': () => import('./two-dice/player-panels').then((m) => m.twoDicePlayerPanels),
    'three-actions': () => import('./three-actions/player-panels').then((m) => m.threeActionsPlayerPanels),
    ranks: () => import('./ranks/player-panels').then((m) => m.ranksPlayerPanels),
    sides: () => import('./sides/player-panels').then((m) => m.sidesPlayerPanels),
  },
  { id: '' },
);

/** The players' screen part registered for a ruleset id, once loaded; none for an unknown or missing one. */
export const playerPanelsFor = RULESETS.of;

/** Loads a ruleset's part of the players' screen (once); none for an id the list lacks. */
export const loadPlayerPanels = RULESETS.load;

/** The ids of the rulesets with a part of the players' screen, loaded or not, in the list's order. */
export const playerPanelIds = RULESETS.ids;

/** Every loaded ruleset's part of the players' screen, in the list's order. */
export const registeredPlayerPanels = RULESETS.all;
