import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { isFailure } from '../../core/checks';
import { planTest, type TestCommand, type TestedEvent } from './test-command';
import { GREATSWORD, SWORD, SWORDS, addT, firstEvent, newTwoDice } from './testing';

// "Sneaking is always at disadvantage" (medium armour); "Sneaking is not possible" (heavy).
// "Untrained unarmed evasion when facing a weapon that is being wielded proficiently is a
// Difficult test made at disadvantage. You can remove these penalties by taking the Unarmed
// Fighter trait."

/** Ann acts first against an orc carrying these weapons with these proficiencies. */
function fight(ann: Parameters<typeof addT>[1], weapons: object[] = [], proficiencies: object[] = []): Encounter {
  return stepWithDice(run(newTwoDice(), addT('Ann', ann), addT('Orc', { factionId: ENEMIES, kit: { weapons, proficiencies } })), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
}

const orcWith = (weapons: object[], proficiencies: object[]) => ({ weapons, proficiencies });

/** The orc (acting first) attacks Ann with the first weapon they carry (a miss), and the turn passes to her. */
function attackedBy(orc: { weapons: object[]; proficiencies: object[] }, ann: Parameters<typeof addT>[1]): Encounter {
  const e = stepWithDice(run(newTwoDice(), addT('Ann', ann), addT('Orc', { factionId: ENEMIES, kit: orc })), [1, 1, 6, 6], { type: 'start-combat' }).encounter;
  const weapons = (e.state.combatants.find((c) => c.name === 'Orc')?.rules as { weapons: { id: string }[] }).weapons;
  // A miss: 2d6, or 3d6 keeping the lower two without proficiency.
  const swung = stepWithDice(e, orc.proficiencies.length > 0 ? [1, 2] : [1, 2, 1], { type: 'two-dice/attack', attackerId: idOf(e, 'Orc'), targetId: idOf(e, 'Ann'), weaponId: weapons[0]?.id ?? null }).encounter;
  return run(swung, { type: 'next-turn' });
}

function test(e: Encounter, dice: number[], fields: Omit<TestCommand, 'type' | 'combatantId'>): TestedEvent {
  const cmd: TestCommand = { type: 'two-dice/test', combatantId: idOf(e, 'Ann'), ...fields };
  return firstEvent(stepWithDice(e, dice, cmd).events, 'two-dice/tested');
}

describe('2d6 & Vigilant tests', () => {
  // The evasion faces the last attack on Ann (the Orc's sword, wielded proficiently), or the
  // attacker the GM names; the GM no longer ticks "unarmed" and "against a skilled weapon".
  it('reads an unarmed, untrained evasion of the last attack, made with a weapon wielded proficiently, as a Difficult test at disadvantage', () => {
    const e = attackedBy(orcWith([SWORD], [SWORDS]), {});
    const plan = planTest(e.state, { combatantId: idOf(e, 'Ann'), test: 'evade' });
    expect(isFailure(plan) ? null : plan.facing).toMatchObject({ attacker: 'Orc', weapon: 'Sword', skill: 'proficient', from: 'last-attack' });
    const evaded = test(e, [6, 5, 4], { test: 'evade' });
    expect(evaded.difficulty).toBe(10);
    expect(evaded.edge).toBe('disadvantage');
    expect(evaded.roll.total).toBe(9);
    expect(evaded.success).toBe(false);
    expect(evaded.reasons).toEqual(["Difficult, at disadvantage: Ann evades unarmed and untrained Orc's Sword, wielded proficiently"]);
  });

  it('lifts that for an Unarmed Fighter, for an evader with a weapon, and for a weapon wielded without proficiency', () => {
    expect(test(attackedBy(orcWith([SWORD], [SWORDS]), { traits: ['unarmedFighter'] }), [4, 4], { test: 'evade' })).toMatchObject({ difficulty: 8, edge: 'normal', success: true });
    expect(test(attackedBy(orcWith([SWORD], [SWORDS]), { kit: { weapons: [GREATSWORD] } }), [4, 4], { test: 'evade' })).toMatchObject({ difficulty: 8, edge: 'normal' });
    expect(test(attackedBy(orcWith([SWORD], []), {}), [4, 4], { test: 'evade' })).toMatchObject({ difficulty: 8, edge: 'normal' });
    // Nobody has attacked her yet: nothing to face.
    expect(test(fight({}), [4, 4], { test: 'evade' })).toMatchObject({ difficulty: 8, edge: 'normal' });
  });

  it('reads the weapon of an attacker the GM names from their kit, and asks which when they carry two', () => {
    const e = fight({}, [SWORD], [SWORDS]);
    expect(test(e, [6, 5, 4], { test: 'evade', againstId: idOf(e, 'Orc') })).toMatchObject({ difficulty: 10, edge: 'disadvantage' });
    // Naming nobody sets the last attack aside.
    const after = attackedBy(orcWith([SWORD], [SWORDS]), {});
    expect(test(after, [4, 4], { test: 'evade', againstId: null })).toMatchObject({ difficulty: 8, edge: 'normal' });
    const two = fight({}, [SWORD, GREATSWORD], [SWORDS]);
    const which = refuse(two, { type: 'two-dice/test', combatantId: idOf(two, 'Ann'), test: 'evade', againstId: idOf(two, 'Orc') });
    expect(which).toMatchObject({ code: 'two-dice/which-weapon', message: 'Orc carries Sword and Greatsword: say which one is being evaded.' });
    const greatswordId = (two.state.combatants.find((c) => c.name === 'Orc')?.rules as { weapons: { id: string; name: string }[] }).weapons[1]!.id;
    expect(test(two, [4, 4], { test: 'evade', againstId: idOf(two, 'Orc'), againstWeaponId: greatswordId })).toMatchObject({ difficulty: 8, edge: 'normal' });
    expect(refuse(two, { type: 'two-dice/test', combatantId: idOf(two, 'Ann'), test: 'evade', againstId: idOf(two, 'Ann') }).code).toBe('two-dice/self');
  });

  it('sneaks at disadvantage in medium armour and not at all in heavy', () => {
    expect(test(fight({ kit: { armour: 'medium' } }), [6, 6, 1], { test: 'sneak' }).edge).toBe('disadvantage');
    const heavy = fight({ traits: ['armorTraining', 'strong'], kit: { armour: 'heavy' } });
    expect(refuse(heavy, { type: 'two-dice/test', combatantId: idOf(heavy, 'Ann'), test: 'sneak' }).code).toBe('two-dice/no-sneaking');
  });

  it('puts evading in medium armour at disadvantage without Armor Training, as the setting names', () => {
    expect(test(fight({ kit: { armour: 'medium' } }), [6, 6, 1], { test: 'evade' }).edge).toBe('disadvantage');
    expect(test(fight({ kit: { armour: 'medium' }, traits: ['armorTraining'] }), [6, 6], { test: 'evade' }).edge).toBe('normal');
    const attacksOnly = run(fight({ kit: { armour: 'medium' } }), { type: 'set-setting', key: 'mediumArmourTests', value: 'attacks' });
    expect(test(attacksOnly, [6, 6], { test: 'evade' }).edge).toBe('normal');
  });

  it('holds one of attack, evade or extricate a turn', () => {
    const e = fight({});
    const evaded = stepWithDice(e, [4, 4], { type: 'two-dice/test', combatantId: idOf(e, 'Ann'), test: 'evade' }).encounter;
    expect(refuse(evaded, { type: 'two-dice/test', combatantId: idOf(e, 'Ann'), test: 'extricate' }).code).toBe('two-dice/turn-used');
    expect(refuse(evaded, { type: 'two-dice/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc') }).message).toContain('already evaded');
  });
});
