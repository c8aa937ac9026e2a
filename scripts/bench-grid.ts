// Grid benchmarks: line of sight and cover from one character to 200 others on a 100 × 100 map
// with 2,000 solid cells, as the GM's screen works it out while a token is dragged. Printed
// figures, never asserted. Run through scripts/bench.mjs.
import { compileGrid, reachable, sightBetween, type Footprint, type GridMap } from '../engine/index';

const SIDE = 100;

/** A small seeded generator, so every run lays out the same maps. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Rows of open ground with `solid` cells marked. */
function rowsWith(solid: Set<number>): string[] {
  return Array.from({ length: SIDE }, (_, y) => Array.from({ length: SIDE }, (_, x) => (solid.has(y * SIDE + x) ? '#' : '.')).join(''));
}

/** A dungeon: walls every 10 cells both ways with a doorway in each stretch, pillars to make 2,000 solid cells. */
function dungeon(): Set<number> {
  const solid = new Set<number>();
  for (let i = 0; i < SIDE; i++) {
    for (let line = 9; line < SIDE; line += 10) {
      if (i % 10 !== 4) {
        solid.add(line * SIDE + i);
        solid.add(i * SIDE + line);
      }
    }
  }
  const random = lcg(11);
  while (solid.size < 2000) solid.add(Math.floor(random() * SIDE * SIDE));
  return solid;
}

/** 2,000 pillars scattered at random. */
function scattered(): Set<number> {
  const solid = new Set<number>();
  const random = lcg(5);
  while (solid.size < 2000) solid.add(Math.floor(random() * SIDE * SIDE));
  return solid;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

for (const [name, solid] of [
  ['a dungeon of 10 × 10 rooms', dungeon()],
  ['2,000 scattered pillars', scattered()],
] as const) {
  const map: GridMap = { width: SIDE, height: SIDE, cellSize: 5, unit: 'ft', rows: rowsWith(solid), heights: [], edges: [], alignment: { offsetX: 0, offsetY: 0, cellPixels: 0 } };
  const grid = compileGrid(map);
  const random = lcg(3);
  const open = (): Footprint => {
    for (;;) {
      const i = Math.floor(random() * SIDE * SIDE);
      if (!solid.has(i)) return { x: i % SIDE, y: Math.floor(i / SIDE), size: 1 };
    }
  };
  const others = Array.from({ length: 200 }, open);
  const viewers = Array.from({ length: 21 }, open);
  const samples: number[] = [];
  let seen = 0;
  let full = 0;
  for (const viewer of viewers) {
    const start = performance.now();
    for (const other of others) {
      if (other.x === viewer.x && other.y === viewer.y) continue;
      const sight = sightBetween(grid, viewer, other);
      if (sight.sees) seen++;
      if (sight.cover === 'full') full++;
    }
    samples.push(performance.now() - start);
  }
  console.log(
    `grid sight and cover, one character to 200 others on 100 × 100 with ${name}: median ${median(samples).toFixed(1)} ms, slowest ${Math.max(...samples).toFixed(1)} ms (${Math.round(seen / viewers.length)} seen on average, ${full} with full cover in all)`,
  );
  const reachSamples = viewers.map((viewer) => {
    const start = performance.now();
    reachable(grid, viewer, 12, { rule: 'one' });
    return performance.now() - start;
  });
  console.log(`grid squares within 60 ft of walking on 100 × 100 with ${name}: median ${median(reachSamples).toFixed(2)} ms`);
}
