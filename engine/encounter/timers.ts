import type { ExpiredCondition } from './events';
import type { Condition, EncounterState, Id } from './state';

// How many of a timer's boundaries pass when the turn moves from `endingId` to `startingId`.
// With one combatant both ids are the same and both boundaries pass.
function boundariesCrossed(condition: Condition, endingId: Id | null, startingId: Id): number {
  const timer = condition.timer;
  if (!timer) return 0;
  if (timer.endsOn === 'turn-end') return timer.anchorId === endingId ? 1 : 0;
  return timer.anchorId === startingId ? 1 : 0;
}

/** The timed conditions that run out when the turn passes to `startingId`. */
export function expiringConditions(state: EncounterState, startingId: Id): ExpiredCondition[] {
  return state.combatants.flatMap((c) =>
    c.conditions
      .filter((k) => k.timer && k.timer.remaining - boundariesCrossed(k, state.activeId, startingId) <= 0)
      .map((k) => ({ combatantId: c.id, conditionId: k.id, name: k.name })),
  );
}

/** Counts every timer down for the turn passing to `startingId` and drops those that run out. */
export function tickConditions(state: EncounterState, startingId: Id): EncounterState {
  return {
    ...state,
    combatants: state.combatants.map((c) => {
      if (!c.conditions.some((k) => boundariesCrossed(k, state.activeId, startingId) > 0)) return c;
      const conditions = c.conditions.flatMap((k): Condition[] => {
        const crossed = boundariesCrossed(k, state.activeId, startingId);
        if (!k.timer || crossed === 0) return [k];
        const remaining = k.timer.remaining - crossed;
        return remaining <= 0 ? [] : [{ ...k, timer: { ...k.timer, remaining } }];
      });
      return { ...c, conditions };
    }),
  };
}
