import type { SettingValue } from '../../core/state';
import type { SettingDefinition } from '../../core/ruleset';

// What the Three Actions text leaves to the GM (or to its core book), as settings with defaults.

export const THREE_ACTIONS_SETTINGS: SettingDefinition[] = [
  {
    key: 'surprise',
    label: 'Surprise round',
    kind: 'boolean',
    default: false,
    hint: 'The team that started the fight caught the others unawares: it acts alone in a first round, with anyone who can\'t be surprised.',
  },
  { key: 'luckDie', label: 'Luck die (sides)', kind: 'number', default: 20, min: 2, max: 100, hint: 'Rolled beside each attack: at the weapon\'s critical threshold or more it can\'t miss; 1 or less sends a thrown or shot weapon astray.' },
  {
    key: 'luckBonusFrom',
    label: 'Luck bonus on a test from',
    kind: 'number',
    default: 20,
    min: 1,
    max: 1000,
    hint: 'The luck die rolls beside every other test (dodge, fortify, resuscitate, a killing strike): this or more adds +4. The text says 20; with another luck die, its top face keeps it as rare.',
  },
  {
    key: 'advantage',
    label: 'Advantage on a dice pool',
    kind: 'choice',
    default: 'reroll',
    options: [
      { value: 'reroll', label: 'Roll the test again and keep the better (double: three rolls)' },
      { value: 'plus-two', label: '+2 for each advantage' },
    ],
    hint: 'How a sneak or flanking attack\'s advantage works with the attack\'s dice (the text leaves it to the core book).',
  },
  {
    key: 'reactionBack',
    label: 'The reaction comes back',
    kind: 'choice',
    default: 'turn',
    options: [
      { value: 'turn', label: 'At the start of their own turn' },
      { value: 'round', label: 'Once a round' },
    ],
    hint: 'The text says both "one reaction per round" and "recovered at the start of each turn".',
  },
  { key: 'stepExcludesMove', label: 'A step is instead of a move', kind: 'boolean', default: true, hint: 'On, a turn takes a 1 m step or a move, not both (the text: "a 1m step instead of a move action").' },
  { key: 'hands', label: 'Hands', kind: 'number', default: 2, min: 1, max: 6, hint: 'How many items a character may hold at once; Brandish names no more (the text says "hands" and gives no count).' },
  { key: 'resuscitateDifficulty', label: 'Resuscitation difficulty', kind: 'number', default: 10, min: 1, max: 40, hint: 'What the test to bring someone round must reach; the text leaves it to the GM.' },
  {
    key: 'blockExcessReduced',
    label: 'Damage through a block is reduced again',
    kind: 'boolean',
    default: false,
    hint: 'Damage a blocking item can\'t hold reaches the wearer "as though from a hit": on, their deflection takes its share again; off, it lands as it is.',
  },
];

export interface ThreeActionsSettings {
  luckDie: string;
  /** A luck roll this high or higher adds +4 to an ordinary test. */
  luckBonusFrom: number;
  advantage: 'reroll' | 'plus-two';
  blockExcessReduced: boolean;
  stepExcludesMove: boolean;
  resuscitateDifficulty: number;
  hands: number;
}

/** The fight's settings as the rules read them, each falling back to its default. */
export function threeActionsSettings(s: Readonly<Record<string, SettingValue>>): ThreeActionsSettings {
  return {
    luckDie: `d${typeof s.luckDie === 'number' && s.luckDie >= 2 ? s.luckDie : 20}`,
    luckBonusFrom: typeof s.luckBonusFrom === 'number' && s.luckBonusFrom >= 1 ? s.luckBonusFrom : 20,
    advantage: s.advantage === 'plus-two' ? 'plus-two' : 'reroll',
    blockExcessReduced: s.blockExcessReduced === true,
    stepExcludesMove: s.stepExcludesMove !== false,
    resuscitateDifficulty: typeof s.resuscitateDifficulty === 'number' && s.resuscitateDifficulty >= 1 ? s.resuscitateDifficulty : 10,
    hands: typeof s.hands === 'number' && s.hands >= 1 ? s.hands : 2,
  };
}
