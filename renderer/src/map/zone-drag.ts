// Dragging the selected zone, or one of its corners, in the zone map editor, as plain data: what a
// press picks up (a corner, the dot on a side that becomes a new corner, the whole zone) and the
// map as the pointer moves.
import type { Id, MapZone, Point, ZoneMap } from '../../../engine/index';
import { insertVertex, moveVertex, moveZone, vertexNear, zoneById } from './editor-model';
import type { SnapOptions } from './editor-points';

/** A drag under way: `start` is the map as it began, `group` the undo step it makes. */
export type ZoneDrag =
  | { kind: 'vertex'; zoneId: Id; index: number; from: Point; start: ZoneMap; group: string; moved: boolean; inserted: boolean }
  | { kind: 'zone'; zoneId: Id; from: Point; start: ZoneMap; group: string; moved: boolean };

/** How far, in screen pixels, the pointer goes before a press becomes a drag. */
const DRAG_AFTER_PX = 3;

/** The dot in the middle of a side of `zone` near `p`: dragging it adds a corner. */
export function sideHandleNear(zone: MapZone, p: Point, radius: number): { after: number; at: Point } | null {
  for (let i = 0; i < zone.points.length; i++) {
    const a = zone.points[i] as Point;
    const b = zone.points[(i + 1) % zone.points.length] as Point;
    const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if (Math.hypot(mid[0] - p[0], mid[1] - p[1]) <= radius) return { after: i, at: mid };
  }
  return null;
}

/**
 * What a press at `point` picks up of the selected `zone`: a corner within `radius`, else a side's
 * dot (a new corner, on a copy of the map), else the zone itself when the press is on it
 * (`zoneUnder`); null when it misses.
 */
export function startZoneDrag(map: ZoneMap, zone: MapZone, point: Point, zoneUnder: Id | null, radius: number, group: string): ZoneDrag | null {
  const corner = vertexNear(zone, point, radius);
  if (corner !== null) return { kind: 'vertex', zoneId: zone.id, index: corner, from: point, start: map, group, moved: false, inserted: false };
  const side = sideHandleNear(zone, point, radius);
  if (side !== null) {
    const start = insertVertex(map, zone.id, side.after, side.at);
    if (start !== map) return { kind: 'vertex', zoneId: zone.id, index: side.after + 1, from: point, start, group, moved: false, inserted: true };
  }
  if (zoneUnder === zone.id) return { kind: 'zone', zoneId: zone.id, from: point, start: map, group, moved: false };
  return null;
}

/**
 * The map with the dragged corner or zone moved by the pointer, now at `point` at `scale` screen
 * pixels per unit; null while a drag that hasn't moved yet is still under a few pixels. A corner
 * drags its neighbours' matching corners along unless `together` is false (Alt held).
 */
export function draggedMap(drag: ZoneDrag, point: Point, scale: number, options: SnapOptions, together: boolean): ZoneMap | null {
  const delta: Point = [point[0] - drag.from[0], point[1] - drag.from[1]];
  if (!drag.moved && Math.hypot(delta[0], delta[1]) * scale < DRAG_AFTER_PX) return null;
  if (drag.kind === 'zone') return moveZone(drag.start, drag.zoneId, delta, options);
  // The corner keeps its offset from the pointer (the handle was picked up near it, not on it).
  const corner = zoneById(drag.start, drag.zoneId)?.points[drag.index] ?? drag.from;
  return moveVertex(drag.start, drag.zoneId, drag.index, [corner[0] + delta[0], corner[1] + delta[1]], { ...options, together });
}
