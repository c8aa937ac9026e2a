import type { Id } from '../state';
import { noZones, nowhereInZones, storedZonePlace, type ZonePlace, type ZonesField } from './zone-state';
import { noGrid, offGrid, storedGridPlace, type GridField, type GridPlace } from './grid-state';

// The parts of an encounter's state that belong to the space it is fought in, gathered over every
// kind of space (zones, and the square grid beside them). The core's state types
// extend these and the core builds them through the functions here, so it keeps where everyone
// stands without knowing which kind of space that is.

/** Where a character stands, in every kind of space (the fields stay empty in the others). */
export type SpacePlace = ZonePlace & GridPlace;

/** What an encounter keeps of its space. */
export type SpaceField = ZonesField & GridField;

/** An encounter's space before anything is laid out. */
export function emptySpace(): SpaceField {
  return { ...noZones(), ...noGrid() };
}

/** The place of a character who stands nowhere yet. */
export function nowhere(): SpacePlace {
  return { ...nowhereInZones(), ...offGrid() };
}

/** A stored character's place, with the fields older logs lack filled in (they stood nowhere). */
export function placeOf(stored: Partial<SpacePlace>): SpacePlace {
  return { ...storedZonePlace(stored), ...storedGridPlace(stored) };
}

/** What a new character may be given of the zones: the zone they start in. */
export interface ZoneStart {
  /** The zone they start in, for rulesets with zones. */
  zoneId?: Id | null;
}

/** Where a new character may be asked to start, in every kind of space (`add-combatant`'s fields). */
export type SpaceStart = ZoneStart;
