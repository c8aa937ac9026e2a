import type { SpaceEvent } from '../core/maps/space-events';
import type * as v from 'valibot';
import type { EncounterState } from '../core/state';
import type { Told } from '../core/told';
import type { LogKind } from '../core/log-kinds';
import type { Voice } from '../core/voice';
import { applyZonesEvent } from './zones/apply';
import type { ZoneSpaceEvent } from '../core/maps/zone-events';
import { tellZoneEvent } from './zones/tell';
import { ZONE_EVENT_SCHEMAS, ZONE_PLACE_ENTRIES, zonePlaceProblem, zoneReferenceProblem } from './zones/event-checks';
import type { SpacePlace } from '../core/maps/parts';
import { applyGridEvent } from './grid/apply';
import type { GridSpaceEvent } from '../core/maps/grid-events';
import { tellGridEvent } from './grid/tell';
import { GRID_EVENT_SCHEMAS, GRID_PLACE_ENTRIES, gridPlaceProblem, gridReferenceProblem } from './grid/event-checks';

// The commands and events of the space a fight is fought in, gathered over every kind of space
// (zones and the square grid). The core routes them here: it applies, files and tells a space's event by its
// definition, as it does a ruleset's own.

/** How one of a space's events changes the state and is told in the log. */
export interface SpaceEventDefinition {
  /** The state after the event. Pure, never fails, never rolls. */
  apply(state: EncounterState, event: SpaceEvent): EncounterState;
  /** The kind the log files it under. */
  kind: LogKind;
  /** Shown in the GM screen's fight log panel. */
  fightLog: boolean;
  /** The event in a sentence for the voice's audience, or null to say nothing to it. */
  tell(event: SpaceEvent, voice: Voice): Told | null;
  /** What a stored event of this type must hold (checked before replay; see `encounter/event-checks/`). */
  schema: v.GenericSchema;
  /** What is wrong with what a well-formed stored event names, against the state before it, or null. */
  refers(state: EncounterState, event: SpaceEvent): string | null;
}

/** What one kind of space gives for its events: how each is applied, told, checked and refers to the state. */
interface SpaceKindEvents<E extends SpaceEvent> {
  apply(state: EncounterState, event: E): EncounterState;
  tell(event: E, voice: Voice): Told | null;
  schemas: Readonly<Record<E['type'], v.GenericSchema>>;
  refers(state: EncounterState, event: E): string | null;
}

/**
 * The definitions of one kind's events. Each is only ever looked up by an event of its own type
 * (the Record below is keyed by type), so handing it on as that kind's event is safe.
 */
function kindOf<E extends SpaceEvent>(parts: SpaceKindEvents<E>) {
  return (type: E['type'], kind: LogKind, fightLog: boolean): SpaceEventDefinition => ({
    apply: (state, event) => parts.apply(state, event as E),
    kind,
    fightLog,
    tell: (event, voice) => parts.tell(event as E, voice),
    schema: parts.schemas[type],
    refers: (state, event) => parts.refers(state, event as E),
  });
}

const zones = kindOf<ZoneSpaceEvent>({ apply: applyZonesEvent, tell: tellZoneEvent, schemas: ZONE_EVENT_SCHEMAS, refers: zoneReferenceProblem });
const grid = kindOf<GridSpaceEvent>({ apply: applyGridEvent, tell: tellGridEvent, schemas: GRID_EVENT_SCHEMAS, refers: gridReferenceProblem });

// A Record over every event type, so adding an event without defining it fails to compile.
const DEFINITIONS: Readonly<Record<SpaceEvent['type'], SpaceEventDefinition>> = {
  moved: zones('moved', 'movement', true),
  'zones-set': zones('zones-set', 'override', false),
  'zone-set': zones('zone-set', 'override', false),
  'map-set': zones('map-set', 'override', true),
  'map-cleared': zones('map-cleared', 'override', true),
  'grid-set': grid('grid-set', 'override', true),
  'grid-cleared': grid('grid-cleared', 'override', true),
  'placed-on-grid': grid('placed-on-grid', 'override', false),
  walked: grid('walked', 'movement', true),
  'door-set': grid('door-set', 'override', true),
  'fog-set': grid('fog-set', 'override', false),
};

/** How a space's event is applied, filed and told. */
export function spaceEvent(event: SpaceEvent): SpaceEventDefinition {
  return DEFINITIONS[event.type];
}

/** The fields a stored character's place may hold, in every kind of space, as schema entries. */
export const PLACE_ENTRIES = { ...ZONE_PLACE_ENTRIES, ...GRID_PLACE_ENTRIES };

/** What is wrong with where a stored new character stands, against the state before they join, or null. */
export function placeProblem(state: EncounterState, place: Partial<SpacePlace>): string | null {
  return zonePlaceProblem(state, place) ?? gridPlaceProblem(state, place);
}
