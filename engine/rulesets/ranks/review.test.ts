import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import type { AttackedEvent } from './attack-event';
import { personOf } from './person';
import { addR, newRanks } from './testing';

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
    expect(step.events.find((x) => x.type === 'ranks/attacked') as unknown as AttackedEvent).toMatchObject({ total: 10, resistance: { kind: 'defending', value: 13 }, success: false });
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
    expect(openPrompt(run(e, { type: 'ranks/move', combatantId: idOf(e, 'Orc'), how: 'half' } as never).state)).not.toBeNull();
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
