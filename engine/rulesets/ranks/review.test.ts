import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { addR, newRanks, ranksEvent } from './testing';

// What a review of Skill Ranks' first parts found, each as a test: the defensive check on an attack
// that only meets the fixed value, a fight started again starting clean, setup's own rules for the
// order, moves and answers out of turn only by the rules, and each timed condition's last moment.

const SHEET = [
  { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 1, fixed: 11 },
  { name: 'Deflect', kind: 'skill', skill: 'deflect', dice: 3, bonus: 0, fixed: 10 },
  { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
];
const armed = (name: string, awareness: number, factionId = HEROES) => ({ type: 'add-combatant' as const, name, factionId, stats: { awareness, strength: 10 }, rules: { sheet: SHEET } });
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const names = (e: Encounter, name: string) => who(e, name).conditions.map((k) => k.name);
const order = (e: Encounter) => e.state.order.map((id) => e.state.combatants.find((c) => c.id === id)?.name);
const acting = (e: Encounter) => e.state.combatants.find((c) => c.id === e.state.activeId)?.name;
const next = (e: Encounter, times = 1) => run(e, ...Array.from({ length: times }, () => ({ type: 'next-turn' as const })));
const inflict = (e: Encounter, name: string, track: string, ranks: number) => run(e, { type: 'ranks/inflict', combatantId: idOf(e, name), track, ranks } as never);
/** Ann (12) before the orc (8), both armed, in round 1. */
const fight = () => run(newRanks(), armed('Ann', 12), armed('Orc', 8, ENEMIES), { type: 'start-combat' });

describe('Skill Ranks: what the review found', () => {
  it('rolls the defensive check against an attack that only meets the fixed value, as it would succeed', () => {
    let e = run(newRanks(), armed('Ann', 8), armed('Orc', 12, ENEMIES), { type: 'start-combat' });
    e = next(run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'defend' }));
    const sword = personOf(who(e, 'Ann')).sheet.find((x) => x.kind === 'weapon')!.id;
    // 3 + 3 + 3 + 1 = 10 against the fixed 10: the orc rolls 1 + 1 + 1, + 10 = 13.
    const step = stepWithDice(e, [3, 3, 3, 1, 1, 1], { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: sword } as never);
    expect(ranksEvent(step.events, 'ranks/attacked')).toMatchObject({ total: 10, resistance: { kind: 'defending', value: 13 }, success: false });
  });

  it('starts a fight begun again clean: no call for rolled awareness, no advantage for a round to come, nothing held ready', () => {
    let e = run(fight(), { type: 'ranks/call-initiative', rolled: true, rounds: null } as never);
    e = stepWithDice(e, [6, 6, 6], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), skill: 'awareness' } as never).encounter;
    expect(personOf(who(e, 'Ann')).initiativeBonus).toEqual({ round: 2, amount: 8 });
    e = next(e);
    e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Orc'), action: 'defend', trigger: 'Ann swings' } as never);
    expect(names(e, 'Orc')).toEqual(['Readied']);
    e = run(e, { type: 'end-combat' });
    expect(names(e, 'Orc')).toEqual([]);
    expect(personOf(who(e, 'Ann')).initiativeBonus).toBeNull();
    expect(personOf(who(e, 'Orc')).readied).toBeNull();
    // Round 2 of the new fight is read from fixed values (nothing rolled), with no +8.
    e = run(e, { type: 'start-combat' }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(e.state.round).toBe(2);
    expect(order(e)).toEqual(['Ann', 'Orc']);
    expect(who(e, 'Ann').initiative).toBe(12);
  });

  it('sends the GM to the rules for a chaotic first round, and counts a call in the fight from the next', () => {
    const setup = run(newRanks(), addR('Ann', 12), addR('Orc', 8, { factionId: ENEMIES }));
    expect(refuse(setup, { type: 'ranks/call-initiative', rolled: true, rounds: 1 }).message).toMatch(/Roll awareness for initiative/);
  });

  it('puts a character Startled before the fight 2 back in round 1, and not in round 2', () => {
    let e = run(newRanks(), addR('Ann', 12), addR('Bo', 11), addR('Orc', 8, { factionId: ENEMIES }));
    e = run(inflict(e, 'Ann', 'composure', 1), { type: 'start-combat' });
    expect(order(e)).toEqual(['Bo', 'Ann', 'Orc']);
    expect(order(next(e, 3))).toEqual(['Ann', 'Bo', 'Orc']);
  });

  it('ends Hurt put on before the fight at the end of round 1, its next round', () => {
    let e = run(inflict(run(newRanks(), addR('Ann', 12), addR('Orc', 8, { factionId: ENEMIES })), 'Orc', 'damage', 2), { type: 'start-combat' });
    expect(names(next(e), 'Orc')).toEqual(['Hurt']);
    e = next(e, 2);
    expect([e.state.round, names(e, 'Orc')]).toEqual([2, []]);
  });

  it('puts the players\' characters first in a tie from round 1 when so set', () => {
    const e = run(newRanks({ initiativeTie: 'players' }), addR('Orc', 10, { factionId: ENEMIES, awarenessDice: 4 }), addR('Ann', 10), { type: 'start-combat' });
    expect(order(e)).toEqual(['Ann', 'Orc']);
    expect(acting(e)).toBe('Ann');
  });

  it('sends a bare move past someone holding an attack ready to the Move buttons, and refuses a distance that is no number', () => {
    let e = fight();
    e = run(e, { type: 'ranks/ready', combatantId: idOf(e, 'Ann'), action: 'attack', weaponId: null, trigger: 'the orc comes near' } as never, { type: 'next-turn' });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'move-half' }).code).toBe('ranks/readied-first');
    expect(openPrompt(run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never).state, run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never).ruleset)).not.toBeNull();
    for (const distance of ['40', -30, Number.NaN]) expect(refuse(e, { type: 'ranks/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Ann'), weaponId: null, distance }).code).toBe('ranks/distance');
  });

  it('keeps awareness on the sheet\'s own fields: a skill entry for it is refused', () => {
    const e = newRanks();
    expect(refuse(e, { type: 'add-combatant', name: 'Ann', factionId: HEROES, rules: { sheet: [{ name: 'Eyes', kind: 'skill', skill: 'awareness' }] } }).message).toMatch(/^Skill must be one of/);
  });
});

