import { describe, expect, it } from 'vitest';
import { createEncounter, deriveBorders, dispatch, distanceToSegment, findRuleset, pointInPolygon, type MapZone, type Point, type ZoneMap, BUILTIN_RULESETS } from '../../../engine/index';
import { zoneLabel } from '../map/canvas';
import { MAP_TEMPLATES } from '../map/templates';
import { initialsOf, labelBox, layoutTokens, needingPlace, TOKEN_REACH, tokenBox, tokenRadius, type LabelView, type TokenPlace } from './token-layout';

const traits = { hazard: null, difficult: false, concealment: false, cover: false, hidden: false };
const zone = (id: string, name: string, points: Point[], more: Partial<MapZone> = {}): MapZone => ({ id, name, colour: '#336699', ...traits, points, ...more });
const rect = (id: string, x: number, y: number, w: number, h: number, name = id): MapZone => zone(id, name, [[x, y], [x + w, y], [x + w, y + h], [x, y + h]]);
// An L-shaped zone: its centre of area lies outside it.
const ell = zone('ell', 'Ell', [[0, 0], [400, 0], [400, 100], [100, 100], [100, 400], [0, 400]]);
const hall = rect('hall', 400, 0, 300, 400, 'Hall');
const zones = [ell, hall];
const borders = deriveBorders({ zones, links: [], barriers: [] });
/** Names drawn 20 px high on a map shown at its own size: they barely matter. */
const plain: LabelView = { scale: 1, px: 20 };

/** Shapes a drawn map can have, each alone on a 1600 × 1000 map, and the three maps a new one can start from. */
const shapes: readonly { label: string; map: Pick<ZoneMap, 'zones'> }[] = [
  { label: 'a long, low strip (the bridge)', map: { zones: [rect('bridge', 500, 420, 600, 160, 'Bridge')] } },
  { label: 'a small square with a long name and badges', map: { zones: [zone('nook', 'Alchemist’s nook', [[200, 200], [420, 200], [420, 420], [200, 420]], { hazard: 'Acid', difficult: true, cover: true })] } },
  { label: 'an L', map: { zones: [zone('ell', 'Ell', [[0, 0], [800, 0], [800, 220], [220, 220], [220, 1000], [0, 1000]])] } },
  { label: 'a triangle', map: { zones: [zone('wedge', 'Wedge', [[100, 900], [800, 900], [450, 300]])] } },
  { label: 'a slanted, narrow stream', map: { zones: [zone('stream', 'Stream', [[1250, 0], [1400, 0], [1370, 250], [1330, 500], [1350, 750], [1420, 1000], [1270, 1000], [1200, 750], [1175, 500], [1225, 250]], { difficult: true })] } },
  ...MAP_TEMPLATES.map((t) => ({ label: `the ${t.name} map`, map: t.build() })),
];

/** The GM's map at 1280 × 720 (tokens at least 16 px), the players' screen (names 28 px high, tokens 24 px), a large window. */
const views: readonly { label: string; view: LabelView; r: number }[] = [
  { label: "the GM's small window", view: { scale: 0.33, px: 20 }, r: 16 / 0.33 },
  { label: "the players' screen", view: { scale: 0.52, px: 28 }, r: 24 / 0.52 },
  { label: 'a large window', view: { scale: 0.9, px: 20 }, r: tokenRadius(1600, 1000) },
];

function clearance(p: Point, points: readonly Point[]): number {
  return Math.min(...points.map((a, i) => distanceToSegment(p, a, points[(i + 1) % points.length] ?? a)));
}

const overlaps = (a: ReturnType<typeof tokenBox>, b: ReturnType<typeof tokenBox>) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/** What a user depends on for each token: wholly inside its zone, off every zone's name. */
function expectReadable(map: Pick<ZoneMap, 'zones'>, places: ReadonlyMap<string, TokenPlace>, zoneOf: (id: string) => string, view: LabelView) {
  const names = map.zones.map((z) => ({ zone: z.name, box: labelBox(z, view) }));
  for (const [id, place] of places) {
    const home = map.zones.find((z) => z.id === zoneOf(id));
    if (!home) throw new Error(`No zone for ${id}`);
    expect(pointInPolygon(place.at, home.points), `${id} stands in ${home.name}`).toBe(true);
    expect(clearance(place.at, home.points), `${id} is drawn wholly inside ${home.name}`).toBeGreaterThanOrEqual(place.r * TOKEN_REACH - 1e-6);
    for (const name of names) expect(overlaps(tokenBox(place), name.box), `${id} covers the name ${name.zone}`).toBe(false);
  }
}

