/**
 * 2d6 & Vigilant's rules for the screen's code outside its panels: its weapons and proficiencies
 * in the generic gear part (the add and edit forms, party and bestiary entries), and its own part
 * of entries (armour and the kit's checks). Registered by one line in `rulesets/rules.ts`; loads
 * none of its panels.
 */
import { findRuleset, isOutOfFight, type EncounterState } from '../../../../engine/index';
import { actionUsed, PROFICIENCIES, WEAPONS, type TestCommand, type TwoDiceCommand } from '../../../../engine/rulesets/two-dice/index';
import type { GearPart } from '../gear/gear-part';
import { kitOfCombatant } from './kit-input';
import type { RulesetPaletteEntry } from '../../help/palette';
import type { RulesetRules } from '../rules';
import { twoDiceEntryRules } from './entry-part';

/** The acting character's tests, for the palette, while they are conscious: evading and extricating while the turn's action is unspent, sneaking at any time. */
function tests(state: EncounterState): RulesetPaletteEntry[] {
  const active = state.status === 'running' ? state.combatants.find((c) => c.id === state.activeId) : undefined;
  if (!active || isOutOfFight(findRuleset(state.rulesetId), active)) return [];
  const test = (kind: TestCommand['test']): TestCommand => ({ type: 'two-dice/test', combatantId: active.id, test: kind });
  const turn = actionUsed(state, active.id) === null ? [
    { label: `${active.name} evades (a test)`, command: test('evade') },
    { label: `${active.name} tries to extricate themselves (a test)`, command: test('extricate') },
  ] : [];
  return [...turn, { label: `${active.name} sneaks (a test)`, command: test('sneak') }];
}

/**
 * The kit's two lists, each a list of the generic gear form; a change in the fight sends the whole
 * kit, its armour as it is (the edit form's armour choice sends its own).
 */
const twoDiceKit: GearPart = {
  lists: [
    { key: 'weapons', title: 'Weapons', declaration: WEAPONS },
    {
      key: 'proficiencies',
      title: 'Weapon proficiencies',
      short: 'proficiencies',
      hint: 'A subclass in a category (one-handed swords, bows). The GM decides whether it covers a weapon; the attack form shows what it reads and lets you change it.',
      declaration: PROFICIENCIES,
    },
  ],
  inFight: (c) => {
    const kit = kitOfCombatant(c);
    return { weapons: kit.weapons, proficiencies: kit.proficiencies };
  },
  set: (c, lists): TwoDiceCommand => {
    const kit = kitOfCombatant(c);
    return { type: 'two-dice/set-kit', combatantId: c.id, kit: { ...kit, weapons: lists.weapons ?? kit.weapons, proficiencies: lists.proficiencies ?? kit.proficiencies } };
  },
};

export const twoDiceRules = {
  id: 'two-dice',
  gear: twoDiceKit,
  entry: twoDiceEntryRules,
  palette: tests,
} satisfies RulesetRules;
