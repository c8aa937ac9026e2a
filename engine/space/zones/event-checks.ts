import * as v from 'valibot';
import { eventId, listOf, text, whole } from '../../core/stored-event-parts';
import type { EncounterState, Id } from '../../core/state';
import type { ZoneSpaceEvent } from '../../core/maps/zone-events';

// The zones' events as a stored log must hold them (one schema per type), and what they name
// must be there: the character, the zone, the border. See `encounter/event-checks/`.

/** A border's id is its two zones' ids joined by "~" (`borderId`). */
export const borderRef = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}~[A-Za-z0-9_-]{1,64}$/, 'is not a border id'));
const point = v.tuple([v.pipe(v.number(), v.finite()), v.pipe(v.number(), v.finite())]);
const traits = {
  hazard: v.optional(v.nullable(text(1000))),
  difficult: v.optional(v.boolean()),
  concealment: v.optional(v.boolean()),
  cover: v.optional(v.boolean()),
  hidden: v.optional(v.boolean()),
};
const zone = v.object({ id: eventId, name: text(200), neighbours: listOf(eventId, 500), ...traits });
const border = v.object({ id: borderRef, a: eventId, b: eventId, barrier: v.boolean(), oneWayTo: v.nullable(eventId) });
const map = v.object({
  mapId: eventId,
  name: text(200),
  width: whole(1, 100_000),
  height: whole(1, 100_000),
  grid: whole(0, 100_000),
  zones: listOf(v.object({ id: eventId, name: text(200), colour: text(20), points: listOf(point, 10_000), ...traits }), 500),
  borders: listOf(v.object({ id: borderRef, a: eventId, b: eventId, segments: listOf(v.tuple([point, point]), 10_000), barrier: v.boolean(), oneWayTo: v.nullable(eventId) }), 5000),
  hasBackground: v.boolean(),
});
const ids = listOf(eventId);

// A Record over the zones' event types, so adding one without its schema fails to compile.
export const ZONE_EVENT_SCHEMAS: Readonly<Record<ZoneSpaceEvent['type'], v.GenericSchema>> = {
  moved: v.object({
    combatantId: eventId,
    from: v.nullable(eventId),
    to: eventId,
    fromBorder: v.optional(v.nullable(borderRef)),
    toBorder: v.optional(v.nullable(borderRef)),
    halves: v.optional(v.picklist([1, 2])),
    carried: ids,
  }),
  'zones-set': v.object({ zones: listOf(zone, 500), moved: ids }),
  'zone-set': v.object({ combatantId: eventId, zoneId: v.nullable(eventId), borderId: v.optional(v.nullable(borderRef)) }),
  'map-set': v.object({ map, zones: listOf(zone, 500), borders: listOf(border, 5000), unplaced: ids, offBorder: ids }),
  'map-cleared': v.object({ unplaced: ids }),
};

function characters(state: EncounterState, ids: readonly Id[]): string | null {
  const gone = ids.find((id) => !state.combatants.some((c) => c.id === id));
  return gone === undefined ? null : `it names the character "${gone}", who is not in the encounter`;
}

const zoneThere = (state: EncounterState, id: Id | null | undefined): string | null =>
  id === null || id === undefined || state.zones.some((z) => z.id === id) ? null : `it names the zone "${id}", which the encounter doesn't have`;
const borderThere = (state: EncounterState, id: Id | null | undefined): string | null =>
  id === null || id === undefined || state.borders.some((b) => b.id === id) ? null : `it names the border "${id}", which the encounter doesn't have`;

/** What is wrong with a zones event whose shape is right, against the state just before it, or null. */
export function zoneReferenceProblem(state: EncounterState, event: ZoneSpaceEvent): string | null {
  switch (event.type) {
    case 'moved':
      return characters(state, [event.combatantId, ...event.carried]) ?? zoneThere(state, event.to) ?? zoneThere(state, event.from) ?? borderThere(state, event.fromBorder) ?? borderThere(state, event.toBorder);
    case 'zones-set':
      return characters(state, event.moved);
    case 'zone-set':
      return characters(state, [event.combatantId]) ?? zoneThere(state, event.zoneId) ?? borderThere(state, event.borderId);
    case 'map-set':
      return characters(state, [...event.unplaced, ...event.offBorder]);
    case 'map-cleared':
      return characters(state, event.unplaced);
  }
}

/** The zones' fields of a character as `combatant-added` stores them (older logs lack them). */
export const ZONE_PLACE_ENTRIES = { zoneId: v.optional(v.nullable(eventId)), borderId: v.optional(v.nullable(borderRef)) };

/** What is wrong with where a new character stands, against the state before they join, or null. */
export function zonePlaceProblem(state: EncounterState, place: { zoneId?: Id | null; borderId?: Id | null }): string | null {
  return zoneThere(state, place.zoneId) ?? borderThere(state, place.borderId);
}
