import { describe, expect, it } from 'vitest';
import {
  blockedSlots,
  checkEffects,
  dispatch,
  durationFor,
  effectWords,
  findRuleset,
  logEntries,
  replay,
  spentOf,
  statOf,
  undo,
  type Command,
  type Encounter,
  BUILTIN_RULESETS,
} from '../index';
import { refuse, run } from '../test-support';
import { fullAndBonus, orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';

// Conditions that do something, shaped like Skill Ranks' condition tracks: "Stunned" (damage 1)
// gives −2 to all checks until the end of the character's next turn, "Winded" (fatigue 2) forbids
// the bonus action until the end of the next round, "Tired" lowers fixed values by 2 until the
// encounter ends, "Exhausted" takes a die from Strength checks until the end of the scene, and
// going on the defensive lasts until the character's next full action. A ruleset made here.

const tracks = testRuleset('tracked', {
  character: {
    stats: [
      { key: 'awareness', label: 'Awareness', min: 0, max: 20, default: 5, hint: '' },
      { key: 'str', label: 'Strength', min: 0, max: 20, default: 5, hint: '' },
    ],
    conditionTracks: [
      { id: 'damage', label: 'Damage', max: 5 },
      { id: 'fatigue', label: 'Fatigue', max: 5 },
    ],
    conditionCatalogue: [{ id: 'stunned', name: 'Stunned', effects: [{ kind: 'check', amount: -2 }], duration: { rounds: 1, endsOn: 'turn-end' }, rank: { track: 'damage', value: 1 } }],
  },
  turn: {
    order: orderedBy('awareness'),
    economy: fullAndBonus(() => 'nothing of that left'),
    actions: [
      { id: 'attack', name: 'Attack', cost: 'Full action', provokes: null, summary: '', spends: 'full' },
      { id: 'interact', name: 'Interact', cost: 'Bonus action', provokes: null, summary: '', spends: 'bonus' },
    ],
  },
});
const RULESETS = withRulesets(tracks);
;

/** Ann (awareness 9) acts before Orc (awareness 3); it is Ann's turn in round 1. */
function fight(): Encounter {
  return run(
    testEncounter('tracked', 'Tracks', 1, RULESETS),
    { type: 'add-combatant', name: 'Ann', factionId: 'f1', stats: { awareness: 9, str: 6 } },
    { type: 'add-combatant', name: 'Orc', factionId: 'f2', stats: { awareness: 3, str: 8 } },
    { type: 'start-combat' },
  );
}
const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';
const who = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name) ?? enc.state.combatants[0]!;
const put = (enc: Encounter, on: string, name: string, extra: Partial<Extract<Command, { type: 'add-condition' }>> = {}): Command => ({ type: 'add-condition', combatantId: id(enc, on), name, ...extra });
const use = (enc: Encounter, name: string, actionId: string): Command => ({ type: 'use-action', combatantId: id(enc, name), actionId });

