/**
 * Skill Ranks' rules for the screen's code outside its panels: its sheet in the generic gear part
 * (the add and edit forms, party and bestiary entries). Registered by one line in
 * `rulesets/rules.ts`; loads none of its panels.
 */
import { checkSheet, personOf, type RanksCommand } from '../../../../engine/rulesets/ranks/index';
import { oneList, type GearPart } from '../gear/gear-part';
import type { RulesetRules } from '../rules';

/** Their skills (dice, bonus, fixed value) and weapons (category, damage dice), checked by the engine's own rules. */
const ranksSheet: GearPart = {
  ...oneList(
    { key: 'sheet', title: 'Skills and weapons' },
    (c) => personOf(c).sheet.map((e) => ({ ...e })),
    (combatantId, sheet): RanksCommand => ({ type: 'ranks/set-sheet', combatantId, sheet }),
  ),
  entry: {
    noun: 'Sheet',
    check: (list, freshId) => checkSheet(list, [], freshId),
    tags: (sheet) => (sheet.length > 0 ? [`${sheet.length} on the sheet`] : []),
  },
};

export const ranksRules = { id: 'ranks', gear: ranksSheet } satisfies RulesetRules;
