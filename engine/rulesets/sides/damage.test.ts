import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import { combatantNamed, ENEMIES, idOf, run, stepWithDice } from '../../test-support';
import { UNARMED } from './gear';
import { addS, newSides, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// "If you are making a purely unarmed attack add your Brawl to the damage." Dual wielding: "On a
// hit, the weapon does +2 damage so long as the target is within range of both wielded weapons.
// This bonus does not add to Shock."

const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const land = (e: Encounter, dice: number[] = []): Encounter => stepWithDice(e, dice, { type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: { respond: 'land' } } as Command).encounter;

describe('what adds to damage and to Shock', () => {
  it('adds Brawl to a bare-handed hit, and not to a weapon\'s', () => {
    let e = run(newSides(), addS('Ann', { str: 1, gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, hp: 20 }));
    e = run(e, { type: 'set-stat', combatantId: idOf(e, 'Ann'), stat: 'brawl', value: 2 });
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    const hit = (weapon: string): Command => ({ type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weapon, dice: { attack: 15 } }) satisfies SidesCommand;
    // Unarmed (1d2 by the setting) shows 1: 1 + STR 1 + Brawl 2 = 4.
    expect(hp(land(run(e, hit(UNARMED)), [1]), 'Orc')).toBe(16);
    // The sword shows 1: 1 + STR 1 = 2; Brawl doesn't add; the Shock floor (2 + 1 = 3 against AC 10) raises it to 3.
    expect(hp(land(run(e, hit(weaponId(e, 'Ann', 'Sword'))), [1]), 'Orc')).toBe(17);
  });

  it("keeps dual wielding's +2 out of a miss's Shock", () => {
    const DAGGER = { ...SWORD, name: 'Dagger', damage: '1d4', shock: 1, shockAc: 15 };
    let e = run(newSides(), addS('Ann', { stab: 1, gear: [SWORD, DAGGER] }), addS('Orc', { factionId: ENEMIES, hp: 20 }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    const swing = (d20: number, damage: number[]): Command => ({ type: 'sides/attack', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Sword'), offhandId: weaponId(e, 'Ann', 'Dagger'), dice: { attack: d20, damage } }) satisfies SidesCommand;
    // 5 + Stab 1 − 1 = 5 misses AC 10: the sword's Shock is 2, not 4.
    expect(hp(land(run(e, swing(5, [1]))), 'Orc')).toBe(18);
    // A hit: the d8's 3 + 2 = 5.
    expect(hp(land(run(e, swing(12, [3]))), 'Orc')).toBe(15);
  });
});
