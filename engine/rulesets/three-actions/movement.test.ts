import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run } from '../../test-support';
import { newThreeActions } from './testing';

// "Move | Once per turn, move up to your speed"; "Sprint | If you have already moved this turn,
// spend 1 stamina to take another move action"; "Step | Once per turn, take a 1m step instead of a
// move action"; on the grid "treat every second diagonal space moved as 2m instead of 1m".

/** Ann (speed 3) on A1 of a 12 × 3 map of squares of `cellSize` (1 m, or 5 ft called 1 m); an orc far off. */
function field(cellSize = 1, unit: 'm' | 'ft' = 'm', settings: Record<string, boolean> = {}): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { speed: 3 }, tracks: { endurance: 12, health: 12, stamina: 3 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 } },
    { type: 'set-grid', mapId: 'f', name: 'Field', map: drawnMap(['............', '............', '............'], { cellSize, unit }) },
    ...Object.entries(settings).map(([key, value]) => ({ type: 'set-setting' as const, key, value })),
  );
  e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'place-on-grid', combatantId: idOf(e, 'Orc'), x: 11, y: 2 });
  e = run(e, { type: 'start-combat', initiativeFactionId: HEROES });
  return run(e, { type: 'take-turn', combatantId: idOf(e, 'Ann') });
}

const use = (e: Encounter, actionId: string) => ({ type: 'use-action' as const, combatantId: idOf(e, 'Ann'), actionId });
const walk = (e: Encounter, x: number, y: number) => ({ type: 'walk' as const, combatantId: idOf(e, 'Ann'), x, y });
const at = (e: Encounter) => combatantNamed(e, 'Ann').square;

describe('Three Actions: how far a move goes on the grid', () => {
  it('walks up to the speed for the move, and as far again after a sprint', () => {
    const moved = run(field(), use(field(), 'move'), walk(field(), 3, 0));
    expect(at(moved)).toMatchObject({ x: 3, y: 0 });
    expect(refuse(moved, walk(moved, 4, 0)).code).toBe('grid/too-far');
    const sprinted = run(moved, use(moved, 'sprint'), walk(moved, 6, 0));
    expect(at(sprinted)).toMatchObject({ x: 6, y: 0 });
    // Diagonals: every second one counts 2 m (A1 to C3 is 1 + 2 = 3 m; to D4, 1 + 2 + 1 = 4 m).
    expect(at(run(field(), walk(field(), 2, 2)))).toMatchObject({ x: 2, y: 2 });
    expect(refuse(field(), walk(field(), 3, 2)).code).toBe('grid/too-far');
  });

  it('takes a 1 m step instead of a move', () => {
    const stepped = run(field(), use(field(), 'step'), walk(field(), 1, 0));
    expect(refuse(stepped, walk(stepped, 2, 0)).code).toBe('grid/too-far');
  });

  it('counts a metre as a square whatever the map calls it', () => {
    expect(at(run(field(5, 'ft'), walk(field(5, 'ft'), 3, 0)))).toMatchObject({ x: 3, y: 0 });
    expect(refuse(field(5, 'ft'), walk(field(5, 'ft'), 4, 0)).code).toBe('grid/too-far');
  });
});
