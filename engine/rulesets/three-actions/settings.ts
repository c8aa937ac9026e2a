import type { SettingValue } from '../../encounter/state';
import type { SettingDefinition } from '../ruleset';

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
    key: 'blockExcessReduced',
    label: 'Damage through a block is reduced again',
    kind: 'boolean',
    default: false,
    hint: 'Damage a blocking item can\'t hold reaches the wearer "as though from a hit": on, their deflection takes its share again; off, it lands as it is.',
  },
];

export interface ThreeActionsSettings {
  luckDie: string;
  advantage: 'reroll' | 'plus-two';
  blockExcessReduced: boolean;
}

/** The fight's settings as the rules read them, each falling back to its default. */
export function threeActionsSettings(s: Readonly<Record<string, SettingValue>>): ThreeActionsSettings {
  return {
    luckDie: `d${typeof s.luckDie === 'number' && s.luckDie >= 2 ? s.luckDie : 20}`,
    advantage: s.advantage === 'plus-two' ? 'plus-two' : 'reroll',
    blockExcessReduced: s.blockExcessReduced === true,
  };
}
