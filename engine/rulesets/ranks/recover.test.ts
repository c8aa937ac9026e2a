import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import type { RecoveredEvent } from './recover';
import { newRanks } from './testing';

// Recovering a condition (a full action): the difficulty is the band of the highest damage or
// composure condition (fatigue ignored); ranks matching the condition's remove it; fewer may
// shorten how long it lasts (the recovery table) or give +1D to the next recovery check.

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
function recover(e: Encounter, dice: number[], actor: string, target: string, skill: string, condition = 0) {
  const step = stepWithDice(e, dice, { type: 'ranks/recover', actorId: idOf(e, actor), targetId: idOf(e, target), skill, conditionId: who(e, target).conditions[condition]!.id } as never);
  return { encounter: step.encounter, event: step.events.find((x) => x.type === 'ranks/recovered') as unknown as RecoveredEvent };
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

  it('cuts a condition lasting the encounter down to 1D rounds with two ranks short of its three', () => {
    // Wounded (damage 3, to the end of the encounter): difficulty 15; 6 + 6 + 5 = 17 is... one rank; 25 would be two.
    const e = inflict(fight(), 'Ann', 'damage', 3);
    const one = recover(e, [6, 6, 5], 'Ann', 'Ann', 'recover');
    expect(one.event).toMatchObject({ difficulty: 15, ranks: 1, effect: 'bonus' });
    expect(personOf(who(one.encounter, 'Ann')).recoveryDice).toBe(1);
    // The next recovery check (Bo's turn over, Ann's next round) rolls 4D: 6 + 6 + 6 + 6 = 24, two
    // ranks; 1D rounds rolls 4: four rounds after this one, five round-ends counting this one's.
    let later = run(one.encounter, { type: 'next-turn' }, { type: 'next-turn' }, { type: 'next-turn' });
    expect(later.state.round).toBe(2);
    const two = recover(later, [6, 6, 6, 6, 4], 'Ann', 'Ann', 'recover');
    expect(two.event).toMatchObject({ total: 24, ranks: 2, effect: 'shortened', timer: { endsOn: 'round-end', remaining: 5 } });
    expect(personOf(who(two.encounter, 'Ann')).recoveryDice).toBe(0);
    later = two.encounter;
    expect(who(later, 'Ann').conditions[0]?.timer).toEqual({ remaining: 5, endsOn: 'round-end' });
  });

  it('cuts a scene-long condition to the encounter with three ranks, and "until recovered" to the scene with four', () => {
    // Exhausted (fatigue 4, the scene): Ann's own Stamina: recover is a Strength check, 1D down (2D).
    const e = run(inflict(fight(), 'Ann', 'fatigue', 4), { type: 'next-turn' });
    expect(recover(inflict(fight(), 'Ann', 'fatigue', 4), [6, 6], 'Ann', 'Ann', 'recover').event).toMatchObject({ total: 12, difficulty: 5, ranks: 2, effect: 'bonus' });
    // Bo treats it with medicine: 18 against 5 is three ranks.
    expect(recover(e, [6, 6, 6], 'Bo', 'Ann', 'medicine').event).toMatchObject({ ranks: 3, effect: 'shortened', timer: { endsOn: 'fight-end', remaining: 1 } });
    // Out of action on fatigue (rank 5, until recovered): 6 + 6 + 6 + 1 + 2 = 21 with Bo's 4D+2, four ranks: to the end of the scene.
    const doctor = run(fight(), { type: 'ranks/set-sheet', combatantId: idOf(fight(), 'Bo'), sheet: [{ name: 'Medicine', kind: 'skill', skill: 'medicine', dice: 4, bonus: 2, fixed: 12 }] } as never);
    const out = recover(run(inflict(doctor, 'Ann', 'fatigue', 5), { type: 'next-turn' }), [6, 6, 6, 1], 'Bo', 'Ann', 'medicine');
    expect(out.event).toMatchObject({ total: 21, ranks: 4, effect: 'shortened', timer: { endsOn: 'scene-end' } });
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
