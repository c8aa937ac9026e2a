/**
 * Where each combatant's token stands on a zone map. The engine only knows which zone (or which
 * border) someone is in, so the screen places tokens itself: packed just below the zone's name and
 * around it, never over it, on a grid of token-sized cells that lie wholly inside the zone; tokens
 * on a border line up along it, clear of the names. A crowded zone's tokens are drawn smaller.
 * Deterministic: the same fight gives the same picture on the GM's screen and the players'.
 */
// The engine's drawing entry, not its index: the players' page loads this and must not pull in the whole engine.
import {
  boundsTouch,
  distanceToSegment,
  pointInPolygon,
  polygonBounds,
  polygonCentroid,
  statusOf,
  type Bounds,
  type Combatant,
  type Id,
  type MapBorder,
  type MapZone,
  type Point,
  type Ruleset,
} from '../../../engine/drawing';
import { chordWidth, zoneLabel } from '../map/canvas';

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
 * How the map draws the zones' names (see MapCanvas): a fixed height on screen, so their size on
 * the map depends on how far the map is zoomed. Tokens are laid out around the names as they are
 * drawn with the whole map in view; zoomed in, the names only get smaller on the map.
 */
export interface LabelView {
  /** Screen pixels per map unit with the whole map in view. */
  readonly scale: number;
  /** The names' height on screen, in pixels (MapCanvas's `labelPx`). */
  readonly px: number;
}

/**
 * How far a token's drawing reaches from its centre, in radii: its side's shape (the triangle is
 * the tallest) and the badge counting its conditions.
 */
export const TOKEN_REACH = 1.2;

/** Where a token stands and how large it is drawn (smaller in a crowded zone). */
export interface TokenPlace {
  readonly at: Point;
  readonly r: number;
}

/** The box a token's drawing takes on the map. */
export function tokenBox(place: TokenPlace): Bounds {
  const reach = place.r * TOKEN_REACH;
  return { minX: place.at[0] - reach, minY: place.at[1] - reach, maxX: place.at[0] + reach, maxY: place.at[1] + reach };
}

