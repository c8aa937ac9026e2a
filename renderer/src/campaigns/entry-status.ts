// Where a campaign's encounter entry stands (planned, running, finished), from the engine's status.
import type { Encounter } from '../../../engine/index';
import type { EncounterStatus } from './backend';

/** Where an encounter entry stands, from the engine's status. */
export function entryStatus(encounter: Encounter): EncounterStatus {
  const status = encounter.state.status;
  return status === 'setup' ? 'planned' : status === 'running' ? 'running' : 'finished';
}