describe('conditions with effects', () => {
  it('change checks: bonuses and dice add up, advantage and disadvantage cancel out, a stat named narrows it', () => {
    let enc = fight();
    enc = run(
      enc,
      put(enc, 'Orc', 'Stunned', { effects: [{ kind: 'check', amount: -2 }], rank: { track: 'damage', value: 1 } }),
      put(enc, 'Orc', 'Exhausted', { effects: [{ kind: 'check-dice', dice: -1, on: 'str' }] }),
      put(enc, 'Orc', 'Breathless', { effects: [{ kind: 'edge', edge: 'disadvantage' }] }),
    );
    expect(checkEffects(who(enc, 'Orc'))).toEqual({ modifier: -2, dice: 0, edge: 'disadvantage', from: ['Stunned', 'Breathless'] });
    expect(checkEffects(who(enc, 'Orc'), 'str')).toEqual({ modifier: -2, dice: -1, edge: 'disadvantage', from: ['Stunned', 'Exhausted', 'Breathless'] });
    enc = run(enc, put(enc, 'Orc', 'Inspired', { effects: [{ kind: 'edge', edge: 'advantage' }] }));
    expect(checkEffects(who(enc, 'Orc')).edge).toBeNull();
    expect(who(enc, 'Orc').conditions[0]).toMatchObject({ name: 'Stunned', rank: { track: 'damage', value: 1 } });
    expect(effectWords(tracks, [{ kind: 'check', amount: -2 }, { kind: 'check-dice', dice: -1, on: 'str' }, { kind: 'no-slot', slot: 'bonus' }])).toBe(
      '−2 to checks, −1D to Strength checks, no bonus action',
    );
  });

  it('lower fixed values, one stat or all of them, and only while they last', () => {
    let enc = fight();
    enc = run(enc, put(enc, 'Orc', 'Tired', { effects: [{ kind: 'stat', amount: -2 }], duration: { endsOn: 'fight-end' } }), put(enc, 'Orc', 'Weak arm', { effects: [{ kind: 'stat', amount: -1, stat: 'str' }] }));
    expect(statOf(who(enc, 'Orc'), 'str')).toBe(5);
    expect(statOf(who(enc, 'Orc'), 'awareness')).toBe(1);
    // The stat itself is untouched: the condition is applied where the stat is read.
    expect(who(enc, 'Orc').stats.str).toBe(8);
    enc = run(enc, { type: 'end-combat' });
    expect(statOf(who(enc, 'Orc'), 'str')).toBe(7);
  });

  it('forbid an action slot on the turn and off it, saying which condition does', () => {
    let enc = fight();
    enc = run(enc, put(enc, 'Ann', 'Winded', { effects: [{ kind: 'no-slot', slot: 'bonus' }], duration: { rounds: 1, endsOn: 'round-end' } }));
    expect(blockedSlots(who(enc, 'Ann'))).toEqual(new Map([['bonus', 'Winded']]));
    expect(refuse(enc, use(enc, 'Ann', 'interact'))).toMatchObject({ code: 'action/forbidden', message: "Ann can't use a bonus action while Winded." });
    expect(dispatch(enc, use(enc, 'Ann', 'attack')).ok).toBe(true);
    enc = run(enc, put(enc, 'Orc', 'Winded', { effects: [{ kind: 'no-slot', slot: 'bonus' }] }));
    expect(refuse(enc, use(enc, 'Orc', 'interact')).message).toBe("Orc can't use a bonus action while Winded.");
    // The round's end takes Ann's Winded away: her bonus action is hers again in round 2.
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' });
    expect(enc.state.round).toBe(2);
    expect(dispatch(enc, use(enc, 'Ann', 'interact')).ok).toBe(true);
  });

  it('give more of a slot: a second bonus action while Hasted', () => {
    let enc = fight();
    enc = run(enc, put(enc, 'Ann', 'Hasted', { effects: [{ kind: 'more-slot', slot: 'bonus', amount: 1 }] }), use(enc, 'Ann', 'interact'));
    expect(dispatch(enc, use(enc, 'Ann', 'interact')).ok).toBe(true);
    expect(refuse(run(enc, use(enc, 'Ann', 'interact')), use(enc, 'Ann', 'interact')).code).toBe('action/spent');
    expect(effectWords(tracks, [{ kind: 'more-slot', slot: 'bonus', amount: 1 }])).toBe('1 more bonus action');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'more-slot', slot: 'bonus', amount: -1 }] })).message).toBe('More of a slot is a whole number from 1 to 5; to take one away, forbid it.');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'more-slot', slot: 'reaction', amount: 1 }] })).message).toBe('A condition can give more of one of: full, bonus.');
  });

  it('refuse effects, ranks and endings the ruleset does not have, saying what it has', () => {
    const enc = fight();
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'stat', amount: -2, stat: 'luck' }] })).message).toBe('tracked has no stat "luck"; its stats are: awareness, str.');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'no-slot', slot: 'reaction' }] })).message).toBe('A condition can forbid one of: full, bonus.');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'check', amount: 0 }] })).code).toBe('input/effect');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'check', amount: 99 }] })).message).toBe('A bonus or penalty to checks must be a whole number from −20 to 20, not 0.');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { effects: [{ kind: 'glow' }] as never })).code).toBe('input/effect');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { rank: { track: 'composure', value: 1 } })).message).toBe("A rank is on one of tracked's condition tracks: damage, fatigue.");
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { rank: { track: 'damage', value: 6 } })).code).toBe('input/range');
    expect(refuse(enc, put(enc, 'Orc', 'Odd', { duration: { endsOn: 'next-action', anchorId: id(enc, 'Orc'), slot: 'reaction' } })).message).toBe('A condition can last until the next full action or bonus action.');
  });
});

describe('richer condition timers', () => {
  it('end at the character’s next action of that kind, and not before', () => {
    let enc = fight();
    enc = run(enc, put(enc, 'Ann', 'Defending', { duration: { endsOn: 'next-action', anchorId: id(enc, 'Ann'), slot: 'full' } }));
    expect(logEntries(enc).at(-1)?.text).toBe("Ann is now Defending (until Ann's next full action).");
    enc = run(enc, use(enc, 'Ann', 'interact'));
    expect(who(enc, 'Ann').conditions.map((k) => k.name)).toEqual(['Defending']);
    enc = run(enc, { type: 'next-turn' }, { type: 'next-turn' }, use(enc, 'Ann', 'attack'));
    expect(who(enc, 'Ann').conditions).toEqual([]);
    expect(logEntries(enc).at(-1)?.text).toBe('Ann: attack. Ann is no longer Defending.');
    expect(who(undo(enc), 'Ann').conditions.map((k) => k.name)).toEqual(['Defending']);
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });

  it('outlive the fight when they last until the end of the scene', () => {
    let enc = fight();
    enc = run(enc, put(enc, 'Orc', 'Exhausted', { duration: { endsOn: 'scene-end' } }), put(enc, 'Orc', 'Tired', { duration: { endsOn: 'fight-end' } }));
    expect(logEntries(enc).at(-2)?.text).toBe('Orc is now Exhausted (until the scene ends).');
    enc = run(enc, { type: 'end-combat' });
    expect(who(enc, 'Orc').conditions.map((k) => k.name)).toEqual(['Exhausted']);
    expect(logEntries(enc).at(-1)?.text).toBe('The fight is over. Orc is no longer Tired.');
  });

  it('come from the ruleset’s catalogue anchored on whoever gets them', () => {
    const stunned = tracks.character.conditionCatalogue?.[0];
    if (!stunned?.duration) throw new Error('the catalogue names Stunned with a duration');
    let enc = fight();
    enc = run(enc, put(enc, 'Orc', stunned.name, { effects: [...stunned.effects], duration: durationFor(stunned.duration, id(enc, 'Orc')), ...(stunned.rank ? { rank: stunned.rank } : {}) }));
    expect(who(enc, 'Orc').conditions[0]).toMatchObject({ name: 'Stunned', timer: { endsOn: 'turn-end', anchorId: id(enc, 'Orc'), remaining: 1 }, rank: { track: 'damage', value: 1 } });
    // Until the end of Orc's next turn: gone once Orc's turn ends.
    enc = run(enc, { type: 'next-turn' });
    expect(spentOf(enc.state.turn?.budget ?? { moved: false }, 'full')).toBe(0);
    enc = run(enc, { type: 'next-turn' });
    expect(who(enc, 'Orc').conditions).toEqual([]);
  });
});