// Widths of bold sans-serif characters, in font sizes, taken on the wide side (DejaVu Sans Bold,
// the widest of the fonts the app falls back to), so the box covers a name however it is drawn.
function textWidth(text: string): number {
  let em = 0;
  for (const ch of text) em += /[ .,:;'!|il]/.test(ch) ? 0.36 : /[fjtrI()]/.test(ch) ? 0.5 : /[mwMW%@]/.test(ch) ? 1.06 : /[A-Z0-9&]/.test(ch) ? 0.86 : 0.72;
  return em;
}

/**
 * The box a zone's name and its trait badges take on the map, as MapCanvas draws them (the
 * proportions below are its markup's): the name's baseline on the zone's anchor, its outline
 * stroke, and the row of badges under it. A name too small to show with the whole map in view is
 * kept clear all the same: zoomed in, it shows.
 */
export function labelBox(zone: MapZone, view: LabelView): Bounds {
  const label = zoneLabel(zone, view.scale, view.px);
  const [x, y] = label.at;
  const size = label.size;
  const pixel = 1 / (view.scale > 0 ? view.scale : 1);
  const stroke = Math.max(size * 0.11, pixel);
  let half = (textWidth(label.name) * size) / 2 + stroke;
  let bottom = y + size * 0.27 + stroke;
  if (label.badges.length > 0) {
    const b = label.badgeSize;
    const row = (chars: (badge: { glyph: string; word: string }) => number) =>
      label.badges.reduce((sum, badge) => sum + chars(badge) * 0.6 * b + b * 0.8, 0) + b * 0.35 * (label.badges.length - 1);
    const glyphs = row((badge) => badge.glyph.length);
    const words = row((badge) => badge.glyph.length + 1 + badge.word.length);
    // Zoomed in, smaller badges may spell their words out where the whole map showed only glyphs.
    const widest = label.badgeWords ? words : Math.max(glyphs, Math.min(words, chordWidth(zone.points, label.at) ?? words));
    half = Math.max(half, widest / 2 + pixel);
    bottom = y + size * 0.55 + b * 1.45 + pixel;
  }
  return { minX: x - half, minY: y - size * 0.95 - stroke, maxX: x + half, maxY: bottom };
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

/** Whether a token of radius `size` at `p` keeps clear of every name, with a little air. */
function clearOfNames(p: Point, size: number, names: readonly Bounds[]): boolean {
  const box = tokenBox({ at: p, r: size });
  return names.every((name) => !boundsTouch(box, name, size * 0.1));
}

/** One way to try a crowded zone: tokens of radius `size`, their centres `spacing` radii apart. */
interface Attempt {
  readonly size: number;
  readonly spacing: number;
}

/** Tokens a hair apart; closer than two radii they overlap like a fanned hand of cards. */
const APART = 2.3;

/**
 * The sizes and spacings tried in turn until a zone holds all its tokens: full size, then smaller
 * by a tenth at a time down to about 40%, then overlapping, and only then smaller still, so even a
 * zone far too small for its crowd shows each token and its name.
 */
function attempts(r: number): Attempt[] {
  const least = r * 0.9 ** 8;
  return [
    ...Array.from({ length: 9 }, (_, k) => ({ size: r * 0.9 ** k, spacing: APART })),
    { size: least, spacing: 1.6 },
    { size: least, spacing: 1.1 },
    { size: r * 0.3, spacing: 1.1 },
    { size: r * 0.2, spacing: 1.1 },
  ];
}

// How finely the grid is slid about to find the alignment that fits the most tokens.
const PHASES = 4;

/**
 * Cell centres for up to `wanted` tokens inside `zone`, nearest first to `gather`: a hexagonal
 * grid, or a square one (a narrow strip holds a column of those, only every other row of a
 * hexagonal one), slid to the alignment that holds the most (a strip needs a row down its middle),
 * keeping only cells whose token lies wholly inside the zone and clear of the names.
 */
function cellsInside(zone: MapZone, attempt: Attempt, names: readonly Bounds[], gather: Point, wanted: number): Point[] {
  const { size, spacing } = attempt;
  const box = polygonBounds(zone.points);
  const reach = size * TOKEN_REACH;
  const step = size * spacing;
  const d = (p: Point) => (p[0] - gather[0]) ** 2 + (p[1] - gather[1]) ** 2;
  let best: { cells: Point[]; spread: number } = { cells: [], spread: Infinity };
  for (const hexagonal of [true, false]) {
    const rowStep = hexagonal ? (step * Math.sqrt(3)) / 2 : step;
    for (let phase = 0; phase < PHASES * PHASES; phase++) {
      const [i, j] = [phase % PHASES, Math.floor(phase / PHASES)];
      const origin: Point = [gather[0] + (i * step) / PHASES, gather[1] + (j * rowStep) / PHASES];
      const cells: Point[] = [];
      const firstRow = Math.ceil((box.minY + reach - origin[1]) / rowStep);
      const lastRow = Math.floor((box.maxY - reach - origin[1]) / rowStep);
      for (let row = firstRow; row <= lastRow; row++) {
        const y = origin[1] + row * rowStep;
        // A hexagonal grid shifts every other row by half a step.
        const x0 = origin[0] + (hexagonal && Math.abs(row) % 2 === 1 ? step / 2 : 0);
        const firstCol = Math.ceil((box.minX + reach - x0) / step);
        const lastCol = Math.floor((box.maxX - reach - x0) / step);
        for (let col = firstCol; col <= lastCol; col++) {
          const p: Point = [x0 + col * step, y];
          if (pointInPolygon(p, zone.points) && clearance(p, zone.points) >= reach && clearOfNames(p, size, names)) cells.push(p);
        }
      }
      cells.sort((a, b) => d(a) - d(b) || a[1] - b[1] || a[0] - b[0]);
      const used = cells.slice(0, wanted);
      const spread = used.reduce((sum, p) => sum + Math.sqrt(d(p)), 0);
      if (used.length > best.cells.length || (used.length === best.cells.length && spread < best.spread)) best = { cells: used, spread };
    }
  }
  return best.cells;
}

/** The point of a zone farthest from its outline, for a zone too small to hold even one token beside its name. */
function deepestPoint(zone: MapZone): Point {
  const box = polygonBounds(zone.points);
  let best: Point = polygonCentroid(zone.points);
  let room = pointInPolygon(best, zone.points) ? clearance(best, zone.points) : -1;
  const n = 24;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const p: Point = [box.minX + ((box.maxX - box.minX) * i) / n, box.minY + ((box.maxY - box.minY) * j) / n];
      const c = pointInPolygon(p, zone.points) ? clearance(p, zone.points) : -1;
      if (c > room) [best, room] = [p, c];
    }
  }
  return best;
}

