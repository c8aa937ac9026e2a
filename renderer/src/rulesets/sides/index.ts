/**
 * Sides & Shock's part of the GM screen: its part of the setup (which sides surprise the rest,
 * with an opposed check's odds, rolled for two characters), its turn part (the attack form on T
 * with a second weapon, joining a swarm, screening, grappling, shoving, an execution, reloading,
 * readying, stowing, dropping and picking up),
 * the selected character's nerve check, held attack and execution, the swarm, screens, grapples
 * and total defence on the rows (its weapons in the forms and entries are the generic gear part's,
 * by its line in `rulesets/rules.ts`). The question between an attack roll and its damage uses the generic prompt
 * panel. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import { sidesPlayerPanels } from './player-panels';
import { sidesRowTags } from './row-tags';
import Selected from './Selected.svelte';
import SurpriseSetup from './SurpriseSetup.svelte';
import TurnPart from './TurnPart.svelte';

export const sidesPanels: RulesetPanels = {
  ...sidesPlayerPanels,
  shows: { fightLog: true },
  setup: { panel: SurpriseSetup, foldedLabel: 'Sides, surprise and the rules' },
  // Every attack is made from the attack form, which asks for answers before the damage lands.
  turn: { part: TurnPart, ownActions: ['melee', 'ranged', 'swarm', 'charge', 'snap', 'screen', 'reload', 'break-free', 'drag', 'ready', 'drop', 'pick-up'] },
  selected: Selected,
  combatant: {
    tags: sidesRowTags,
  },
};
