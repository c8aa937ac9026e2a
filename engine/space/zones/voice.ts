import type { ZonesVoice } from '../../core/voice';
import type { EncounterEvent } from '../../core/events';
import type { EncounterState, Id } from '../../core/state';
import type { ZonesSight } from './player-view';

// How the log names zones and borders, for one audience (see `log/voice.ts`): the GM by every
// name any zone list or map of the encounter has had, the players only zones they can see.

/** Zone names and borders by id, from every zone list and map an encounter has had. */
export interface ZoneNames {
  zones: Map<string, string>;
  borders: Map<string, { a: string; b: string }>;
}

export function noZoneNames(): ZoneNames {
  return { zones: new Map(), borders: new Map() };
}

/** Adds the zones and borders an event lays out. */
export function learnZoneNames(names: ZoneNames, event: EncounterEvent): void {
  if (event.type === 'zones-set') for (const z of event.zones) names.zones.set(z.id, z.name);
  if (event.type === 'map-set') {
    for (const z of event.zones) names.zones.set(z.id, z.name);
    for (const b of event.borders) names.borders.set(b.id, { a: b.a, b: b.b });
  }
}

/** Adds the names of a state's own zones and borders. */
export function learnStateZoneNames(names: ZoneNames, state: EncounterState): void {
  for (const z of state.zones) names.zones.set(z.id, z.name);
  for (const b of state.borders ?? []) names.borders.set(b.id, { a: b.a, b: b.b });
}

/** What the players' voice calls a zone they can't see. */
export const OUT_OF_SIGHT = 'somewhere out of sight';

/** How a voice names the zones. */
/** The GM's names: every zone by its name from any map the encounter has had. */
export function gmZonesVoice(names: ZoneNames): ZonesVoice {
  const zone = (id: Id | null) => (id === null ? undefined : names.zones.get(id)) ?? 'nowhere';
  return {
    zone,
    border: (id) => {
      const b = names.borders.get(id);
      return b ? `the border between ${zone(b.a)} and ${zone(b.b)}` : 'a border';
    },
  };
}

/** The players' names: a zone they can't see is somewhere out of sight, a border into one just "a border". */
export function playersZonesVoice(state: EncounterState, sight: ZonesSight): ZonesVoice {
  const zoneName = (id: Id) => (sight.hiddenZones.has(id) ? undefined : state.zones.find((z) => z.id === id)?.name);
  return {
    zone: (id) => (id === null ? 'nowhere' : (zoneName(id) ?? OUT_OF_SIGHT)),
    border: (id) => {
      const b = state.borders.find((x) => x.id === id);
      const a = b ? zoneName(b.a) : undefined;
      const z = b ? zoneName(b.b) : undefined;
      return a !== undefined && z !== undefined ? `the border between ${a} and ${z}` : 'a border';
    },
  };
}

/** "in Ford", or "somewhere out of sight" for a zone the audience can't see. */
export function inZone(v: ZonesVoice, id: Id): string {
  const zone = v.zone(id);
  return zone === OUT_OF_SIGHT ? zone : `in ${zone}`;
}
