import type { Combatant, EncounterState, Id } from '../core/state';
import { inHiddenZone, sameZones, zonesForPlayers, zonesSight, type ZonePlaceForPlayers, type ZonesForPlayers, type ZonesSight } from './zones/player-view';
import { gridForPlayers, gridSight, inFog, sameGrid, type GridForPlayers, type GridPlaceForPlayers, type GridSight } from './grid/player-view';

// What the players may see of the space, gathered over every kind of space (zones, the grid), for the
// player view and the players' log (`views/player-view.ts`, `log/voice.ts`), which keep to their
// rules for characters and leave the space's to it.

/** The space as the players see it: the fields of the player view it adds. */
export type SpaceForPlayers = ZonesForPlayers & GridForPlayers;

/** Where a shown character stands, as the players see it: the fields of each character it adds. */
export type PlaceForPlayers = ZonePlaceForPlayers & GridPlaceForPlayers;

/** What the players can't see of the space in one state (hidden zones, squares in the fog). */
export type SpaceSight = ZonesSight & GridSight;

export function spaceSight(state: EncounterState): SpaceSight {
  return { ...zonesSight(state), ...gridSight(state) };
}

/** Whether a character stands where the players can't see (a hidden zone, a square in the fog). */
export function outOfSight(sight: SpaceSight, c: Combatant): boolean {
  return inHiddenZone(sight, c) || inFog(sight, c);
}

/** Whether two states show the players the same space (the same objects, so nothing to look at again). */
export function sameSpace(a: EncounterState, b: EncounterState): boolean {
  return sameZones(a, b) && sameGrid(a, b);
}

/**
 * The space the players may see, built field by field: its fields for the player view, where a
 * character stands by its keys, and the keys themselves (for a ruleset's part naming places).
 */
export function spaceForPlayers(state: EncounterState, sight: SpaceSight): {
  field: SpaceForPlayers;
  place(c: Combatant): PlaceForPlayers;
  keys: readonly ReadonlyMap<Id, string>[];
} {
  const zones = zonesForPlayers(state, sight);
  const grid = gridForPlayers(state, sight);
  return { field: { ...zones.field, ...grid.field }, place: (c) => ({ ...zones.place(c), ...grid.place(c) }), keys: zones.keys };
}
