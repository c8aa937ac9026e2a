import type { PlayerPanels } from '../player-panels';

/** Sides & Shock's part of the players' screen: its surprise round named, before round 1. */
export const sidesPlayerPanels: PlayerPanels = {
  id: 'sides',
  phases: { surprise: { bar: 'Surprise round', players: 'Surprise round', opening: true } },
};
