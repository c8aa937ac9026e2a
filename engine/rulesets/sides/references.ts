import type { ReferenceTable } from '../../core/ruleset';
import { SIDES_ACTIONS } from './economy';
import { SITUATIONS, SITUATION_IDS } from './plan';

// The reference panel's tables, in our own words.

export const SIDES_REFERENCES: ReferenceTable[] = [
  {
    title: 'Actions',
    columns: ['Action', 'Takes', 'Provokes an attack of opportunity', 'What it does'],
    rows: SIDES_ACTIONS.map((a) => [a.name, a.cost, a.provokes ?? 'No', a.summary]),
  },
  {
    title: 'Situational modifiers to hit',
    columns: ['Situation', 'Modifier'],
    rows: [
      ...SITUATION_IDS.map((id) => [SITUATIONS[id].label, `${SITUATIONS[id].amount > 0 ? '+' : ''}${SITUATIONS[id].amount}`]),
      ['Shooting a bow or crossbow with a foe in melee range', 'Not possible'],
      ["Can't see the target and don't know where it is", 'Not possible'],
      ['Charging', '+2'],
      ['Snap attack', '−4'],
      ['Swarm, for each other assailant (up to 3)', '+2 (and +1 damage)'],
    ],
  },
  {
    title: 'Shock',
    columns: ['Case', 'What happens'],
    rows: [
      ['A miss against AC at or below the rating', 'The Shock points, plus the attribute modifier and magic'],
      ['"N/-" Shock', 'Whatever the AC'],
      ['A shield', 'Ignores the first Shock of each round'],
      ['Total defence', 'Immune to all Shock until their next turn, a swarm\'s too'],
      ['A swarm attack', 'Its Shock gets through AC, shields and immunity'],
      ['A hit', 'Never less than the Shock a miss would have dealt'],
    ],
  },
];
