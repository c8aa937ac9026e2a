import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import { ENEMIES, HEROES, idOf, run, stepWithDice } from '../../test-support';
import type { AttackedEvent } from './attack';
import { flankedOnGrid, nextTo } from './grid-reading';
import { personOf } from './person';
import { newThreeActions } from './testing';

// On a grid of 1 m squares: "Agnessa attacks an enemy with her shortbow who has two of her allies
// nearby them, one on each side. Because the enemy is surrounded, she gets advantage … as a
// flanking attack." And a stray shot lands on someone within 1 m of the target.

const SHORTBOW = { name: 'Shortbow', kind: 'weapon', test: 'd6+d6', damage: 3, critDamage: 6, critOn: 20, damageType: 'physical', delivery: 'projectile' };

/** Agnessa on A1 with a shortbow; Ann and Bo (her allies) and an orc on the squares given, on a 5 × 5 map of 1 m squares. */
function yard(ann: [number, number], bo: [number, number]): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Agnessa', factionId: HEROES, tracks: { endurance: 12, health: 12 }, rules: { gear: [SHORTBOW] } },
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, tracks: { endurance: 12, health: 12 } },
    { type: 'add-combatant', name: 'Bo', factionId: HEROES, tracks: { endurance: 12, health: 12 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, stats: { evasion: 6, deflection: 0 }, tracks: { endurance: 12, health: 12 } },
    { type: 'set-grid', mapId: 'yard', name: 'Yard', map: drawnMap(['.....', '.....', '.....', '.....', '.....'], { cellSize: 1, unit: 'm' }) },
  );
  for (const [name, [x, y]] of [['Agnessa', [0, 0]], ['Ann', ann], ['Bo', bo], ['Orc', [2, 2]]] as const) e = run(e, { type: 'place-on-grid', combatantId: idOf(e, name), x, y });
  e = run(e, { type: 'start-combat', initiativeFactionId: HEROES });
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Agnessa') });
}

const orc = (e: Encounter) => e.state.combatants.find((c) => c.name === 'Orc')!;

describe('Three Actions on the grid', () => {
  it('reads a flank from two foes on opposite sides of the target, straight or across a corner', () => {
    expect(flankedOnGrid(yard([1, 2], [3, 2]).state, orc(yard([1, 2], [3, 2])))).toBe(true);
    expect(flankedOnGrid(yard([1, 1], [3, 3]).state, orc(yard([1, 1], [3, 3])))).toBe(true);
    expect(flankedOnGrid(yard([1, 2], [2, 1]).state, orc(yard([1, 2], [2, 1])))).toBe(false);
    expect(flankedOnGrid(yard([0, 2], [3, 2]).state, orc(yard([0, 2], [3, 2])))).toBe(false);
  });

  it('gives Agnessa\'s shot at the flanked orc advantage without being told', () => {
    const e = yard([1, 2], [3, 2]);
    const agnessa = e.state.combatants.find((c) => c.name === 'Agnessa')!;
    const shot = stepWithDice(e, [10, 1, 1, 5, 5], { type: 'three-actions/attack', attackerId: agnessa.id, targetId: idOf(e, 'Orc'), weaponId: personOf(agnessa).gear[0]!.id } as never).events[0] as unknown as AttackedEvent;
    expect(shot.tests).toHaveLength(2);
    expect(shot.result).toBe(10);
  });

  it('lands a stray shot on someone within 1 m of the target, read from the squares', () => {
    const e = yard([1, 2], [4, 4]);
    expect(nextTo(e.state, orc(e), [])?.map((c) => c.name)).toEqual(['Ann']);
    const agnessa = e.state.combatants.find((c) => c.name === 'Agnessa')!;
    const shot = stepWithDice(e, [1, 4, 4], { type: 'three-actions/attack', attackerId: agnessa.id, targetId: idOf(e, 'Orc'), weaponId: personOf(agnessa).gear[0]!.id } as never).events[0] as unknown as AttackedEvent;
    expect(shot.targetId).toBe(idOf(e, 'Ann'));
  });
});
