import { individualInitiative, markedOut, rollD20, trackStatus, withTrackValue, type Ruleset } from '../index';

/**
 * The least a ruleset declares: who its characters are (a speed, hit points), who acts when
 * (highest speed first), and how damage and healing land. Every optional group is left out: no
 * space, no state or commands of its own, no extra log kinds, nothing more for the players.
 */
export const minimal: Ruleset = {
  id: 'minimal',
  name: 'Minimal',
  summary: 'Highest speed acts first; hit points; down at 0.',
  settings: [],
  references: [],
  character: {
    stats: [{ key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: 'Higher acts first.' }],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 6 }],
  },
  turn: {
    order: individualInitiative({
      score: (c) => ({ roll: null, total: c.stats.speed ?? 0 }),
      breakTie: (a, b) => a.name.localeCompare(b.name),
      tiebreak: (_c, random) => rollD20(random),
    }),
    actions: [],
    endOfRound: () => [],
  },
  health: {
    damage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
    heal: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
    status: (c) => markedOut(c) ?? trackStatus(c, 'hp', 'HP'),
  },
};
