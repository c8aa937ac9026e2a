import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, logEntries, registerRuleset, replay, spentOf, undo, type Command, type Encounter, type Ruleset } from '../index';
import { markedOut, trackStatus } from '../rulesets/health';
import { withTrackValue } from '../rulesets/tracks';

// Budgets that outlive a turn: a reaction spent out of turn comes back at the character's own
// turn; a response spends this round's main action, on their turn or off it, and every main
// action comes back as a round begins. A ruleset made here for the test.

const outOfTurn: Ruleset = {
  id: 'out-of-turn',
  name: 'Out of turn',
  summary: 'A test ruleset: three actions a turn, a reaction, and a main action a round.',
  stats: [],
  tracks: [{ key: 'hp', label: 'Hit points', shortLabel: 'HP', min: 1, max: 99, default: 5 }],
  settings: [],
  turns: { kind: 'alternating', id: 'teams', allowPass: false, canAct: (c) => (c.tracks.hp?.value ?? 0) > 0, opening: null, gate: null, roundEnd: null },
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
  references: [],
  applyDamage: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value - amount),
  applyHealing: (c, amount) => withTrackValue(c, 'hp', (hp) => hp.value + amount),
  status: (c) => markedOut(c) ?? trackStatus(c, 'hp', 'HP'),
  endOfRound: () => [],
};
registerRuleset(outOfTurn);

function must(enc: Encounter, ...commands: Command[]): Encounter {
  return commands.reduce((e, command) => {
    const result = dispatch(e, command);
    if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
    return result.encounter;
  }, enc);
}

function fight(): Encounter {
  const created = createEncounter({ id: 'e', name: 'Out of turn', rulesetId: 'out-of-turn', seed: 1 });
  if (!created.ok) throw new Error(created.message);
  return must(created.encounter, { type: 'add-combatant', name: 'Ann', factionId: 'f1' }, { type: 'add-combatant', name: 'Orc', factionId: 'f2' }, { type: 'start-combat', initiativeFactionId: 'f1' });
}

const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const use = (enc: Encounter, who: string, actionId: string): Command => ({ type: 'use-action', combatantId: id(enc, who), actionId });
const take = (enc: Encounter, who: string): Command => ({ type: 'take-turn', combatantId: id(enc, who) });

describe('spending out of turn', () => {
  it("lets a character react once out of turn, until their own turn gives it back", () => {
    let enc = must(fight());
    enc = must(enc, take(enc, 'Ann'), use(enc, 'Orc', 'parry'));
    expect(enc.state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({ reaction: 1 });
    const again = dispatch(enc, use(enc, 'Orc', 'parry'));
    expect(again.ok ? '' : again.message).toBe('Orc has no reaction left for Parry.');
    expect(logEntries(enc).at(-1)?.text).toBe('Orc, out of turn: parry.');
    // Out of turn only off-turn slots: a strike needs Orc's own turn.
    const strike = dispatch(enc, use(enc, 'Orc', 'strike'));
    expect(strike.ok ? '' : strike.code).toBe('turn/not-acting');
    enc = must(enc, { type: 'end-turn' }, take(enc, 'Orc'), { type: 'end-turn' });
    // Orc's own turn gave the reaction back.
    enc = must(enc, take(enc, 'Ann'), use(enc, 'Orc', 'parry'));
    expect(replay(enc.events)).toEqual(enc.state);
  });

  it("spends this round's main action whether on the character's turn or off it, and gives it back as the round begins", () => {
    let enc = must(fight());
    enc = must(enc, take(enc, 'Ann'), use(enc, 'Orc', 'respond'), { type: 'end-turn' }, take(enc, 'Orc'));
    // Orc's turn starts with this round's main action already spent.
    expect(spentOf(enc.state.turn?.budget ?? { moved: false }, 'main')).toBe(1);
    expect(dispatch(enc, use(enc, 'Orc', 'respond')).ok).toBe(false);
    expect(dispatch(enc, use(enc, 'Orc', 'strike')).ok).toBe(true);
    enc = must(enc, { type: 'end-turn' });
    expect(enc.state.round).toBe(2);
    enc = must(enc, take(enc, 'Ann'), use(enc, 'Orc', 'respond'));
    expect(dispatch(enc, use(enc, 'Orc', 'respond')).ok).toBe(false);
    expect(undo(enc).state.turn?.spentBy?.[id(enc, 'Orc')]).toEqual({});
    expect(replay(enc.events)).toEqual(enc.state);
  });
});
