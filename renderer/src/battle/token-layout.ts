/**
 * Where each combatant's token stands on a zone map. The engine only knows which zone (or which
 * border) someone is in, so the screen places tokens itself: packed around the zone's anchor
 * (a point well inside it), nearest first, on a grid of token-sized cells that lie inside the
 * zone; tokens on a border line up along it. Deterministic: the same fight gives the same picture
 * on the GM's screen and the players'.
 */
// Straight from the engine's modules, not its index: the players' page loads this and must not pull in the whole engine.
import type { Combatant, Id } from '../../../engine/encounter/state';
import { statusOf } from '../../../engine/rulesets/health';
import type { Ruleset } from '../../../engine/rulesets/ruleset';
import { distanceToSegment, pointInPolygon, polygonBounds, polygonCentroid } from '../../../engine/space/zones/geometry';
import type { MapBorder, MapZone, Point } from '../../../engine/space/zones/zone-map';

/** What the layout needs to know of a combatant. */
export interface Placed {
  readonly id: Id;
  readonly zoneId: Id | null;
  readonly borderId: Id | null;
}

/** The ring around a token: what an attacker can do to it, or that an attack would hit it. */
export type TokenRing = 'nearby' | 'in-range' | 'beyond-half-range' | 'out-of-range' | 'not-visible' | 'hit';

/** A token radius that reads well on a map of this size, in map units. */
export function tokenRadius(width: number, height: number): number {
  return Math.max(10, Math.min(40, Math.min(width, height) / 36));
}

/**
 * Cell centres inside `zone`, nearest to where tokens gather first, spaced for tokens of radius
 * `r`. They gather a little below the zone's anchor, where its name is written, so the name stays
 * readable (unless the zone is too small for that).
 */
function cellsInside(zone: MapZone, r: number): Point[] {
  const centre = polygonCentroid(zone.points);
  const below: Point = [centre[0], centre[1] + r * 2.4];
  const anchor = pointInPolygon(below, zone.points) ? below : centre;
  const box = polygonBounds(zone.points);
  const step = r * 2.25;
  const cells: Point[] = [];
  // A hexagonal grid through the anchor: rows step√3/2 apart, every other row shifted by half.
  const rowStep = (step * Math.sqrt(3)) / 2;
  const rows = Math.ceil((box.maxY - box.minY) / rowStep) + 1;
  const cols = Math.ceil((box.maxX - box.minX) / step) + 1;
  for (let row = -rows; row <= rows; row++) {
    const y = anchor[1] + row * rowStep;
    const shift = row % 2 === 0 ? 0 : step / 2;
    for (let col = -cols; col <= cols; col++) {
      const x = anchor[0] + shift + col * step;
      if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) continue;
      // A token sits wholly inside its zone: its centre keeps most of a radius from the outline.
      if (pointInPolygon([x, y], zone.points) && clearance([x, y], zone.points) >= r * 0.85) cells.push([x, y]);
    }
  }
  const d = (p: Point) => (p[0] - anchor[0]) ** 2 + (p[1] - anchor[1]) ** 2;
  cells.sort((a, b) => d(a) - d(b) || a[1] - b[1] || a[0] - b[0]);
  return cells.length > 0 ? cells : [anchor];
}

/** Points along a border for `count` tokens: spread over its longest shared stretch, or between the two zones' anchors. */
function alongBorder(border: MapBorder, zones: ReadonlyMap<Id, MapZone>, count: number, r: number): Point[] {
  const longest = [...border.segments].sort((s, t) => length(t) - length(s))[0];
  const a = zones.get(border.a);
  const b = zones.get(border.b);
  const [from, to]: readonly [Point, Point] = longest ?? [a ? polygonCentroid(a.points) : [0, 0], b ? polygonCentroid(b.points) : [0, 0]];
  const mid: Point = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
  const len = Math.max(length([from, to]), 1);
  const ux = (to[0] - from[0]) / len;
  const uy = (to[1] - from[1]) / len;
  const gap = r * 2.2;
  return Array.from({ length: count }, (_, i) => {
    const offset = (i - (count - 1) / 2) * gap;
    return [mid[0] + ux * offset, mid[1] + uy * offset] as Point;
  });
}

/** How far a point is from a polygon's outline. */
function clearance(p: Point, points: readonly Point[]): number {
  let least = Infinity;
  points.forEach((a, i) => {
    const b = points[(i + 1) % points.length] ?? a;
    least = Math.min(least, distanceToSegment(p, a, b));
  });
  return least;
}

function length([a, b]: readonly [Point, Point]): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** Where a token stands and how large it is drawn (smaller in a crowded zone). */
export interface TokenPlace {
  readonly at: Point;
  readonly r: number;
}

/** How many times a crowded zone's tokens may shrink (by a fifth each) to fit inside it. */
const SHRINK_STEPS = 4;

/**
 * Each placed combatant's token: its centre and radius. Tokens are `r` across unless their zone
 * is too small for all of them, then smaller (down to about 40%) so they stay inside it; past that
 * they stack. Combatants without a zone, or in a zone or on a border the map does not have, get no
 * place (the screen lists them beside the map to be placed).
 */
export function layoutTokens(zones: readonly MapZone[], borders: readonly MapBorder[], combatants: readonly Placed[], r: number): Map<Id, TokenPlace> {
  const byId = new Map(zones.map((z) => [z.id, z]));
  const bordersById = new Map(borders.map((b) => [b.id, b]));
  const groups = new Map<string, Placed[]>();
  for (const c of combatants) {
    const key = c.borderId && bordersById.has(c.borderId) ? `b:${c.borderId}` : c.zoneId && byId.has(c.zoneId) ? `z:${c.zoneId}` : null;
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const places = new Map<Id, TokenPlace>();
  for (const [key, members] of groups) {
    const id = key.slice(2);
    let points: Point[];
    let size = r;
    if (key.startsWith('b:')) {
      const border = bordersById.get(id);
      points = border ? alongBorder(border, byId, members.length, r) : [];
    } else {
      const zone = byId.get(id);
      let cells = zone ? cellsInside(zone, size) : [];
      for (let shrink = 0; zone && cells.length < members.length && shrink < SHRINK_STEPS; shrink++) {
        size *= 0.8;
        cells = cellsInside(zone, size);
      }
      // Still more tokens than cells: the rest stack on the cells, offset a little, rather than vanish.
      points = members.map((_, i) => {
        const cell = cells[i % cells.length] ?? [0, 0];
        const lap = Math.floor(i / cells.length);
        return [cell[0] + lap * size * 0.4, cell[1] + lap * size * 0.4] as Point;
      });
    }
    members.forEach((m, i) => {
      const p = points[i];
      if (p) places.set(m.id, { at: p, r: size });
    });
  }
  return places;
}

/** What a token shows: "G1" for Goblin 1, "OT" for Old Tom, "Ar" for Aria. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const number = /^\d+$/.test(words.at(-1) ?? '') ? (words.pop() ?? '') : '';
  const [first = '?', second] = words;
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, number ? 1 : 2);
  return `${letters.charAt(0).toUpperCase()}${letters.slice(1)}${number}`.slice(0, 4);
}

/**
 * Who still needs a place on the map: those without a token, but for those out of the fight for
 * good by the ruleset's word (dead, fled), who need none.
 */
export function needingPlace(combatants: readonly Combatant[], places: ReadonlyMap<Id, unknown>, ruleset: Ruleset | undefined): Combatant[] {
  return combatants.filter((c) => !places.has(c.id) && statusOf(ruleset, c).level !== 'out');
}
