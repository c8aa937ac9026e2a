import { describe, expect, it } from 'vitest';
import { rollNotation } from '../dice/roll';
import { createEncounter, dispatch, logEntries, replay, undo, type Command, type Encounter, type EventOf } from '../index';
import type { RandomSource } from '../dice/random';
import { stepWithDice } from '../test-support';
import { testRuleset, withRulesets } from '../testing/test-ruleset';

// Side order as data: every side rolls once as the fight starts (a d8, the players' side adding
// its best DEX), ties roll again, and each side then acts as a block in that order every round.
// A ruleset made here for the test (the coming Sides & Shock declares the same procedure).

function d8(random: RandomSource) {
  const rolled = rollNotation('d8', random);
  if (!rolled.ok) throw new Error(rolled.message);
  return rolled.value;
}

const sideTurns = (winsTies: boolean, rerolls: boolean, joinerRolls: boolean, surprisers: readonly string[] = []) => ({
  kind: 'alternating' as const,
  id: 'side-blocks',
  allowPass: false,
  canAct: (c: { tracks: Record<string, { value: number }> }) => (c.tracks.hp?.value ?? 0) > 0,
  opening: surprisers.length === 0 ? null : {
    phase: 'surprise',
    heading: 'Surprise round',
    mayAct: (c: { factionId: string }) => surprisers.includes(c.factionId),
    waits: (c: { name: string }) => `${c.name} is surprised.`,
    reactionCode: 'turn/surprised',
    reactionRefusal: 'Surprised.',
    started: { gm: 'Surprise round.', players: 'Surprise!' },
  },
  gate: null,
  roundEnd: null,
  goes: 'whole-side' as const,
  sideInitiative: {
    roll: (side: { players: boolean; members: readonly { stats: Record<string, number> }[] }, random: RandomSource) => {
      const die = d8(random);
      const bonus = side.players ? Math.max(...side.members.map((m) => m.stats.dex ?? 0)) : 0;
      return { ...die, notation: `d8${bonus ? `+${bonus}` : ''}`, total: die.total + bonus };
    },
    tiebreak: (_side: unknown, random: RandomSource) => d8(random),
    winsTies: (side: { players: boolean }) => winsTies && side.players,
    rerollsTies: () => rerolls,
    joinerRolls: () => joinerRolls,
  },
});
const sideRulesets = (
  [
    ['side-party', sideTurns(true, true, true)],
    ['side-listed', sideTurns(true, false, false)],
    ['side-surprise', sideTurns(true, true, true, ['f2'])],
  ] as const
).map(([id, turns]) => testRuleset(id, {
  character: {
    stats: [{ key: 'dex', label: 'DEX', min: -3, max: 3, default: 0, hint: '' }],
  },
  turn: {
    order: turns,
  },
}));

const blocks = testRuleset('side-blocks', {
  character: {
    stats: [{ key: 'dex', label: 'DEX', min: -3, max: 3, default: 0, hint: '' }],
  },
  turn: {
    order: {
      kind: 'alternating',
      id: 'side-blocks',
      allowPass: false,
      canAct: (c) => (c.tracks.hp?.value ?? 0) > 0,
      opening: null,
      gate: null,
      roundEnd: null,
      goes: 'whole-side',
      sideInitiative: {
        roll: (side, random) => {
          const die = d8(random);
          const bonus = side.players ? Math.max(...side.members.map((m) => m.stats.dex ?? 0)) : 0;
          return { ...die, notation: `d8${bonus ? `+${bonus}` : ''}`, total: die.total + bonus };
        },
        tiebreak: (_side, random) => d8(random),
      },
    },
  },
});
const RULESETS = withRulesets(...sideRulesets, blocks);

function must(enc: Encounter, command: Command, dice?: number[]): Encounter {
  if (dice) return stepWithDice(enc, dice, command).encounter;
  const result = dispatch(enc, command);
  if (!result.ok) throw new Error(`${command.type}: ${result.message}`);
  return result.encounter;
}

