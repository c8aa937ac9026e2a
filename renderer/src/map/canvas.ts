/**
 * What MapCanvas draws, worked out as plain data: label sizes, trait badges, border lines and
 * arrows. Kept apart from the component so it can be tested without a browser.
 */
// The engine's drawing entry, not its index: the players' page loads this and must not pull in the whole engine.
import { polygonBounds, polygonCentroid, type Id, type MapBorder, type MapZone, type Point, type ZoneMap } from '../../../engine/drawing';

/** How a zone is picked out: the selected one, a target, an area struck (red), where one can reach, or pushed back. */
export type HighlightStyle = 'selected' | 'target' | 'area' | 'reach' | 'dim';

/** A pointer on the map, as the canvas hands it to its caller. */
export interface MapPointer {
  /** Where, in map units. */
  readonly point: Point;
  /** The topmost zone there, or null. */
  readonly zoneId: Id | null;
  /** Screen pixels per map unit at the moment (for hit radii that feel the same at any zoom). */
  readonly scale: number;
  readonly event: PointerEvent;
}

/** What overlays (tokens, handles) need to size themselves. */
export interface MapViewInfo {
  /** Screen pixels per map unit. */
  readonly scale: number;
}

/**
 * The note of a hazard the GM hasn't described yet. A stored map drops an empty note (and with it
 * the hazard), so a ticked hazard always carries some text.
 */
export const HAZARD_DEFAULT = 'Hazard';

export interface TraitBadge {
  readonly key: 'hazard' | 'difficult' | 'concealment' | 'cover' | 'hidden';
  readonly glyph: string;
  readonly word: string;
  /** The tooltip and the words a screen reader says. */
  readonly title: string;
}

/** The badges a zone shows, in a fixed order. */
export function traitBadges(zone: MapZone): TraitBadge[] {
  const badges: TraitBadge[] = [];
  if (zone.hazard !== null) {
    const note = zone.hazard.trim();
    badges.push({ key: 'hazard', glyph: '⚠', word: 'Hazard', title: note && note !== HAZARD_DEFAULT ? `Hazard: ${note}` : 'Hazard' });
  }
  if (zone.difficult) badges.push({ key: 'difficult', glyph: '≈', word: 'Difficult', title: 'Difficult terrain' });
  if (zone.concealment) badges.push({ key: 'concealment', glyph: '◐', word: 'Concealed', title: 'Concealment: vision into it is partly obscured' });
  if (zone.cover) badges.push({ key: 'cover', glyph: '▣', word: 'Cover', title: 'Cover: physical protection for those in it' });
  if (zone.hidden) badges.push({ key: 'hidden', glyph: '⊘', word: 'Hidden', title: 'Hidden from the players' });
  return badges;
}

/** A zone's traits in words, for the accessible list. */
export function traitWords(zone: MapZone): string {
  return traitBadges(zone).map((b) => b.title).join('; ');
}

/** Where and how big a zone's label is, in map units. */
export interface ZoneLabel {
  readonly id: Id;
  readonly name: string;
  readonly at: Point;
  /** Font size in map units. */
  readonly size: number;
  readonly badges: readonly TraitBadge[];
  /** Badge font size in map units, and whether they show words or only glyphs. */
  readonly badgeSize: number;
  readonly badgeWords: boolean;
  /** Room enough to show anything at all, and the badges too. */
  readonly visible: boolean;
  readonly badgesVisible: boolean;
}

// Rough width of a character of the label font, in font sizes.
const CHAR_WIDTH = 0.62;

/**
 * A zone's label: `px` screen pixels high where it fits, smaller to fit the zone's width, never
 * below `minPx` (then it is left out).
 */
export function zoneLabel(zone: MapZone, scale: number, px = 20, minPx = 9): ZoneLabel {
  const b = polygonBounds(zone.points);
  const at = polygonCentroid(zone.points);
  // The room across the zone where the label sits (a slanted strip is narrower than its bounds).
  const width = chordWidth(zone.points, at) ?? b.maxX - b.minX;
  const height = b.maxY - b.minY;
  const name = zone.name;
  const s = scale > 0 ? scale : 1;
  const size = Math.min(px / s, (width * 0.85) / Math.max(3, name.length * CHAR_WIDTH), height * 0.4);
  const badges = traitBadges(zone);
  const badgeSize = Math.min((px * 0.68) / s, size * 0.8);
  const wordsWidth = badges.reduce((sum, x) => sum + (x.word.length + 2.5) * CHAR_WIDTH * badgeSize, 0);
  const badgeWords = wordsWidth <= width * 0.92;
  return { id: zone.id, name, at, size, badges, badgeSize, badgeWords, visible: size * s >= minPx, badgesVisible: badgeSize * s >= minPx };
}

/**
 * The width of the polygon along the horizontal line through `at`: the stretch between the
 * outline's crossings that holds `at`. Null when `at` is not inside.
 */
export function chordWidth(points: readonly Point[], at: Point): number | null {
  const xs: number[] = [];
  const y = at[1];
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] as Point;
    if (p[1] > y !== q[1] > y) xs.push(p[0] + ((y - p[1]) * (q[0] - p[0])) / (q[1] - p[1]));
  });
  xs.sort((a, b) => a - b);
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const lo = xs[i] as number;
    const hi = xs[i + 1] as number;
    if (lo <= at[0] && at[0] <= hi) return hi - lo;
  }
  return null;
}

