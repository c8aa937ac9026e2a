import type { ZoneStart } from '../../core/maps/parts';
import { failure, type Result } from '../../result';
import { checkCombatant, isFailure } from '../../core/checks';
import type { ZoneSpaceCommandOf } from '../../core/maps/zone-events';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState } from '../../core/state';
import type { Ruleset } from '../../core/ruleset';
import { withoutSpace } from '../../core/space-kind';
import type { ZonePlace } from '../../core/maps/zone-state';
import { decideMap } from './decide-map';
import { checkZones, unknownZone } from './zones';

// Setup and GM overrides of the zones: the zone list, a drawn map, and who stands where. Allowed
// at any time: the GM always rules. (Moving by the rules is `decide-move.ts`.)

export type ZonePlacing = ZoneSpaceCommandOf<'set-zones' | 'set-zone' | 'set-map' | 'clear-map'>;

const ok = (...events: EncounterEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });

/** Where a new character starts: in the zone asked for, which must exist, or nowhere. */
export function startInZones(state: EncounterState, ruleset: Ruleset, start: ZoneStart): Result<ZonePlace> {
  const zoneId = start.zoneId ?? null;
  if (zoneId === null) return { ok: true, value: { zoneId: null, borderId: null } };
  const refused = withoutSpace(ruleset, 'zones');
  if (refused) return refused;
  if (!state.zones.some((z) => z.id === zoneId)) {
    return unknownZone(zoneId);
  }
  return { ok: true, value: { zoneId, borderId: null } };
}

export function decideZones(state: EncounterState, cmd: ZonePlacing): Result<EncounterEvent[]> {
  switch (cmd.type) {
    case 'set-map':
    case 'clear-map':
      return decideMap(state, cmd);
    case 'set-zones': {
      const zones = checkZones(cmd.zones);
      if (!zones.ok) return zones;
      const ids = new Set(zones.value.map((z) => z.id));
      // Whoever stood in a zone that is gone now stands nowhere, rather than in a zone that isn't.
      const moved = state.combatants.filter((c) => c.zoneId !== null && !ids.has(c.zoneId)).map((c) => c.id);
      return ok({ type: 'zones-set', zones: zones.value, moved });
    }
    case 'set-zone':
      return placeInZone(state, cmd);
  }
}

function placeInZone(state: EncounterState, cmd: ZoneSpaceCommandOf<'set-zone'>): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  if (cmd.zoneId !== null && !state.zones.some((z) => z.id === cmd.zoneId)) {
    return unknownZone(cmd.zoneId);
  }
  if (cmd.borderId === undefined || cmd.borderId === null) return ok({ type: 'zone-set', combatantId: c.id, zoneId: cmd.zoneId, borderId: null });
  const border = state.borders.find((b) => b.id === cmd.borderId);
  if (!border) return failure('border/unknown', `There is no border with id "${String(cmd.borderId)}" between the zones of this fight.`);
  // On a border, one stands at the edge of one of its two zones: the one named, else the one they are in, else its first.
  const sides = [border.a, border.b];
  if (cmd.zoneId !== null && !sides.includes(cmd.zoneId)) {
    const zone = state.zones.find((z) => z.id === cmd.zoneId)?.name ?? cmd.zoneId;
    return failure('border/not-on-zone', `That border isn't on the edge of ${zone}; pick one of its borders, or one of the two zones it joins.`);
  }
  const zoneId = cmd.zoneId ?? (c.zoneId !== null && sides.includes(c.zoneId) ? c.zoneId : border.a);
  return ok({ type: 'zone-set', combatantId: c.id, zoneId, borderId: border.id });
}
