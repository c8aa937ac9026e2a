import { PLAYER_SCREEN_VERSION, type PlayerScreen } from '../campaign/player-screen';
import { projectPlayerView } from '../index';
import { add, ENEMIES, newEncounter, run } from '../test-support';

/**
 * A players' screen as the GM window publishes it between fights (curtain down, nothing shown),
 * for the tests of its path from the GM window to the players' window; `more` changes fields.
 */
export function blankScreen(campaign: string, more: Partial<PlayerScreen> = {}): PlayerScreen {
  return { version: PLAYER_SCREEN_VERSION, campaign, mode: 'curtain', view: null, ruleset: null, background: null, handout: null, roll: null, countdown: null, ...more };
}

/**
 * A players' screen as the GM window publishes it mid-fight: the engine's projection of a fight
 * (Ann against two goblins), a roll put up; `more` changes fields (a picture, the countdown).
 */
export function fightScreen(more: Partial<PlayerScreen> = {}): PlayerScreen {
  const fight = run(newEncounter(9), add('Ann', { initMod: 9, hp: 12 }), add('Goblin', { factionId: ENEMIES, quantity: 2, hp: 10 }), { type: 'start-combat' });
  return blankScreen('Night watch', {
    mode: 'live',
    view: projectPlayerView(fight.state, fight.ruleset),
    ruleset: fight.state.rulesetId,
    roll: { label: 'Ann attacks', notation: '2d20kh1', total: 17, dice: [{ value: 17, sides: 20, kept: true }, { value: 3, sides: 20, kept: false }], shownAt: 1_700_000_000_000 },
    ...more,
  });
}
