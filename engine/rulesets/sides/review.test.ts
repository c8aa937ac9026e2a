import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/commands';
import type { Encounter } from '../../encounter/encounter';
import { statOf } from '../../core/effects';
import { openPrompt } from '../../encounter/prompts';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { HOLDING, isUnder } from './conditions';
import { fightOf } from './fight';
import { addS, newSides, SPEAR, startWith, SWORD, takeTurn, weaponId } from './testing';
import type { SidesCommand } from './commands';

// A review of the first parts against the text found these; each test shows one mended.

const hp = (e: Encounter, name: string) => combatantNamed(e, name).tracks.hp?.value;
const attack = (e: Encounter, who: string, target: string, d20: number, more: object = {}): Command =>
  ({ type: 'sides/attack', attackerId: idOf(e, who), targetId: idOf(e, target), weaponId: weaponId(e, who, 'Sword'), dice: { attack: d20 }, ...more }) satisfies SidesCommand;
const answer = (e: Encounter, a: Record<string, unknown>): Command => ({ type: 'answer-prompt', promptId: openPrompt(e.state)?.id ?? '', answer: a }) as Command;

/** Ann, Bo, and an Orc on an open 12 × 3 map: Ann at A1, the Orc at L1 far away. */
function yard(): Encounter {
  let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Bo', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD], hp: 20 }), { type: 'set-grid', mapId: 'm', name: 'Yard', map: drawnMap(['............', '............', '............']) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Bo'), x: 0, y: 2 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 11, y: 0 });
  return takeTurn(startWith(e, [8, 1]), 'Ann');
}

