import { describe, expect, it } from 'vitest';
import { dispatch } from '../encounter/encounter';
import { markedOut, trackStatus } from '../core/health';
import { orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';
import { logEntries } from './entries';

// The log tells what a blow leaves as the ruleset keeps health: with endurance before health,
// the tracks the blow changed, not the first track alone.

const ownRuleset = testRuleset('endurance-first', {
  character: {
    tracks: [
        { key: 'endurance', label: 'Endurance', shortLabel: 'END', min: 0, max: 20, default: 4 },
        { key: 'health', label: 'Health', shortLabel: 'HP', min: 1, max: 20, default: 8 },
      ],
  },
  turn: {
    order: orderedBy('speed'),
  },
  health: {
    damage: (c, amount) => {
        const end = c.tracks.endurance ?? { value: 0, max: 0 };
        const hp = c.tracks.health ?? { value: 0, max: 0 };
        const soaked = Math.min(end.value, amount);
        return { endurance: { ...end, value: end.value - soaked }, health: { ...hp, value: Math.max(0, hp.value - (amount - soaked)) } };
      },
    heal: (c, amount) => {
        const end = c.tracks.endurance ?? { value: 0, max: 0 };
        return { ...c.tracks, endurance: { ...end, value: Math.min(end.max, end.value + amount) } };
      },
    status: (c) => markedOut(c) ?? trackStatus(c, 'health', 'HP'),
  },
});;
const RULESETS = withRulesets(ownRuleset);

describe('health left, as the ruleset keeps it', () => {
  it('names the tracks a blow changed, and every track when it changed none', () => {
    let enc = dispatch(testEncounter('endurance-first', 'Pit', 1, RULESETS), { type: 'add-combatant', name: 'Ox', factionId: 'f1' }).encounter;
    const ox = enc.state.combatants[0]?.id ?? '';
    for (const amount of [3, 3, 5]) enc = dispatch(enc, { type: 'damage', combatantId: ox, amount }).encounter;
    enc = dispatch(enc, { type: 'heal', combatantId: ox, amount: 2 }).encounter;
    const lines = logEntries(enc).map((e) => e.text).filter((t) => t.startsWith('Ox takes') || t.startsWith('Ox heals'));
    expect(lines).toEqual([
      'Ox takes 3 damage (1 endurance left).',
      'Ox takes 3 damage (0 endurance, 6 health left).',
      'Ox takes 5 damage (1 health left).',
      'Ox heals 2 (2 endurance left).',
    ]);
  });
});
