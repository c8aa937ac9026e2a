import type { TurnRules } from '../core/ruleset';
import type { ExpiredCondition } from '../core/events';
import type { Condition, EncounterState, Id } from '../core/state';

// How many of a timer's boundaries pass when the turn moves from `endingId` to `startingId`.
// With one combatant both ids are the same and both boundaries pass.
function boundariesCrossed(condition: Condition, endingId: Id | null, startingId: Id): number {
  const timer = condition.timer;
  if (!timer) return 0;
  if (timer.endsOn === 'turn-end') return timer.anchorId === endingId ? 1 : 0;
  if (timer.endsOn === 'turn-start') return timer.anchorId === startingId ? 1 : 0;
  return 0;
}

/** The timed conditions that run out when the turn passes to `startingId`. */
export function expiringConditions(state: EncounterState, startingId: Id): ExpiredCondition[] {
  if (!anyCrossing(state, startingId, state.activeId)) return [];
  return state.combatants.flatMap((c) =>
    c.conditions
      .filter((k) => k.timer && k.timer.remaining - boundariesCrossed(k, state.activeId, startingId) <= 0)
      .map((k) => ({ combatantId: c.id, conditionId: k.id, name: k.name })),
  );
}

/**
 * Whether any timer counts as the turn passes to `startingId`. Every turn asks, and most fights
 * have few timed conditions: plain loops, so the usual "no" allocates nothing.
 */
function anyCrossing(state: EncounterState, startingId: Id, endingId: Id | null): boolean {
  for (const c of state.combatants) {
    for (const k of c.conditions) if (boundariesCrossed(k, endingId, startingId) > 0) return true;
  }
  return false;
}

/**
 * Counts every timer down for the turn passing from `endingId` (by default whoever is acting) to
 * `startingId`, and drops those that run out.
 */
export function tickConditions(state: EncounterState, startingId: Id, endingId: Id | null = state.activeId): EncounterState {
  if (!anyCrossing(state, startingId, endingId)) return state;
  return {
    ...state,
    combatants: state.combatants.map((c) => {
      if (!c.conditions.some((k) => boundariesCrossed(k, endingId, startingId) > 0)) return c;
      const conditions = c.conditions.flatMap((k): Condition[] => {
        const crossed = boundariesCrossed(k, endingId, startingId);
        if (!k.timer || crossed === 0) return [k];
        const remaining = k.timer.remaining - crossed;
        return remaining <= 0 ? [] : [{ ...k, timer: { ...k.timer, remaining } }];
      });
      return { ...c, conditions };
    }),
  };
}

/** A boundary of the whole fight (or the scene it is part of) that counts down conditions timed by it. */
export type FightBoundary = 'round-end' | 'fight-end' | 'scene-end';

const timedBy = (condition: Condition, boundary: FightBoundary) => condition.timer?.endsOn === boundary;

/** The conditions that run out as a round ends, or as the fight or the scene does. */
export function expiringAt(state: EncounterState, boundary: FightBoundary): ExpiredCondition[] {
  return state.combatants.flatMap((c) =>
    c.conditions
      .filter((k) => timedBy(k, boundary) && (k.timer?.remaining ?? 0) <= 1)
      .map((k) => ({ combatantId: c.id, conditionId: k.id, name: k.name })),
  );
}

/** Counts down the conditions timed by rounds ending (or by the fight or the scene ending) and drops those that run out. */
export function tickAt(state: EncounterState, boundary: FightBoundary): EncounterState {
  if (!state.combatants.some((c) => c.conditions.some((k) => timedBy(k, boundary)))) return state;
  return {
    ...state,
    combatants: state.combatants.map((c) => ({
      ...c,
      conditions: c.conditions.flatMap((k): Condition[] => {
        if (!k.timer || !timedBy(k, boundary)) return [k];
        const remaining = k.timer.remaining - 1;
        return remaining <= 0 ? [] : [{ ...k, timer: { ...k.timer, remaining } }];
      }),
    })),
  };
}

// A round under way ends: round 1 on; the opening phase before it (round 0) only where the
// ruleset's opening is a full round of its own (Sides & Shock's surprise round: "until the end of
// the round" put on in it ends as round 1 begins).
function endsARound(state: EncounterState, ruleset: { readonly turn: Pick<TurnRules, 'order'> }, nextRound: number): boolean {
  if (nextRound <= state.round) return false;
  if (state.round >= 1) return true;
  return state.status === 'running' && state.turn !== null && ruleset.turn.order.opening?.isRound === true;
}

/**
 * The state as a round ends, if the turn moving to `nextRound` ends one (not an opening phase
 * before round 1, unless the ruleset's opening is a round): conditions timed by rounds count down.
 */
export function roundEnds(state: EncounterState, ruleset: { readonly turn: Pick<TurnRules, 'order'> }, nextRound: number): EncounterState {
  return endsARound(state, ruleset, nextRound) ? tickAt(state, 'round-end') : state;
}

/** The conditions that run out if the turn moving to `nextRound` ends a round. */
export function expiringAsRoundEnds(state: EncounterState, ruleset: { readonly turn: Pick<TurnRules, 'order'> }, nextRound: number): ExpiredCondition[] {
  return endsARound(state, ruleset, nextRound) ? expiringAt(state, 'round-end') : [];
}

/** The fight ending, with the conditions that lasted until then. */
export function fightEnded(state: EncounterState): { type: 'combat-ended'; expired?: ExpiredCondition[] } {
  const expired = expiringAt(state, 'fight-end');
  return expired.length > 0 ? { type: 'combat-ended', expired } : { type: 'combat-ended' };
}
