import type { PlayerPanels } from '../player-panels';

/** Three Actions' part of the players' screen: its surprise round named, before round 1. */
export const threeActionsPlayerPanels: PlayerPanels = {
  id: 'three-actions',
  phases: { surprise: { bar: 'Surprise round', players: 'Surprise round', opening: true } },
};
