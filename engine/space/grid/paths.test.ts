import { describe, expect, it } from 'vitest';
import { cellDistance, footprintDistance, stepsCost } from './distance';
import { findPath, reachable } from './paths';
import { drawnGrid, wall } from '../../testing/grids';

const one = { rule: 'one' as const };
const alternating = { rule: 'alternating' as const };

describe('distances', () => {
  it('counts a diagonal as one square on 5-ft squares', () => {
    expect(cellDistance(3, 3, 'one')).toBe(3);
    expect(cellDistance(5, 2, 'one')).toBe(5);
  });

  it('counts every second diagonal as two under the alternating rule (1 m, 2 m, 1 m…)', () => {
    // Three Actions: "treat every second diagonal space moved as 2m instead of 1m".
    expect(stepsCost(0, 1, 'alternating')).toBe(1);
    expect(stepsCost(0, 2, 'alternating')).toBe(3);
    expect(stepsCost(0, 3, 'alternating')).toBe(4);
    expect(cellDistance(4, 4, 'alternating')).toBe(6);
    expect(cellDistance(5, 2, 'alternating')).toBe(6);
  });

  it('measures a large creature from its nearest square', () => {
    expect(footprintDistance({ x: 0, y: 0, size: 1 }, { x: 1, y: 0, size: 1 }, 'one')).toBe(1);
    expect(footprintDistance({ x: 0, y: 0, size: 1 }, { x: 3, y: 3, size: 2 }, 'one')).toBe(3);
    expect(footprintDistance({ x: 5, y: 5, size: 2 }, { x: 0, y: 6, size: 1 }, 'one')).toBe(5);
  });
});

