/**
 * Skill Ranks' part of the GM screen: its turn part (attacking, moving, readying, gaining the
 * initiative, focus and who may answer out of turn), the sheet (skills and weapons) in the add and
 * edit forms and in party and bestiary entries. The readied attack's question uses the generic
 * panel. Registered by one line in `rulesets/registry.ts`.
 */
import type { RulesetPanels } from '../panels';
import AddSheet from './AddSheet.svelte';
import EditSheet from './EditSheet.svelte';
import EntryFields from './EntryFields.svelte';
import Selected from './Selected.svelte';
import TurnPart from './TurnPart.svelte';
import { ranksPlayerPanels } from './player-panels';

export const ranksPanels: RulesetPanels = {
  ...ranksPlayerPanels,
  shows: { fightLog: true },
  turn: { part: TurnPart, ownActions: ['attack', 'move-full', 'move-half', 'move-incidental', 'ready', 'advantage', 'recover', 'force', 'interact', 'check', 'combine'] },
  selected: Selected,
  combatant: {
    edit: EditSheet,
    entryFields: EntryFields,
    add: { below: AddSheet, initial: () => ({ rules: { sheet: [] } }), afterAdd: () => ({ rules: { sheet: [] } }) },
  },
};
