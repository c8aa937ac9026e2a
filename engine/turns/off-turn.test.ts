import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, logEntries, replay, spentOf, undo, type Command, type Encounter, BUILTIN_RULESETS } from '../index';
import { run } from '../test-support';
import { testRuleset, withRulesets } from '../testing/test-ruleset';

// Budgets that outlive a turn: a reaction spent out of turn comes back at the character's own
// turn; a response spends this round's main action, on their turn or off it, and every main
// action comes back as a round begins. A ruleset made here for the test.

const outOfTurn = testRuleset('out-of-turn', {
  turn: {
    order: { kind: 'alternating', id: 'teams', allowPass: false, canAct: (c) => (c.tracks.hp?.value ?? 0) > 0, opening: null, gate: null, roundEnd: null },
    economy: {
      slots: [
        { id: 'action', perTurn: 3, label: 'action' },
        { id: 'reaction', perTurn: 1, label: 'reaction', offTurn: true },
        { id: 'main', perTurn: 1, label: 'main action', refresh: 'round', offTurn: true },
      ],
      trades: [],
      costs: { one: { action: 1 }, react: { reaction: 1 }, main: { main: 1 } },
      left: () => 'whatever is left',
    },
    actions: [
      { id: 'strike', name: 'Strike', cost: 'One action', provokes: null, summary: '', spends: 'one' },
      { id: 'parry', name: 'Parry', cost: 'Reaction', provokes: null, summary: '', spends: 'react' },
      { id: 'respond', name: 'Respond', cost: "This round's main action", provokes: null, summary: '', spends: 'main' },
    ],
  },
});
const RULESETS = withRulesets(outOfTurn);
;


function fight(): Encounter {
  const created = createEncounter({ id: 'e', name: 'Out of turn', rulesetId: 'out-of-turn', seed: 1 }, RULESETS);
  if (!created.ok) throw new Error(created.message);
  return run(created.encounter, { type: 'add-combatant', name: 'Ann', factionId: 'f1' }, { type: 'add-combatant', name: 'Orc', factionId: 'f2' }, { type: 'start-combat', initiativeFactionId: 'f1' });
}

const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const use = (enc: Encounter, who: string, actionId: string): Command => ({ type: 'use-action', combatantId: id(enc, who), actionId });
const take = (enc: Encounter, who: string): Command => ({ type: 'take-turn', combatantId: id(enc, who) });

describe('spending out of turn', () => {
  it("lets a character react once out of turn, until their own turn gives it back", () => {
    let enc = run(fight());
    enc = run(enc, take(enc, 'Ann'), use(enc, 'Orc', 'parry'));
    expect(enc.state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({ reaction: 1 });
    const again = dispatch(enc, use(enc, 'Orc', 'parry'));
    expect(again.ok ? '' : again.message).toBe('Orc has no reaction left for Parry.');
    expect(logEntries(enc).at(-1)?.text).toBe('Orc, out of turn: parry.');
    // Out of turn only off-turn slots: a strike needs Orc's own turn.
    const strike = dispatch(enc, use(enc, 'Orc', 'strike'));
    expect(strike.ok ? '' : strike.code).toBe('turn/not-acting');
    enc = run(enc, { type: 'end-turn' }, take(enc, 'Orc'), { type: 'end-turn' });
    // Orc's own turn gave the reaction back.
    enc = run(enc, take(enc, 'Ann'), use(enc, 'Orc', 'parry'));
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });

  it("spends this round's main action whether on the character's turn or off it, and gives it back as the round begins", () => {
    let enc = run(fight());
    enc = run(enc, take(enc, 'Ann'), use(enc, 'Orc', 'respond'), { type: 'end-turn' }, take(enc, 'Orc'));
    // Orc's turn starts with this round's main action already spent.
    expect(spentOf(enc.state.turn?.budget ?? { moved: false }, 'main')).toBe(1);
    expect(dispatch(enc, use(enc, 'Orc', 'respond')).ok).toBe(false);
    expect(dispatch(enc, use(enc, 'Orc', 'strike')).ok).toBe(true);
    enc = run(enc, { type: 'end-turn' });
    expect(enc.state.round).toBe(2);
    enc = run(enc, take(enc, 'Ann'), use(enc, 'Orc', 'respond'));
    expect(dispatch(enc, use(enc, 'Orc', 'respond')).ok).toBe(false);
    expect(undo(enc).state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({});
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });
});

describe('reactions that spend a turn', () => {
  it('are refused where the procedure has none: the reaction slot answers out of turn instead', () => {
    let enc = run(fight(), take(fight(), 'Ann'));
    const refused = dispatch(enc, { type: 'react', combatantId: id(enc, 'Orc'), what: 'a parry' });
    expect(refused).toMatchObject({ ok: false, code: 'turn/no-reactions' });
    expect(refused.encounter).toBe(enc);
    enc = run(enc, use(enc, 'Orc', 'parry'));
    expect(enc.state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({ reaction: 1 });
  });
});
