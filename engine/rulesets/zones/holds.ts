import type { EncounterEvent } from '../../encounter/events';
import type { EncounterState, Id } from '../../encounter/state';

/**
 * The events freeing everyone `actorId` holds grabbed, except those in `keep`. A grabber keeps
 * hold while moving with the held character, attacking them, or hiding behind them; doing
 * anything else lets go.
 */
export function releaseHolds(state: EncounterState, actorId: Id, keep: readonly Id[] = []): EncounterEvent[] {
  return state.combatants
    .filter((c) => c.grabbedBy === actorId && !keep.includes(c.id))
    .map((c) => ({ type: 'zones/grab-set', combatantId: c.id, grabbedBy: null }));
}
