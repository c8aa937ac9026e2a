import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Border, Zone } from '../../core/maps/zone-state';
import { blastZoneAndBorders } from '../../rulesets/zones/index';
import {
  borderAnchor,
  borderAt,
  borderBetween,
  bordersFromZones,
  bordersOf,
  deriveBorders,
  encounterBorders,
  encounterZones,
  moveDistance,
  zoneAnchor,
  zoneAt,
} from './borders';
import { mapZone, rectPoints as rect } from '../../test-support';
import { pointInPolygon } from './geometry';
import { borderId, type MapLink, type MapZone, type Point, type ZoneMap } from '../../core/maps/zone-map';
import { neighboursOf, zoneDistance } from './zones';

const zone = (id: string, points: Point[], traits: Partial<MapZone> = {}): MapZone => mapZone(id, points, { name: id.toUpperCase(), colour: '#336699', ...traits });

const map = (zones: MapZone[], links: MapLink[] = [], barriers: string[] = []): ZoneMap => ({
  width: 1000,
  height: 1000,
  background: null,
  zones,
  links,
  barriers,
  grid: 10,
});

/**
 *   +------+------+------+
 *   | gate | yard | hall |        (each 100 × 100; the tower hangs below hall, offset)
 *   +------+------+--+---+---+
 *                    | tower |
 *   (well apart)     +-------+
 */
const keep = [
  zone('gate', rect(0, 0, 100, 100)),
  zone('yard', rect(100, 0, 100, 100)),
  zone('hall', rect(200, 0, 100, 100)),
  zone('tower', rect(250, 100, 100, 100)),
  zone('well', rect(0, 300, 50, 50)),
];


describe('deriveBorders', () => {
  it('finds a border for every pair of zones that share an edge, in map order, with the stretch', () => {
    const borders = deriveBorders(map(keep));
    expect(borders.map((b) => b.id)).toEqual([borderId('gate', 'yard'), borderId('yard', 'hall'), borderId('hall', 'tower')]);
    const hallTower = borders[2];
    expect(hallTower).toMatchObject({ a: 'hall', b: 'tower', barrier: false, oneWayTo: null });
    // Only the 50 units the two actually share.
    expect(hallTower?.segments).toHaveLength(1);
    const [[p, q]] = hallTower?.segments as [[Point, Point]];
    expect([p, q].map((x) => x[0]).sort((m, n) => m - n)).toEqual([250, 300]);
    expect(p[1]).toBe(100);
  });

  it("names each border's zones in the order of its id", () => {
    for (const b of deriveBorders(map(keep))) expect(b.id).toBe(`${b.a}~${b.b}`);
  });

  it('adds an open link as a border without stretches, and a closed link takes one away', () => {
    const borders = deriveBorders(map(keep, [
      { a: 'well', b: 'gate', kind: 'open' },
      { a: 'yard', b: 'hall', kind: 'closed' },
    ]));
    expect(borders.map((b) => b.id)).toEqual([borderId('gate', 'yard'), borderId('gate', 'well'), borderId('hall', 'tower')]);
    expect(borders.find((b) => b.id === borderId('gate', 'well'))?.segments).toEqual([]);
  });

  it('a one-way link points the border at its b, drawing it if there is none', () => {
    const borders = deriveBorders(map(keep, [
      { a: 'hall', b: 'tower', kind: 'one-way' },
      { a: 'well', b: 'gate', kind: 'one-way' },
    ]));
    const hallTower = borders.find((b) => b.id === borderId('hall', 'tower'));
    expect(hallTower?.oneWayTo).toBe('tower');
    expect(hallTower?.segments).toHaveLength(1);
    expect(borders.find((b) => b.id === borderId('gate', 'well'))).toMatchObject({ oneWayTo: 'gate', segments: [] });
  });

  it('lets the last link between two zones count, and ignores links to unknown zones or to itself', () => {
    const borders = deriveBorders(map(keep, [
      { a: 'gate', b: 'yard', kind: 'closed' },
      { a: 'yard', b: 'gate', kind: 'one-way' },
      { a: 'gate', b: 'ghost', kind: 'open' },
      { a: 'gate', b: 'gate', kind: 'open' },
    ]));
    expect(borders.find((b) => b.id === borderId('gate', 'yard'))?.oneWayTo).toBe('gate');
    expect(borders).toHaveLength(3);
  });

  it('flags barriers by border id', () => {
    const borders = deriveBorders(map(keep, [], [borderId('hall', 'yard'), 'nothing~here']));
    expect(borders.filter((b) => b.barrier).map((b) => b.id)).toEqual([borderId('yard', 'hall')]);
  });

  it('gives corners that only touch no border', () => {
    expect(deriveBorders(map([zone('a', rect(0, 0, 10, 10)), zone('b', rect(10, 10, 10, 10))]))).toEqual([]);
  });

  it('is stable: the same map gives the same list', () => {
    const m = map(keep, [{ a: 'well', b: 'hall', kind: 'open' }], [borderId('gate', 'yard')]);
    expect(deriveBorders(m)).toEqual(deriveBorders(structuredClone(m)));
  });
});

