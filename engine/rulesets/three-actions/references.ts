import type { ReferenceTable } from '../../core/ruleset';
import { THREE_ACTIONS_ACTIONS } from './economy';

// The text's four tables, in our own words: actions, reactions, free actions (from the catalogue
// the turn panel offers) and damage types.

const byCost = (test: (cost: string) => boolean) => THREE_ACTIONS_ACTIONS.filter((a) => a.id !== 'other' && test(a.cost)).map((a) => [a.name, a.cost, a.summary]);

export const THREE_ACTIONS_REFERENCES: ReferenceTable[] = [
  { title: 'Actions (three a turn)', columns: ['Action', 'Takes', 'What it does'], rows: byCost((cost) => /action/.test(cost) && !cost.startsWith('Reaction')) },
  { title: 'Reactions (one, on anyone\'s turn; back at their own turn or each round, as set)', columns: ['Reaction', 'Takes', 'What it does'], rows: byCost((cost) => cost.startsWith('Reaction')) },
  { title: 'Free actions', columns: ['Action', 'Takes', 'What it does'], rows: byCost((cost) => cost.startsWith('Free')) },
  {
    title: 'Damage types',
    columns: ['Type', 'Kind', 'Reduced by'],
    rows: [
      ['Bludgeoning, piercing, slashing', 'Physical', 'Physical deflection (a parry adds to it)'],
      ['Arcane, cold, fire, radiant, shock, void', 'Elemental', 'Elemental deflection'],
      ['Psychic, and anything not named', 'Typeless', 'Neither, unless the GM rules one at the attack'],
    ],
  },
];
