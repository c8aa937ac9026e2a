/**
 * A drawn zone map: zones as polygons on an optional background, what each zone is like, and the
 * hand-made changes to which zones connect. Borders are not drawn: they are derived from the
 * edges two zones share (see borders.ts), plus the hand-made links.
 *
 * Coordinates are map units: the background image's pixels, or a plain canvas of `width` ×
 * `height` when there is none. y grows downwards, as on screen.
 */
import type { Id } from '../state';

/** A point on the map. */
export type Point = readonly [x: number, y: number];

/** What a zone is like, as the rules care about it. */
export interface ZoneTraits {
  /** A hazard in the zone (fire, a pit…), with the GM's note on what it does; null for none. */
  readonly hazard: string | null;
  /** Difficult terrain. */
  readonly difficult: boolean;
  /** Concealment: vision into it is partly obscured. */
  readonly concealment: boolean;
  /** Cover: physical protection for those in it. */
  readonly cover: boolean;
  /** Hidden from the players: not shown in the player view until the GM reveals it. */
  readonly hidden: boolean;
}

/** One zone as drawn. */
export interface MapZone extends ZoneTraits {
  readonly id: Id;
  readonly name: string;
  /** A CSS colour `#rrggbb`. */
  readonly colour: string;
  /** Its outline, at least three corners, in drawing order; a rectangle is four. */
  readonly points: readonly Point[];
}

/**
 * A hand-made change to how two zones connect:
 * - `open`: they connect though they share no edge (a door, a gap, a ladder);
 * - `closed`: they don't connect though they share an edge (a wall drawn as a shared edge);
 * - `one-way`: from `a` into `b` only (a drop, a slide).
 */
export interface MapLink {
  readonly a: Id;
  readonly b: Id;
  readonly kind: 'open' | 'closed' | 'one-way';
}

/** An imported background image, kept in the campaign (not linked). */
export interface MapBackground {
  readonly mime: 'image/png' | 'image/jpeg' | 'image/webp';
  /** The image's bytes, base64. */
  readonly base64: string;
  readonly width: number;
  readonly height: number;
}

/** A whole map as the campaign stores it. */
export interface ZoneMap {
  readonly width: number;
  readonly height: number;
  readonly background: MapBackground | null;
  readonly zones: readonly MapZone[];
  readonly links: readonly MapLink[];
  /** Ids of the borders that are barriers (see `borderId`). */
  readonly barriers: readonly Id[];
  /** Snap distance in map units; 0 for none. */
  readonly grid: number;
}

/** A border between two zones: where they touch, or a hand-made opening. */
export interface MapBorder {
  /** `borderId(a, b)`. */
  readonly id: Id;
  readonly a: Id;
  readonly b: Id;
  /** The stretches of edge the two zones share; empty for a hand-made opening. */
  readonly segments: readonly (readonly [Point, Point])[];
  /** Blocks attacks completely (only counts as cover for someone peeking out to attack). */
  readonly barrier: boolean;
  /** For a one-way link, the only zone it can be crossed into; null when both ways. */
  readonly oneWayTo: Id | null;
}

/** A border's id, the same whichever way round its zones are given. */
export function borderId(a: Id, b: Id): Id {
  return a < b ? `${a}~${b}` : `${b}~${a}`;
}
