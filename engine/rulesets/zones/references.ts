import type { ReferenceTable } from '../../core/ruleset';

/** The reference panel for Zones & Factions, in our own words. */
export const ZONES_REFERENCES: ReferenceTable[] = [
  {
    title: 'When an attack needs a WIT save',
    columns: ['Attack', 'Hits by itself', 'Needs a WIT save', 'Not possible'],
    rows: [
      ['Melee (same zone)', 'target in sight', 'target not in sight', 'target in another zone'],
      ['Ranged', 'in sight, within half range, standing', 'beyond half range, or moving', 'out of sight, past full range, or beyond half range while moving'],
      ['Indirect', '—', 'always', 'within half range, past full range, or while moving'],
      ['Melee blast', 'always (not the attacker)', '—', '—'],
      ['Ranged blast', 'as ranged', 'as ranged; a miss lands in a random neighbouring zone', 'as ranged'],
    ],
  },
  {
    title: 'Reactions (each takes the whole turn)',
    columns: ['Reaction', 'Effect'],
    rows: [
      ['Dodge', 'AGI save; on a pass the attack misses.'],
      ['Counter', 'Both roll damage; whoever takes more after armour is hit first, a tie hits both. One counter per attack. A disarm or grapple counter deals no damage and lands last.'],
      ['Hide behind', 'A willing character nearby becomes the target and may react in turn.'],
      ['Guard', 'A character nearby steps in and becomes the target; normally no dodge or counter for them after that (the GM may rule one a skill allows). Open even when the target is surprised or has spent their turn.'],
      ['Opportunity attack', 'Attack a nearby enemy moving away; normally nobody can react to it (the GM may rule a reaction a skill allows).'],
    ],
  },
  {
    title: 'Protection and damage',
    columns: ['Case', 'Effect'],
    rows: [
      ['Concealment', 'Damage impaired (see the Impaired damage setting).'],
      ['Cover', '+1 armour unless the attack penetrates it.'],
      ['Barrier', 'Nothing gets through: no attack can be made at someone fully behind one. An attacker who leans out from behind one to strike can be countered, with the barrier as cover (+1 armour).'],
      ['Unarmed', 'd4, impaired.'],
      ['Holding back', 'Impaired damage on purpose.'],
      ['Final blow', 'Kills a nearby incapacitated target.'],
      ['Damaged weapon or shield', 'Breaks when its attack shows a 1 on the damage die.'],
      ['Damaged shield or armour', 'Breaks from a blow of 8 or more before armour, shield first.'],
    ],
  },
  {
    title: 'Saves',
    columns: ['Save', 'How'],
    rows: [
      ['Any save (STR, AGI, WIT)', 'd20; equal to or under the score passes.'],
      ['Morale', 'Group WIT save at the end of the round: a pass is immune for the fight, a fail surrenders or retreats.'],
      ['Long chase', 'Faster or longer-lasting fleers escape; slower or sooner-tiring ones are caught; otherwise an AGI save each.'],
    ],
  },
];