describe('Skill Ranks: each timed condition\'s last moment', () => {
  it('ends Breathless at the end of the orc\'s next turn, put on outside it', () => {
    let e = inflict(fight(), 'Orc', 'fatigue', 1);
    e = next(e);
    expect([acting(e), names(e, 'Orc')]).toEqual(['Orc', ['Breathless']]);
    expect(names(next(e), 'Orc')).toEqual([]);
  });

  it('ends Hurt put on during the orc\'s own turn at the end of the next round', () => {
    let e = inflict(next(fight()), 'Orc', 'damage', 2);
    e = next(e, 2);
    expect([e.state.round, acting(e), names(e, 'Orc')]).toEqual([2, 'Orc', ['Hurt']]);
    expect(names(next(e), 'Orc')).toEqual([]);
  });

  it('ends Winded and Disoriented at the end of the next round, the bonus action free again', () => {
    let e = inflict(inflict(fight(), 'Orc', 'fatigue', 2), 'Ann', 'composure', 2);
    e = next(e, 3);
    expect([e.state.round, names(e, 'Orc'), names(e, 'Ann')]).toEqual([2, ['Winded'], ['Disoriented']]);
    e = next(e);
    expect([e.state.round, names(e, 'Orc'), names(e, 'Ann')]).toEqual([3, [], []]);
    e = next(e);
    expect(acting(e)).toBe('Orc');
    run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'interact' });
  });

  it('ends Startled as the round it was put on ends, its −2 spent on the next round\'s order', () => {
    let e = run(newRanks(), addR('Ann', 12), addR('Bo', 11), addR('Orc', 8, { factionId: ENEMIES }), { type: 'start-combat' });
    e = inflict(e, 'Ann', 'composure', 1);
    e = next(e, 3);
    expect([e.state.round, order(e), names(e, 'Ann')]).toEqual([2, ['Bo', 'Ann', 'Orc'], []]);
  });
});

