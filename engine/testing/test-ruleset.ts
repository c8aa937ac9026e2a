import type { Ruleset } from '../rulesets/ruleset';
import { markedOut, trackStatus } from '../rulesets/health';
import { withTrackValue } from '../rulesets/tracks';

/**
 * A ruleset for a test that needs one of its own: the parts the test is about (its turn
 * procedure, economy, actions…), and for the rest a hit-point track, no stats or settings and no
 * end-of-round steps. Register it with `registerRuleset` in the test.
 */
export function testRuleset(id: string, parts: Pick<Ruleset, 'turns'> & Partial<Ruleset>): Ruleset {
  return {
    id,
    name: id,
    summary: `A ruleset made for a test (${id}).`,
    stats: [],
    tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 5 }],
    settings: [],
    actions: [],
    references: [],
    applyDamage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
    applyHealing: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
    status: (c) => markedOut(c) ?? trackStatus(c, 'hp', 'HP'),
    endOfRound: () => [],
    ...parts,
  };
}
