/**
 * Three Actions' rules for the screen's code outside its panels: its gear and its own tests in the
 * generic gear part (the add and edit forms, party and bestiary entries). Registered by one line
 * in `rulesets/rules.ts`; loads none of its panels.
 */
import { checkGearInHand, checkOwnTests, holds, personOf, PLAIN_TEST, type ThreeActionsCommand } from '../../../../engine/rulesets/three-actions/index';
import { oneList, type GearPart } from '../gear/gear-part';
import type { RulesetRules } from '../rules';

/**
 * Weapons with their attack test, damage and critical; items that block or parry, with their
 * durability; each says whether it is in hand (in the edit form, ticked again, a dropped one is
 * picked up; an entry saved before that holds everything it carries). Beside them, the
 * character's own fortify and dodge tests from their sheet (empty: two d6).
 */
const threeActionsGear: GearPart = {
  ...oneList(
    { key: 'gear', title: 'Weapons and items' },
    (c) => personOf(c).gear.map((g) => ({ ...g, inHand: holds(c, g.id) })),
    (combatantId, gear): ThreeActionsCommand => ({ type: 'three-actions/set-gear', combatantId, gear }),
  ),
  own: {
    key: 'tests',
    label: 'Their own tests',
    fields: [
      { key: 'fortify', label: 'Fortify test', hint: 'Attribute die + athletics die + fortitude, such as d6+d4+1', placeholder: PLAIN_TEST, maxLength: 40 },
      { key: 'dodge', label: 'Dodge test', hint: 'The test they dodge with, such as d8+d6', placeholder: PLAIN_TEST, maxLength: 40 },
    ],
    check: (input) => {
      const tests = checkOwnTests(input);
      return 'ok' in tests ? tests : { ok: true, value: { ...tests } };
    },
    inFight: (c) => ({ ...personOf(c).tests }),
    set: (combatantId, tests): ThreeActionsCommand => ({ type: 'three-actions/set-tests', combatantId, tests }),
  },
  entry: {
    noun: 'Gear',
    // An entry keeps what the GM ticked; the fight it joins holds no more than its Hands setting.
    check: (list, freshId) => {
      const checked = checkGearInHand(list, [], freshId, Number.POSITIVE_INFINITY);
      return 'ok' in checked ? checked : checked.gear.map((g) => ({ ...g, inHand: checked.held.includes(g.id) }));
    },
  },
};

export const threeActionsRules = { id: 'three-actions', gear: threeActionsGear } satisfies RulesetRules;
