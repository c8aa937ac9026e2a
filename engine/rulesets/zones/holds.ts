import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { isFighting } from './morale';
import { zonesPerson } from './slice';

/**
 * The events freeing everyone `actorId` holds grabbed, except those in `keep`. A grabber keeps
 * hold while moving with the held character, attacking them, or hiding behind them; doing
 * anything else lets go.
 */
export function releaseHolds(state: EncounterState, actorId: Id, keep: readonly Id[] = []): EncounterEvent[] {
  return state.combatants
    .filter((c) => zonesPerson(c).grabbedBy === actorId && !keep.includes(c.id))
    .map((c) => ({ type: 'zones/grab-set', combatantId: c.id, grabbedBy: null }));
}

/**
 * Why a grabbed character can't move away: held by someone still in the fight (a grabber who is
 * out of it, or gone, no longer keeps hold). Null when they may move.
 */
export function heldBack(state: EncounterState, mover: Combatant): string | null {
  const holderId = zonesPerson(mover).grabbedBy;
  const holder = holderId ? state.combatants.find((x) => x.id === holderId) : undefined;
  return holder && isFighting(holder) ? `${mover.name} is held by ${holder.name} and can't move away.` : null;
}

/** Whoever the mover holds grabbed: they come along, to the same zone or border. */
export function carriedBy(state: EncounterState, mover: Combatant): Id[] {
  return state.combatants.filter((x) => zonesPerson(x).grabbedBy === mover.id).map((x) => x.id);
}