describe('token layout', () => {
  for (const { label, map } of shapes) {
    for (const { label: seen, view, r } of views) {
      for (const count of [1, 4, 12]) {
        it(`keeps ${count} token${count > 1 ? 's' : ''} inside ${label} and off every name, on ${seen}`, () => {
          for (const home of map.zones) {
            const who = Array.from({ length: count }, (_, i) => ({ id: `${home.id}-${i}`, zoneId: home.id, borderId: null }));
            const places = layoutTokens(map.zones, [], who, r, view);
            expect(places.size).toBe(count);
            expectReadable(map, places, () => home.id, view);
            // Each stands on its own spot; up to four never touch.
            const spots = [...places.values()];
            for (const [i, p] of spots.entries()) {
              for (const q of spots.slice(i + 1)) {
                const apart = Math.hypot(p.at[0] - q.at[0], p.at[1] - q.at[1]);
                expect(apart).toBeGreaterThan(count <= 4 ? p.r + q.r : p.r * 0.5);
              }
            }
          }
        });
      }
    }
  }

  it('keeps a whole fight spread over a map off the names, those on borders too', () => {
    for (const template of MAP_TEMPLATES) {
      const map = template.build();
      const mapBorders = deriveBorders(map);
      const { view, r } = views[0] ?? { view: plain, r: 20 };
      const who = map.zones.flatMap((z) => Array.from({ length: 3 }, (_, i) => ({ id: `${z.id}-${i}`, zoneId: z.id, borderId: null })));
      const onBorders = mapBorders.filter((b) => b.segments.length > 0).map((b) => ({ id: `on-${b.id}`, zoneId: b.a, borderId: b.id }));
      const places = layoutTokens(map.zones, mapBorders, [...who, ...onBorders], r, view);
      expect(places.size).toBe(who.length + onBorders.length);
      const inZones = new Map([...places].filter(([id]) => !id.startsWith('on-')));
      expectReadable(map, inZones, (id) => who.find((c) => c.id === id)?.zoneId ?? '', view);
      for (const c of onBorders) {
        const place = places.get(c.id);
        if (!place) throw new Error(`No place for ${c.id}`);
        for (const z of map.zones) expect(overlaps(tokenBox(place), labelBox(z, view)), `${c.id} covers ${z.name}`).toBe(false);
      }
    }
  });

  it('boxes the name where the map writes it, with its badges under it', () => {
    const nook = shapes[1]?.map.zones[0];
    if (!nook) throw new Error('No nook');
    const view = { scale: 0.5, px: 20 };
    const drawn = zoneLabel(nook, view.scale, view.px);
    const box = labelBox(nook, view);
    // The text's baseline sits on the anchor, centred across it; the badges hang below.
    expect(box.minX).toBeLessThan(drawn.at[0] - (nook.name.length * 0.62 * drawn.size) / 2);
    expect(box.maxX).toBeGreaterThan(drawn.at[0] + (nook.name.length * 0.62 * drawn.size) / 2);
    expect(box.minY).toBeLessThan(drawn.at[1] - 0.9 * drawn.size);
    expect(box.maxY).toBeGreaterThan(drawn.at[1] + 0.55 * drawn.size + 1.45 * drawn.badgeSize);
    // Seen from further away, the same name takes more of the map.
    expect(labelBox(nook, { scale: 0.25, px: 20 }).minY).toBeLessThan(box.minY);
  });

  it('puts every token of a zone inside it, none on top of another', () => {
    const who = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, zoneId: i < 6 ? 'ell' : 'hall', borderId: null }));
    const r = 20;
    const places = layoutTokens(zones, borders, who, r, plain);
    expect(places.size).toBe(12);
    for (const c of who) {
      const p = places.get(c.id)?.at;
      const zone = zones.find((z) => z.id === c.zoneId);
      expect(p && zone && pointInPolygon(p, zone.points)).toBe(true);
    }
    const points = [...places.values()].map((p) => p.at);
    for (const [i, p] of points.entries()) {
      for (const q of points.slice(i + 1)) expect(Math.hypot(p[0] - q[0], p[1] - q[1])).toBeGreaterThanOrEqual(2 * r);
    }
    expect([...places.values()].every((p) => p.r === r)).toBe(true);
  });

  it('draws the tokens of a crowded zone smaller so they stay inside it', () => {
    const small = rect('closet', 0, 0, 100, 100);
    const who = Array.from({ length: 6 }, (_, i) => ({ id: `c${i}`, zoneId: 'closet', borderId: null }));
    const places = layoutTokens([small], [], who, 20, plain);
    for (const p of places.values()) {
      expect(p.r).toBeLessThan(20);
      expect(pointInPolygon(p.at, small.points)).toBe(true);
    }
    const points = [...places.values()];
    for (const [i, p] of points.entries()) {
      for (const q of points.slice(i + 1)) expect(Math.hypot(p.at[0] - q.at[0], p.at[1] - q.at[1])).toBeGreaterThanOrEqual(p.r + q.r);
    }
  });

  it('lines tokens on a border up along the edge the zones share', () => {
    const border = borders[0];
    expect(border).toBeDefined();
    const who = [
      { id: 'a', zoneId: 'hall', borderId: border?.id ?? null },
      { id: 'b', zoneId: 'ell', borderId: border?.id ?? null },
    ];
    const places = layoutTokens(zones, borders, who, 20, plain);
    // The shared edge is x = 400, from y = 0 to y = 100.
    for (const { at } of places.values()) {
      expect(at[0]).toBeCloseTo(400);
      expect(at[1]).toBeGreaterThanOrEqual(0);
      expect(at[1]).toBeLessThanOrEqual(100);
    }
  });

  it('gives no place to someone without a zone, or in a zone the map does not have', () => {
    const places = layoutTokens(zones, borders, [{ id: 'x', zoneId: null, borderId: null }, { id: 'y', zoneId: 'gone', borderId: null }], 20, plain);
    expect(places.size).toBe(0);
  });

  it('is the same picture every time', () => {
    const who = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, zoneId: 'hall', borderId: null }));
    expect([...layoutTokens(zones, borders, who, 20, plain)]).toEqual([...layoutTokens(zones, borders, who, 20, plain)]);
  });

  it('sizes tokens to the map and names them briefly', () => {
    expect(tokenRadius(1600, 1000)).toBeCloseTo(1000 / 36);
    expect(tokenRadius(100, 100)).toBe(10);
    expect(initialsOf('Goblin 1')).toBe('G1');
    expect(initialsOf('Old Tom')).toBe('OT');
    expect(initialsOf('Aria')).toBe('Ar');
    expect(initialsOf('Bandit 12')).toBe('B12');
  });
});

describe('who needs a place on the map', () => {
  it('is everyone without a token but those out of the fight for good; someone down still needs one', () => {
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'zones', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    let enc = created.encounter;
    for (const name of ['Ann', 'Bo', 'Cy', 'Di']) enc = dispatch(enc, { type: 'add-combatant', name, factionId: 'f1' }).encounter;
    const [ann, bo, cy, di] = enc.state.combatants.map((c) => c.id);
    enc = dispatch(enc, { type: 'set-mark', combatantId: bo ?? '', mark: 'dead', on: true }).encounter;
    enc = dispatch(enc, { type: 'set-mark', combatantId: cy ?? '', mark: 'retreated', on: true }).encounter;
    enc = dispatch(enc, { type: 'damage', combatantId: di ?? '', amount: 99 }).encounter;
    const placed = new Map([[ann ?? '', {}]]);
    expect(needingPlace(enc.state.combatants, placed, findRuleset('zones')).map((c) => c.name)).toEqual(['Di']);
  });
});
