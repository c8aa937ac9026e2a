import type { SettingDefinition } from '../../core/ruleset';

/** Zones & Factions settings: its two optional rules, and the values the rule text leaves open. */
export const ZONES_SETTINGS: SettingDefinition[] = [
  {
    key: 'fastSlow',
    label: 'Fast and slow activation',
    hint: 'Each round opens with a d20; only characters whose WIT is at least that act in the fast phase, everyone else after.',
    kind: 'boolean',
    default: false,
  },
  {
    key: 'thresholdByHand',
    label: 'Threshold rolled at the table',
    hint: 'With fast and slow activation: the GM rolls the d20 openly and types it in; each fast phase waits for it.',
    kind: 'boolean',
    default: false,
  },
  {
    key: 'chaos',
    label: 'Chaos of combat',
    hint: 'A countdown for each player to declare their turn; talking to each other costs a bonus action.',
    kind: 'boolean',
    default: false,
  },
  { key: 'declareSeconds', label: 'Seconds to declare', hint: 'Length of the chaos-of-combat countdown.', kind: 'number', default: 15, min: 5, max: 120 },
  {
    key: 'impairedMode',
    label: 'Impaired damage',
    hint: 'The rules don\'t say how impaired damage is rolled: roll twice and keep the lower, or roll once and halve.',
    kind: 'choice',
    default: 'lower-of-two',
    options: [
      { value: 'lower-of-two', label: 'Roll twice, keep the lower' },
      { value: 'halved', label: 'Roll once, halve (round down, at least 1)' },
    ],
  },
  {
    key: 'moraleFailure',
    label: 'Failed morale',
    hint: 'What a character who fails a morale check does unless the GM picks otherwise.',
    kind: 'choice',
    default: 'retreated',
    options: [
      { value: 'retreated', label: 'Retreats' },
      { value: 'surrendered', label: 'Surrenders' },
    ],
  },
  {
    key: 'nerveLasts',
    label: 'Held nerve lasts',
    hint: 'Who passes a morale check is free of morale for the rest of the stretch. The app knows fights, not stretches: clear the mark as each fight starts, or keep it until you take it off.',
    kind: 'choice',
    default: 'fight',
    options: [
      { value: 'fight', label: 'Until the next fight starts' },
      { value: 'stretch', label: 'Until the GM clears it (the stretch ends)' },
    ],
  },
  {
    key: 'movingReads',
    label: 'An attack after a move this turn counts as made while moving',
    hint: 'The rules say an attack made "while moving" needs a WIT save (or can\'t be made), but not which attacks count as one. On: a move made earlier in the turn counts, and the GM adds a move still to come. Off: the GM ticks Attacker moving on the attack form.',
    kind: 'boolean',
    default: true,
  },
  { key: 'durabilityDie', label: 'Durability die', hint: 'The rules don\'t name the durability roll: the die rolled for each used item after the fight.', kind: 'number', default: 6, min: 2, max: 20 },
  { key: 'durabilityFailsOn', label: 'Durability fails on', hint: 'A durability roll this high or lower wears the item one step (sound to damaged, damaged to broken).', kind: 'number', default: 1, min: 1, max: 19 },
];
