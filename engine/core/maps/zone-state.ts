import type { Id } from '../state';
import type { MapBorder, MapZone, ZoneTraits } from './zone-map';

// What the zones keep in an encounter's state: the zone list, its borders and the drawn map on
// the encounter, and where each character stands on the combatant (see `core/maps/parts.ts`).

/**
 * An area of the battlefield and the areas that border it. `neighbours` are the zones one can move
 * into from here: from a drawn map, a one-way border gives a neighbour on its "from" side only.
 * The traits come from a drawn map; absent (a plain zone list, older logs) means false / null.
 */
export interface Zone extends Partial<ZoneTraits> {
  id: Id;
  name: string;
  neighbours: Id[];
}

/**
 * Where two zones meet, as the rules read it: crossing it is how one moves between them, and a
 * character may stand on it ("half a zone"). Derived from the drawn map, or from the neighbour
 * lists of a plain zone list (then every border is two-way and no barrier).
 */
export interface Border {
  /** `borderId(a, b)`: the same whichever way round. */
  id: Id;
  a: Id;
  b: Id;
  /** Blocks attacks across it completely. */
  barrier: boolean;
  /** A one-way border can only be crossed into this zone; null when both ways. */
  oneWayTo: Id | null;
}

/**
 * The drawn map an encounter is fought on: its geometry, so the encounter log is self-contained,
 * without the background image's bytes (`hasBackground` says whether the campaign's map has one).
 */
export interface BattleMap {
  /** The campaign's map entry it came from. */
  mapId: Id;
  name: string;
  width: number;
  height: number;
  grid: number;
  zones: MapZone[];
  borders: MapBorder[];
  hasBackground: boolean;
}

/** Where a character stands among the zones. */
export interface ZonePlace {
  /** The zone the combatant stands in, for rulesets that use zones. */
  zoneId: Id | null;
  /**
   * The border they stand on ("half a zone" out of `zoneId`, towards the zone on its other side),
   * or null. They still count as in `zoneId` for who is nearby whom.
   */
  borderId: Id | null;
}

/** The zones of an encounter. */
export interface ZonesField {
  zones: Zone[];
  /** Where the zones meet; [] without zones. Logs from before borders existed replay with them derived. */
  borders: Border[];
  /** The drawn map, when the fight uses one; null for a plain zone list or no zones. */
  map: BattleMap | null;
}

/** An encounter's zones before any are laid out. */
export function noZones(): ZonesField {
  return { zones: [], borders: [], map: null };
}

/** A character who stands nowhere yet. */
export function nowhereInZones(): ZonePlace {
  return { zoneId: null, borderId: null };
}

/** A stored character's place among the zones; logs from before zones or borders lack the fields. */
export function storedZonePlace(stored: Partial<ZonePlace>): ZonePlace {
  return { zoneId: stored.zoneId ?? null, borderId: stored.borderId ?? null };
}
