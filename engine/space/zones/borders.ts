/**
 * Borders: where zones meet. On a drawn map they come from the edges zones share, changed by the
 * GM's hand-made links; in an encounter they are what movement crosses, what a character can
 * stand on. Pure functions of the map or of the encounter's border list.
 */
import type { Id } from '../../core/state';
import type { Border, Zone } from '../../core/maps/zone-state';
import { boundsTouch, distanceToSegment, EDGE_TOLERANCE, pointInPolygon, polygonBounds, polygonCentroid, sharedSegments, type Bounds, type Segment } from './geometry';
import { borderId, type MapBorder, type MapZone, type Point, type ZoneMap } from '../../core/maps/zone-map';
import { neighboursOf } from './zones';

/**
 * Every border of a drawn map, in a stable order (by the map order of the earlier zone, then of
 * the later one):
 * - zones whose outlines share edge stretches (within `tolerance` map units) border each other;
 * - an `open` link adds a border with no stretches (a door, a ladder) where none is drawn;
 * - a `closed` link removes one (a wall drawn as a shared edge);
 * - a `one-way` link sets `oneWayTo` to its `b`, adding the border if none is drawn;
 * - the map's `barriers` flag borders by id.
 * When several links name the same two zones, the last one counts. Links to unknown zones, or
 * from a zone to itself, are ignored (`checkZoneMap` refuses them). A border's `a` and `b` are in
 * the order of its id (`borderId`). Zones sharing an id: the first one counts.
 */
export function deriveBorders(map: Pick<ZoneMap, 'zones' | 'links' | 'barriers'>, tolerance = EDGE_TOLERANCE): MapBorder[] {
  const zones: MapZone[] = [];
  const index = new Map<Id, number>();
  for (const z of map.zones) {
    if (index.has(z.id)) continue;
    index.set(z.id, zones.length);
    zones.push(z);
  }
  const bounds = zones.map((z) => polygonBounds(z.points));
  const found = new Map<Id, { a: Id; b: Id; segments: Segment[]; oneWayTo: Id | null }>();
  const pairKey = (x: Id, y: Id) => borderId(x, y);
  const ordered = (x: Id, y: Id): [Id, Id] => (pairKey(x, y) === `${x}~${y}` ? [x, y] : [y, x]);
  for (let i = 0; i < zones.length; i++) {
    for (let j = i + 1; j < zones.length; j++) {
      const zi = zones[i] as MapZone;
      const zj = zones[j] as MapZone;
      if (!boundsTouch(bounds[i] as Bounds, bounds[j] as Bounds, tolerance)) continue;
      const segments = sharedSegments(zi.points, zj.points, tolerance);
      if (segments.length === 0) continue;
      const [a, b] = ordered(zi.id, zj.id);
      found.set(pairKey(a, b), { a, b, segments, oneWayTo: null });
    }
  }
  const lastLink = new Map<Id, ZoneMap['links'][number]>();
  for (const link of map.links) {
    if (!index.has(link.a) || !index.has(link.b) || link.a === link.b) continue;
    lastLink.set(pairKey(link.a, link.b), link);
  }
  for (const [key, link] of lastLink) {
    const drawn = found.get(key);
    if (link.kind === 'closed') {
      found.delete(key);
      continue;
    }
    const [a, b] = ordered(link.a, link.b);
    const oneWayTo = link.kind === 'one-way' ? link.b : null;
    found.set(key, { a, b, segments: drawn?.segments ?? [], oneWayTo });
  }
  const barriers = new Set(map.barriers);
  const rank = (id: Id) => index.get(id) ?? 0;
  const sortKey = (x: { a: Id; b: Id }): [number, number] => {
    const [p, q] = [rank(x.a), rank(x.b)];
    return p < q ? [p, q] : [q, p];
  };
  return [...found.entries()]
    .map(([id, f]) => ({ id, a: f.a, b: f.b, segments: f.segments, barrier: barriers.has(id), oneWayTo: f.oneWayTo }))
    .sort((x, y) => {
      const [x1, x2] = sortKey(x);
      const [y1, y2] = sortKey(y);
      return x1 - y1 || x2 - y2;
    });
}

/** Whether a border can be crossed into `zoneId` (it is two-way, or one-way into that zone). */
export function crossableInto(border: Pick<Border, 'oneWayTo'>, zoneId: Id): boolean {
  return border.oneWayTo === null || border.oneWayTo === zoneId;
}

/** The zone on the other side of a border from `zoneId`, or null if the border isn't on its edge. */
export function otherSide(border: Pick<Border, 'a' | 'b'>, zoneId: Id): Id | null {
  return border.a === zoneId ? border.b : border.b === zoneId ? border.a : null;
}

/** The encounter's view of drawn borders: without the geometry. */
export function encounterBorders(borders: readonly MapBorder[]): Border[] {
  return borders.map((b) => ({ id: b.id, a: b.a, b: b.b, barrier: b.barrier, oneWayTo: b.oneWayTo }));
}

