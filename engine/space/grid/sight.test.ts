import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileGrid, cubeOf } from './grid';
import { nothingBetween } from './sight-blocks';
import { seesIntoCube } from './sight-lines';
import { emptyGridMap, type Footprint } from '../../core/maps/grid-map';
import { sightBetween } from './sight';
import { drawnGrid, drawnMap, wall } from '../../testing/grids';

// Line of sight and cover as the Sides & Shock text defines them ("Line of Sight and Cover"):
// A sees B when a line from any point of A's 5' cube reaches any point of B's cube through nothing
// solid; B has half cover when A doesn't see all of B's corners, full cover when A sees none of
// them. The text draws four cases, two from above and two from the side; the pictures are not in
// our copy, so each scene below is one that shows what its caption says, worked out by hand.
// `sightBetween(grid, attacker, target)` answers what the attacker sees of the target.

const at = (x: number, y: number, size = 1): Footprint => ({ x, y, size });

describe("the text's four drawn cases", () => {
  // From above: Alice peeks past a pillar's corner at Bob.
  //
  //   x: 0 1 2 3 4 5 6 7
  //   0  . . . . . . B .
  //   1  . . # . . . . .      # a pillar, touching Alice's top-right corner
  //   2  . A . . . . . .
  //   3  . . . . . . . .
  const corner = drawnGrid(['........', '..#.....', '........', '........']);
  const alice = at(1, 2);
  const bob = at(6, 0);

  it('horizontal: Bob has no cover from Alice (from her bottom-right corner every line to his corners passes under the pillar)', () => {
    // From (2, 3) to Bob's nearest corner (6, 1) the line is at y = 2.5 where the pillar ends (x = 3): under it.
    expect(sightBetween(corner, alice, bob)).toEqual({ sees: true, cover: 'none', cornersSeen: 4, corners: 4 });
  });

  it("horizontal: Alice has half cover from Bob (he sees her two lower corners; lines to her upper ones cross the pillar)", () => {
    // Any line from Bob's square (x ≥ 6, y ≤ 1) to (1, 2) or (2, 2) is between y = 1 and 2 at
    // x = 3, inside the pillar; lines to (1, 3) and (2, 3) pass under it.
    expect(sightBetween(corner, bob, alice)).toEqual({ sees: true, cover: 'half', cornersSeen: 2, corners: 4 });
  });

  // From the side: Alice stands at the edge of a ledge 10 ft up, Bob on the ground below.
  //
  //   height (ft)
  //   15 |             +---+
  //      |             | A |
  //   10 |             +---+------
  //      |             |  ledge
  //    5 +---+         |
  //      | B |         |
  //    0 +---+---+-----+----------
  //      x: 0   1   2   3   4   5
  const ledge = drawnGrid(['......'], { heights: [3, 4, 5].map((x) => ({ x, y: 0, height: 10 })) });
  const onLedge = at(3, 0);
  const below = at(0, 0);

  it('vertical: Bob has no cover from Alice (looking down from the edge she sees all eight corners of his cube)', () => {
    expect(sightBetween(ledge, onLedge, below)).toEqual({ sees: true, cover: 'none', cornersSeen: 8, corners: 8 });
  });

  it('vertical: Alice has half cover from Bob (the ledge hides the two lower corners at her back)', () => {
    // Her lower corners at x = 4 are 10 ft up, 1 ft past the ledge's edge: any line up to them
    // from Bob's cube (at most 5 ft high, x ≤ 1) is under 10 ft at the edge, inside the ledge.
    expect(sightBetween(ledge, below, onLedge)).toEqual({ sees: true, cover: 'half', cornersSeen: 6, corners: 8 });
  });
});

