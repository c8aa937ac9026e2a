/**
 * 2d6 & Vigilant's part of the GM screen: its turn part (movement options, attack, evade,
 * extricate), its fields in the forms (armour, weapons, proficiencies), its row tags, the dice its
 * events roll and its word on the players' screen. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import AddArmour from './AddArmour.svelte';
import EditKit from './EditKit.svelte';
import EntryFields from './EntryFields.svelte';
import { EMPTY_KIT } from './kit-input';
import { twoDicePlayerPanels } from './player-panels';
import { twoDiceRowTags } from './row-tags';
import { twoDiceRuleRolls } from './rule-rolls';
import TurnPart from './TurnPart.svelte';

export const twoDicePanels: RulesetPanels = {
  shows: { fightLog: true },
  // Attacking, evading and extricating have their own buttons in the part.
  turn: { part: TurnPart, ownActions: ['attack', 'evade', 'extricate'] },
  combatant: {
    tags: twoDiceRowTags,
    edit: EditKit,
    add: {
      inline: AddArmour,
      initial: () => ({ rules: EMPTY_KIT }),
      // The next one is a new character: nothing of the last one's kit carries over unseen.
      afterAdd: () => ({ rules: EMPTY_KIT }),
    },
    entryFields: EntryFields,
  },
  ...twoDicePlayerPanels,
  ruleRolls: twoDiceRuleRolls,
};
