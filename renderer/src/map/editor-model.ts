/**
 * Editing a zone map: every operation takes a map and returns a new one (the old one is left as it
 * was), so the editor keeps a plain list of maps for undo and redo. Nothing here touches the DOM.
 *
 * Coordinates are map units (see engine/core/maps/zone-map.ts). Points are rounded to whole units and
 * kept inside the map, so two zones drawn against the same corner end up with the very same
 * numbers and their shared edge derives a border.
 */
import {
  borderId,
  pointInPolygon,
  snapPoint,
  type Id,
  type MapBackground,
  type MapLink,
  type MapZone,
  type Point,
  type ZoneMap,
  type ZoneTraits,
} from '../../../engine/index';
import { clampPoint, cornersOf, hasArea, rectanglePoints, samePoint, snapOnMap, type SnapOptions } from './editor-points';

/** A new blank map's size and snap grid. */
export const DEFAULT_WIDTH = 1600;
export const DEFAULT_HEIGHT = 1000;
export const DEFAULT_GRID = 50;
/** The largest snap grid the editor offers. */
export const GRID_MAX = 500;

/** Zone colours, picked in turn for new zones: distinct on the dark theme and on most pictures. */
export const ZONE_COLOURS = ['#4f8cff', '#ffb347', '#6fe0a0', '#ff7a7a', '#c792ea', '#4dd0e1', '#ffd75e', '#a1887f'] as const;

/** No hazard, open ground, nothing hidden. */
export const PLAIN_TRAITS: ZoneTraits = { hazard: null, difficult: false, concealment: false, cover: false, hidden: false };

/** An empty map of the given size. */
export function blankMap(width = DEFAULT_WIDTH, height = DEFAULT_HEIGHT, grid = DEFAULT_GRID): ZoneMap {
  return { width, height, background: null, zones: [], links: [], barriers: [], grid };
}

// ---------------------------------------------------------------------------------------------
// Reading.

/** The zone with that id, or undefined. */
export function zoneById(map: ZoneMap, id: Id | null | undefined): MapZone | undefined {
  return id == null ? undefined : map.zones.find((z) => z.id === id);
}

/** The topmost zone (drawn last) under `p`, or null. */
export function zoneAt(map: ZoneMap, p: Point): MapZone | null {
  for (let i = map.zones.length - 1; i >= 0; i--) {
    const zone = map.zones[i] as MapZone;
    if (pointInPolygon(p, zone.points)) return zone;
  }
  return null;
}

