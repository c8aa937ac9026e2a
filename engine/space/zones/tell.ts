import { told, verb, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import type { ZoneSpaceEvent, ZoneSpaceEventOf } from '../../core/maps/zone-events';
import { inZone } from './voice';

// The zones' events in the log's sentences, for the voice's audience: laying out zones and maps is
// the GM's business; where someone is placed or moves, everyone who may see them hears.

/** One of the zones' events in a sentence for the voice's audience, or null to say nothing. */
export function tellZoneEvent(event: ZoneSpaceEvent, v: Voice): Told | null {
  const gm = v.audience === 'gm';
  const who = v.who.bind(v);
  switch (event.type) {
    case 'moved':
      return moved(event, v);
    case 'zones-set': {
      if (!gm) return null;
      const moved = event.moved.length ? ` ${verb(event.moved.map((id) => who(id) ?? 'someone'), 'no longer stands', 'no longer stand')} in any zone.` : '';
      return told(`The zones are set: ${event.zones.map((z) => z.name).join(', ') || 'none'}.${moved}`, [...event.moved]);
    }
    case 'zone-set': {
      const name = who(event.combatantId);
      if (name === null) return null;
      const where = event.zoneId === null ? 'in no zone' : event.borderId ? `on ${v.border(event.borderId)}` : inZone(v, event.zoneId);
      return told(`${name} is placed ${where}.`, [event.combatantId]);
    }
    case 'map-set': {
      if (!gm) return null;
      const n = event.zones.length;
      const unplaced = event.unplaced.length ? ` ${verb(event.unplaced.map((id) => who(id) ?? 'someone'), 'no longer stands', 'no longer stand')} in any zone.` : '';
      const off = event.offBorder.length ? ` ${verb(event.offBorder.map((id) => who(id) ?? 'someone'), 'steps off a border that is gone', 'step off borders that are gone')}.` : '';
      return told(`The map "${event.map.name}" is laid out: ${n} zone${n === 1 ? '' : 's'}.${unplaced}${off}`, [...event.unplaced, ...event.offBorder]);
    }
    case 'map-cleared': {
      const unplaced = event.unplaced.filter((id) => who(id) !== null);
      return told(`The map is taken away${unplaced.length ? `; ${verb(unplaced.map((id) => who(id) ?? ''), 'no longer stands', 'no longer stand')} in any zone` : ''}.`, unplaced);
    }
  }
}

function moved(event: ZoneSpaceEventOf<'moved'>, v: Voice): Told | null {
  const name = v.who(event.combatantId);
  if (name === null) return null;
  const carried = event.carried.filter((id) => v.who(id) !== null);
  const dragging = carried.length ? `, dragging ${carried.map((id) => v.who(id)).join(', ')}` : '';
  const ids = [event.combatantId, ...carried];
  // Logs from before borders have neither field: a move from zone to zone.
  const fromBorder = event.fromBorder ?? null;
  const toBorder = event.toBorder ?? null;
  if (toBorder && fromBorder) return told(`${name} moves from ${v.border(fromBorder)} onto ${v.border(toBorder)}${dragging}.`, ids);
  if (toBorder) return told(`${name} steps onto ${v.border(toBorder)}${dragging}.`, ids);
  if (fromBorder) return told(`${name} steps off ${v.border(fromBorder)} into ${v.zone(event.to)}${dragging}.`, ids);
  return told(`${name} moves from ${v.zone(event.from)} to ${v.zone(event.to)}${dragging}.`, ids);
}

/** Where a new character starts, as a phrase after "is added" (" in Ford"), or nothing. */
export function startsInZone(v: Voice, place: { zoneId: string | null }): string {
  return place.zoneId ? ` ${inZone(v, place.zoneId)}` : '';
}
