import type { SpaceVoice } from '../core/voice';
import type { EncounterEvent } from '../core/events';
import type { EncounterState } from '../core/state';
import type { Voice } from '../core/voice';
import type { SpacePlace } from '../core/maps/parts';
import { startsInZone } from './zones/tell';
import type { SpaceSight } from './for-players';
import { gmZonesVoice, learnStateZoneNames, learnZoneNames, noZoneNames, playersZonesVoice, type ZoneNames } from './zones/voice';
import { gmGridVoice, learnGridNames, learnStateGridNames, noGridNames, playersGridVoice, type GridNames } from './grid/voice';

// How the log names the places of the space, gathered over every kind of space (zones, the grid), for
// the voices of `log/voice.ts`: the names a log has laid out so far, and each audience's words.

/** The names of places an encounter has laid out, from its events and its state. */
export type Places = ZoneNames & GridNames;

export function noPlaces(): Places {
  return { ...noZoneNames(), ...noGridNames() };
}

/** Adds the places an event lays out. */
export function learnPlaces(places: Places, event: EncounterEvent): void {
  learnZoneNames(places, event);
  learnGridNames(places, event);
}

/** Adds the places of a state's own space. */
export function learnStatePlaces(places: Places, state: EncounterState): void {
  learnStateZoneNames(places, state);
  learnStateGridNames(places, state);
}

/** The GM's words for places: every one by its name. */
export function gmSpaceVoice(places: Places): SpaceVoice {
  return { ...gmZonesVoice(places), ...gmGridVoice(places) };
}

/** The players' words for places, in one state: what they can't see has no name. */
export function playersSpaceVoice(state: EncounterState, sight: SpaceSight): SpaceVoice {
  return { ...playersZonesVoice(state, sight), ...playersGridVoice(state, sight) };
}

/** Where a new character starts, as a phrase after "is added" (" in Ford"), or nothing. */
export function startsAt(v: Voice, place: SpacePlace): string {
  return startsInZone(v, place);
}
