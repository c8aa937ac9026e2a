// Points on a zone map as the editor places them: rounded to whole units, kept inside the map,
// snapped to other zones' corners and sides or the grid; and the outlines drawn from them.
import { snapPoint, type Id, type Point, type ZoneMap } from '../../../engine/index';

const round = (n: number): number => Math.round(n);

/** `p` rounded to whole units and kept inside the map. */
export function clampPoint(map: ZoneMap, p: Point): Point {
  return [Math.min(map.width, Math.max(0, round(p[0]))), Math.min(map.height, Math.max(0, round(p[1])))];
}

/** What to snap to and how far a pull reaches. */
export interface SnapOptions {
  /** How far (map units) a corner of another zone pulls the point; 0 for none. */
  readonly radius: number;
  /** Leave the grid out (and only snap to corners); false snaps nothing at all. */
  readonly snap?: boolean;
  /** Corners not to snap to: those of this zone… */
  readonly excludeZone?: Id;
  /** …and any corner at exactly these points (the corners that move along). */
  readonly excludePoints?: readonly Point[];
}

/** Every corner of the other zones, for snapping. */
export function cornersOf(map: ZoneMap, excludeZone?: Id, excludePoints: readonly Point[] = []): Point[] {
  const corners: Point[] = [];
  for (const zone of map.zones) {
    if (zone.id === excludeZone) continue;
    for (const p of zone.points) if (!excludePoints.some((q) => samePoint(p, q))) corners.push(p);
  }
  return corners;
}

/** Every edge of the other zones, for snapping a corner onto a neighbour's side. */
export function edgesOf(map: ZoneMap, excludeZone?: Id, excludePoints: readonly Point[] = []): [Point, Point][] {
  const edges: [Point, Point][] = [];
  for (const zone of map.zones) {
    if (zone.id === excludeZone) continue;
    zone.points.forEach((p, i) => {
      const q = zone.points[(i + 1) % zone.points.length] as Point;
      if (!excludePoints.some((x) => samePoint(x, p) || samePoint(x, q))) edges.push([p, q]);
    });
  }
  return edges;
}

/**
 * `p` snapped (to another zone's corner within `radius`, else onto another zone's side, else to
 * the map's grid) and kept inside the map. With `snap: false`, only rounded and kept inside.
 */
export function snapOnMap(map: ZoneMap, p: Point, options: SnapOptions): Point {
  if (options.snap === false) return clampPoint(map, p);
  const vertices = cornersOf(map, options.excludeZone, options.excludePoints);
  const edges = edgesOf(map, options.excludeZone, options.excludePoints);
  return clampPoint(map, snapPoint(p, { grid: map.grid, vertices, edges, radius: options.radius }));
}

/** The same point, allowing for rounding. */
export function samePoint(a: Point, b: Point): boolean {
  return Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;
}

/** A rectangle's four corners, clockwise from the top left, from any two opposite corners. */
export function rectanglePoints(from: Point, to: Point): Point[] {
  const x0 = Math.min(from[0], to[0]);
  const x1 = Math.max(from[0], to[0]);
  const y0 = Math.min(from[1], to[1]);
  const y1 = Math.max(from[1], to[1]);
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];
}

/** Twice the signed area; 0 for a shape with no area. */
function doubleArea(points: readonly Point[]): number {
  let sum = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] as Point;
    sum += p[0] * q[1] - q[0] * p[1];
  });
  return sum;
}

/** True when the outline has at least three corners and some area. */
export function hasArea(points: readonly Point[]): boolean {
  return points.length >= 3 && Math.abs(doubleArea(points)) >= 1;
}