/** Heroes (Ann with DEX 2, Bo) and Bandits (three) ready to fight. */
function ready(rulesetId = 'side-blocks'): Encounter {
  const created = createEncounter({ id: 'e', name: 'Blocks', rulesetId, seed: 4 }, RULESETS);
  if (!created.ok) throw new Error(created.message);
  let enc = created.encounter;
  enc = must(enc, { type: 'add-combatant', name: 'Ann', factionId: 'f1', stats: { dex: 2 } });
  enc = must(enc, { type: 'add-combatant', name: 'Bo', factionId: 'f1' });
  return must(enc, { type: 'add-combatant', name: 'Bandit', factionId: 'f2', quantity: 3 });
}

const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const turn = (enc: Encounter, name: string) => must(must(enc, { type: 'take-turn', combatantId: id(enc, name) }), { type: 'end-turn' });

describe('sides that roll for their place and act as blocks', () => {
  it('orders the sides by their rolls, the players adding their best DEX, and keeps the go with a side until all of it has acted', () => {
    // Heroes roll 3 (+2 = 5), Bandits 7: the Bandits go first.
    let enc = must(ready(), { type: 'start-combat' }, [3, 7]);
    const ordered = enc.events.find((e): e is EventOf<'sides-ordered'> => e.type === 'sides-ordered');
    expect(ordered?.order).toEqual(['f2', 'f1']);
    expect(ordered?.rolls.map((r) => [r.factionId, r.roll.total])).toEqual([['f1', 5], ['f2', 7]]);
    expect(enc.state.turn?.factionId).toBe('f2');
    expect(logEntries(enc).map((e) => e.text)).toContain('The sides roll for their place in the round: Enemies 7, Heroes 5.');
    enc = turn(enc, 'Bandit 2');
    expect(enc.state.turn?.factionId).toBe('f2');
    enc = turn(turn(enc, 'Bandit 1'), 'Bandit 3');
    expect(enc.state.turn?.factionId).toBe('f1');
    expect(dispatch(enc, { type: 'pass' }).ok).toBe(false);
    enc = turn(turn(enc, 'Bo'), 'Ann');
    // Round 2 begins from the top, in the same order, without rolling again.
    expect(enc.state.round).toBe(2);
    expect(enc.state.turn?.factionId).toBe('f2');
    expect(enc.events.filter((e) => e.type === 'sides-ordered')).toHaveLength(1);
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });

  it('rolls tied sides again, keeping every roll, and undo takes the whole start back', () => {
    // Heroes 4 + 2 = 6, Bandits 6: tied; the re-rolls 2 and 5 put the Bandits first.
    const enc = must(ready(), { type: 'start-combat' }, [4, 6, 2, 5]);
    const ordered = enc.events.find((e): e is EventOf<'sides-ordered'> => e.type === 'sides-ordered');
    expect(ordered?.rolls.map((r) => r.tiebreaks.map((t) => t.total))).toEqual([[2], [5]]);
    expect(ordered?.order).toEqual(['f2', 'f1']);
    expect(logEntries(enc).find((e) => e.text.startsWith('The sides roll'))?.dice.map((d) => d.purpose)).toEqual(['side initiative', 'side initiative tie-break', 'side initiative', 'side initiative tie-break']);
    expect(undo(enc).state.status).toBe('setup');
  });

  it('refuses to be told who goes first: the sides roll for it', () => {
    const refused = dispatch(ready(), { type: 'start-combat', initiativeFactionId: 'f1' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toBe('Sides roll for their order in this ruleset; start the fight without naming who goes first.');
  });

  it('lets the party win a tie without rolling again, and says so', () => {
    // Heroes (the party) 4 + 2 = 6, Bandits 6: the party goes first; nobody re-rolls.
    const enc = must(must(ready('side-party'), { type: 'set-player-factions', factionIds: ['f1'] }), { type: 'start-combat' }, [4, 6]);
    const ordered = enc.events.find((e): e is EventOf<'sides-ordered'> => e.type === 'sides-ordered');
    expect(ordered?.order).toEqual(['f1', 'f2']);
    expect(ordered?.rolls.map((r) => [r.wonTie === true, r.tiebreaks.length])).toEqual([[true, 0], [false, 0]]);
    expect(enc.state.turn?.factionId).toBe('f1');
    expect(logEntries(enc).map((e) => e.text)).toContain('The sides roll for their place in the round: Heroes 6 (wins the tie), Enemies 6.');
  });

  it('keeps tied sides in the listed order when the setting says not to roll again', () => {
    // Three sides on 5 (Heroes, the party, 3 + 2): the party wins the tie; the other two stay as listed.
    let enc = ready('side-listed');
    enc = must(enc, { type: 'add-faction', name: 'Wolves', colour: '#7a5c3e' });
    enc = must(enc, { type: 'add-combatant', name: 'Wolf', factionId: enc.state.factions[2]?.id ?? '' });
    enc = must(enc, { type: 'start-combat' }, [3, 5, 5]);
    const ordered = enc.events.find((e): e is EventOf<'sides-ordered'> => e.type === 'sides-ordered');
    expect(ordered?.rolls.every((r) => r.tiebreaks.length === 0)).toBe(true);
    expect(ordered?.rolls.map((r) => r.wonTie === true)).toEqual([true, false, false]);
    expect(ordered?.order).toEqual(['f1', 'f2', enc.state.factions[2]?.id]);
  });

  it('plays the surprise round before anyone rolls for their place', () => {
    let enc = must(ready('side-surprise'), { type: 'start-combat' });
    expect(enc.state.round).toBe(0);
    expect(enc.events.some((e) => e.type === 'sides-ordered')).toBe(false);
    expect(enc.state.turn?.factionId).toBe('f2');
    enc = must(turn(turn(enc, 'Bandit 1'), 'Bandit 2'), { type: 'take-turn', combatantId: id(enc, 'Bandit 3') });
    // Round 1 opens with the roll: Heroes 8 + 2, Bandits 1.
    enc = stepWithDice(enc, [8, 1], { type: 'end-turn' }).encounter;
    expect(enc.state.round).toBe(1);
    const types = enc.events.map((e) => e.type);
    expect(types.indexOf('sides-ordered')).toBeGreaterThan(types.lastIndexOf('turn-ended'));
    expect(enc.state.sideOrder).toEqual(['f1', 'f2']);
  });

  it('has a side that joins the running fight act last that round, then roll once for its place', () => {
    let enc = must(must(ready('side-party'), { type: 'set-player-factions', factionIds: ['f1'] }), { type: 'start-combat' }, [2, 5]);
    expect(enc.state.sideOrder).toEqual(['f2', 'f1']);
    enc = must(enc, { type: 'add-faction', name: 'Wolves', colour: '#7a5c3e' });
    const wolves = enc.state.factions[2]?.id ?? '';
    enc = must(enc, { type: 'add-combatant', name: 'Wolf', factionId: wolves });
    enc = turn(turn(turn(enc, 'Bandit 1'), 'Bandit 2'), 'Bandit 3');
    enc = turn(turn(enc, 'Ann'), 'Bo');
    // The wolves act last in the round they came.
    expect(enc.state.turn?.factionId).toBe(wolves);
    enc = must(enc, { type: 'take-turn', combatantId: id(enc, 'Wolf') });
    // Round 2: the wolves roll 5, tying the Bandits, who were there first.
    enc = stepWithDice(enc, [5], { type: 'end-turn' }).encounter;
    expect(enc.state.round).toBe(2);
    expect(enc.state.sideOrder).toEqual(['f2', wolves, 'f1']);
    expect(enc.events.filter((e) => e.type === 'sides-ordered')).toHaveLength(2);
    expect(logEntries(enc).map((e) => e.text)).toContain('Wolves join the order with 5: Enemies, Wolves, Heroes.');
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });
});