describe('encounter zones and borders from a map', () => {
  const drawn = map(keep, [{ a: 'hall', b: 'tower', kind: 'one-way' }], [borderId('gate', 'yard')]);
  const borders = encounterBorders(deriveBorders(drawn));
  const zones = encounterZones(drawn, borders);

  it('keeps traits and lists as neighbours the zones one can move into', () => {
    const withTraits = encounterZones(map([zone('pit', rect(0, 0, 10, 10), { hazard: 'Spikes', difficult: true, hidden: true })]), []);
    expect(withTraits).toEqual([{ id: 'pit', name: 'PIT', neighbours: [], hazard: 'Spikes', difficult: true, concealment: false, cover: false, hidden: true }]);
    expect(zones.find((z) => z.id === 'hall')?.neighbours).toEqual(['yard', 'tower']);
    // Tower can't go back up.
    expect(zones.find((z) => z.id === 'tower')?.neighbours).toEqual([]);
  });

  it('drops the geometry for the encounter', () => {
    expect(borders[0]).toEqual({ id: borderId('gate', 'yard'), a: 'gate', b: 'yard', barrier: true, oneWayTo: null });
  });

  it('measures range both ways over a one-way border, but moving only its way', () => {
    expect(zoneDistance(zones, 'gate', 'tower')).toBe(3);
    expect(zoneDistance(zones, 'tower', 'gate')).toBe(3);
    expect(moveDistance(borders, 'gate', 'tower')).toBe(3);
    expect(moveDistance(borders, 'tower', 'gate')).toBeNull();
    expect(moveDistance(borders, 'tower', 'tower')).toBe(0);
    expect(moveDistance(borders, 'gate', 'well')).toBeNull();
  });

  it('numbers physical neighbours for deviation whichever way the border goes', () => {
    expect(neighboursOf(zones, 'tower')).toEqual(['hall']);
  });

  it('finds borders between and around zones, and what a blast covers', () => {
    expect(borderBetween(borders, 'yard', 'gate')?.id).toBe(borderId('gate', 'yard'));
    expect(borderBetween(borders, 'gate', 'hall')).toBeUndefined();
    expect(bordersOf(borders, 'yard').map((b) => b.id)).toEqual([borderId('gate', 'yard'), borderId('yard', 'hall')]);
    expect(blastZoneAndBorders(borders, 'hall')).toEqual({ zoneId: 'hall', borderIds: [borderId('yard', 'hall'), borderId('hall', 'tower')] });
  });
});

describe('bordersFromZones', () => {
  it('makes plain two-way borders from neighbour lists listed on either side', () => {
    const zones: Zone[] = [
      { id: 'a', name: 'A', neighbours: ['b'] },
      { id: 'b', name: 'B', neighbours: [] },
      { id: 'c', name: 'C', neighbours: ['b', 'a'] },
    ];
    const borders: Border[] = bordersFromZones(zones);
    expect(borders).toEqual([
      { id: 'a~b', a: 'a', b: 'b', barrier: false, oneWayTo: null },
      { id: 'a~c', a: 'a', b: 'c', barrier: false, oneWayTo: null },
      { id: 'b~c', a: 'b', b: 'c', barrier: false, oneWayTo: null },
    ]);
  });
});

