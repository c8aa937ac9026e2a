import type { SettingDefinition } from '../ruleset';

// What the Three Actions text leaves to the GM, as settings with defaults.

export const THREE_ACTIONS_SETTINGS: SettingDefinition[] = [
  {
    key: 'surprise',
    label: 'Surprise round',
    kind: 'boolean',
    default: false,
    hint: 'The team that started the fight caught the others unawares: it acts alone in a first round, with anyone who can\'t be surprised.',
  },
];
