import { rollD20 } from '../../dice/checks';
import type { Combatant } from '../../core/state';
import { individualInitiative } from '../../turns/individual';
import { PASS_OVER_DEFINITION } from '../../turns/pass-over';
import type { Ruleset } from '../../core/ruleset';
import { markedOut, trackStatus } from '../../core/health';
import { withTrackValue } from '../../core/tracks';

function initMod(c: Combatant): number {
  return c.stats.initMod ?? 0;
}

/**
 * Freeform: the generic ruleset for any game. Individual initiative by d20 + modifier (ties go to
 * the higher modifier, then both re-roll a d20), one hit-point track, conditions as free text.
 */
export const freeform: Ruleset = {
  id: 'freeform',
  name: 'Freeform',
  summary: 'Any game: d20 + modifier initiative, hit points, conditions as free text.',
  settings: [PASS_OVER_DEFINITION],
  references: [
    {
      title: 'Dice notation',
      columns: ['Type', 'Rolls'],
      rows: [
        ['d20', 'one twenty-sided die'],
        ['2d6+1', 'two six-sided dice, plus one'],
        ['4d6kh3', 'four d6, keep the highest three'],
        ['2d20kl1', 'two d20, keep the lower (disadvantage)'],
        ['d8+d6-2', 'sums and differences of dice and numbers'],
      ],
    },
  ],
  character: {
    stats: [
      { key: 'initMod', label: 'Initiative modifier', min: -10, max: 20, default: 0, hint: 'Added to the d20 when initiative is rolled.' },
      { key: 'ac', label: 'Armour class', min: 0, max: 40, default: 10, hint: 'For reference; Freeform does not roll attacks.' },
    ],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 9999, default: 10 }],
  },
  turn: {
    order: individualInitiative({
      score: (c, random) => {
        const roll = rollD20(random, 'normal', initMod(c));
        return { roll, total: roll.total };
      },
      breakTie: (a, b) => initMod(b) - initMod(a),
      tiebreak: (_c, random) => rollD20(random),
    }),
    actions: [
      { id: 'action', name: 'Action', cost: 'Your main action', provokes: null, summary: 'Attack, cast, help, use something: whatever the game calls an action.' },
      { id: 'move', name: 'Move', cost: 'Your movement', provokes: null, summary: 'Move up to your speed, split around the action if the game allows.' },
      { id: 'reaction', name: 'Reaction', cost: 'Out of turn', provokes: null, summary: 'Respond to a trigger on someone else’s turn.' },
      { id: 'other', name: 'Something else', cost: 'GM decides', provokes: null, summary: 'Describe it; the GM rules on what it costs.' },
    ],
    endOfRound: () => [],
  },
  health: {
    damage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
    heal: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
    status: (c) => markedOut(c) ?? trackStatus(c, 'hp', 'HP'),
  },
  space: {
    // The GM may lay out zones, a drawn zone map or a square grid for any game; on the grid,
    // diagonals cost one square and how far someone walks is the GM's call.
    kinds: ['zones', 'grid'],
  },
};
