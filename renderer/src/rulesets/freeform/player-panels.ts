/**
 * Freeform's part of the screens: the name of its one phase of its own, the surprise round that
 * opens a fight when the GM turns it on. Freeform adds no panel, so the GM's registry and the
 * players' both take this. Registered by one line in `rulesets/registry.ts` and `player-registry.ts`.
 */
import type { PlayerPanels } from '../player-panels';

export const freeformPanels = {
  id: 'freeform',
  phases: {
    surprise: { bar: 'Surprise', players: 'Surprise!', opening: true },
  },
} satisfies PlayerPanels;
