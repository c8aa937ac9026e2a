import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, HEROES, idOf, refuse, run, step, stepWithDice } from '../../test-support';
import { openPrompt } from '../../encounter/prompts';
import type { Command } from '../../core/commands';
import { personOf } from './person';
import { newRanks, ranksEvent } from './testing';

// Recovering a condition (a full action): the difficulty is the band of the highest damage or
// composure condition (fatigue ignored); ranks matching the condition's remove it; fewer, as the
// GM picks, lower its rank, shorten how long it lasts (the recovery table) or give +1D to the next
// recovery check.

const SHEET = [
  { name: 'Recover', kind: 'skill', skill: 'recover', dice: 3, bonus: 0, fixed: 9 },
  { name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 3, bonus: 0, fixed: 9 },
  { name: 'Focus', kind: 'skill', skill: 'focus', dice: 3, bonus: 0, fixed: 9 },
];
const fight = (): Encounter =>
  run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 10 }, rules: { sheet: SHEET } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: 8 } },
    { type: 'start-combat' },
  );
const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const inflict = (e: Encounter, name: string, track: string, ranks: number) => run(e, { type: 'ranks/inflict', combatantId: idOf(e, name), track, ranks } as never);
const use = (e: Encounter, what: string | null): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)!.id, answer: { use: what } });
// Bo with Technical: medicine 4D+2.
const doctor = () => run(fight(), { type: 'ranks/set-sheet', combatantId: idOf(fight(), 'Bo'), sheet: [{ name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 4, bonus: 2, fixed: 12 }] } as never);
function recover(e: Encounter, dice: number[], actor: string, target: string, skill: string, condition = 0) {
  const step = stepWithDice(e, dice, { type: 'ranks/recover', actorId: idOf(e, actor), targetId: idOf(e, target), skill, conditionId: who(e, target).conditions[condition]!.id } as never);
  return { encounter: step.encounter, event: ranksEvent(step.events, 'ranks/recovered') };
}