/** The corner of `zone` nearest to `p` within `radius`, as its index, or null. */
export function vertexNear(zone: MapZone, p: Point, radius: number): number | null {
  let best: number | null = null;
  let bestDistance = radius;
  zone.points.forEach((q, i) => {
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/** The colour used least so far, first in palette order on a tie. */
export function nextColour(map: ZoneMap): string {
  const counts = ZONE_COLOURS.map((c) => map.zones.filter((z) => z.colour.toLowerCase() === c).length);
  const fewest = Math.min(...counts);
  return ZONE_COLOURS[counts.indexOf(fewest)] ?? ZONE_COLOURS[0];
}

/** "Zone 1", "Zone 2"…: the first such name no zone of the map has. */
export function nextZoneName(map: ZoneMap, base = 'Zone'): string {
  const taken = new Set(map.zones.map((z) => z.name.toLocaleLowerCase()));
  for (let n = map.zones.length + 1; ; n++) {
    const name = `${base} ${n}`;
    if (!taken.has(name.toLocaleLowerCase())) return name;
  }
}

/** The hand-made link between two zones (either way round), or null. */
export function linkBetween(map: ZoneMap, a: Id, b: Id): MapLink | null {
  return map.links.find((l) => (l.a === a && l.b === b) || (l.a === b && l.b === a)) ?? null;
}

/** The zones of a border id (`borderId(a, b)`). */
export function zonesOfBorder(id: Id): [Id, Id] {
  const at = id.indexOf('~');
  return [id.slice(0, at), id.slice(at + 1)];
}

// ---------------------------------------------------------------------------------------------
// Zones.

/** What a new zone starts with besides its outline; unnamed zones get "Zone n" and the next colour. */
export interface NewZone {
  readonly id: Id;
  readonly name?: string;
  readonly colour?: string;
  readonly traits?: Partial<ZoneTraits>;
}

/** The map with a zone added on top of the others; unchanged when the outline has no area. */
export function addPolygon(map: ZoneMap, points: readonly Point[], zone: NewZone): ZoneMap {
  const outline = dropRepeats(points.map((p) => clampPoint(map, p)));
  if (!hasArea(outline) || map.zones.some((z) => z.id === zone.id)) return map;
  const added: MapZone = {
    ...PLAIN_TRAITS,
    ...zone.traits,
    id: zone.id,
    name: zone.name ?? nextZoneName(map),
    colour: zone.colour ?? nextColour(map),
    points: outline,
  };
  return { ...map, zones: [...map.zones, added] };
}

/** The map with a rectangle zone between two opposite corners. */
export function addRectangle(map: ZoneMap, from: Point, to: Point, zone: NewZone): ZoneMap {
  return addPolygon(map, rectanglePoints(from, to), zone);
}

/** Consecutive repeated corners (and a last one repeating the first) dropped. */
function dropRepeats(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) if (!out.length || !samePoint(out[out.length - 1] as Point, p)) out.push(p);
  while (out.length > 1 && samePoint(out[0] as Point, out[out.length - 1] as Point)) out.pop();
  return out;
}

function replaceZone(map: ZoneMap, id: Id, change: (zone: MapZone) => MapZone): ZoneMap {
  let changed = false;
  const zones = map.zones.map((z) => {
    if (z.id !== id) return z;
    const next = change(z);
    changed ||= next !== z;
    return next;
  });
  return changed ? { ...map, zones } : map;
}

/** The fields of a zone the side panel edits. */
export type ZonePatch = Partial<Pick<MapZone, 'name' | 'colour' | 'hazard' | 'difficult' | 'concealment' | 'cover' | 'hidden'>>;

/** The map with some of a zone's fields changed. */
export function updateZone(map: ZoneMap, id: Id, patch: ZonePatch): ZoneMap {
  return replaceZone(map, id, (z) => {
    const keys = Object.keys(patch) as (keyof ZonePatch)[];
    return keys.some((k) => patch[k] !== undefined && patch[k] !== z[k]) ? { ...z, ...withoutUndefined(patch) } : z;
  });
}

function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The map without the zone, its links and its barriers. */
export function deleteZone(map: ZoneMap, id: Id): ZoneMap {
  if (!map.zones.some((z) => z.id === id)) return map;
  return {
    ...map,
    zones: map.zones.filter((z) => z.id !== id),
    links: map.links.filter((l) => l.a !== id && l.b !== id),
    barriers: map.barriers.filter((b) => !zonesOfBorder(b).includes(id)),
  };
}

/** How a corner drag behaves. */
export interface VertexMove extends SnapOptions {
  /** Move the corners of other zones that sit on the same spot too, so shared edges stay shared (default true). */
  readonly together?: boolean;
}

/**
 * The map with corner `index` of a zone moved to `to` (snapped). Call it with the map as it was
 * when the drag began, so the corners that move along are found at their old spot.
 */
export function moveVertex(map: ZoneMap, zoneId: Id, index: number, to: Point, options: VertexMove): ZoneMap {
  const zone = zoneById(map, zoneId);
  const from = zone?.points[index];
  if (!zone || !from) return map;
  const together = options.together !== false;
  const target = snapOnMap(map, to, { ...options, excludeZone: zoneId, excludePoints: together ? [from] : [] });
  if (samePoint(target, from)) return map;
  const zones = map.zones.map((z) => {
    if (z.id === zoneId) return { ...z, points: z.points.map((p, i) => (i === index ? target : p)) };
    if (!together || !z.points.some((p) => samePoint(p, from))) return z;
    return { ...z, points: z.points.map((p) => (samePoint(p, from) ? target : p)) };
  });
  return { ...map, zones };
}

/**
 * The map with a corner added to a zone after corner `after` (on the edge that follows it). A
 * neighbour whose edge runs between the same two corners gets the corner too (`together`, the
 * default), so dragging it keeps the edge shared.
 */
export function insertVertex(map: ZoneMap, zoneId: Id, after: number, at: Point, together = true): ZoneMap {
  const zone = zoneById(map, zoneId);
  const a = zone?.points[after];
  const b = zone?.points[(after + 1) % (zone?.points.length ?? 1)];
  if (!zone || !a || !b) return map;
  const p = clampPoint(map, at);
  const withCorner = (z: MapZone, i: number): MapZone => {
    const points = dropRepeats([...z.points.slice(0, i + 1), p, ...z.points.slice(i + 1)]);
    return hasArea(points) ? { ...z, points } : z;
  };
  const zones = map.zones.map((z) => {
    if (z.id === zoneId) return withCorner(z, after);
    if (!together) return z;
    // The same edge, walked either way round.
    const i = z.points.findIndex((q, k) => {
      const r = z.points[(k + 1) % z.points.length] as Point;
      return (samePoint(q, a) && samePoint(r, b)) || (samePoint(q, b) && samePoint(r, a));
    });
    return i < 0 ? z : withCorner(z, i);
  });
  return zones.every((z, i) => z === map.zones[i]) ? map : { ...map, zones };
}

/** The map with a corner taken off a zone; a zone keeps at least three. */
export function removeVertex(map: ZoneMap, zoneId: Id, index: number): ZoneMap {
  return replaceZone(map, zoneId, (z) => {
    if (z.points.length <= 3 || index < 0 || index >= z.points.length) return z;
    const points = z.points.filter((_, i) => i !== index);
    return hasArea(points) ? { ...z, points } : z;
  });
}

/**
 * The map with a whole zone moved by `delta`, kept inside the map. With snapping on, the move is
 * nudged so that one of its corners lands on another zone's corner (within `radius`), or else so
 * that its first corner lands on the grid. Call it with the map as it was when the drag began.
 */
export function moveZone(map: ZoneMap, zoneId: Id, delta: Point, options: SnapOptions): ZoneMap {
  const zone = zoneById(map, zoneId);
  if (!zone) return map;
  let [dx, dy] = delta;
  if (options.snap !== false) {
    const corners = cornersOf(map, zoneId);
    let best: Point | null = null;
    let bestDistance = Infinity;
    for (const p of zone.points) {
      const moved: Point = [p[0] + dx, p[1] + dy];
      const snapped = snapPoint(moved, { grid: 0, vertices: corners, radius: options.radius });
      const d = Math.hypot(snapped[0] - moved[0], snapped[1] - moved[1]);
      if (!samePoint(snapped, moved) && d < bestDistance) {
        best = [snapped[0] - moved[0], snapped[1] - moved[1]];
        bestDistance = d;
      }
    }
    const first = zone.points[0] as Point;
    if (!best && map.grid > 0) {
      const moved: Point = [first[0] + dx, first[1] + dy];
      const snapped = snapPoint(moved, { grid: map.grid, vertices: [], radius: 0 });
      best = [snapped[0] - moved[0], snapped[1] - moved[1]];
    }
    if (best) {
      dx += best[0];
      dy += best[1];
    }
  }
  // Kept inside the map as a whole, so the outline keeps its shape.
  const xs = zone.points.map((p) => p[0]);
  const ys = zone.points.map((p) => p[1]);
  dx = Math.round(Math.min(map.width - Math.max(...xs), Math.max(-Math.min(...xs), dx)));
  dy = Math.round(Math.min(map.height - Math.max(...ys), Math.max(-Math.min(...ys), dy)));
  if (dx === 0 && dy === 0) return map;
  return replaceZone(map, zoneId, (z) => ({ ...z, points: z.points.map((p) => clampPoint(map, [p[0] + dx, p[1] + dy])) }));
}

/** The map with a zone drawn last (on top) or first (underneath). */
export function restackZone(map: ZoneMap, zoneId: Id, where: 'top' | 'bottom'): ZoneMap {
  const zone = zoneById(map, zoneId);
  if (!zone) return map;
  const others = map.zones.filter((z) => z.id !== zoneId);
  return { ...map, zones: where === 'top' ? [...others, zone] : [zone, ...others] };
}

// ---------------------------------------------------------------------------------------------
// Borders and links.

/** The map with the border between two zones made a barrier, or not. */
export function setBarrier(map: ZoneMap, a: Id, b: Id, barrier: boolean): ZoneMap {
  const id = borderId(a, b);
  const has = map.barriers.includes(id);
  if (has === barrier) return map;
  return { ...map, barriers: barrier ? [...map.barriers, id] : map.barriers.filter((x) => x !== id) };
}

/** The map with the barrier on a border switched. */
export function toggleBarrier(map: ZoneMap, id: Id): ZoneMap {
  const [a, b] = zonesOfBorder(id);
  return setBarrier(map, a, b, !map.barriers.includes(borderId(a, b)));
}

/**
 * The map with a hand-made link between two zones, replacing any link the pair had. A one-way
 * link goes from `a` into `b`. Links of a zone to itself or to an unknown zone are ignored.
 */
export function setLink(map: ZoneMap, link: MapLink): ZoneMap {
  const known = (id: Id) => map.zones.some((z) => z.id === id);
  if (link.a === link.b || !known(link.a) || !known(link.b)) return map;
  const old = linkBetween(map, link.a, link.b);
  if (old && old.a === link.a && old.b === link.b && old.kind === link.kind) return map;
  const others = map.links.filter((l) => l !== old);
  return { ...map, links: [...others, { a: link.a, b: link.b, kind: link.kind }] };
}

/** The map without the hand-made link between two zones (either way round). */
export function removeLink(map: ZoneMap, a: Id, b: Id): ZoneMap {
  const old = linkBetween(map, a, b);
  return old ? { ...map, links: map.links.filter((l) => l !== old) } : map;
}

// ---------------------------------------------------------------------------------------------
// The map as a whole.

/**
 * The map on a new background. The map takes the picture's size (map units are its pixels); zones
 * already drawn are scaled evenly so the old canvas fits the picture, the grid with them.
 */
export function setBackground(map: ZoneMap, background: MapBackground): ZoneMap {
  const { width, height } = background;
  if (width === map.width && height === map.height) return { ...map, background };
  const f = Math.min(width / map.width, height / map.height);
  const scale = (p: Point): Point => [Math.min(width, Math.round(p[0] * f)), Math.min(height, Math.round(p[1] * f))];
  return {
    ...map,
    width,
    height,
    background,
    grid: map.grid > 0 ? Math.max(1, Math.round(map.grid * f)) : 0,
    zones: map.zones.map((z) => ({ ...z, points: z.points.map(scale) })),
  };
}

/** The map without its picture; its size and zones stay as they are. */
export function removeBackground(map: ZoneMap): ZoneMap {
  return map.background ? { ...map, background: null } : map;
}

/** The map with another snap grid (whole units, 0 for none). */
export function setGrid(map: ZoneMap, grid: number): ZoneMap {
  const g = Number.isFinite(grid) ? Math.min(GRID_MAX, Math.max(0, Math.round(grid))) : 0;
  return g === map.grid ? map : { ...map, grid: g };
}

// Points and snapping: `editor-points.ts`.
export { clampPoint, cornersOf, edgesOf, hasArea, rectanglePoints, snapOnMap, type SnapOptions } from './editor-points';
// Undo and redo: `history.ts`, shared with the grid map editor.
export { canRedo, canUndo, endGroup, HISTORY_CAP, record, redo, startHistory, undo, type History } from './history';

export { MAP_TEMPLATES, type MapTemplate } from './templates';