describe('mended after review', () => {
  it('keeps a blow waiting when a snap attack at its attacker misses', () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Bo', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }));
    e = startWith(e, [8, 1]);
    e = run(takeTurn(e, 'Ann'), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Bo') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Orc') });
    e = run(e, attack(e, 'Orc', 'Bo', 18));
    // Ann's snap attack: 2 − 4 misses. The Orc's blow still waits, Bo's answers still open.
    e = run(e, answer(e, { respond: 'snap', by: idOf(e, 'Ann'), dice: { attack: 2 } }));
    expect(openPrompt(e.state)?.choices.map((c) => c.label)).toEqual(['Let it land', 'Bo: total defence (+2 AC, no Shock)', 'Bo snap-attacks Orc with Sword (−4)']);
    e = stepWithDice(e, [3], answer(e, { respond: 'land' })).encounter;
    expect(hp(e, 'Bo')).toBe(7);
  });

  it('walks only after a Move action, as far as the Moves taken: two Runs 60 ft, a charge 60 ft', () => {
    let e = yard();
    expect(refuse(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 4, y: 0 } as Command).message).toBe('Moving is a Move action: take Run (or Screen an ally, or Charge) for Ann first, then walk.');
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' }, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' });
    e = run(e, { type: 'walk', combatantId: idOf(e, 'Ann'), x: 11, y: 2 } as Command);
    expect(combatantNamed(e, 'Ann').square).toMatchObject({ x: 11, y: 2 });
    // A charge runs up to twice the movement: 50 ft from A1 to K1, next to the Orc.
    let c = yard();
    c = run(c, attack(c, 'Ann', 'Orc', 12, { way: 'charge', to: { x: 10, y: 0 }, dice: { attack: 12, damage: [2] } }));
    expect(combatantNamed(c, 'Ann').square).toMatchObject({ x: 10, y: 0 });
    // On the map a charge names where it runs to.
    expect(refuse(yard(), attack(yard(), 'Ann', 'Orc', 12, { way: 'charge' })).code).toBe('sides/charge-to');
  });

  it('refuses screening and reloading out of turn without a held action', () => {
    const e = run(yard(), { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(yard(), 'Bo') });
    expect(refuse(e, { type: 'sides/screen', screenerId: idOf(e, 'Ann'), wardId: idOf(e, 'Bo') }).code).toBe('sides/not-acting');
  });

  it('lets nobody caught unawares act in the surprise round, and a charge or hold made in it ends with it', () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD], traits: ['shield'] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD, SPEAR] }), addS('Gob', { factionId: ENEMIES, gear: [SWORD] }), { type: 'sides/set-surprise', factionIds: [ENEMIES] } satisfies SidesCommand, { type: 'start-combat' });
    e = takeTurn(e, 'Orc');
    // A miss: its Shock (2/AC 15) goes to Ann's shield, the first of the round; nothing to answer.
    e = run(e, attack(e, 'Orc', 'Ann', 2, { weaponId: weaponId(e, 'Orc', 'Spear') }));
    expect(hp(e, 'Ann')).toBe(10);
    expect(openPrompt(e.state)).toBeNull();
    // A hit: Ann, caught unawares, may neither take total defence nor snap: it lands at once.
    e = run(e, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Gob') });
    e = run(e, { type: 'use-action', combatantId: idOf(e, 'Gob'), actionId: 'hold' });
    expect(refuse(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'total-defence' }).code).toBe('sides/surprised');
    expect(isUnder(combatantNamed(e, 'Gob'), HOLDING)).toBe(true);
    e = stepWithDice(e, [8, 1], { type: 'end-turn' }).encounter;
    expect(e.state.round).toBe(1);
    // The surprise round was a round: the Goblin's held action lapsed with it.
    expect(isUnder(combatantNamed(e, 'Gob'), HOLDING)).toBe(false);
  });

  it('takes a charge made in the surprise round off the charger\'s AC as round 1 begins', () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Orc', { factionId: ENEMIES, gear: [SWORD] }), { type: 'sides/set-surprise', factionIds: [ENEMIES] } satisfies SidesCommand, { type: 'start-combat' });
    e = takeTurn(e, 'Orc');
    e = run(e, attack(e, 'Orc', 'Ann', 2, { way: 'charge' }));
    if (openPrompt(e.state)) e = run(e, answer(e, { respond: 'land' }));
    expect(statOf(combatantNamed(e, 'Orc'), 'ac')).toBe(8);
    e = stepWithDice(e, [8, 1], { type: 'end-turn' }).encounter;
    expect(statOf(combatantNamed(e, 'Orc'), 'ac')).toBe(10);
  });

  it('starts a fight again with no old surprise or swarm, and lets the GM set a new surprise', () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Bo'), addS('Orc', { factionId: ENEMIES }), { type: 'sides/set-surprise', factionIds: [ENEMIES] } satisfies SidesCommand, { type: 'start-combat' });
    e = run(takeTurn(e, 'Orc'), { type: 'end-turn' });
    e = takeTurn(e, 'Ann');
    e = run(e, { type: 'sides/join-swarm', combatantId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc') } satisfies SidesCommand, { type: 'end-combat' });
    expect(fightOf(e.state).surprise).toEqual([]);
    e = run(e, { type: 'start-combat' });
    expect(e.state.round).toBe(1);
    expect(fightOf(e.state).swarms).toEqual([]);
  });

  it("gives a lone swarm strike no swarm's Shock", () => {
    let e = run(newSides(), addS('Ann', { gear: [SWORD] }), addS('Ogre', { factionId: ENEMIES, ac: 18, traits: ['shield'] }));
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    e = run(e, attack(e, 'Ann', 'Ogre', 1, { way: 'swarm' }));
    expect(hp(e, 'Ogre')).toBe(10);
  });

  it('knocks out with a non-lethal execution without taking the HP', () => {
    const CLUB = { ...SWORD, name: 'Club', nonLethal: true };
    const e = run(newSides(), addS('Ann', { gear: [CLUB] }), addS('Orc', { factionId: ENEMIES }));
    const done = run(e, { type: 'sides/execute', attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: weaponId(e, 'Ann', 'Club'), unsuspecting: true, dice: { save: 2 } } satisfies SidesCommand);
    expect(hp(done, 'Orc')).toBe(10);
    expect(combatantNamed(done, 'Orc').marks).toContain('unconscious');
  });
});
