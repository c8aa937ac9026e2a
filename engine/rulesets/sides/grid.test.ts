import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import type { Command } from '../../core/commands';
import { combatantNamed, ENEMIES, idOf, run } from '../../test-support';
import { feetBetween, foesInMeleeRange } from './grid-reading';
import { planAttack } from './plan';
import { addS, newSides, startWith, SWORD, takeTurn } from './testing';

// "Combat takes place on a 1" = 5' grid." Diagonals: the text says no more (a setting, every
// diagonal 5 ft by default). Half cover −2, full cover −4, read from the map.

const BOW = { name: 'Bow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100 };

function map(rows: string[], ann: { x: number; y: number }, orc: { x: number; y: number }): Encounter {
  let e = run(newSides(), addS('Ann', { gear: [SWORD, BOW] }), addS('Orc', { factionId: ENEMIES }), { type: 'set-grid', mapId: 'm', name: 'Map', map: drawnMap(rows) });
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), ...ann }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), ...orc });
  return e;
}

describe('Sides & Shock on the 5-ft grid', () => {
  it('counts diagonals 5 ft each, or alternately 5 and 10 by the setting', () => {
    const e = map(['.....', '.....', '.....'], { x: 0, y: 0 }, { x: 2, y: 2 });
    expect(feetBetween(e.state, combatantNamed(e, 'Ann'), combatantNamed(e, 'Orc'))).toBe(10);
    const alternating = run(e, { type: 'set-setting', key: 'diagonals', value: 'alternating' });
    expect(feetBetween(alternating.state, combatantNamed(alternating, 'Ann'), combatantNamed(alternating, 'Orc'))).toBe(15);
  });

  it('counts alternating diagonals through a Move walked square by square, and afresh after the next Move', () => {
    let e = run(map(['.....', '.....', '.....', '.....'], { x: 0, y: 0 }, { x: 4, y: 3 }), { type: 'set-setting', key: 'diagonals', value: 'alternating' });
    e = takeTurn(startWith(e, [8, 1]), 'Ann');
    const walk = (x: number, y: number) => ({ type: 'walk', combatantId: idOf(e, 'Ann'), x, y }) as Command;
    const run1 = run(e, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' }, walk(1, 1), walk(2, 2));
    const run2 = run(run1, { type: 'use-action', combatantId: idOf(e, 'Ann'), actionId: 'run' }, walk(3, 3));
    expect(run2.events.flatMap((x) => (x.type === 'walked' ? [x.distance] : []))).toEqual([5, 10, 5]);
  });

  it('knows who is in melee range, and keeps a bow from firing with a foe there', () => {
    const e = map(['.....'], { x: 0, y: 0 }, { x: 1, y: 0 });
    expect(foesInMeleeRange(e.state, combatantNamed(e, 'Ann'))?.map((c) => c.name)).toEqual(['Orc']);
    const plan = planAttack(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: (combatantNamed(e, 'Ann').rules as { gear: { id: string }[] }).gear[1]?.id ?? '' }, []);
    expect('objection' in plan && plan.objection?.message).toBe('Ann has a foe in melee range: a bow, a crossbow or another two-handed ranged weapon can\'t be fired.');
  });

  it("fills the cover modifiers from the map: the text's Alice behind the pillar has half cover from Bob", () => {
    // x: 0 1 2 3 4 5 6 7 — the Orc (Alice) at (1, 2), a pillar at (2, 1), Ann (Bob) shooting from (6, 0).
    const e = map(['........', '..#.....', '........', '........'], { x: 6, y: 0 }, { x: 1, y: 2 });
    const plan = planAttack(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: (combatantNamed(e, 'Ann').rules as { gear: { id: string }[] }).gear[1]?.id ?? '' }, []);
    if (!('situation' in plan)) throw new Error(plan.message);
    expect(plan.modifiers).toEqual([{ label: 'Target in half cover', amount: -2 }]);
    // The GM may say otherwise.
    const ruled = planAttack(e.state, { attackerId: idOf(e, 'Ann'), targetId: idOf(e, 'Orc'), weaponId: (combatantNamed(e, 'Ann').rules as { gear: { id: string }[] }).gear[1]?.id ?? '', situation: { 'half-cover': false } }, []);
    if (!('situation' in ruled)) throw new Error(ruled.message);
    expect(ruled.modifiers).toEqual([]);
  });
});
