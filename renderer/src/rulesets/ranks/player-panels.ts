import type { PlayerPanels } from '../player-panels';

/** Skill Ranks' part of the players' screen: nothing of its own yet (the generic screen shows the order and the conditions the GM lets them see). */
export const ranksPlayerPanels: PlayerPanels = { id: 'ranks' };
