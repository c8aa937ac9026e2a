/**
 * Where a token dragged over the battle map lands, and the command that puts someone there.
 * The map's own tokens and those dragged in from "Not on the map" land by the same rule.
 */
import { borderAt, zoneAt, type Command, type Id, type MapBorder, type MapZone, type Point } from '../../../engine/index';
import type { MapMoveTarget } from '../rulesets/panels';

/** How close to the line two zones share a drop must be to stand on that border, in token radii. */
export const BORDER_REACH = 0.6;

/**
 * What a token dropped at `point` (map units) lands on: the border whose shared line passes within
 * `reach` map units, else the zone under it, else nothing (dropped off the zones).
 */
export function dropTarget(zones: readonly MapZone[], borders: readonly MapBorder[], point: Point, reach: number): MapMoveTarget | null {
  const border = borderAt(borders, point, reach);
  if (border) return { borderId: border.id };
  const zone = zoneAt(zones, point);
  return zone ? { zoneId: zone.id } : null;
}

/** The GM putting someone on `target`, outside the rules of movement (anyone but the one acting, and anyone not on the map yet). */
export function placeCommand(combatantId: Id, target: MapMoveTarget): Command {
  return 'borderId' in target
    ? { type: 'set-zone', combatantId, zoneId: null, borderId: target.borderId }
    : { type: 'set-zone', combatantId, zoneId: target.zoneId };
}
