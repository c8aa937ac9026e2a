import type { ReferenceTable } from '../../core/ruleset';

// The reference panel's tables, in our own words.

export const TWO_DICE_REFERENCES: ReferenceTable[] = [
  {
    title: 'Armour',
    columns: ['Armour', 'Damage reduction', 'Who can wear it', 'Sneaking', 'Movement'],
    rows: [
      ['Light', '1', 'Anyone', 'As normal', 'As normal'],
      ['Medium', '2', 'Anyone; without Armor Training some tests are at disadvantage (a setting)', 'At disadvantage', 'As normal'],
      ['Heavy', '3', 'Only with both Armor Training and Strong', 'Not possible', '5 ft less'],
    ],
  },
  {
    title: 'Damage',
    columns: ['Weapon', 'Damage on a hit'],
    rows: [
      ['Light melee (one-handed swords, daggers…)', '1'],
      ['Ranged (bows, slings…)', '1'],
      ['Heavy melee (two-handed swords, great axes…)', '2'],
      ['Unarmed, untrained', 'None'],
      ['Critical (12 on 2d6 by default)', '+1'],
      ['Target with damage reduction', 'Roll again: a failure takes the reduction off, down to 0'],
    ],
  },
  {
    title: 'Weapon skill',
    columns: ['Skill with the weapon', 'Attack test'],
    rows: [
      ['No proficiency', 'At disadvantage'],
      ['Proficient', 'Normal'],
      ['Mastery', 'At advantage'],
    ],
  },
  {
    title: 'A turn',
    columns: ['Where they stand', 'What they may do'],
    rows: [
      ['In combat (next to a foe)', 'Attack, evade, or try to extricate themselves'],
      ['Within a normal move of the fight', 'Advance to it and attack'],
      ['Within twice a normal move', 'Advance to it; the turn ends there'],
      ['Further away', "The GM's call"],
    ],
  },
  {
    title: 'Falling at 0 HP',
    columns: ['When', 'What happens'],
    rows: [
      ['Dropped to 0 HP', 'Unconscious'],
      ['The next round', 'First stabilisation test, as normal'],
      ['The round after', 'Second stabilisation test, at disadvantage'],
      ['Either test succeeds', 'Back to 1 HP, unconscious for the rest of the encounter'],
      ['Both fail', 'Dead'],
    ],
  },
];