describe('line of sight and cover, worked out by hand', () => {
  it('two pillars touching at a corner leave no gap to see through', () => {
    //   A . . .
    //   . . # .
    //   . # . .
    //   . . . B
    const grid = drawnGrid(['....', '..#.', '.#..', '....']);
    // Every line from A's square to B's crosses x = 2 between y = 1 and 3, where one pillar or
    // the other stands; the one line through the touching corner (2, 2) grazes both.
    expect(sightBetween(grid, at(0, 0), at(3, 3)).sees).toBe(false);
    expect(sightBetween(grid, at(3, 3), at(0, 0)).sees).toBe(false);
  });

  it("a line that only touches a pillar's corner is not blocked: no cover", () => {
    //   A . . . .
    //   . . # . .
    //   . . . . .
    //   . . . B .
    const grid = drawnGrid(['.....', '..#..', '.....', '.....']);
    // B's corner (4, 3) is reached from A only along the line from A's corner (0, 1), which touches
    // the pillar's corner (2, 2) and passes under it. A corner counts as seen when the points of
    // the cube right inside it are, and lines from right inside A's corner to right inside B's
    // slip past the pillar's corner: a touch is not a block (two obstacles touching are, above).
    expect(sightBetween(grid, at(0, 0), at(3, 3))).toEqual({ sees: true, cover: 'none', cornersSeen: 4, corners: 4 });
    // A pillar right above B hides its corner (4, 3): a line to it would have to pass under the
    // pillar, y ≥ 3 at x = 3, and still be above y = 3 by x = 4.
    const lower = drawnGrid(['.....', '.....', '...#.', '.....']);
    expect(sightBetween(lower, at(0, 0), at(3, 3))).toEqual({ sees: true, cover: 'half', cornersSeen: 3, corners: 4 });
  });

  it('a wall on the edge between two neighbours blocks sight; the same edge as an open door does not', () => {
    const walled = drawnGrid(['..'], { edges: [wall(1, 0, 'left')] });
    expect(sightBetween(walled, at(0, 0), at(1, 0))).toEqual({ sees: false, cover: null, cornersSeen: 0, corners: 4 });
    const door = drawnGrid(['..'], { edges: [wall(1, 0, 'left', 'door', true)] });
    expect(sightBetween(door, at(0, 0), at(1, 0))).toEqual({ sees: true, cover: 'none', cornersSeen: 4, corners: 4 });
    const shut = compileGrid(drawnMap(['..'], { edges: [wall(1, 0, 'left', 'door', true)] }), new Map([['left:1:0', false]]));
    expect(sightBetween(shut, at(0, 0), at(1, 0)).sees).toBe(false);
  });

  it('walls on both edges out of a corner cut a diagonal neighbour off, even through the corner point', () => {
    //   A|.       walls on A's right and bottom faces, meeting at (1, 1)
    //   -+
    //   . B
    const boxed = drawnGrid(['..', '..'], { edges: [wall(1, 0, 'left'), wall(0, 1, 'top')] });
    expect(sightBetween(boxed, at(0, 0), at(1, 1)).sees).toBe(false);
  });

  it('a wall on one edge at a corner stands beside a diagonal neighbour, not between: no cover', () => {
    //   A|.       a wall on A's right face only, ending level with B's top face
    //   . B
    const grid = drawnGrid(['..', '..'], { edges: [wall(1, 0, 'left')] });
    // B's top-right corner (2, 1) is the hardest: the point right inside it is a hair under y = 1,
    // and a line from low in A's square passes just under the wall's end (1, 1) to reach it.
    expect(sightBetween(grid, at(0, 0), at(1, 1))).toEqual({ sees: true, cover: 'none', cornersSeen: 4, corners: 4 });
  });

  it('a 2×2 creature half behind a pillar has half cover', () => {
    //   A . . . B B .
    //   . . # . B B .
    //   . . . . . . .
    const grid = drawnGrid(['.......', '..#....', '.......']);
    // Its corner (4, 2): at x = 3 any line from A's square is between y = 1.33 and 2, in the pillar.
    expect(sightBetween(grid, at(0, 0), at(4, 0, 2))).toEqual({ sees: true, cover: 'half', cornersSeen: 3, corners: 4 });
  });

  it('an archer behind an arrow slit has full cover; the target in front has none from the archer', () => {
    //   . . . T . . .
    //   . . . . . . .
    //   . . . . . . .
    //   ======-======      a wall along y = 3 with a slit in the edge above (3, 3)
    //   . . . A . . .
    const edges = [0, 1, 2, 4, 5, 6].map((x) => wall(x, 3, 'top'));
    const grid = drawnGrid(['.......', '.......', '.......', '.......'], { edges: [...edges, wall(3, 3, 'top', 'slit')] });
    const archer = at(3, 3);
    const target = at(3, 0);
    // Straight down through the opening (x 3.4 to 3.6) the two see each other; a line through
    // the opening to a corner of the archer's square, an inch behind the wall, runs almost along it.
    expect(sightBetween(grid, target, archer)).toEqual({ sees: true, cover: 'full', cornersSeen: 0, corners: 4 });
    // From the far side every corner of the target lines up with the opening and some point of the archer's square.
    expect(sightBetween(grid, archer, target)).toEqual({ sees: true, cover: 'none', cornersSeen: 4, corners: 4 });
  });

  it('someone beside the slit but not behind it sees nothing through it', () => {
    const edges = [0, 1, 2, 4, 5, 6].map((x) => wall(x, 3, 'top'));
    const grid = drawnGrid(['.......', '.......', '.......', '.......'], { edges: [...edges, wall(3, 3, 'top', 'slit')] });
    // From (0, 3), every line through the opening (x 3.4 to 3.6 on y = 3) goes up and to the right,
    // away from a target straight above the viewer.
    expect(sightBetween(grid, at(0, 3), at(0, 0)).sees).toBe(false);
  });

  it('a target behind a long wall is not seen at all', () => {
    const grid = drawnGrid(['...', '...', '...'], { edges: [0, 1, 2].map((x) => wall(x, 2, 'top')) });
    expect(sightBetween(grid, at(0, 0), at(1, 2))).toEqual({ sees: false, cover: null, cornersSeen: 0, corners: 4 });
  });

  it('on a clear map everyone sees everyone with no cover, neighbours included', () => {
    const grid = compileGrid(emptyGridMap(6, 6));
    expect(sightBetween(grid, at(0, 0), at(1, 0)).cover).toBe('none');
    expect(sightBetween(grid, at(0, 0), at(5, 5)).cover).toBe('none');
    expect(sightBetween(grid, at(2, 2), at(3, 3, 2)).cover).toBe('none');
  });
});

