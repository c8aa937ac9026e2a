import { describe, expect, it } from 'vitest';
import { borderId, checkZoneMap, deriveBorders, type MapBorder, type ZoneMap } from '../../../engine/index';
import {
  addPolygon,
  addRectangle,
  blankMap,
  canRedo,
  canUndo,
  deleteZone,
  endGroup,
  HISTORY_CAP,
  insertVertex,
  linkBetween,
  MAP_TEMPLATES,
  moveVertex,
  moveZone,
  nextColour,
  record,
  redo,
  removeBackground,
  removeLink,
  removeVertex,
  restackZone,
  setBackground,
  setBarrier,
  setGrid,
  setLink,
  snapOnMap,
  startHistory,
  toggleBarrier,
  undo,
  updateZone,
  zoneAt,
  zoneById,
  ZONE_COLOURS,
} from './editor-model';

const valid = (map: ZoneMap): ZoneMap => {
  const checked = checkZoneMap(map, 'Test map');
  if (!checked.ok) throw new Error(checked.message);
  return checked.value;
};

/** Two rooms side by side, touching along x = 400. */
function twoRooms(): ZoneMap {
  let map = blankMap(1000, 600, 50);
  map = addRectangle(map, [0, 0], [400, 300], { id: 'hall', name: 'Hall' });
  map = addRectangle(map, [400, 0], [800, 300], { id: 'yard', name: 'Yard' });
  return map;
}

const pairs = (borders: readonly MapBorder[]) => borders.map((b) => [b.a, b.b].sort().join('+')).sort();

describe('drawing zones', () => {
  it('adds a rectangle with a default name and the next colour, clockwise from the top left', () => {
    const map = addRectangle(blankMap(), [300, 200], [100, 50], { id: 'a' });
    expect(map.zones).toHaveLength(1);
    const zone = map.zones[0]!;
    expect(zone.name).toBe('Zone 1');
    expect(zone.colour).toBe(ZONE_COLOURS[0]);
    expect(zone.points).toEqual([[100, 50], [300, 50], [300, 200], [100, 200]]);
    expect(zone).toMatchObject({ hazard: null, difficult: false, concealment: false, cover: false, hidden: false });
    expect(nextColour(map)).toBe(ZONE_COLOURS[1]);
    valid(map);
  });

  it('adds a polygon, rounding and keeping its corners inside the map; one without area is not added', () => {
    const map = addPolygon(blankMap(500, 500), [[-20, 10.4], [250.6, 0], [600, 480]], { id: 'tri', name: 'Rubble', traits: { difficult: true } });
    expect(map.zones[0]!.points).toEqual([[0, 10], [251, 0], [500, 480]]);
    expect(map.zones[0]!.difficult).toBe(true);
    const flat = blankMap();
    expect(addPolygon(flat, [[0, 0], [100, 0], [200, 0]], { id: 'x' })).toBe(flat);
    expect(addRectangle(flat, [10, 10], [10, 90], { id: 'x' })).toBe(flat);
  });

  it('refuses a second zone with an id already used', () => {
    const map = twoRooms();
    expect(addRectangle(map, [0, 400], [100, 500], { id: 'hall' })).toBe(map);
  });

  it('finds the topmost zone under a point', () => {
    let map = twoRooms();
    map = addRectangle(map, [350, 100], [450, 200], { id: 'door', name: 'Doorway' });
    expect(zoneAt(map, [380, 150])?.id).toBe('door');
    expect(zoneAt(map, [100, 100])?.id).toBe('hall');
    expect(zoneAt(map, [900, 500])).toBeNull();
    expect(zoneAt(restackZone(map, 'door', 'bottom'), [380, 150])?.id).toBe('hall');
  });
});

describe('snapping', () => {
  it('pulls a point onto a nearby corner of another zone before the grid', () => {
    const map = twoRooms();
    expect(snapOnMap(map, [408, 296], { radius: 12 })).toEqual([400, 300]);
    // Out of reach of a corner: onto the grid.
    expect(snapOnMap(map, [530, 470], { radius: 12 })).toEqual([550, 450]);
    // Snapping off: only rounded and kept inside the map.
    expect(snapOnMap(map, [408.4, 900], { radius: 12, snap: false })).toEqual([408, 600]);
  });

  it('a rectangle drawn against a neighbour with snapping shares its edge, so the border derives', () => {
    let map = blankMap(1000, 600, 0);
    map = addRectangle(map, [0, 0], [400, 300], { id: 'hall', name: 'Hall' });
    // The GM's drag lands a few units off the hall's corners.
    const from = snapOnMap(map, [404, 3], { radius: 10 });
    const to = snapOnMap(map, [700, 296], { radius: 10 });
    map = addRectangle(map, from, to, { id: 'yard', name: 'Yard' });
    const borders = deriveBorders(valid(map));
    expect(pairs(borders)).toEqual(['hall+yard']);
    expect(borders[0]!.segments).toHaveLength(1);
  });

  it('a dragged corner snaps to a neighbour’s corner, so a gap closes into a border', () => {
    let map = blankMap(1000, 600, 0);
    map = addRectangle(map, [0, 0], [400, 300], { id: 'hall', name: 'Hall' });
    map = addRectangle(map, [420, 0], [800, 300], { id: 'yard', name: 'Yard' });
    expect(deriveBorders(map)).toEqual([]);
    map = moveVertex(map, 'yard', 0, [405, 4], { radius: 12 });
    map = moveVertex(map, 'yard', 3, [397, 305], { radius: 12 });
    expect(zoneById(map, 'yard')!.points).toEqual([[400, 0], [800, 0], [800, 300], [400, 300]]);
    expect(pairs(deriveBorders(valid(map)))).toEqual(['hall+yard']);
  });
});

