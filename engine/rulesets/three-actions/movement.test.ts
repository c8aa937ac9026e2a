import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { drawnMap } from '../../testing/grids';
import { logEntries } from '../../log/entries';
import { combatantNamed, ENEMIES, HEROES, idOf, refuse, run } from '../../test-support';
import { newThreeActions } from './testing';

// "Move | Once per turn, move up to your speed"; "Sprint | If you have already moved this turn,
// spend 1 stamina to take another move action"; "Step | Once per turn, take a 1m step instead of a
// move action"; on the grid "treat every second diagonal space moved as 2m instead of 1m".

/** Ann (speed 3, or as given) on A1 of a 12 × 8 map of squares of `cellSize` (1 m, or 5 ft called 1 m); an orc far off. */
function field(cellSize = 1, unit: 'm' | 'ft' = 'm', settings: Record<string, boolean> = {}, speed = 3): Encounter {
  let e = run(
    newThreeActions(),
    { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { speed }, tracks: { endurance: 12, health: 12, stamina: 3 } },
    { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 } },
    { type: 'set-grid', mapId: 'f', name: 'Field', map: drawnMap(Array.from({ length: 8 }, () => '............'), { cellSize, unit }) },
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

  it('counts every second diagonal of a move as 2 m however many walks it takes: square by square, 1, 2, 1, 2 m, as one walk', () => {
    // "treat every second diagonal space moved as 2m instead of 1m": the space moved is the move's, not one drag's.
    const start = field(1, 'm', {}, 6);
    const moved = run(start, use(start, 'move'));
    const bySquares = run(moved, walk(moved, 1, 1), walk(moved, 2, 2), walk(moved, 3, 3), walk(moved, 4, 4));
    expect(bySquares.events.flatMap((x) => (x.type === 'walked' ? [x.distance] : []))).toEqual([1, 2, 1, 2]);
    expect(bySquares.state.walked?.distance).toBe(6);
    const atOnce = run(moved, walk(moved, 4, 4));
    expect(atOnce.state.walked?.distance).toBe(6);
    expect(at(bySquares)).toEqual(at(atOnce));
    // The log says what each walk cost.
    expect(logEntries(bySquares).at(-1)?.text).toBe('Ann walks from D4 to E5 (2 m).');
  });

  it('refuses a second diagonal that costs more than is left, naming what it costs', () => {
    const start = field(1, 'm', {}, 2);
    const one = run(start, use(start, 'move'), walk(start, 1, 1));
    // One diagonal walked (1 m): the next is a second one, 2 m, and 1 m is left.
    expect(refuse(one, walk(one, 2, 2))).toMatchObject({ code: 'grid/too-far', message: 'C3 is 2 m away by the shortest way; Ann has 1 m of movement left.' });
    // A straight step still fits.
    expect(at(run(one, walk(one, 2, 1)))).toMatchObject({ x: 2, y: 1 });
  });

  it('starts the count again with the next move: a sprint\'s first diagonal is 1 m', () => {
    const start = field();
    const moved = run(start, use(start, 'move'), walk(start, 1, 1), walk(start, 2, 2));
    expect(moved.state.walked?.distance).toBe(3);
    const sprinted = run(moved, use(moved, 'sprint'), walk(moved, 3, 3), walk(moved, 4, 4));
    expect(sprinted.events.flatMap((x) => (x.type === 'walked' ? [x.distance] : []))).toEqual([1, 2, 1, 2]);
    expect(refuse(sprinted, walk(sprinted, 5, 5))).toMatchObject({ code: 'grid/too-far', message: 'F6 is 1 m away by the shortest way; Ann has 0 m of movement left.' });
    // Walking first and taking Move after is one move: the count goes on.
    const walkedFirst = run(start, walk(start, 1, 1), use(start, 'move'), walk(start, 2, 2));
    expect(walkedFirst.state.walked?.distance).toBe(3);
  });

  it('counts a step\'s diagonal on its own: 1 m after a move\'s odd diagonal', () => {
    const start = field(1, 'm', { stepExcludesMove: false });
    const moved = run(start, use(start, 'move'), walk(start, 1, 1));
    const stepped = run(moved, use(moved, 'step'), walk(moved, 2, 2));
    expect(stepped.state.walked?.distance).toBe(2);
  });

  it('counts a metre as a square whatever the map calls it', () => {
    expect(at(run(field(5, 'ft'), walk(field(5, 'ft'), 3, 0)))).toMatchObject({ x: 3, y: 0 });
    expect(refuse(field(5, 'ft'), walk(field(5, 'ft'), 4, 0)).code).toBe('grid/too-far');
  });
});

describe('Three Actions: what comes before a walk', () => {
  it('refuses a walk after Guard has ended the turn, and while an action under way comes first', () => {
    const guarded = run(field(), use(field(), 'guard'));
    expect(refuse(guarded, walk(guarded, 1, 0))).toMatchObject({ code: 'action/turn-ended', message: 'Ann took guard, which ends the turn; end it.' });
    // Four actions of reloading: three now, the last first thing next turn, before any walk.
    let e = run(field(), { type: 'three-actions/extend', combatantId: idOf(field(), 'Ann'), name: 'reload the arbalest', cost: 4 } as never, { type: 'end-turn' });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Orc') }, { type: 'end-turn' }, { type: 'take-turn', combatantId: idOf(e, 'Ann') });
    expect(refuse(e, walk(e, 1, 0)).code).toBe('three-actions/extended');
    e = run(e, { type: 'three-actions/extend', combatantId: idOf(e, 'Ann') } as never, walk(e, 1, 0));
    expect(at(e)).toMatchObject({ x: 1, y: 0 });
  });

  it('refuses the starter a walk before the attack that started the fight, and the GM may place the token instead', () => {
    // "When that player takes their first turn in combat, they will start with their action to attack the guard."
    let e = run(
      newThreeActions(),
      { type: 'add-combatant', name: 'Ann', factionId: HEROES, stats: { speed: 3 }, tracks: { endurance: 12, health: 12, stamina: 3 } },
      { type: 'add-combatant', name: 'Orc', factionId: ENEMIES, tracks: { endurance: 12, health: 12 } },
      { type: 'set-grid', mapId: 'f', name: 'Field', map: drawnMap(Array.from({ length: 8 }, () => '............'), { cellSize: 1, unit: 'm' }) },
    );
    e = run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 0, y: 0 }, { type: 'three-actions/set-starter', combatantId: idOf(e, 'Ann'), action: 'shoots the orc' } as never, { type: 'start-combat' });
    e = run(e, { type: 'take-turn', combatantId: idOf(e, 'Ann') });
    expect(refuse(e, walk(e, 1, 0)).code).toBe('three-actions/opens-with');
    expect(at(run(e, { type: 'place-on-grid', combatantId: idOf(e, 'Ann'), x: 1, y: 0 }))).toMatchObject({ x: 1, y: 0 });
  });
});