/** A border as drawn: where its lines go, and the arrow of a one-way passage. */
export interface BorderShape {
  readonly id: Id;
  readonly kind: 'passage' | 'barrier' | 'wall' | 'link';
  readonly title: string;
  /** Straight stretches of shared edge. */
  readonly segments: readonly (readonly [Point, Point])[];
  /** For a link between zones that don't touch: the curve from one to the other (SVG path, map units). */
  readonly path: string | null;
  /** A one-way arrow: where it sits and where it points (unit vector). */
  readonly arrow: { readonly at: Point; readonly dir: Point } | null;
}

const nameOf = (map: ZoneMap, id: Id): string => map.zones.find((z) => z.id === id)?.name ?? id;

/**
 * The shapes of a map's borders: its derived borders (passages, barriers, one-way), and the walls
 * of closed links, whose shared edges `walls` gives.
 */
export function borderShapes(map: ZoneMap, borders: readonly MapBorder[], walls: readonly { a: Id; b: Id; segments: readonly (readonly [Point, Point])[] }[]): BorderShape[] {
  const anchors = new Map(map.zones.map((z) => [z.id, polygonCentroid(z.points)] as const));
  const shapes: BorderShape[] = [];
  for (const border of borders) {
    const a = nameOf(map, border.a);
    const b = nameOf(map, border.b);
    const to = border.oneWayTo;
    const from = to === null ? null : to === border.a ? border.b : border.a;
    const direction = to === null ? '' : ` (one way, from ${nameOf(map, from as Id)} into ${nameOf(map, to)})`;
    if (border.segments.length > 0) {
      let arrow: BorderShape['arrow'] = null;
      if (to !== null) {
        // On the longest stretch, pointing across it into the zone it leads to.
        const longest = [...border.segments].sort((s, t) => segLength(t) - segLength(s))[0] as readonly [Point, Point];
        const mid: Point = [(longest[0][0] + longest[1][0]) / 2, (longest[0][1] + longest[1][1]) / 2];
        const len = segLength(longest) || 1;
        let dir: Point = [-(longest[1][1] - longest[0][1]) / len, (longest[1][0] - longest[0][0]) / len];
        const target = anchors.get(to);
        if (target && (target[0] - mid[0]) * dir[0] + (target[1] - mid[1]) * dir[1] < 0) dir = [-dir[0], -dir[1]];
        arrow = { at: mid, dir };
      }
      shapes.push({
        id: border.id,
        kind: border.barrier ? 'barrier' : 'passage',
        title: `${border.barrier ? 'Barrier' : 'Border'} between ${a} and ${b}${direction}`,
        segments: border.segments,
        path: null,
        arrow,
      });
    } else {
      const pa = anchors.get(border.a);
      const pb = anchors.get(border.b);
      if (!pa || !pb) continue;
      // A gentle curve, so the line doesn't run straight through the labels.
      const [sx, sy] = to === border.a ? pb : pa;
      const [ex, ey] = to === border.a ? pa : pb;
      const dx = ex - sx;
      const dy = ey - sy;
      const len = Math.hypot(dx, dy) || 1;
      const bend = Math.min(120, len * 0.2);
      const c: Point = [(sx + ex) / 2 - (dy / len) * bend, (sy + ey) / 2 + (dx / len) * bend];
      // The curve's midpoint and its direction there (a quadratic Bézier at t = 0.5).
      const mid: Point = [0.25 * sx + 0.5 * c[0] + 0.25 * ex, 0.25 * sy + 0.5 * c[1] + 0.25 * ey];
      const arrow = to === null ? null : { at: mid, dir: [dx / len, dy / len] as Point };
      shapes.push({
        id: border.id,
        kind: border.barrier ? 'barrier' : 'link',
        title: `Passage between ${a} and ${b}${direction}`,
        segments: [],
        path: `M ${sx} ${sy} Q ${c[0]} ${c[1]} ${ex} ${ey}`,
        arrow,
      });
    }
  }
  for (const wall of walls) {
    if (wall.segments.length === 0) continue;
    shapes.push({
      id: `wall:${wall.a}~${wall.b}`,
      kind: 'wall',
      title: `Wall: no way between ${nameOf(map, wall.a)} and ${nameOf(map, wall.b)}`,
      segments: wall.segments,
      path: null,
      arrow: null,
    });
  }
  return shapes;
}

function segLength(s: readonly [Point, Point]): number {
  return Math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]);
}

/** An arrowhead `size` map units long at `at`, pointing along `dir`, as an SVG path. */
export function arrowPath(at: Point, dir: Point, size: number): string {
  const [x, y] = at;
  const [ux, uy] = dir;
  const tip: Point = [x + ux * size * 0.6, y + uy * size * 0.6];
  const back: Point = [x - ux * size * 0.4, y - uy * size * 0.4];
  const w = size * 0.45;
  return `M ${tip[0]} ${tip[1]} L ${back[0] - uy * w} ${back[1] + ux * w} L ${back[0] + uy * w} ${back[1] - ux * w} Z`;
}

/** A polygon's `points` attribute. */
export function pointsAttr(points: readonly Point[]): string {
  return points.map((p) => `${p[0]},${p[1]}`).join(' ');
}
