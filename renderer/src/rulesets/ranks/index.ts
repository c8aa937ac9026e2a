/**
 * Skill Ranks' part of the GM screen: its turn part (attacking, moving, readying, gaining the
 * initiative, focus and who may answer out of turn); its sheet (skills and weapons) in the forms
 * and entries is the generic gear part's. The readied attack's question uses the generic
 * panel. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import Selected from './Selected.svelte';
import TurnPart from './TurnPart.svelte';
import { ranksPlayerPanels } from './player-panels';

export const ranksPanels: RulesetPanels = {
  ...ranksPlayerPanels,
  shows: { fightLog: true },
  turn: { part: TurnPart, ownActions: ['attack', 'move-full', 'move-half', 'move-incidental', 'ready', 'advantage', 'recover', 'force', 'interact', 'check', 'combine'] },
  selected: Selected,
};
