/**
 * Zones & Factions' part of the players' screen: the names of its phases and the threshold die in
 * the header. Kept apart from its GM panels (`index.ts` takes it in too), so the players' page
 * loads only this. Registered by one line in `rulesets/player-registry.ts`.
 */
import type { PlayerPanels } from '../player-panels';
import PlayerThreshold from './PlayerThreshold.svelte';

export const zonesPlayerPanels = {
  id: 'zones',
  phases: {
    ambush: { bar: 'Ambush', players: 'Ambush!', opening: true },
    fast: { bar: 'fast', players: 'Fast phase' },
    slow: { bar: 'slow', players: 'Slow phase' },
    morale: { bar: 'morale', players: 'Morale' },
  },
  playerHeader: PlayerThreshold,
} satisfies PlayerPanels;
