import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { ENEMIES, HEROES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { firstEvent, newThreeActions } from './testing';

// The text's worked attacks, step by step (dice forced: the luck die first, then a stray shot's
// pick, then the test's dice).

const SPEAR = { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' };
const SHORTBOW = { name: 'Shortbow', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'projectile' };
const DAGGER = { name: 'Dagger', kind: 'weapon', test: 'd8+d6', damage: 2, critDamage: 4, critOn: 20, damageType: 'physical', delivery: 'melee' };

/**
 * An attacker of the heroes with one weapon, against an enemy; the heroes' ally Bo stands by. Nobody
 * has stamina left to dodge or step in (each a reaction for 1 stamina), so a hit lands with the attack.
 */
function fight(weapon: object, enemy: { evasion?: number; deflection?: number; size?: number } = {}, attacker: { size?: number } = {}, settings: Record<string, string | number> = {}): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Hero', factionId: HEROES, stats: { size: attacker.size ?? 4 }, tracks: { endurance: 12, health: 12, stamina: 0 }, rules: { gear: [weapon] } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, stats: { evasion: 4 }, tracks: { endurance: 12, health: 12, stamina: 0 } },
    { type: 'add-combatant', name: 'Enemy', factionId: ENEMIES, stats: { evasion: enemy.evasion ?? 6, deflection: enemy.deflection ?? 8, size: enemy.size ?? 4 }, tracks: { endurance: 12, health: 12, stamina: 0 } },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
    { type: 'start-combat', initiativeFactionId: HEROES },
  );
  e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Hero') });
  return e;
}

function attack(e: Encounter, dice: number[], extra: Record<string, unknown> = {}) {
  const hero = e.state.combatants.find((c) => c.name === 'Hero')!;
  const weaponId = personOf(hero).gear[0]!.id;
  const step = stepWithDice(e, dice, { type: 'three-actions/attack', attackerId: hero.id, targetId: idOf(e, 'Enemy'), weaponId, ...extra } as never);
  return { encounter: step.encounter, event: firstEvent(step.events, 'three-actions/attacked') };
}

describe('Three Actions attacks: Boudica', () => {
  it('hits with 6 against evasion 6 (a tie hits), for 6 + 4 = 10 less 8 deflection: 2', () => {
    // Strength d6 + combat skill d6 + martial +1: 2d6+1 = 6. Luck 5.
    const { event, encounter } = attack(fight(SPEAR), [5, 2, 3]);
    expect(event).toMatchObject({ result: 6, evasion: 6, hit: true, critical: false, raw: 10, deflection: 8, damage: 2 });
    expect(encounter.state.combatants.find((c) => c.name === 'Enemy')?.tracks.endurance?.value).toBe(10);
  });

  it('lands a critical on luck 19 against a threshold of 19: 6 + 8 = 14 less 8: 6', () => {
    const { event } = attack(fight(SPEAR), [19, 2, 3]);
    expect(event).toMatchObject({ critical: true, hit: true, raw: 14, damage: 6 });
  });

  it('can\'t miss on a critical', () => {
    const { event } = attack(fight(SPEAR, { evasion: 30 }), [19, 1, 1]);
    expect(event).toMatchObject({ result: 3, critical: true, hit: true });
  });

  it('always deals at least 1, and typeless damage is not deflected', () => {
    expect(attack(fight(SPEAR, { deflection: 30 }), [5, 2, 3]).event.damage).toBe(1);
    expect(attack(fight({ ...SPEAR, damageType: 'typeless' }), [5, 2, 3]).event).toMatchObject({ deflection: 0, damage: 10 });
  });
});