describe('moving', () => {
  it('moves a shared corner in both zones, so their edge stays shared; Alt (together: false) moves only one', () => {
    const map = twoRooms();
    const moved = moveVertex(map, 'hall', 1, [450, 0], { radius: 10 });
    expect(zoneById(moved, 'hall')!.points[1]).toEqual([450, 0]);
    expect(zoneById(moved, 'yard')!.points[0]).toEqual([450, 0]);
    expect(pairs(deriveBorders(valid(moved)))).toEqual(['hall+yard']);

    const apart = moveVertex(map, 'hall', 1, [350, 0], { radius: 10, together: false });
    expect(zoneById(apart, 'hall')!.points[1]).toEqual([350, 0]);
    expect(zoneById(apart, 'yard')!.points[0]).toEqual([400, 0]);
  });

  it('a corner moved from the drag’s start map is not pulled back to where it was', () => {
    const map = twoRooms();
    // 8 units from its old spot, which the yard's corner still marks in the start map.
    const moved = moveVertex(map, 'hall', 2, [408, 300], { radius: 12, snap: false });
    expect(zoneById(moved, 'hall')!.points[2]).toEqual([408, 300]);
  });

  it('moves a whole zone snapped to the grid, or onto a neighbour’s corner, kept inside the map', () => {
    let map = blankMap(1000, 600, 50);
    map = addRectangle(map, [0, 0], [400, 300], { id: 'hall', name: 'Hall' });
    map = addRectangle(map, [600, 0], [800, 200], { id: 'shed', name: 'Shed' });
    const gridded = moveZone(map, 'shed', [-37, 61], { radius: 5 });
    expect(zoneById(gridded, 'shed')!.points[0]).toEqual([550, 50]);
    // Dropped against the hall: the shed's top-left corner lands on the hall's top-right one.
    const against = moveZone(map, 'shed', [-196, 3], { radius: 10 });
    expect(zoneById(against, 'shed')!.points[0]).toEqual([400, 0]);
    expect(pairs(deriveBorders(against))).toEqual(['hall+shed']);
    // Not out of the map.
    const out = moveZone(map, 'shed', [900, -300], { radius: 10 });
    expect(zoneById(out, 'shed')!.points).toEqual([[800, 0], [1000, 0], [1000, 200], [800, 200]]);
  });

  it('adds and removes corners, keeping at least three', () => {
    let map = twoRooms();
    map = insertVertex(map, 'hall', 0, [200, -20]);
    expect(zoneById(map, 'hall')!.points).toEqual([[0, 0], [200, 0], [400, 0], [400, 300], [0, 300]]);
    map = removeVertex(map, 'hall', 1);
    expect(zoneById(map, 'hall')!.points).toHaveLength(4);
    // A corner on a shared edge goes into both zones, so dragging it keeps the border.
    let rooms = insertVertex(twoRooms(), 'hall', 1, [400, 150]);
    expect(zoneById(rooms, 'yard')!.points).toEqual([[400, 0], [800, 0], [800, 300], [400, 300], [400, 150]]);
    rooms = moveVertex(rooms, 'hall', 2, [450, 150], { radius: 10 });
    expect(zoneById(rooms, 'yard')!.points[4]).toEqual([450, 150]);
    expect(deriveBorders(valid(rooms))[0]!.segments).toHaveLength(2);
    expect(zoneById(insertVertex(twoRooms(), 'hall', 1, [400, 150], false), 'yard')!.points).toHaveLength(4);
    let tri = addPolygon(blankMap(), [[0, 0], [100, 0], [0, 100]], { id: 't' });
    expect(removeVertex(tri, 't', 0)).toBe(tri);
    tri = valid(tri);
  });
});

