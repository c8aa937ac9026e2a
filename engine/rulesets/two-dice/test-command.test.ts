import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import type { TestedEvent } from './test-command';
import { addT, newTwoDice } from './testing';

// "Sneaking is always at disadvantage" (medium armour); "Sneaking is not possible" (heavy).
// "Untrained unarmed evasion when facing a weapon that is being wielded proficiently is a
// Difficult test made at disadvantage. You can remove these penalties by taking the Unarmed
// Fighter trait."

function fight(ann: Parameters<typeof addT>[1]): Encounter {
  return stepWithDice(run(newTwoDice(), addT('Ann', ann), addT('Orc', { factionId: ENEMIES })), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
}

function test(e: Encounter, dice: number[], fields: Record<string, unknown>): TestedEvent {
  return stepWithDice(e, dice, { type: 'two-dice/test', combatantId: idOf(e, 'Ann'), ...fields } as never).events[0] as unknown as TestedEvent;
}

describe('2d6 & Vigilant tests', () => {
  it('makes untrained unarmed evasion against a skilled weapon a Difficult test at disadvantage', () => {
    const e = test(fight({}), [6, 5, 4], { test: 'evade', unarmed: true, againstSkilled: true });
    expect(e.difficulty).toBe(10);
    expect(e.edge).toBe('disadvantage');
    expect(e.roll.total).toBe(9);
    expect(e.success).toBe(false);
    expect(e.reasons[0]).toContain('Difficult');
  });

  it('lifts that for an Unarmed Fighter, and for an unskilled weapon', () => {
    const fighter = test(fight({ traits: ['unarmedFighter'] }), [4, 4], { test: 'evade', unarmed: true, againstSkilled: true });
    expect(fighter).toMatchObject({ difficulty: 8, edge: 'normal', success: true });
    const unskilled = test(fight({}), [4, 4], { test: 'evade', unarmed: true, againstSkilled: false });
    expect(unskilled).toMatchObject({ difficulty: 8, edge: 'normal' });
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
