import { deriveBorders, encounterBorders, encounterZones } from './borders';
import { checkZoneMap } from './check-map';
import { failure, type Result } from '../../result';
import type { ZoneSpaceCommandOf } from '../../core/maps/zone-events';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import type { BattleMap } from '../../core/maps/zone-state';

// Laying out a drawn map, and taking it away. Allowed in setup and at any time as a GM override,
// like the zone list.

export type MapCommand = ZoneSpaceCommandOf<'set-map' | 'clear-map'>;

/** The longest map name: a campaign entry's name. */
export const MAP_NAME_MAX = 120;
/** The longest map id. */
export const MAP_ID_MAX = 64;

export function decideMap(state: EncounterState, cmd: MapCommand): Result<EncounterEvent[]> {
  if (cmd.type === 'clear-map') {
    if (!state.map) return failure('map/none', 'There is no map to take away.');
    const unplaced = state.combatants.filter((c) => c.zoneId !== null || c.borderId !== null).map((c) => c.id);
    return { ok: true, value: [{ type: 'map-cleared', unplaced }] };
  }
  if (typeof cmd.mapId !== 'string' || cmd.mapId.trim() === '' || cmd.mapId.length > MAP_ID_MAX) {
    return failure('map/bad-id', `The map needs an id of 1 to ${MAP_ID_MAX} characters.`);
  }
  const name = typeof cmd.name === 'string' ? cmd.name.trim() : '';
  if (name === '' || name.length > MAP_NAME_MAX) return failure('map/bad-name', `Give the map a name of 1 to ${MAP_NAME_MAX} characters.`);
  const checked = checkZoneMap(cmd.map, `The map "${name}"`);
  if (!checked.ok) return checked;
  const drawn = checked.value;
  const mapBorders = deriveBorders(drawn);
  const map: BattleMap = {
    mapId: cmd.mapId,
    name,
    width: drawn.width,
    height: drawn.height,
    grid: drawn.grid,
    zones: [...drawn.zones],
    borders: mapBorders,
    hasBackground: drawn.background !== null,
  };
  const borders = encounterBorders(mapBorders);
  const zones = encounterZones(drawn, borders);
  const zoneIds = new Set(zones.map((z) => z.id));
  const borderIds = new Set(borders.map((b) => b.id));
  // Whoever stood in a zone the map doesn't have stands nowhere; whoever stood on a border it
  // doesn't have steps off it into their zone.
  const unplaced = state.combatants.filter((c) => c.zoneId !== null && !zoneIds.has(c.zoneId)).map((c) => c.id);
  const offBorder = state.combatants
    .filter((c) => c.zoneId !== null && zoneIds.has(c.zoneId) && c.borderId !== null && !borderIds.has(c.borderId))
    .map((c) => c.id);
  return { ok: true, value: [{ type: 'map-set', map, zones, borders, unplaced, offBorder }] };
}