describe('paths round walls', () => {
  //   S . # . G
  //   . . # . .
  //   . . . . .      round the wall's foot: down, down, up, up (four diagonal steps)
  const grid = drawnGrid(['..#..', '..#..', '.....']);

  it('walks round a wall by the cheapest way', () => {
    const path = findPath(grid, { x: 0, y: 0, size: 1 }, { x: 4, y: 0 }, one);
    expect(path?.cost).toBe(4);
    expect(path?.cells[0]).toEqual({ x: 0, y: 0 });
    expect(path?.cells.at(-1)).toEqual({ x: 4, y: 0 });
    expect(path?.cells.some((c) => c.x === 2 && c.y < 2)).toBe(false);
  });

  it('does not cut between two solid squares touching at a corner', () => {
    //   S #
    //   # G       no way through; the corner is closed
    const closed = drawnGrid(['.#', '#.']);
    expect(findPath(closed, { x: 0, y: 0, size: 1 }, { x: 1, y: 1 }, one)).toBeNull();
    //   S #
    //   . G       one way round is open: the diagonal squeezes past the corner
    expect(findPath(drawnGrid(['.#', '..']), { x: 0, y: 0, size: 1 }, { x: 1, y: 1 }, one)?.cost).toBe(1);
  });

  it('does not cross a wall or a closed door on an edge; an open door lets it through', () => {
    const walled = drawnGrid(['..', '..'], { edges: [wall(1, 0, 'left'), wall(1, 1, 'left')] });
    expect(findPath(walled, { x: 0, y: 0, size: 1 }, { x: 1, y: 0 }, one)).toBeNull();
    const door = drawnGrid(['..', '..'], { edges: [wall(1, 0, 'left'), wall(1, 1, 'left', 'door', true)] });
    expect(findPath(door, { x: 0, y: 0, size: 1 }, { x: 1, y: 0 }, one)?.cost).toBe(2);
  });

  it('pays double on difficult ground and goes round it when that is cheaper', () => {
    const mud = drawnGrid(['.~.', '...']);
    expect(findPath(mud, { x: 0, y: 0, size: 1 }, { x: 2, y: 0 }, one)?.cost).toBe(2);
    const bog = drawnGrid(['.~.', '~~~']);
    expect(findPath(bog, { x: 0, y: 0, size: 1 }, { x: 2, y: 0 }, one)?.cost).toBe(3);
  });

  it('pays 1, 2, 1, 2 for diagonals under the alternating rule and prefers straight steps when it is cheaper', () => {
    const open = drawnGrid(['.....', '.....', '.....', '.....', '.....']);
    expect(findPath(open, { x: 0, y: 0, size: 1 }, { x: 4, y: 4 }, alternating)?.cost).toBe(6);
    expect(findPath(open, { x: 0, y: 0, size: 1 }, { x: 4, y: 4 }, one)?.cost).toBe(4);
  });

  it('prices a walk from where its move\'s count of diagonals stands: after an odd number, the first diagonal costs two', () => {
    const open = drawnGrid(['.....', '.....', '.....', '.....', '.....']);
    const from = { x: 0, y: 0, size: 1 };
    expect(findPath(open, from, { x: 1, y: 1 }, { ...alternating, diagonalsBefore: 1 })?.cost).toBe(2);
    expect(findPath(open, from, { x: 1, y: 1 }, { ...alternating, diagonalsBefore: 2 })?.cost).toBe(1);
    // Two diagonals after one: 2 + 1, where a fresh walk pays 1 + 2; the same under either.
    expect(findPath(open, from, { x: 2, y: 2 }, { ...alternating, diagonalsBefore: 1 })?.cost).toBe(3);
    // One square across after an odd count: a diagonal costs 2, as much as going round by two straight steps.
    expect(reachable(open, from, 2, { ...alternating, diagonalsBefore: 1 }).get(1 * 5 + 1)).toBe(2);
    // Diagonals cost one each under the other rule, whatever came before.
    expect(findPath(open, from, { x: 1, y: 1 }, { ...one, diagonalsBefore: 1 })?.cost).toBe(1);
  });

  it('keeps clear of hazards when a walk as short avoids them, and lists those it enters', () => {
    const fire = drawnGrid(['.!.', '...']);
    const path = findPath(fire, { x: 0, y: 0, size: 1 }, { x: 2, y: 0 }, one);
    expect(path?.cost).toBe(2);
    expect(path?.hazards).toEqual([]);
    const corridor = findPath(drawnGrid(['.!.']), { x: 0, y: 0, size: 1 }, { x: 2, y: 0 }, one);
    expect(corridor?.hazards).toEqual([{ x: 1, y: 0 }]);
  });

  it("walks a large creature only where all its squares fit", () => {
    //   . . . . .
    //   . . # . .      a 2×2 creature can't pass the pillar's row in the middle
    //   . . . . .
    const grid2 = drawnGrid(['.....', '..#..', '.....']);
    expect(findPath(grid2, { x: 0, y: 0, size: 2 }, { x: 3, y: 0 }, one)).toBeNull();
    expect(findPath(drawnGrid(['.....', '.....']), { x: 0, y: 0, size: 2 }, { x: 3, y: 0 }, one)?.cost).toBe(3);
  });

  it("passes allies but doesn't stop on them, and doesn't pass foes", () => {
    const lane = drawnGrid(['....']);
    expect(findPath(lane, { x: 0, y: 0, size: 1 }, { x: 3, y: 0 }, { rule: 'one', noStop: new Set([1]) })?.cost).toBe(3);
    expect(findPath(lane, { x: 0, y: 0, size: 1 }, { x: 1, y: 0 }, { rule: 'one', noStop: new Set([1]) })).toBeNull();
    expect(findPath(lane, { x: 0, y: 0, size: 1 }, { x: 3, y: 0 }, { rule: 'one', blocked: new Set([2]) })).toBeNull();
  });

  it('shades what can be reached within the movement left', () => {
    const reach = reachable(grid, { x: 0, y: 0, size: 1 }, 2, one);
    expect(reach.get(0)).toBe(0);
    expect(reach.get(1 * 5 + 1)).toBe(1);
    expect(reach.has(0 * 5 + 3)).toBe(false);
    expect(reach.get(2 * 5 + 2)).toBe(2);
  });
});

describe('the cheapest walk under the alternating rule', () => {
  it('finds the cheapest walk where the estimate of what is left could mislead the search', () => {
    // Found by a review: F2 to H6 costs 6 squares, not 7.
    const grid = drawnGrid(['....~.#.', '...~....', '...#....', '#...#.~.', '#.~~.#.~', '....~..~', '###.....', '~.~...~.']);
    expect(findPath(grid, { x: 5, y: 1, size: 1 }, { x: 7, y: 5 }, alternating)?.cost).toBe(6);
  });

  it('agrees with a search of every square, on random maps', () => {
    // Dijkstra (no estimate) through `reachable` is the yardstick.
    let seed = 9;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let n = 0; n < 60; n++) {
      const rows = Array.from({ length: 8 }, () => Array.from({ length: 8 }, () => (random() < 0.15 ? '#' : random() < 0.2 ? '~' : '.')).join(''));
      const grid = drawnGrid(rows);
      const from = { x: 0, y: 0, size: 1 };
      if (rows[0]?.[0] !== '.') continue;
      const all = reachable(grid, from, Infinity, alternating);
      for (const [index, cost] of all) {
        const to = { x: index % 8, y: Math.floor(index / 8) };
        expect(findPath(grid, from, to, alternating)?.cost).toBe(cost);
      }
    }
  });
});