describe('Skill Ranks: recovering a condition', () => {
  it('removes Stunned with one rank against the rank-1 band\'s difficulty, 5 (her check at −2 for being Stunned)', () => {
    const { event, encounter } = recover(inflict(fight(), 'Ann', 'damage', 1), [3, 3, 2], 'Ann', 'Ann', 'recover');
    expect(event).toMatchObject({ difficulty: 5, total: 6, ranks: 1, effect: 'removed' });
    expect(who(encounter, 'Ann').conditions).toEqual([]);
    // It took her full action.
    expect(refuse(encounter, { type: 'use-action', combatantId: idOf(encounter, 'Ann'), actionId: 'attack' }).code).toBe('action/spent');
  });

  it('reads the difficulty from the highest damage or composure rank, fatigue ignored', () => {
    const e = inflict(inflict(fight(), 'Ann', 'fatigue', 4), 'Ann', 'composure', 2);
    // Disoriented (composure 2) sets it: 10, though Exhausted is rank 4.
    expect(recover(e, [6, 6, 6], 'Ann', 'Ann', 'recover', 0).event).toMatchObject({ difficulty: 10, condition: 'Exhausted' });
  });

  it('short of the rank, asks the GM: +1D to the next recovery check, or 1D rounds for a condition lasting the encounter', () => {
    // Wounded (damage 3, to the end of the encounter): difficulty 15; 6 + 6 + 5 = 17 is one rank, short of three.
    const e = inflict(fight(), 'Ann', 'damage', 3);
    const one = recover(e, [6, 6, 5], 'Ann', 'Ann', 'recover');
    expect(one.event).toMatchObject({ difficulty: 15, ranks: 1, effect: 'short' });
    // "If the recovery check does not create enough ranks to completely remove the condition, it may
    // be able to reduce its severity or duration instead"; rank 1 of the table: "+1D to the next recovery check".
    expect(openPrompt(one.encounter.state)?.choices.map((c) => c.label)).toEqual(['Lower it 1 rank: Hurt (−1D to every check)', "+1D to Ann's next recovery check"]);
    // One rank doesn't shorten it (2 cut "the end of the encounter" to 1D rounds).
    const notYet = refuse(one.encounter, use(one.encounter, 'shorten'));
    expect([notYet.code, notYet.message]).toEqual(['ranks/recovery-use', '1 rank doesn\'t shorten Wounded: 2 ranks cut "the end of the encounter" to 1D rounds, 3 "the end of the scene" to the encounter, 4 "until recovered" to the scene.']);
    const bonus = run(one.encounter, use(one.encounter, 'bonus'));
    expect(personOf(who(bonus, 'Ann')).recoveryDice).toBe(1);
    expect(who(bonus, 'Ann').conditions.map((k) => k.name)).toEqual(['Wounded']);
    // The next recovery check (Bo's turn over, Ann's next round) rolls 4D: 6 + 6 + 6 + 6 = 24, two
    // ranks; 1D rounds rolls 4: four rounds after this one, five round-ends counting this one's.
    const later = run(bonus, { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(later.state.round).toBe(2);
    const two = recover(later, [6, 6, 6, 6], 'Ann', 'Ann', 'recover');
    expect(two.event).toMatchObject({ total: 24, ranks: 2, effect: 'short' });
    expect(personOf(who(two.encounter, 'Ann')).recoveryDice).toBe(0);
    const cut = stepWithDice(two.encounter, [4], use(two.encounter, 'shorten'));
    expect(cut.events[0]).toMatchObject({ type: 'ranks/recovery-used', use: 'shorten', timer: { endsOn: 'round-end', remaining: 5 }, rounds: { total: 4 } });
    expect(who(cut.encounter, 'Ann').conditions[0]?.timer).toEqual({ remaining: 5, endsOn: 'round-end' });
    expect(openPrompt(cut.encounter.state)).toBeNull();
  });

  it('cuts a scene-long condition to the encounter with three ranks, and "until recovered" to the scene with four', () => {
    // Exhausted (fatigue 4, the scene): Ann's own Stamina: recover is a Strength check, 1D down (2D).
    const e = run(inflict(fight(), 'Ann', 'fatigue', 4), { type: 'next-turn' });
    const own = recover(inflict(fight(), 'Ann', 'fatigue', 4), [6, 6], 'Ann', 'Ann', 'recover');
    expect(own.event).toMatchObject({ total: 12, difficulty: 5, ranks: 2, effect: 'short' });
    // Two ranks: no step of the table shortens the scene (that takes 3).
    expect(openPrompt(own.encounter.state)?.choices.map((c) => c.label)).toEqual(['Lower it 2 ranks: Winded (no bonus action)', "+1D to Ann's next recovery check"]);
    // Bo treats it with medicine: 18 against 5 is three ranks.
    const treated = recover(e, [6, 6, 6], 'Bo', 'Ann', 'medicine');
    expect(openPrompt(treated.encounter.state)?.choices.map((c) => c.label)).toContain('Shorten it: to the end of the encounter');
    expect(step(treated.encounter, use(treated.encounter, 'shorten')).events[0]).toMatchObject({ use: 'shorten', timer: { endsOn: 'fight-end', remaining: 1 } });
    // Out of action on fatigue (rank 5, until recovered): 6 + 6 + 6 + 1 + 2 = 21 with Bo's 4D+2, four ranks: to the end of the scene.
    const out = recover(run(inflict(doctor(), 'Ann', 'fatigue', 5), { type: 'next-turn' }), [6, 6, 6, 1], 'Bo', 'Ann', 'medicine');
    expect(out.event).toMatchObject({ total: 21, ranks: 4, effect: 'short' });
    const scene = run(out.encounter, use(out.encounter, 'shorten'));
    expect(who(scene, 'Ann').conditions.map((k) => [k.name, k.timer])).toEqual([['Out of action', { remaining: 1, endsOn: 'scene-end' }]]);
  });

  it('lowers the condition by the ranks made, to that rank\'s condition with its effect and duration', () => {
    // Incapacitated (damage 4, until recovered) sets the difficulty, 20: Bo's medicine 4D+2 makes
    // 6 + 6 + 6 + 6 + 2 = 26, 6 over: two ranks, two short of removing it.
    const e = run(inflict(doctor(), 'Ann', 'damage', 4), { type: 'next-turn' });
    const short = recover(e, [6, 6, 6, 6], 'Bo', 'Ann', 'medicine');
    expect(short.event).toMatchObject({ difficulty: 20, total: 26, ranks: 2, effect: 'short' });
    expect(openPrompt(short.encounter.state)?.message).toBe("Bo's recovery made 2 ranks, short of Ann's Incapacitated (rank 4): lower it, shorten it, or +1D to the next recovery check?");
    const lowered = step(short.encounter, use(short.encounter, 'lower'));
    expect(lowered.events[0]).toMatchObject({ type: 'ranks/recovery-used', use: 'lower', condition: 'Incapacitated', now: 'Hurt' });
    // Hurt: −1D to every check until the end of the round after this one.
    expect(who(lowered.encounter, 'Ann').conditions).toEqual([{ id: expect.any(String), name: 'Hurt', effects: [{ kind: 'check-dice', dice: -1 }], rank: { track: 'damage', value: 2 }, timer: { remaining: 2, endsOn: 'round-end' } }]);
  });

  it('lets the ranks go when the GM calls the question off', () => {
    const short = recover(inflict(fight(), 'Ann', 'damage', 3), [6, 6, 5], 'Ann', 'Ann', 'recover');
    const off = run(short.encounter, { type: 'call-off-prompt', promptId: openPrompt(short.encounter.state)!.id });
    expect(who(off, 'Ann').conditions.map((k) => k.name)).toEqual(['Wounded']);
    expect(personOf(who(off, 'Ann')).recoveryDice).toBe(0);
    expect(openPrompt(off.state)).toBeNull();
  });

  it('fits the skill to whose condition it is and which track', () => {
    const e = inflict(inflict(fight(), 'Bo', 'damage', 1), 'Bo', 'composure', 1);
    expect(refuse(e, { type: 'ranks/recover', actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Bo'), skill: 'recover', conditionId: who(e, 'Bo').conditions[0]!.id }).message).toMatch(/one's own damage or fatigue/);
    expect(refuse(e, { type: 'ranks/recover', actorId: idOf(e, 'Ann'), targetId: idOf(e, 'Bo'), skill: 'medicine', conditionId: who(e, 'Bo').conditions[1]!.id }).message).toMatch(/Discipline: focus/);
    expect(refuse(inflict(fight(), 'Ann', 'damage', 1), { type: 'ranks/recover', actorId: idOf(fight(), 'Ann'), targetId: idOf(fight(), 'Ann'), skill: 'medicine', conditionId: who(inflict(fight(), 'Ann', 'damage', 1), 'Ann').conditions[0]!.id }).message).toMatch(/someone else/);
    // Focus for another's composure is fine.
    expect(recover(e, [6, 6, 6], 'Ann', 'Bo', 'focus', 1).event).toMatchObject({ effect: 'removed', condition: 'Startled' });
  });
});
