import { PLAYER_SCREEN_VERSION, type PlayerScreen } from '../campaign/player-screen';

/**
 * A players' screen as the GM window publishes it between fights (curtain down, nothing shown),
 * for the tests of its path from the GM window to the players' window; `more` changes fields.
 */
export function blankScreen(campaign: string, more: Partial<PlayerScreen> = {}): PlayerScreen {
  return { version: PLAYER_SCREEN_VERSION, campaign, mode: 'curtain', view: null, ruleset: null, background: null, handout: null, roll: null, countdown: null, ...more };
}