describe('Skill Ranks: what the second review found', () => {
  const SPRINTER = [{ name: 'Sprint', kind: 'skill', skill: 'sprint', dice: 3, bonus: 0, fixed: 12 }];
  const runner = () => run(newRanks(), { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SPRINTER } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 }, rules: { sheet: SHEET } }, { type: 'start-combat' });

  it('asks no movement check at or below the fixed value: nothing rolled, nothing tiring', () => {
    const step = stepWithDice(runner(), [], { type: 'ranks/check', combatantId: idOf(runner(), 'Ann'), skill: 'sprint', difficulty: 12, movement: true } as never);
    expect(step.events.find((x) => x.type === 'ranks/checked')).toMatchObject({ rolls: [], total: 12, success: true });
    expect(names(step.encounter, 'Ann')).toEqual([]);
  });

  it('lets nobody unengaged recover or move out of turn, and waits for an open question before a check', () => {
    const e = inflict(runner(), 'Orc', 'damage', 1);
    expect(refuse(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'full' }).code).toBe('ranks/not-engaged');
    expect(refuse(e, { type: 'ranks/recover', actorId: idOf(e, 'Orc'), targetId: idOf(e, 'Orc'), skill: 'recover', conditionId: who(e, 'Orc').conditions[0]!.id }).code).toBe('ranks/not-engaged');
    const asking = run(fight(), { type: 'ranks/ready', combatantId: idOf(fight(), 'Ann'), action: 'attack', weaponId: null, trigger: 'the orc moves' } as never, { type: 'next-turn' });
    const waiting = run(asking, { type: 'ranks/move', combatantId: idOf(asking, 'Orc'), how: 'half' } as never);
    expect(refuse(waiting, { type: 'ranks/check', combatantId: idOf(waiting, 'Ann'), skill: 'sprint', difficulty: 5 }).code).toBe('ranks/trigger-first');
  });

  it('takes away at the fight\'s end what advantages bought, whom they had as their focus and a recovery check\'s +1D', () => {
    let e = run(fight(), { type: 'ranks/set-focus', combatantId: idOf(fight(), 'Ann'), focusId: idOf(fight(), 'Orc') } as never);
    // Untrained memory, 1D: a 6 against 0 is two ranks.
    e = stepWithDice(e, [6], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), skill: 'memory', difficulty: 0 } as never).encounter;
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { buy: 'bonus-action' } });
    expect(names(e, 'Ann')).toEqual(['Advantage: One more bonus action, this round']);
    e = run(e, { type: 'end-combat' });
    expect(names(e, 'Ann')).toEqual([]);
    expect(personOf(who(e, 'Ann')).focus).toBeNull();
  });

  it('asks each holding an attack ready before the move, one after the other, and leaves out the surrendered', () => {
    let e = run(newRanks(), armed('Ann', 12), armed('Bo', 11), armed('Cy', 10), armed('Orc', 8, ENEMIES), { type: 'start-combat' });
    for (const name of ['Ann', 'Bo', 'Cy']) e = run(e, { type: 'ranks/ready', combatantId: idOf(e, name), action: 'attack', weaponId: null, trigger: 'the orc moves' } as never, { type: 'next-turn' });
    e = run(e, { type: 'set-mark', combatantId: idOf(e, 'Cy'), mark: 'surrendered', on: true });
    e = run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never);
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toEqual(['Ann strikes first', 'Bo strikes first', "It doesn't: the move goes on"]);
    // Ann strikes (bare hands, 1D against the orc's deflect 10: a miss); then Bo is asked.
    e = stepWithDice(e, [1], { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { readierId: idOf(e, 'Ann') } }).encounter;
    expect(openPrompt(e.state, e.ruleset)?.choices.map((c) => c.label)).toEqual(['Bo strikes first', "It doesn't: the move goes on"]);
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { readierId: null } });
    expect(openPrompt(e.state, e.ruleset)).toBeNull();
  });

  it('gives the +1D of a recovery short of its goal to the treated character\'s next recovery, and refuses advantages at allies or for the fallen', () => {
    const sheet = [{ name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 3, bonus: 0, fixed: 9 }, { name: 'Recover', kind: 'skill', skill: 'recover', dice: 3, bonus: 0, fixed: 9 }];
    let e = run(newRanks(), { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet } }, { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 }, rules: { sheet } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } }, { type: 'start-combat' });
    e = inflict(e, 'Bo', 'damage', 3);
    // Ann treats Bo's Wounded: 6 + 6 + 5 = 17 against 15, one rank short of three.
    e = stepWithDice(e, [6, 6, 5], { type: 'ranks/recover', actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Bo'), skill: 'medicine', conditionId: who(e, 'Bo').conditions[0]!.id } as never).encounter;
    // Short of the rank the GM picks what the ranks do; rank 1 of the table: "+1D to the next recovery check".
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { use: 'bonus' } });
    expect([personOf(who(e, 'Bo')).recoveryDice, personOf(who(e, 'Ann')).recoveryDice]).toEqual([1, 0]);
    expect(refuse(e, { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), skill: 'misdirection', targetId: idOf(e, 'Bo') }).code).toBe('ranks/advantage-target');
    expect(refuse(e, { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), skill: 'memory', difficulty: 5, skillFor: 'juggling' }).code).toBe('ranks/advantage-skill');
    expect(refuse(e, { type: 'ranks/interact', actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Bo'), kind: 'taunt' }).code).toBe('ranks/target');
  });
});

describe('Skill Ranks: an advantage for a single check', () => {
  it('is used up by the first check rolled with it', () => {
    const SKILLED = [{ name: 'Sprint', kind: 'skill', skill: 'sprint', dice: 3, bonus: 0, fixed: 9 }];
    let e = run(newRanks(), { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SKILLED } }, { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } }, { type: 'start-combat' });
    e = stepWithDice(e, [6], { type: 'ranks/gain-advantage', combatantId: idOf(e, 'Ann'), skill: 'memory', difficulty: 0 } as never).encounter;
    e = run(e, { type: 'answer-prompt', promptId: openPrompt(e.state, e.ruleset)!.id, answer: { buy: 'plus-two' } });
    const first = stepWithDice(e, [1, 1, 1], { type: 'ranks/check', combatantId: idOf(e, 'Ann'), skill: 'sprint', difficulty: 5, spend: 'full' } as never);
    expect(first.events.find((x) => x.type === 'ranks/checked')).toMatchObject({ total: 5 });
    const second = stepWithDice(first.encounter, [1, 1, 1], { type: 'ranks/check', combatantId: idOf(e, 'Ann'), skill: 'sprint', difficulty: 5, required: true } as never);
    expect(second.events.find((x) => x.type === 'ranks/checked')).toMatchObject({ total: 3 });
  });
});
