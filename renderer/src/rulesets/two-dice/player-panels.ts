import type { PlayerPanels } from '../player-panels';
import type { TwoDicePlayerPart } from '../../../../engine/rulesets/two-dice/index';

/**
 * 2d6 & Vigilant's part of the players' screen: someone back at 1 HP but unconscious for the rest
 * of the encounter shows as stable rather than down.
 */
export const twoDicePlayerPanels: PlayerPanels = {
  id: 'two-dice',
  outWord: (fight, key) => {
    const stable = (fight.rules as Partial<TwoDicePlayerPart> | null | undefined)?.stable;
    return Array.isArray(stable) && stable.includes(key) ? 'stable' : null;
  },
};