describe('zone fields, deleting, borders and links', () => {
  it('changes some fields of a zone; the same values change nothing', () => {
    const map = twoRooms();
    const next = updateZone(map, 'hall', { name: 'Great hall', hazard: 'Loose floorboards', cover: true });
    expect(zoneById(next, 'hall')).toMatchObject({ name: 'Great hall', hazard: 'Loose floorboards', cover: true, difficult: false });
    expect(updateZone(next, 'hall', { name: 'Great hall', cover: true })).toBe(next);
    expect(updateZone(map, 'nowhere', { name: 'X' })).toBe(map);
  });

  it('deletes a zone with its links and barriers', () => {
    let map = twoRooms();
    map = addRectangle(map, [0, 400], [200, 600], { id: 'loft', name: 'Loft' });
    map = setLink(map, { a: 'hall', b: 'loft', kind: 'open' });
    map = setLink(map, { a: 'yard', b: 'loft', kind: 'open' });
    map = setBarrier(map, 'hall', 'yard', true);
    const gone = deleteZone(map, 'hall');
    expect(gone.zones.map((z) => z.id)).toEqual(['yard', 'loft']);
    expect(gone.links).toEqual([{ a: 'yard', b: 'loft', kind: 'open' }]);
    expect(gone.barriers).toEqual([]);
    valid(gone);
  });

  it('toggles a barrier on a derived border', () => {
    const map = setBarrier(twoRooms(), 'yard', 'hall', true);
    expect(map.barriers).toEqual([borderId('hall', 'yard')]);
    expect(deriveBorders(map)[0]!.barrier).toBe(true);
    expect(setBarrier(map, 'hall', 'yard', true)).toBe(map);
    expect(toggleBarrier(map, borderId('hall', 'yard')).barriers).toEqual([]);
  });

  it('sets links (open, closed, one-way) with one link per pair, and removes them', () => {
    let map = twoRooms();
    map = addRectangle(map, [0, 400], [200, 600], { id: 'loft', name: 'Loft' });
    map = setLink(map, { a: 'hall', b: 'loft', kind: 'open' });
    expect(pairs(deriveBorders(map))).toEqual(['hall+loft', 'hall+yard']);
    map = setLink(map, { a: 'yard', b: 'hall', kind: 'closed' });
    expect(pairs(deriveBorders(map))).toEqual(['hall+loft']);
    map = setLink(map, { a: 'loft', b: 'hall', kind: 'one-way' });
    expect(map.links.filter((l) => [l.a, l.b].includes('loft'))).toEqual([{ a: 'loft', b: 'hall', kind: 'one-way' }]);
    expect(deriveBorders(map).find((b) => b.id === borderId('hall', 'loft'))!.oneWayTo).toBe('hall');
    expect(linkBetween(map, 'hall', 'loft')?.kind).toBe('one-way');
    // A zone can't link to itself or to a zone that isn't there.
    expect(setLink(map, { a: 'hall', b: 'hall', kind: 'open' })).toBe(map);
    expect(setLink(map, { a: 'hall', b: 'cellar', kind: 'open' })).toBe(map);
    map = removeLink(map, 'hall', 'yard');
    expect(pairs(deriveBorders(valid(map)))).toEqual(['hall+loft', 'hall+yard']);
  });
});

describe('the map as a whole', () => {
  const picture = { mime: 'image/webp' as const, base64: 'UklGRg==', width: 2000, height: 1500 };

  it('takes a background’s size, scaling the zones evenly; removing it keeps the zones', () => {
    const map = setBackground(twoRooms(), picture);
    // 1000 × 600 into 2000 × 1500: × 2 (the height has room to spare).
    expect(map).toMatchObject({ width: 2000, height: 1500, grid: 100, background: picture });
    expect(zoneById(map, 'yard')!.points).toEqual([[800, 0], [1600, 0], [1600, 600], [800, 600]]);
    expect(pairs(deriveBorders(valid(map)))).toEqual(['hall+yard']);
    const plain = removeBackground(map);
    expect(plain.background).toBeNull();
    expect(plain.zones).toBe(map.zones);
  });

  it('sets the snap grid in whole units, 0 to 500', () => {
    expect(setGrid(blankMap(), 24.6).grid).toBe(25);
    expect(setGrid(blankMap(), -3).grid).toBe(0);
    expect(setGrid(blankMap(), 9999).grid).toBe(500);
    expect(setGrid(blankMap(), Number.NaN).grid).toBe(0);
  });
});

