import type * as v from 'valibot';
import type { EncounterEvent } from '../encounter/events';
import type { EncounterState } from '../encounter/state';
import type { Told } from '../log/describe-parts';
import type { LogKind } from '../log/entries';
import type { Voice } from '../log/voice';
import { applyZonesEvent } from './zones/apply';
import type { ZoneSpaceCommand, ZoneSpaceEvent } from './zones/events';
import { tellZoneEvent } from './zones/tell';
import { ZONE_EVENT_SCHEMAS, ZONE_PLACE_ENTRIES, zonePlaceProblem, zoneReferenceProblem } from './zones/event-checks';
import type { SpacePlace } from './parts';

// The commands and events of the space a fight is fought in, gathered over every kind of space
// (today zones). The core routes them here: it applies, files and tells a space's event by its
// definition, as it does a ruleset's own.

/** Every kind of space's commands. */
export type SpaceCommand = ZoneSpaceCommand;

/** Every kind of space's events. */
export type SpaceEvent = ZoneSpaceEvent;

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

const zones = (type: SpaceEvent['type'], kind: LogKind, fightLog: boolean): SpaceEventDefinition => ({
  apply: applyZonesEvent,
  kind,
  fightLog,
  tell: tellZoneEvent,
  schema: ZONE_EVENT_SCHEMAS[type],
  refers: zoneReferenceProblem,
});

// A Record over every event type, so adding an event without defining it fails to compile.
const DEFINITIONS: Readonly<Record<SpaceEvent['type'], SpaceEventDefinition>> = {
  moved: zones('moved', 'movement', true),
  'zones-set': zones('zones-set', 'override', false),
  'zone-set': zones('zone-set', 'override', false),
  'map-set': zones('map-set', 'override', true),
  'map-cleared': zones('map-cleared', 'override', true),
};

/** Whether a type is one of a space's events. */
export function isSpaceEventType(type: string): type is SpaceEvent['type'] {
  return Object.hasOwn(DEFINITIONS, type);
}

/** Whether the event is one of a space's. */
export function isSpaceEvent(event: EncounterEvent): event is SpaceEvent {
  return isSpaceEventType(event.type);
}

/** How a space's event is applied, filed and told. */
export function spaceEvent(event: SpaceEvent): SpaceEventDefinition {
  return DEFINITIONS[event.type];
}

/** The fields a stored character's place may hold, in every kind of space, as schema entries. */
export const PLACE_ENTRIES = { ...ZONE_PLACE_ENTRIES };

/** What is wrong with where a stored new character stands, against the state before they join, or null. */
export function placeProblem(state: EncounterState, place: Partial<SpacePlace>): string | null {
  return zonePlaceProblem(state, place);
}