describe('Three Actions attacks: Agnessa and Fabian', () => {
  it('takes 2 off for each earlier attack this round: her second shot\'s 5 becomes 3 and misses evasion 5', () => {
    const first = attack(fight(SHORTBOW, { evasion: 5 }), [10, 3, 4]).encounter;
    const second = attack(first, [10, 2, 3]);
    expect(second.event).toMatchObject({ modifier: -2, result: 3, hit: false });
    // The penalty counts attacks in the round: a new round starts it again.
    expect(personOf(second.encounter.state.combatants.find((c) => c.name === 'Hero')!).attacks).toEqual({ round: 1, count: 2 });
    const e = second.encounter;
    const nextRound = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Enemy') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Bo') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Hero') });
    expect(nextRound.state.round).toBe(2);
    expect(attack(nextRound, [10, 2, 3]).event).toMatchObject({ modifier: 0, result: 5, hit: true });
  });

  it('sends a shot astray on a luck roll of 1 onto someone within 1 m of the target, her ally included', () => {
    const e = fight(SHORTBOW);
    const { event, encounter } = attack(e, [1, 4, 4], { nearTarget: [idOf(e, 'Bo')] });
    expect(event.aimedAtId).toBe(idOf(e, 'Enemy'));
    expect(event.targetId).toBe(idOf(e, 'Bo'));
    // The attack finishes as normal against the ally: 8 against Bo's evasion 4.
    expect(event).toMatchObject({ result: 8, evasion: 4, hit: true });
    expect(encounter.state.combatants.find((c) => c.name === 'Bo')?.tracks.endurance?.value).toBeLessThan(12);
    // Among several near the target a die picks; a melee weapon never strays.
    const crowd = run(e, { type: 'add-combatant', name: 'Cy', factionId: HEROES, tracks: { endurance: 12, health: 12 } });
    expect(attack(crowd, [1, 2, 4, 4], { nearTarget: [idOf(crowd, 'Bo'), idOf(crowd, 'Cy')] }).event.targetId).toBe(idOf(crowd, 'Cy'));
    expect(attack(fight(SPEAR), [1, 4, 4], { nearTarget: [idOf(e, 'Bo')] }).event.targetId).toBe(idOf(e, 'Enemy'));
  });

  it('gives a flanking or sneak attack advantage (the better of two tests) and both double advantage (three)', () => {
    const flank = attack(fight(DAGGER), [10, 1, 1, 6, 5], { flank: true }).event;
    expect(flank.tests.map((t) => t.total)).toEqual([2, 11]);
    expect(flank.result).toBe(11);
    const both = attack(fight(DAGGER), [10, 1, 1, 2, 2, 8, 6], { flank: true, sneak: true }).event;
    expect(both.tests).toHaveLength(3);
    expect(both.result).toBe(14);
    const plusTwo = attack(fight(DAGGER, {}, {}, { advantage: 'plus-two' }), [10, 3, 3], { sneak: true }).event;
    expect(plusTwo).toMatchObject({ modifier: 2, result: 8 });
  });

  it('finds a smaller goblin\'s evasion 1 higher and its deflection 1 lower for medium-sized Fabian, his sneak attack with advantage', () => {
    const { event } = attack(fight(DAGGER, { evasion: 6, deflection: 2, size: 3 }, { size: 4 }), [10, 3, 3, 1, 1], { sneak: true });
    expect(event.evasion).toBe(7);
    expect(event.deflection).toBe(1);
    // The goblin can't see him: the test twice, the better kept (6 against 2).
    expect(event.tests.map((t) => t.total)).toEqual([6, 2]);
    expect(event).toMatchObject({ result: 6, hit: false });
  });

  it('finds a larger target\'s evasion lower and its deflection higher by the size difference', () => {
    // Size 6 against size 4: evasion 6 - 2 = 4, deflection 2 + 2 = 4.
    const { event } = attack(fight(DAGGER, { evasion: 6, deflection: 2, size: 6 }, { size: 4 }), [10, 3, 3]);
    expect(event).toMatchObject({ evasion: 4, deflection: 4, result: 6, hit: true, raw: 8, damage: 4 });
  });
});

describe('Three Actions attacks: the turn', () => {
  it('takes one of the turn\'s three actions, and is refused with none left', () => {
    let e = fight(SPEAR);
    for (let i = 0; i < 3; i++) e = attack(e, [5, 2, 3]).encounter;
    const hero = e.state.combatants.find((c) => c.name === 'Hero')!;
    expect(refuse(e, { type: 'three-actions/attack', attackerId: hero.id, targetId: idOf(e, 'Enemy'), weaponId: personOf(hero).gear[0]!.id }).code).toBe('action/spent');
  });
});
