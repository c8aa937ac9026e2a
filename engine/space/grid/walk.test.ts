import { describe, expect, it } from 'vitest';
import { compileGrid } from './grid';
import { emptyGridMap } from '../../core/maps/grid-map';
import { foesAlongside, threatenedBy, withinReach } from './reach';
import { planWalk, pushSquares } from './walk';
import { drawnGrid, wall } from '../../testing/grids';

const one = { rule: 'one' as const };
const open = compileGrid(emptyGridMap(8, 8));
const at = (x: number, y: number, size = 1) => ({ x, y, size });

describe('reach and who is in combat', () => {
  it('reaches the eight neighbouring squares with a reach of 1, not two squares off', () => {
    expect(withinReach(open, at(2, 2), at(3, 3), 1, 'one')).toBe(true);
    expect(withinReach(open, at(2, 2), at(2, 1), 1, 'one')).toBe(true);
    expect(withinReach(open, at(2, 2), at(4, 2), 1, 'one')).toBe(false);
  });

  it('does not strike through a wall between neighbours or across a closed corner', () => {
    const walled = drawnGrid(['..', '..'], { edges: [wall(1, 0, 'left')] });
    expect(withinReach(walled, at(0, 0), at(1, 0), 1, 'one')).toBe(false);
    expect(withinReach(walled, at(0, 1), at(1, 1), 1, 'one')).toBe(true);
    const pinched = drawnGrid(['.#', '#.']);
    expect(withinReach(pinched, at(0, 0), at(1, 1), 1, 'one')).toBe(false);
  });

  it('reaches two squares with a long weapon when it sees the target, counting diagonals by the rule', () => {
    expect(withinReach(open, at(0, 0), at(2, 2), 2, 'one')).toBe(true);
    expect(withinReach(open, at(0, 0), at(2, 2), 2, 'alternating')).toBe(false);
    const wallBetween = drawnGrid(['...'], { edges: [wall(1, 0, 'left')] });
    expect(withinReach(wallBetween, at(0, 0), at(2, 0), 2, 'one')).toBe(false);
  });

  it('reaches a large creature at any of its squares', () => {
    expect(withinReach(open, at(0, 0), at(1, 1, 2), 1, 'one')).toBe(true);
    expect(withinReach(open, at(4, 4), at(1, 1, 2), 1, 'one')).toBe(false);
    expect(withinReach(open, at(3, 3), at(1, 1, 2), 1, 'one')).toBe(true);
  });

  it('says who is in combat (a foe in a square right next to them) and who threatens a square', () => {
    const foes = [
      { id: 'orc', at: at(3, 2), reach: 1 },
      { id: 'pike', at: at(5, 2), reach: 2 },
    ];
    expect(foesAlongside(open, at(2, 2), foes)).toEqual(['orc']);
    expect(threatenedBy(open, at(4, 2), foes, 'one')).toEqual(['orc', 'pike']);
    expect(threatenedBy(open, at(7, 7), foes, 'one')).toEqual([]);
  });
});

describe('moving a token by the rules', () => {
  it('plans the walk and the movement left, in feet', () => {
    const walk = planWalk(open, 'Bram', at(0, 0), { x: 3, y: 1 }, 30, one, []);
    expect(walk.ok && { distance: walk.value.distance, left: walk.value.left }).toEqual({ distance: 15, left: 15 });
  });

  it('refuses a walk longer than the movement left, saying how far it is', () => {
    const walk = planWalk(open, 'Bram', at(0, 0), { x: 7, y: 0 }, 30, one, []);
    expect(walk).toEqual({ ok: false, code: 'grid/too-far', message: 'H1 is 35 ft away by the shortest way; Bram has 30 ft of movement left.' });
  });

  it('refuses solid squares, squares off the map and squares walled off, naming them', () => {
    const grid = drawnGrid(['.#.', '.#.', '.#.']);
    expect(planWalk(grid, 'Bram', at(0, 0), { x: 1, y: 1 }, 30, one, [])).toMatchObject({ code: 'grid/solid', message: "Bram can't stand on B2: it is solid." });
    expect(planWalk(grid, 'Bram', at(0, 0), { x: 2, y: 0 }, 30, one, [])).toMatchObject({ code: 'grid/no-path' });
    expect(planWalk(grid, 'Bram', at(0, 0), { x: 5, y: 0 }, 30, one, [])).toMatchObject({ code: 'grid/off-map', message: 'F1 is off the map; pick a square on it.' });
  });

  it('counts metres with the alternating rule', () => {
    const metric = compileGrid(emptyGridMap(8, 8, 1, 'm'));
    const walk = planWalk(metric, 'Petra', at(0, 0), { x: 2, y: 2 }, 6, { rule: 'alternating' }, []);
    expect(walk.ok && walk.value.distance).toBe(3);
    expect(planWalk(metric, 'Petra', at(0, 0), { x: 4, y: 4 }, 5, { rule: 'alternating' }, [])).toMatchObject({
      message: 'E5 is 6 m away by the shortest way; Petra has 5 m of movement left.',
    });
  });

  it("marks each step out of a foe's reach, and whether the foe still reaches the next square", () => {
    //   . . . . .
    //   . W O . .     W walks right past the orc O, from B2 to E2 round its top
    //   . . . . .
    const foes = [{ id: 'orc', at: at(2, 1), reach: 1 }];
    const walk = planWalk(open, 'Wren', at(1, 1), { x: 4, y: 1 }, 30, one, foes);
    expect(walk.ok).toBe(true);
    if (!walk.ok) return;
    const leaving = walk.value.leaving;
    expect(leaving[0]).toMatchObject({ step: 1, from: { x: 1, y: 1 }, before: ['orc'] });
    const last = leaving.at(-1);
    expect(last?.before).toEqual(['orc']);
    expect(last?.after).toEqual([]);
  });
});

describe('pushing one square away', () => {
  it('offers the square straight away first, then the others that take the target further off', () => {
    const squares = pushSquares(open, at(2, 2), at(3, 2), new Set());
    expect(squares[0]).toEqual({ x: 4, y: 2 });
    expect(squares).toHaveLength(3);
    expect(squares).toContainEqual({ x: 4, y: 1 });
    expect(squares).toContainEqual({ x: 4, y: 3 });
  });

  it('leaves out walls, solid squares and squares someone stands on', () => {
    const grid = drawnGrid(['.....', '....#', '.....'], { edges: [wall(4, 2, 'left')] });
    const squares = pushSquares(grid, at(2, 1), at(3, 1), new Set([0 * 5 + 4]));
    expect(squares).toEqual([]);
  });
});
