import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { openPrompt } from '../../encounter/prompts';
import type { Command } from '../../core/commands';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { UNARMED } from './gear';
import { highestTotal, hitDamage, shockOnMiss } from './shock';
import { addS, newSides, SPEAR, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// Shock: "If the wielder misses a target with this weapon that has an AC equal or less than the
// weapon's Shock rating, they suffer the listed amount of damage anyway. Thus, if that weapon were
// to miss a victim with Melee AC 13, it would still do 2 points of damage." A shield ignores the
// first Shock of a round; total defence stops it; "An attack that hits never does less damage than
// the Shock that would have been inflicted on a miss."

const attack = (e: Encounter, who: string, target: string, weapon: string, d20: number, more: Partial<Record<string, unknown>> = {}): Command =>
  ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, target), weaponId: weapon === UNARMED ? UNARMED : weaponId(e, who, weapon), dice: { attack: d20 }, ...more }) satisfies SidesCommand;

const healthOf = (e: Encounter, name: string): number => combatantNamed(e, name).tracks.hp?.value ?? NaN;

const answer = (e: Encounter, respond: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: respond }) as Command;

/** Ann (the party, with a spear and a sword) against an Orc of the given AC and traits, Ann's side to act. */
function duel(orc: { ac: number; traits?: string[]; hp?: number }, ann: { str?: number; attack?: number } = {}): Encounter {
  const e = run(newSides(), addS('Ann', { gear: [SPEAR, SWORD, { ...SPEAR, name: 'Glaive', shockAnyAc: true, shock: 5 }], ...ann }), addS('Bo', { gear: [SPEAR] }), addS('Orc', { factionId: ENEMIES, ac: orc.ac, hp: orc.hp ?? 20, ...(orc.traits ? { traits: orc.traits } : {}) }));
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('Shock', () => {
  it("reproduces the text's example: Shock 2/AC 15 missing AC 13 still deals 2", () => {
    let e = run(duel({ ac: 13 }), attack(duel({ ac: 13 }), 'Ann', 'Orc', 'Spear', 2));
    // The Orc could still take total defence: the miss waits for the GM, its Shock named.
    expect(openPrompt(e.state)?.message).toBe("Ann's Spear misses Orc (2 against AC 13) but its Shock deals 2: let it land, or answer first.");
    e = run(e, answer(e, { respond: 'land' }));
    expect(healthOf(e, 'Orc')).toBe(18);
  });

  it('deals Shock at an AC equal to the rating and none above it', () => {
    const at = duel({ ac: 15 });
    expect(healthOf(run(at, attack(at, 'Ann', 'Orc', 'Spear', 1), answer(run(at, attack(at, 'Ann', 'Orc', 'Spear', 1)), { respond: 'land' })), 'Orc')).toBe(18);
    const above = duel({ ac: 16 });
    // Nothing to answer: the miss lands at once, and the log says why no Shock came.
    const missed = run(above, attack(above, 'Ann', 'Orc', 'Spear', 1));
    expect(openPrompt(missed.state)).toBeNull();
    expect(healthOf(missed, 'Orc')).toBe(20);
  });

  it('deals "N/-" Shock whatever the AC', () => {
    const e = duel({ ac: 25 });
    const missed = run(e, attack(e, 'Ann', 'Orc', 'Glaive', 1));
    expect(healthOf(run(missed, answer(missed, { respond: 'land' })), 'Orc')).toBe(15);
  });

  it("lets a shield ignore the first Shock of each round, and only the first", () => {
    let e = duel({ ac: 13, traits: ['shield'] });
    // The shield takes the Shock: nothing would land, so nothing is asked.
    e = run(e, attack(e, 'Ann', 'Orc', 'Spear', 1));
    expect(openPrompt(e.state)).toBeNull();
    e = run(e, { type: 'end-turn' });
    expect(healthOf(e, 'Orc')).toBe(20);
    e = run(takeTurn(e, 'Bo'), attack(e, 'Bo', 'Orc', 'Spear', 1));
    e = run(e, answer(e, { respond: 'land' }), { type: 'end-turn' });
    expect(healthOf(e, 'Orc')).toBe(18);
    // A new round: the shield turns the first Shock aside again.
    e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    e = takeTurn(e, 'Ann');
    expect(e.state.round).toBe(2);
    e = run(e, attack(e, 'Ann', 'Orc', 'Spear', 1));
    expect(openPrompt(e.state)).toBeNull();
    expect(healthOf(e, 'Orc')).toBe(18);
  });

  it('lets the target take total defence after seeing the roll: +2 AC turns the hit into a miss, and no Shock', () => {
    let e = duel({ ac: 13 });
    // 13 against AC 13: a hit.
    e = run(e, attack(e, 'Ann', 'Orc', 'Spear', 13));
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Let it land', 'Orc: total defence (+2 AC, no Shock)']);
    e = run(e, answer(e, { respond: 'total-defence' }));
    expect(openPrompt(e.state)).toBeNull();
    expect(healthOf(e, 'Orc')).toBe(20);
    // The Main is given up: on its own turn the Orc has none.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Bo') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Orc'), actionId: 'skill' }).message).toBe("Orc can't use a skill now: no Main action left (the Move action left).");
  });

  it('raises a weak hit to the Shock a miss would have dealt', () => {
    // Sword, STR +1: Shock 2 + 1 = 3 against AC 13; a hit rolling 1 on the d8 does 1 + 1 = 2, raised to 3.
    let e = duel({ ac: 13 }, { str: 1 });
    e = run(e, attack(e, 'Ann', 'Orc', 'Sword', 15));
    e = stepWithDice(e, [1], answer(e, { respond: 'land' })).encounter;
    expect(healthOf(e, 'Orc')).toBe(17);
  });
});

describe('the damage arithmetic', () => {
  const guard = { ac: 13, swarm: false, totalDefence: false, immune: false, shieldReady: false };
  it('names why no Shock got through', () => {
    expect(shockOnMiss({ shockAc: 15, shockAnyAc: false }, 2, { ...guard, immune: true }).why).toBe('immune to Shock');
    expect(shockOnMiss({ shockAc: 15, shockAnyAc: false }, 2, { ...guard, ac: 16 }).why).toBe('AC 16 is above the Shock\'s 15');
  });
  it("caps a swarm's damage bonus at the weapon's usual maximum without taking away", () => {
    expect(highestTotal('1d8')).toBe(8);
    expect(highestTotal('2d4+1')).toBe(9);
    // Rolled 7 + 1 with +3 from the swarm: capped at 8 + 1.
    expect(hitDamage(7, 1, 9, 3, 0)).toBe(9);
    expect(hitDamage(2, 1, 9, 3, 0)).toBe(6);
    expect(hitDamage(9, 1, 9, 3, 0)).toBe(10);
  });
});
