import type { Combatant, EncounterState, Id } from '../core/state';
import type { OpeningPhase, OrderProcedure, TurnPointer } from '../core/turn-procedure';

// An opening phase (a surprise round) before round 1, for either kind of procedure: whether the
// fight opens with one, and, for fights in a fixed order, who acts in it. It is round 0 of the
// fight, which is no round: end-of-round steps and round-timed conditions wait for round 1.

/**
 * Whether the fight opens with the phase: its setting (if it has one) is on and someone able to
 * act may act in it.
 */
export function opensWith(opening: OpeningPhase | null | undefined, state: EncounterState, canAct: (c: Combatant) => boolean): opening is OpeningPhase {
  if (!opening) return false;
  if (opening.setting !== undefined && state.settings[opening.setting] !== true) return false;
  return state.combatants.some((c) => opening.mayAct(c, state) && canAct(c));
}

// Whether this one of the order acts in the opening phase.
function actsInOpening(opening: OpeningPhase, state: EncounterState): (id: Id | undefined) => boolean {
  const byId = new Map(state.combatants.map((c) => [c.id, c]));
  return (id) => {
    const c = id === undefined ? undefined : byId.get(id);
    return c !== undefined && opening.mayAct(c, state);
  };
}

/** Who acts first as a fight in a fixed order starts: in its opening phase if it has one, else null (round 1 begins). */
export function openingFirst(proc: OrderProcedure, state: EncounterState, order: readonly Id[]): Id | null {
  if (!opensWith(proc.opening, state, () => true)) return null;
  return order.find(actsInOpening(proc.opening, state)) ?? null;
}

/**
 * A procedure in a fixed order with an opening phase: while round 0 lasts, only those the phase
 * lets act take their turns, in the order's sequence; after the last of them, round 1 begins at
 * the top of the order. Stepping back stops at the start of round 1 (Undo goes further).
 */
export function withOpening(proc: OrderProcedure, opening: OpeningPhase): OrderProcedure {
  return {
    ...proc,
    opening,
    next(state): TurnPointer | null {
      if (state.round !== 0) return proc.next(state);
      // Counted from the acting one's place in the order, so someone who stops being able to act
      // in it mid-turn (seen, say) still hands on to the next who can.
      const acts = actsInOpening(opening, state);
      const at = state.activeId === null ? -1 : state.order.indexOf(state.activeId);
      const following = state.order.slice(at + 1).find(acts);
      if (following !== undefined) return { round: 0, activeId: following };
      const top = state.order[0];
      return top === undefined ? null : { round: 1, activeId: top };
    },
    previous(state): TurnPointer | null {
      if (state.round !== 0) return proc.previous(state);
      const acts = actsInOpening(opening, state);
      const at = state.activeId === null ? -1 : state.order.indexOf(state.activeId);
      const before = at > 0 ? state.order.slice(0, at).reverse().find(acts) : undefined;
      return before === undefined ? null : { round: 0, activeId: before };
    },
    // The opening phase is no round: nothing happens at its end but round 1 beginning.
    roundEnds: (state) => state.round !== 0 && proc.roundEnds(state),
  };
}