/**
 * The encounter's zones from a drawn map: names and traits, and as neighbours the zones one can
 * move into, in border order (a one-way border lists its far zone on the near side only).
 */
export function encounterZones(map: Pick<ZoneMap, 'zones'>, borders: readonly Pick<Border, 'a' | 'b' | 'oneWayTo'>[]): Zone[] {
  const seen = new Set<Id>();
  const zones: Zone[] = [];
  for (const z of map.zones) {
    if (seen.has(z.id)) continue;
    seen.add(z.id);
    const neighbours: Id[] = [];
    for (const b of borders) {
      const other = otherSide(b, z.id);
      if (other !== null && crossableInto(b, other) && !neighbours.includes(other)) neighbours.push(other);
    }
    zones.push({ id: z.id, name: z.name, neighbours, hazard: z.hazard, difficult: z.difficult, concealment: z.concealment, cover: z.cover, hidden: z.hidden });
  }
  return zones;
}

/**
 * Plain two-way borders from a zone list's neighbours (either side listing the other is enough),
 * for fights set up with a zone list rather than a drawn map, and for logs from before borders.
 */
export function bordersFromZones(zones: readonly Zone[]): Border[] {
  const borders: Border[] = [];
  const seen = new Set<Id>();
  for (const z of zones) {
    for (const n of neighboursOf(zones, z.id)) {
      const id = borderId(z.id, n);
      if (seen.has(id)) continue;
      seen.add(id);
      const [a, b] = id === `${z.id}~${n}` ? [z.id, n] : [n, z.id];
      borders.push({ id, a, b, barrier: false, oneWayTo: null });
    }
  }
  return borders;
}

/** The border between two zones, if they have one. */
export function borderBetween<B extends Pick<Border, 'id'>>(borders: readonly B[], a: Id, b: Id): B | undefined {
  const id = borderId(a, b);
  return a === b ? undefined : borders.find((x) => x.id === id);
}

/** The borders on a zone's edge, in border order. */
export function bordersOf<B extends Pick<Border, 'a' | 'b'>>(borders: readonly B[], zoneId: Id): B[] {
  return borders.filter((b) => b.a === zoneId || b.b === zoneId);
}

/**
 * The fewest borders to cross, moving, from one zone to another, where one-way borders only go
 * their way: 0 to stay put, null if there is no way (or a zone has no border and isn't `from`).
 * Range is measured with `zoneDistance` instead, which doesn't care which way a border goes.
 */
export function moveDistance(borders: readonly Border[], from: Id, to: Id): number | null {
  if (from === to) return 0;
  const distance = new Map<Id, number>([[from, 0]]);
  const queue: Id[] = [from];
  for (let head = 0; head < queue.length; head++) {
    const here = queue[head] as Id;
    const d = distance.get(here) ?? 0;
    for (const b of borders) {
      const next = otherSide(b, here);
      if (next === null || distance.has(next) || !crossableInto(b, next)) continue;
      if (next === to) return d + 1;
      distance.set(next, d + 1);
      queue.push(next);
    }
  }
  return null;
}

/** A zone's anchor for its label and tokens: inside its outline, even for concave shapes. */
export function zoneAnchor(zone: Pick<MapZone, 'points'>): Point {
  return polygonCentroid(zone.points);
}

/**
 * A border's anchor for tokens standing on it: the middle of its longest shared stretch, or for a
 * hand-made opening without one, halfway between its two zones' anchors.
 */
export function borderAnchor(border: Pick<MapBorder, 'a' | 'b' | 'segments'>, zones: readonly MapZone[]): Point {
  let best: Segment | null = null;
  let bestLength = -1;
  for (const s of border.segments) {
    const len = Math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]);
    if (len > bestLength) [best, bestLength] = [s, len];
  }
  if (best) return [(best[0][0] + best[1][0]) / 2, (best[0][1] + best[1][1]) / 2];
  const za = zones.find((z) => z.id === border.a);
  const zb = zones.find((z) => z.id === border.b);
  const pa = za ? zoneAnchor(za) : null;
  const pb = zb ? zoneAnchor(zb) : null;
  if (pa && pb) return [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2];
  return pa ?? pb ?? [0, 0];
}

/** The zone under a point (the last drawn when outlines overlap), or null. */
export function zoneAt(zones: readonly MapZone[], point: Point): MapZone | null {
  for (let i = zones.length - 1; i >= 0; i--) {
    const z = zones[i] as MapZone;
    if (pointInPolygon(point, z.points)) return z;
  }
  return null;
}

/**
 * The border whose shared stretch passes nearest a point, within `radius` map units, or null. For
 * dropping a token on a border; hand-made openings have no stretch and are never found here.
 */
export function borderAt(borders: readonly MapBorder[], point: Point, radius: number): MapBorder | null {
  let best: MapBorder | null = null;
  let bestD = Infinity;
  for (const b of borders) {
    for (const [p, q] of b.segments) {
      const d = distanceToSegment(point, p, q);
      if (d <= radius && d < bestD) [best, bestD] = [b, d];
    }
  }
  return best;
}
