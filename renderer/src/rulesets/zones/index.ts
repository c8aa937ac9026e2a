/**
 * Zones & Factions' part of the GM screen: its panels in the tracker's slots, its fields in the
 * forms, its overlay on the battle map, the names of its phases, the dice its events roll and its
 * countdown on the players' screen. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import AddFearless from './AddFearless.svelte';
import AimNote from './AimNote.svelte';
import ChaosStep from './ChaosStep.svelte';
import ChaseTool from './ChaseTool.svelte';
import DeviationNumbers from './DeviationNumbers.svelte';
import EditRules from './EditRules.svelte';
import EntryFields from './EntryFields.svelte';
import FactionGo from './FactionGo.svelte';
import GearWearPanel from './GearWearPanel.svelte';
import LeavingPrompt from './LeavingPrompt.svelte';
import { zonesMapOverlay } from './map-overlay.svelte';
import MoraleStep from './MoraleStep.svelte';
import { zonesPlayerPanels } from './player-panels';
import ReactionPanel from './ReactionPanel.svelte';
import { zonesRowTags } from './row-tags';
import { zonesRuleRolls } from './rule-rolls';
import SelectedActions from './SelectedActions.svelte';
import ZonesSetup from './ZonesSetup.svelte';
import TurnPart from './TurnPart.svelte';
import { movementChips, movementLeft } from './turn-movement';

export const zonesPanels: RulesetPanels = {
  shows: { battleMap: true, fightLog: true },
  setup: { panel: ZonesSetup, foldedLabel: 'Rules settings and zones' },
  whoseGo: FactionGo,
  prompts: { 'zones/attack': ReactionPanel },
  endOfRound: MoraleStep,
  timer: ChaosStep,
  // Attacking has its own form in the part, not a plain button; moving is a chip and words of its own.
  turn: { part: TurnPart, ownActions: ['attack'], chips: (_fight, budget) => movementChips(budget), left: (_fight, budget) => movementLeft(budget) },
  afterFight: GearWearPanel,
  aside: ChaseTool,
  selected: SelectedActions,
  combatant: {
    tags: zonesRowTags,
    edit: EditRules,
    add: {
      inline: AddFearless,
      // Below the row, its gear is the generic gear part's; the next one is fearless as the last.
      initial: () => ({ rules: { gear: [] }, marks: [] }),
      afterAdd: (extras) => ({ ...extras, rules: { gear: [] } }),
    },
    entryFields: EntryFields,
  },
  map: { overlay: zonesMapOverlay, Layer: DeviationNumbers, Prompt: LeavingPrompt, Note: AimNote },
  // Its id, the names of its phases and the players' header: its part of the players' screen.
  ...zonesPlayerPanels,
  ruleRolls: zonesRuleRolls,
};
