import type { EncounterEvent } from '../events';
import type { GridSpaceCommand, GridSpaceEvent } from './grid-events';
import type { ZoneSpaceCommand, ZoneSpaceEvent } from './zone-events';

// The commands and events of the space a fight is fought in, over every kind of space (zones and
// the square grid): part of the core's commands and events. How each is decided, applied and told
// is the space's (`space/events.ts`).

/** Every kind of space's commands. */
export type SpaceCommand = ZoneSpaceCommand | GridSpaceCommand;

/** Every kind of space's events. */
export type SpaceEvent = ZoneSpaceEvent | GridSpaceEvent;

// A Record over every event type, so an event added to a space without being listed fails to compile.
const SPACE_EVENT_TYPES: Readonly<Record<SpaceEvent['type'], true>> = {
  moved: true,
  'zones-set': true,
  'zone-set': true,
  'map-set': true,
  'map-cleared': true,
  'grid-set': true,
  'grid-cleared': true,
  'placed-on-grid': true,
  walked: true,
  'door-set': true,
  'fog-set': true,
};

/** Whether a type is one of a space's events. */
export function isSpaceEventType(type: string): type is SpaceEvent['type'] {
  return Object.hasOwn(SPACE_EVENT_TYPES, type);
}

/** Whether the event is one of a space's. */
export function isSpaceEvent(event: EncounterEvent): event is SpaceEvent {
  return isSpaceEventType(event.type);
}