/** Places for `count` tokens in `zone`: the first attempt that holds them all, else the one that holds the most, shared round. */
function placesInZone(zone: MapZone, count: number, r: number, names: readonly Bounds[], own: Bounds): TokenPlace[] {
  let most: { cells: Point[]; size: number } = { cells: [], size: r };
  for (const attempt of attempts(r)) {
    // They gather just below the name, so it heads them; then beside it, then above.
    const gather: Point = [(own.minX + own.maxX) / 2, own.maxY + attempt.size * TOKEN_REACH * 1.2];
    const cells = cellsInside(zone, attempt, names, gather, count);
    if (cells.length > most.cells.length) most = { cells, size: attempt.size };
    if (cells.length >= count) break;
  }
  if (most.cells.length === 0) return Array.from({ length: count }, () => ({ at: deepestPoint(zone), r: r * 0.2 }));
  return Array.from({ length: count }, (_, i) => ({ at: most.cells[i % most.cells.length] as Point, r: most.size }));
}

/**
 * Places for `count` tokens on a border: along its stretches of shared edge, nearest the middle of
 * the longest first, a token apart and clear of the names (smaller when that leaves too little
 * room); between the two zones' anchors for a border with no shared edge.
 */
function placesOnBorder(border: MapBorder, zones: ReadonlyMap<Id, MapZone>, count: number, r: number, names: readonly Bounds[]): TokenPlace[] {
  const a = zones.get(border.a);
  const b = zones.get(border.b);
  const stretches: readonly (readonly [Point, Point])[] =
    border.segments.length > 0 ? border.segments : [[a ? polygonCentroid(a.points) : [0, 0], b ? polygonCentroid(b.points) : [0, 0]]];
  const longest = [...stretches].sort((s, t) => length(t) - length(s))[0] ?? stretches[0];
  const middle: Point = longest ? [(longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2] : [0, 0];
  let most: TokenPlace[] = [];
  for (const { size, spacing } of attempts(r)) {
    const candidates: Point[] = [];
    for (const [from, to] of stretches) {
      const n = Math.max(1, Math.ceil(length([from, to]) / (size * 0.25)));
      for (let k = 0; k <= n; k++) candidates.push([from[0] + ((to[0] - from[0]) * k) / n, from[1] + ((to[1] - from[1]) * k) / n]);
    }
    const d = (p: Point) => Math.hypot(p[0] - middle[0], p[1] - middle[1]);
    candidates.sort((p, q) => d(p) - d(q) || p[1] - q[1] || p[0] - q[0]);
    const chosen: Point[] = [];
    for (const p of candidates) {
      if (chosen.length === count) break;
      if (clearOfNames(p, size, names) && chosen.every((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) >= size * spacing)) chosen.push(p);
    }
    if (chosen.length > most.length) most = chosen.map((at) => ({ at, r: size }));
    if (chosen.length >= count) break;
  }
  if (most.length > 0) return Array.from({ length: count }, (_, i) => most[i % most.length] as TokenPlace);
  // No room on the border beside the names at all: line up on its middle as they always have.
  return Array.from({ length: count }, (_, i) => ({ at: [middle[0] + (i - (count - 1) / 2) * r * APART, middle[1]] as Point, r }));
}

function length([a, b]: readonly [Point, Point]): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/**
 * Each placed combatant's token: its centre and radius. Tokens are `r` across, wholly inside
 * their zone and off every zone's name (`labels` says how large the names are drawn); a zone too
 * small for all of them draws them smaller (down to about 40%), then overlapping, then smaller
 * still. Combatants without a zone, or in a zone or on a border the map does not have, get no
 * place (the screen lists them beside the map to be placed).
 */
export function layoutTokens(zones: readonly MapZone[], borders: readonly MapBorder[], combatants: readonly Placed[], r: number, labels: LabelView): Map<Id, TokenPlace> {
  const byId = new Map(zones.map((z) => [z.id, z]));
  const bordersById = new Map(borders.map((b) => [b.id, b]));
  const names = new Map(zones.map((z) => [z.id, labelBox(z, labels)]));
  const groups = new Map<string, Placed[]>();
  for (const c of combatants) {
    const key = c.borderId && bordersById.has(c.borderId) ? `b:${c.borderId}` : c.zoneId && byId.has(c.zoneId) ? `z:${c.zoneId}` : null;
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const places = new Map<Id, TokenPlace>();
  for (const [key, members] of groups) {
    const id = key.slice(2);
    let placed: TokenPlace[] = [];
    if (key.startsWith('b:')) {
      const border = bordersById.get(id);
      if (border) placed = placesOnBorder(border, byId, members.length, r, [...names.values()]);
    } else {
      const zone = byId.get(id);
      const own = names.get(id);
      if (zone && own) {
        const area = polygonBounds(zone.points);
        const nearby = [...names.values()].filter((box) => boundsTouch(box, area));
        placed = placesInZone(zone, members.length, r, nearby, own);
      }
    }
    members.forEach((m, i) => {
      const p = placed[i];
      if (p) places.set(m.id, p);
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
