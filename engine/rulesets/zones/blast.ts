import type { RandomSource } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import type { Combatant, Id } from '../../core/state';
import type { Border, Zone } from '../../core/maps/zone-state';
import { bordersOf } from '../../space/zones/borders';
import { randomNeighbour } from '../../space/zones/zones';

/**
 * What a blast on a zone covers: the zone, and every border on its edge (characters standing on
 * any of them are hit too). For a map's highlight and for `blastTargets`.
 */
export function blastZoneAndBorders(borders: readonly Pick<Border, 'id' | 'a' | 'b'>[], zoneId: Id): { zoneId: Id; borderIds: Id[] } {
  return { zoneId, borderIds: bordersOf(borders, zoneId).map((b) => b.id) };
}

/**
 * Who a blast hits: everyone standing in the zone, or on any border on its edge, who is not dead,
 * in combatant order. A melee blast spares the one swinging it; a ranged blast aimed at the
 * attacker's own zone (or at a zone whose border they stand on) hits them too.
 */
export function blastTargets(
  combatants: readonly Combatant[],
  zoneId: Id,
  attackerId: Id,
  melee: boolean,
  borders: readonly Pick<Border, 'id' | 'a' | 'b'>[] = [],
): Id[] {
  const edge = new Set(blastZoneAndBorders(borders, zoneId).borderIds);
  const inBlast = (c: Combatant) => c.zoneId === zoneId || (c.borderId != null && edge.has(c.borderId));
  return combatants
    .filter((c) => inBlast(c) && !c.marks.includes('dead'))
    .filter((c) => !(melee && c.id === attackerId))
    .map((c) => c.id);
}

/**
 * Where a missed ranged blast lands instead: the neighbouring zones are numbered 1..n in
 * `neighboursOf` order and a dn picks one (see `randomNeighbour`). Null when the zone has no
 * neighbours: the blast then hits nothing.
 */
export function deviate(
  zones: readonly Zone[],
  zoneId: Id,
  random: RandomSource,
): { zoneId: Id; roll: Roll | null; numbered: Id[] } | null {
  return randomNeighbour(zones, zoneId, random);
}
