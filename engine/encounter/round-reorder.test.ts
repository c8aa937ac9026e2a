import { describe, expect, it } from 'vitest';
import { run } from '../test-support';
import { orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';

// A ruleset that reads initiative again as each round ends (Skill Ranks sorts by awareness every
// round) sorts the order in its end-of-round events: the next round opens with the new order's
// first, not with whoever stood first before. Here the order is simply turned round each round.

const ownRuleset = testRuleset('reorder-each-round', {
  character: {
    stats: [{ key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: '' }],
  },
  turn: {
    order: orderedBy('speed'),
    endOfRound: (state) => [{ type: 'order-set', order: [...state.order].reverse(), initiative: null }],
  },
});;
const RULESETS = withRulesets(ownRuleset);

const acting = (e: ReturnType<typeof testEncounter>) => e.state.combatants.find((c) => c.id === e.state.activeId)?.name;

describe('an order sorted anew as a round ends', () => {
  it('opens the next round with the first of the new order, and walks it', () => {
    let e = run(
      testEncounter('reorder-each-round', 'Each round', 1, RULESETS),
      { type: 'add-combatant', name: 'Ann', factionId: 'f1', stats: { speed: 9 } },
      { type: 'add-combatant', name: 'Bo', factionId: 'f1', stats: { speed: 5 } },
      { type: 'add-combatant', name: 'Orc', factionId: 'f2', stats: { speed: 1 } },
      { type: 'start-combat' },
    );
    expect(acting(e)).toBe('Ann');
    e = run(e, { type: 'next-turn' }, { type: 'next-turn' });
    expect(acting(e)).toBe('Orc');
    e = run(e, { type: 'next-turn' });
    // Round 2 in the turned order: Orc, Bo, Ann.
    expect(e.state.round).toBe(2);
    expect(acting(e)).toBe('Orc');
    e = run(e, { type: 'next-turn' });
    expect(acting(e)).toBe('Bo');
    e = run(e, { type: 'next-turn' }, { type: 'next-turn' });
    expect(e.state.round).toBe(3);
    expect(acting(e)).toBe('Ann');
  });
});
