import { describe, expect, it } from 'vitest';
import { dispatch, logEntries, replay, spentOf, undo, type Command, type Encounter, BUILTIN_RULESETS } from '../index';
import { refuse, run } from '../test-support';
import { fullAndBonus, orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';

// Budgets in a fight run in a fixed order, shaped like Skill Ranks: each round a character has one
// full action and one bonus action, on their turn or off it (an engaged opponent responds out of
// order, spending this round's full or bonus action), and both come back as the next round begins.
// A ruleset made here for the test; the order is fixed by speed.

const perRound = testRuleset('per-round', {
  character: {
    stats: [{ key: 'speed', label: 'Speed', min: 0, max: 20, default: 5, hint: '' }],
  },
  turn: {
    order: orderedBy('speed'),
    economy: fullAndBonus((budget) => (spentOf(budget, 'full') > 0 ? 'the full action is spent' : 'the bonus action is spent')),
    actions: [
      { id: 'strike', name: 'Strike', cost: 'Full action', provokes: null, summary: '', spends: 'full' },
      { id: 'shove', name: 'Shove', cost: 'Bonus action', provokes: null, summary: '', spends: 'bonus' },
      { id: 'respond', name: 'Respond', cost: "This round's full or bonus action", provokes: null, summary: '', spends: ['full', 'bonus'] },
    ],
  },
});
const RULESETS = withRulesets(perRound);
;

/** Ann (speed 9) acts before Orc (speed 3); it is Ann's turn in round 1. */
function fight(): Encounter {
  return run(
    testEncounter('per-round', 'Per round', 1, RULESETS),
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', stats: { speed: 9 } },
    { type: 'add-combatant', name: 'Orc', factionId: 'f2', stats: { speed: 3 } },
    { type: 'start-combat' },
  );
}

const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const use = (enc: Encounter, who: string, actionId: string, spends?: string): Command => ({ type: 'use-action', combatantId: id(enc, who), actionId, ...(spends ? { spends } : {}) });
const acting = (enc: Encounter) => enc.state.combatants.find((c) => c.id === enc.state.activeId)?.name;

describe('a turn budget in a fixed order', () => {
  it('spends the acting character’s actions on their turn, and refuses what is spent', () => {
    let enc = fight();
    expect(acting(enc)).toBe('Ann');
    enc = run(enc, use(enc, 'Ann', 'strike'));
    expect(refuse(enc, use(enc, 'Ann', 'strike'))).toMatchObject({ code: 'action/spent', message: "Ann can't strike now: no full action left (the full action is spent)." });
    enc = run(enc, use(enc, 'Ann', 'shove'));
    expect(spentOf(enc.state.turn?.budget ?? { moved: false }, 'bonus')).toBe(1);
    expect(logEntries(enc).at(-1)?.text).toMatch(/^Ann: shove/);
  });

  it('lets someone respond out of turn with this round’s full or bonus action, which their own turn then lacks', () => {
    let enc = fight();
    enc = run(enc, use(enc, 'Orc', 'respond', 'bonus'));
    expect(enc.state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({ bonus: 1 });
    expect(logEntries(enc).at(-1)?.text).toBe('Orc, out of turn: respond.');
    enc = run(enc, use(enc, 'Orc', 'respond'));
    expect(refuse(enc, use(enc, 'Orc', 'respond')).message).toBe('Orc has no full action or bonus action left for Respond.');
    enc = run(enc, { type: 'next-turn' });
    expect(acting(enc)).toBe('Orc');
    // Orc's turn starts with both spent this round.
    expect(refuse(enc, use(enc, 'Orc', 'strike')).code).toBe('action/spent');
    expect(refuse(enc, use(enc, 'Orc', 'shove')).code).toBe('action/spent');
  });

  it('gives every action back as the next round begins, and keeps it all through undo and replay', () => {
    let enc = fight();
    enc = run(enc, use(enc, 'Orc', 'respond'), { type: 'next-turn' }, { type: 'next-turn' });
    expect(enc.state.round).toBe(2);
    expect(acting(enc)).toBe('Ann');
    expect(enc.state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({});
    enc = run(enc, use(enc, 'Orc', 'respond'), { type: 'next-turn' });
    expect(acting(enc)).toBe('Orc');
    expect(dispatch(enc, use(enc, 'Orc', 'shove')).ok).toBe(true);
    expect(undo(enc).state.activeId).toBe(id(enc, 'Ann'));
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });

  it('keeps what was spent this round when the GM steps back to an earlier turn', () => {
    let enc = fight();
    enc = run(enc, use(enc, 'Ann', 'strike'), { type: 'next-turn' }, { type: 'previous-turn' });
    expect(acting(enc)).toBe('Ann');
    expect(refuse(enc, use(enc, 'Ann', 'strike')).code).toBe('action/spent');
    expect(dispatch(enc, use(enc, 'Ann', 'shove')).ok).toBe(true);
  });

  it('is not kept for rulesets that count no actions', () => {
    const enc = run(testEncounter('freeform', 'Freeform', 1, RULESETS), { type: 'add-combatant', name: 'Ann', factionId: 'f1' }, { type: 'start-combat' }, { type: 'next-turn' });
    expect(enc.state.turn).toBeNull();
    expect(refuse(enc, use(enc, 'Ann', 'strike')).code).toBe('action/unknown');
  });
});
