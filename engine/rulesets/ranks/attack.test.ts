import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { ANN_SHEET, newRanks, ORC_SHEET, ranksEvent } from './testing';

// "To make an attack, a character rolls their skill dice against their opponent's resistance …
// the fixed value of the opponent's defending skill" unless they went on the defensive; "the first
// rank created is always used to make a damage roll … each additional rank adds 1D"; "the damage
// roll is resisted by a character's Strength ability, modified by armor".

/** Ann (awareness 12) and Bo (11) against the orc (awareness 8, or 14 to act first; Strength 10, armour 2). */
function fight(orcFirst = false): Encounter {
  return run(
    newRanks(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { awareness: 12 }, rules: { sheet: ANN_SHEET } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { awareness: 11 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { awareness: orcFirst ? 14 : 8, strength: 10, armour: 2 }, rules: { sheet: ORC_SHEET } },
    { type: 'start-combat' },
  );
}

const who = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)!;
const weapon = (e: Encounter, name: string) => personOf(who(e, name)).sheet.find((x) => x.kind === 'weapon')?.id ?? null;
function attack(e: Encounter, dice: number[], from = 'Ann', at = 'Orc', extra: Record<string, unknown> = {}) {
  const step = stepWithDice(e, dice, { type: 'ranks/attack', attackerId: idOf(e, from), targetId: idOf(e, at), weaponId: weapon(e, from), ...extra } as never);
  return { encounter: step.encounter, event: ranksEvent(step.events, 'ranks/attacked') };
}
const conditionsOf = (e: Encounter, name: string) => who(e, name).conditions.map((k) => k.name);

describe('Skill Ranks: an attack', () => {
  it('hits the orc\'s fixed deflect with 18 against 10: two ranks, a 5D damage roll of 20 against Strength and armour 12, Hurt', () => {
    const { event, encounter } = attack(fight(), [6, 6, 5, 4, 4, 4, 4, 4]);
    expect(event).toMatchObject({ total: 18, resistance: { kind: 'fixed', skill: 'deflect', value: 10 }, success: true, points: 8, ranks: 2 });
    expect(event.damage).toMatchObject({ dice: 5, total: 20, resist: 12, ranks: 2 });
    expect(conditionsOf(encounter, 'Orc')).toEqual(['Hurt']);
    expect(logEntries(encounter).map((l) => l.text)).toContain("Ann's Longsword hits Orc (18 against Melee: deflect 10, 2 ranks): damage 20 on 5D against Strength and armour 12, 2 ranks of damage.");
    // The attack takes her full action for the round, and engages the two.
    expect(refuse(encounter, { type: 'use-action', combatantId: idOf(encounter, 'Ann'), actionId: 'recover' }).code).toBe('action/spent');
    expect(personOf(who(encounter, 'Ann')).focus).toBe(idOf(encounter, 'Orc'));
  });

  it('misses below the fixed value, and reaches it without a rank when it only meets it', () => {
    expect(attack(fight(), [1, 1, 1]).event).toMatchObject({ total: 4, success: false, damage: null });
    const met = attack(fight(), [3, 3, 3]);
    expect(met.event).toMatchObject({ total: 10, success: true, ranks: 0, damage: null });
    expect(conditionsOf(met.encounter, 'Orc')).toEqual([]);
  });

  it('does no damage when the damage roll doesn\'t beat Strength and armour', () => {
    const { event, encounter } = attack(fight(), [6, 6, 2, 1, 1, 1, 1]);
    expect(event).toMatchObject({ total: 15, ranks: 1, damage: { dice: 4, total: 4, ranks: 0 } });
    expect(conditionsOf(encounter, 'Orc')).toEqual([]);
  });

  it('must be within the weapon\'s reach: a martial weapon from 5 to 10 ft, unless the GM rules otherwise', () => {
    const e = fight();
    expect(refuse(e, { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weapon(e, 'Ann'), distance: 15 })).toMatchObject({ code: 'ranks/reach', overridable: true, message: "Orc is out of reach of Ann's Longsword (15 ft; it reaches 10 ft)." });
    expect(refuse(e, { type: 'ranks/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weapon(e, 'Ann'), distance: 0 }).message).toBe("Orc is too close for Ann's Longsword (0 ft; it needs at least 5 ft).");
    // Ruled at 0 ft: the orc's axe has no room to deflect ("the defensive weapon must be distant
    // enough"), and bare hands block only fists and close weapons: nothing of its meets the sword,
    // and the average of one die stands (the fight's setting; the text has no bare-handed fallback).
    const ruled = attack(e, [1, 1, 1, 1, 1, 1, 1], 'Ann', 'Orc', { distance: 0, gmRuling: true }).event;
    expect(ruled).toMatchObject({ resistance: { skill: null, value: 3, undefended: true }, success: true, ruling: true });
    expect(attack(e, [1, 1, 1], 'Ann', 'Orc', { distance: 10 }).event.resistance.skill).toBe('deflect');
  });

  it('meets a defender on the defensive with their check + 10 when it is better, rolled only when the attack beats their fixed value', () => {
    let e = fight(true);
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'defend' }, { type: 'next-turn' });
    expect(conditionsOf(e, 'Orc')).toEqual(['Defending']);
    // 18 beats the fixed 10: the orc rolls 9, + 10 = 19, and Ann misses.
    const beaten = attack(e, [6, 6, 5, 3, 3, 3]).event;
    expect(beaten).toMatchObject({ total: 18, resistance: { kind: 'defending', value: 19 }, success: false });
    // 8 doesn't beat 10: nothing more is rolled.
    expect(attack(e, [2, 3, 2]).event).toMatchObject({ total: 8, resistance: { kind: 'fixed', value: 10 }, success: false });
  });

  it('lets an engaged opponent answer out of turn with its full action, which its own turn then lacks', () => {
    let e = attack(fight(), [1, 1, 1]).encounter;
    // Ann has the orc as her focus: the orc may respond during her turn.
    e = attack(e, [6, 6], 'Orc', 'Ann').encounter;
    expect(logEntries(e).map((l) => l.text)).toContain('Orc, out of turn: attack (at Ann).');
    e = run(e, { type: 'next-turn' }, { type: 'next-turn' });
    expect(refuse(e, { type: 'ranks/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Ann'), weaponId: weapon(e, 'Orc') }).code).toBe('action/spent');
    // Bo isn't engaged with the orc: on the orc's turn he can't attack it.
    expect(refuse(e, { type: 'ranks/attack', attackerId: idOf(e, 'Bo'), targetId: idOf(e, 'Orc'), weaponId: null })).toMatchObject({ code: 'ranks/not-engaged', overridable: true });
  });

  it('rolls 1D for a skill the attacker never trained, bare-handed', () => {
    const e = run(fight(), { type: 'next-turn' });
    const { event } = attack(e, [6, 1], 'Bo', 'Orc', { weaponId: null });
    // Against the orc's untrained block: the average of one die, 3.
    expect(event).toMatchObject({ weapon: 'Bare hands', skill: 'strike', total: 6, resistance: { skill: 'block', value: 3 }, ranks: 1, damage: { dice: 1 } });
  });
});