describe('properties of sight', () => {
  const side = 8;
  const mapArb = fc.record({
    solid: fc.array(fc.boolean(), { minLength: side * side, maxLength: side * side }),
    walls: fc.array(fc.record({ x: fc.nat(side), y: fc.nat(side), side: fc.constantFrom('top' as const, 'left' as const), kind: fc.constantFrom('wall' as const, 'slit' as const) }), { maxLength: 12 }),
    a: fc.record({ x: fc.nat(side - 1), y: fc.nat(side - 1) }),
    b: fc.record({ x: fc.nat(side - 1), y: fc.nat(side - 1) }),
  });
  type Drawn = typeof mapArb extends fc.Arbitrary<infer T> ? T : never;
  const build = (m: Drawn) => {
    const rows = Array.from({ length: side }, (_, y) =>
      Array.from({ length: side }, (_, x) => ((x === m.a.x && y === m.a.y) || (x === m.b.x && y === m.b.y) || !m.solid[y * side + x] ? '.' : m.solid[(y * side + x + 3) % (side * side)] ? '#' : '.')).join(''),
    );
    const edges = m.walls
      .filter((w) => (w.side === 'top' ? w.x < side : w.y < side))
      .map((w) => wall(w.x, w.y, w.side, w.kind));
    const unique = [...new Map(edges.map((e) => [`${e.side}${e.x},${e.y}`, e])).values()];
    return drawnGrid(rows, { edges: unique });
  };

  it('line of sight between two single-cell characters is the same both ways', () => {
    fc.assert(
      fc.property(mapArb, (m) => {
        fc.pre(m.a.x !== m.b.x || m.a.y !== m.b.y);
        const grid = build(m);
        expect(sightBetween(grid, at(m.a.x, m.a.y), at(m.b.x, m.b.y)).sees).toBe(sightBetween(grid, at(m.b.x, m.b.y), at(m.a.x, m.a.y)).sees);
      }),
      { numRuns: 300 },
    );
  });

  it('full cover only when no corner is seen, half only when some are, none only when all are', () => {
    fc.assert(
      fc.property(mapArb, (m) => {
        fc.pre(m.a.x !== m.b.x || m.a.y !== m.b.y);
        const s = sightBetween(build(m), at(m.a.x, m.a.y), at(m.b.x, m.b.y));
        if (s.cover === 'full') expect(s.cornersSeen).toBe(0);
        if (s.cover === 'half') expect(s.cornersSeen).toBeGreaterThan(0);
        if (s.cover === 'none') expect(s.cornersSeen).toBe(s.corners);
        expect(s.sees).toBe(s.cover !== null);
      }),
      { numRuns: 300 },
    );
  });

  it('when the quick tests say nothing joins two cubes, no point of one sees into the other', () => {
    fc.assert(
      fc.property(mapArb, fc.array(fc.tuple(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.double({ min: 0.01, max: 0.99, noNaN: true })), { minLength: 8, maxLength: 8 }), (m, points) => {
        fc.pre(m.a.x !== m.b.x || m.a.y !== m.b.y);
        const grid = build(m);
        const a = cubeOf(grid, at(m.a.x, m.a.y));
        const b = cubeOf(grid, at(m.b.x, m.b.y));
        if (!nothingBetween(grid, a, b)) return;
        for (const [u, w] of points) expect(seesIntoCube(grid, { x: m.b.x + u, y: m.b.y + w, z: 0.5 }, a)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('a clear map gives no cover, whoever stands where', () => {
    const grid = compileGrid(emptyGridMap(12, 12));
    fc.assert(
      fc.property(fc.nat(10), fc.nat(10), fc.nat(10), fc.nat(10), fc.constantFrom(1, 2), (ax, ay, bx, by, size) => {
        fc.pre(Math.abs(ax - bx) >= size || Math.abs(ay - by) >= size);
        expect(sightBetween(grid, at(ax, ay), at(bx, by, size)).cover).toBe('none');
      }),
      { numRuns: 200 },
    );
  });
});