describe('anchors and hit-testing', () => {
  const borders = deriveBorders(map(keep, [{ a: 'well', b: 'gate', kind: 'open' }]));

  it('finds the zone under a point, or none', () => {
    expect(zoneAt(keep, [150, 50])?.id).toBe('yard');
    expect(zoneAt(keep, [500, 500])).toBeNull();
  });

  it('finds the border near a point within a radius', () => {
    expect(borderAt(borders, [103, 40], 5)?.id).toBe(borderId('gate', 'yard'));
    expect(borderAt(borders, [120, 40], 5)).toBeNull();
  });

  it('anchors a zone inside it, a border on its stretch or between its zones', () => {
    for (const z of keep) expect(pointInPolygon(zoneAnchor(z), z.points)).toBe(true);
    const gateYard = borders.find((b) => b.id === borderId('gate', 'yard'));
    expect(gateYard && borderAnchor(gateYard, keep)).toEqual([100, 50]);
    const gateWell = borders.find((b) => b.id === borderId('gate', 'well'));
    expect(gateWell && borderAnchor(gateWell, keep)).toEqual([37.5, 187.5]);
  });
});

/** Splits a rectangle again and again, so the pieces meet in T-junctions and partly shared sides. */
function guillotine(cuts: { vertical: boolean; at: number; pick: number }[]): [number, number, number, number][] {
  let pieces: [number, number, number, number][] = [[0, 0, 960, 960]];
  for (const cut of cuts) {
    const i = cut.pick % pieces.length;
    const [x, y, w, h] = pieces[i] as [number, number, number, number];
    const span = cut.vertical ? w : h;
    if (span < 40) continue;
    const d = 10 * Math.max(1, Math.min(span / 10 - 1, Math.round((span / 10) * cut.at)));
    const parts: [number, number, number, number][] = cut.vertical ? [[x, y, d, h], [x + d, y, w - d, h]] : [[x, y, w, d], [x, y + d, w, h - d]];
    pieces = [...pieces.slice(0, i), ...parts, ...pieces.slice(i + 1)];
  }
  return pieces;
}

/** Whether two axis-aligned rectangles touch along a stretch longer than `tolerance`. */
function sideBySide(p: [number, number, number, number], q: [number, number, number, number], tolerance = 1): boolean {
  const [x1, y1, w1, h1] = p;
  const [x2, y2, w2, h2] = q;
  const overlapY = Math.min(y1 + h1, y2 + h2) - Math.max(y1, y2);
  const overlapX = Math.min(x1 + w1, x2 + w2) - Math.max(x1, x2);
  if ((x1 + w1 === x2 || x2 + w2 === x1) && overlapY > tolerance) return true;
  return (y1 + h1 === y2 || y2 + h2 === y1) && overlapX > tolerance;
}

describe('deriveBorders on cut-up rectangles (property)', () => {
  it('borders exactly the pieces that share a stretch of side', () => {
    const cut = fc.record({ vertical: fc.boolean(), at: fc.double({ min: 0.1, max: 0.9, noNaN: true }), pick: fc.nat(1000) });
    fc.assert(
      fc.property(fc.array(cut, { minLength: 1, maxLength: 25 }), (cuts) => {
        const pieces = guillotine(cuts);
        const zones = pieces.map((p, i) => zone(`z${i}`, rect(...p)));
        const borders = deriveBorders(map(zones));
        const ids = new Set(borders.map((b) => b.id));
        for (let i = 0; i < pieces.length; i++) {
          for (let j = i + 1; j < pieces.length; j++) {
            expect(ids.has(borderId(`z${i}`, `z${j}`))).toBe(sideBySide(pieces[i] as never, pieces[j] as never));
          }
        }
        for (const b of borders) expect(b.segments.length).toBeGreaterThan(0);
      }),
      { numRuns: 60 },
    );
  });
});
