/**
 * Three Actions' part of the GM screen: its turn part (stamina and focus, an extended action under
 * way, the attack form, Command, Resuscitate, the killing strike, Brandish and Drop item), what is in hand after each name (its gear in the forms is the
 * generic gear part's), the action readied on the rows, the questions after a hit (take it, block, parry, dodge, an ally stepping in) and to
 * fortify with the character's own test typed; the death test uses the generic panel. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import DefendPrompt from './DefendPrompt.svelte';
import FortifyPrompt from './FortifyPrompt.svelte';
import { threeActionsPlayerPanels } from './player-panels';
import { threeActionsRowTags } from './row-tags';
import StarterSetup from './StarterSetup.svelte';
import TurnPart from './TurnPart.svelte';

export const threeActionsPanels: RulesetPanels = {
  shows: { fightLog: true },
  setup: { panel: StarterSetup, foldedLabel: 'Teams, who started it and the rules' },
  prompts: { 'three-actions/defend': DefendPrompt, 'three-actions/fortify': FortifyPrompt },
  turn: { part: TurnPart, ownActions: ['attack', 'command', 'resuscitate', 'brandish', 'drop-item', 'ready'] },
  combatant: {
    tags: threeActionsRowTags,
  },
  ...threeActionsPlayerPanels,
};
