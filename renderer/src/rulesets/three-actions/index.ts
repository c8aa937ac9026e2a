/**
 * Three Actions' part of the GM screen: its turn part (stamina and focus, an extended action under
 * way, the attack form), its gear in the add and edit forms. Its prompts (block or parry, fortify,
 * death) use the generic panel. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import AddGear from './AddGear.svelte';
import EditGear from './EditGear.svelte';
import { threeActionsPlayerPanels } from './player-panels';
import TurnPart from './TurnPart.svelte';

export const threeActionsPanels: RulesetPanels = {
  shows: { fightLog: true },
  turn: { part: TurnPart, ownActions: ['attack'] },
  combatant: {
    edit: EditGear,
    add: { below: AddGear, initial: () => ({ rules: { gear: [] } }), afterAdd: () => ({ rules: { gear: [] } }) },
  },
  ...threeActionsPlayerPanels,
};