describe('undo and redo', () => {
  it('steps back and forth; a new change drops the redo steps', () => {
    const a = blankMap();
    const b = addRectangle(a, [0, 0], [100, 100], { id: 'b' });
    const c = addRectangle(b, [100, 0], [200, 100], { id: 'c' });
    let h = record(record(startHistory(a), b), c);
    expect(canUndo(h)).toBe(true);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toBe(b);
    h = undo(h);
    expect(h.present).toBe(a);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(b);
    const d = setGrid(b, 10);
    h = record(h, d);
    expect(h.present).toBe(d);
    expect(canRedo(h)).toBe(false);
    expect(redo(h)).toBe(h);
  });

  it('makes one step of a drag (changes in one group), and a new step after the group ends', () => {
    const start = twoRooms();
    let h = startHistory(start);
    for (const x of [410, 420, 430, 440]) h = record(h, moveVertex(start, 'hall', 1, [x, 0], { radius: 0, snap: false }), 'drag-1');
    expect(h.past).toEqual([start]);
    expect(zoneById(h.present, 'yard')!.points[0]).toEqual([440, 0]);
    h = endGroup(h);
    h = record(h, setGrid(h.present, 10), 'drag-1');
    expect(h.past).toHaveLength(2);
    h = undo(undo(h));
    expect(h.present).toBe(start);
  });

  it('keeps at most the cap of steps', () => {
    let h = startHistory(blankMap());
    for (let i = 1; i <= HISTORY_CAP + 20; i++) h = record(h, setGrid(h.present, i % 400 === 0 ? 1 : i));
    expect(h.past).toHaveLength(HISTORY_CAP);
  });

  it('ignores a change that changes nothing', () => {
    const h = startHistory(blankMap());
    expect(record(h, h.present)).toBe(h);
  });
});

describe('templates', () => {
  const borderPairs = (id: string) => {
    const template = MAP_TEMPLATES.find((t) => t.id === id);
    if (!template) throw new Error(`no template ${id}`);
    const map = valid(template.build());
    return { map, borders: deriveBorders(map) };
  };
  const named = (map: ZoneMap, borders: readonly MapBorder[]) =>
    borders.map((b) => {
      const name = (id: string) => map.zones.find((z) => z.id === id)!.name;
      // Two-way: the names in alphabetical order; one-way: from → into.
      const [x, y] = b.oneWayTo === null ? [name(b.a), name(b.b)].sort() : b.oneWayTo === b.b ? [name(b.a), name(b.b)] : [name(b.b), name(b.a)];
      return `${x} ${b.oneWayTo === null ? '—' : '→'} ${y}${b.barrier ? ' (barrier)' : ''}${b.segments.length === 0 ? ' (link)' : ''}`;
    });

  it('each passes the map check unchanged and builds a fresh copy', () => {
    for (const template of MAP_TEMPLATES) {
      const map = template.build();
      const checked = checkZoneMap(map, template.name);
      expect(checked.ok ? checked.value : checked.message).toEqual(map);
      expect(template.build()).not.toBe(map);
    }
    expect(MAP_TEMPLATES.map((t) => t.name)).toEqual(['Tavern', 'Bridge', 'Forest clearing']);
  });

  it('Tavern: rooms border each other, the stairs lead to the cellar, the bar has no door to the street', () => {
    const { map, borders } = borderPairs('tavern');
    expect(new Set(named(map, borders))).toEqual(
      new Set([
        'Common room — Stairs',
        'Behind the bar — Common room',
        'Common room — Street',
        'Behind the bar — Kitchen',
        'Kitchen — Street',
        'Cellar — Stairs (link)',
      ]),
    );
    expect(map.zones.find((z) => z.id === 'kitchen')!.hazard).toMatch(/hearth/);
  });

  it('Bridge: both banks reach the bridge; from the bridge one drops into the river, never back', () => {
    const { map, borders } = borderPairs('bridge');
    expect(new Set(named(map, borders))).toEqual(
      new Set([
        'River, upstream — West bank',
        'Bridge — West bank',
        'River, downstream — West bank',
        'Bridge → River, upstream',
        'Bridge → River, downstream',
        'Bridge — East bank',
        'East bank — River, upstream',
        'East bank — River, downstream',
        'River, downstream — River, upstream (link)',
      ]),
    );
  });

  it('Forest clearing: thickets round the clearing, a stream to cross, a wall between shrine and clearing', () => {
    const { map, borders } = borderPairs('forest-clearing');
    expect(new Set(named(map, borders))).toEqual(
      new Set([
        'Clearing — North thicket',
        'North thicket — Ruined shrine',
        'North thicket — Stream',
        'Clearing — Ruined shrine (barrier)',
        'Bramble thicket — Ruined shrine',
        'Bramble thicket — Clearing',
        'Clearing — Stream',
        'Bramble thicket — Stream',
        'Far bank — Stream',
      ]),
    );
    const thickets = map.zones.filter((z) => z.name.includes('thicket'));
    expect(thickets.every((z) => z.concealment)).toBe(true);
    expect(map.zones.find((z) => z.id === 'stream')!.difficult).toBe(true);
  });
});
