import { freshTurnBudget, withTurn } from '../core/budget';
import type { EventOf } from '../core/events';
import { sideKey } from '../turns/side-rolls';
import type { Ruleset } from '../core/ruleset';
import { economyOf } from '../core/economy-of';
import { budgetAfter, keepsSpending, limitsLookAt, roundStarts, spendingAfter, turnStarts, withTaken, type ActionEconomy } from '../core/economy';
import type { EncounterState, Id, RoundState } from '../core/state';
import { roundEnds, tickConditions } from './timers';

// How the events of alternating procedures change the state: phases, goes, turns and reactions;
// and the turn's budget, which fights in a fixed order keep too when their ruleset counts actions.
// Split from reducer.ts to keep each file readable; the same rules apply (pure, never fails).

export type RoundEvent = EventOf<
  | 'initiative-held'
  | 'sides-ordered'
  | 'phase-started'
  | 'first-faction-chosen'
  | 'turn-taken'
  | 'turn-ended'
  | 'faction-passed'
  | 'go-moved'
  | 'reaction-taken'
  | 'action-used'
>;

// What characters spent that outlives their turns, changed, for economies that keep it.
function lasting(state: EncounterState, ruleset: Ruleset, change: (economy: ActionEconomy, spentBy: Record<Id, Record<string, number>>) => Record<Id, Record<string, number>>): Partial<RoundState> {
  const economy = economyOf(ruleset.turn, state.settings);
  return economy && keepsSpending(economy) ? { spentBy: change(economy, state.turn?.spentBy ?? {}) } : {};
}

/**
 * The turn's budget in a fight run in a fixed order, for rulesets that count actions: the one
 * whose turn it now is starts theirs (the per-round slots as they left them, the off-turn ones
 * back), and a new round first gives every per-round slot back. Other fights are left as they are.
 */
export function orderTurnStarts(state: EncounterState, ruleset: Ruleset, newRound: boolean): EncounterState {
  const economy = economyOf(ruleset.turn, state.settings);
  const activeId = state.activeId;
  if (!economy || ruleset.turn.order.kind !== 'order' || activeId === null) return state;
  return withTurn(state, ruleset, (turn) => {
    if (!keepsSpending(economy)) return { budget: freshTurnBudget(state, ruleset) };
    const spentBy = newRound ? roundStarts(economy, turn.spentBy ?? {}) : (turn.spentBy ?? {});
    const starts = turnStarts(economy, spentBy[activeId] ?? {});
    return { budget: starts.budget, spentBy: { ...spentBy, [activeId]: { ...starts.spent } } };
  });
}

// The state without the conditions an event says ran out.
function withoutExpired(state: EncounterState, expired: readonly { combatantId: Id; conditionId: Id }[] | undefined): EncounterState {
  if (!expired || expired.length === 0) return state;
  return {
    ...state,
    combatants: state.combatants.map((c) => (expired.some((x) => x.combatantId === c.id) ? { ...c, conditions: c.conditions.filter((k) => !expired.some((x) => x.combatantId === c.id && x.conditionId === k.id)) } : c)),
  };
}

// What else an action took from one of the character's tracks.
function withUses(state: EncounterState, event: EventOf<'action-used'>): EncounterState {
  const uses = event.uses;
  if (!uses) return state;
  return { ...state, combatants: state.combatants.map((c) => (c.id === event.combatantId ? { ...c, tracks: { ...c.tracks, [uses.track]: uses.after } } : c)) };
}

function addOnce(list: readonly Id[], ...ids: Id[]): Id[] {
  return [...list, ...ids.filter((id, i) => !list.includes(id) && ids.indexOf(id) === i)];
}

export function applyRoundEvent(state: EncounterState, event: RoundEvent, ruleset: Ruleset): EncounterState {
  switch (event.type) {
    case 'sides-ordered':
      return { ...state, sideOrder: [...event.order], sideKeys: { ...(event.joined ? state.sideKeys : {}), ...Object.fromEntries(event.rolls.map((r) => [r.factionId, sideKey(r)])) }, rng: event.rng };
    case 'initiative-held':
      return { ...state, initiativeFactionId: event.factionId, rng: event.rng ?? state.rng };
    case 'phase-started': {
      const newRound = state.turn === null || event.round !== state.round;
      return {
        ...withTurn(roundEnds(state, ruleset, event.round), ruleset, (turn) => ({
          phase: event.phase,
          factionId: event.factionId,
          passes: [...event.skipped],
          spent: newRound ? [] : turn.spent,
          gate: event.gate ? event.gate.total : newRound ? null : turn.gate,
          budget: freshTurnBudget(state, ruleset),
          begun: false,
          ...(newRound ? lasting(state, ruleset, (economy, spentBy) => roundStarts(economy, spentBy)) : {}),
        })),
        round: event.round,
        activeId: null,
        rng: event.rng ?? state.rng,
      };
    }
    case 'first-faction-chosen':
      return withTurn(state, ruleset, () => ({ factionId: event.factionId, passes: [] }));
    case 'turn-taken':
      // A turn starting is the boundary timers "at the start of X's turn" count.
      return withTurn({ ...tickConditions(state, event.combatantId, null), activeId: event.combatantId }, ruleset, (turn) => {
        const economy = economyOf(ruleset.turn, state.settings);
        const base = { spent: addOnce(turn.spent, event.combatantId), passes: [], budget: freshTurnBudget(state, ruleset), begun: true };
        if (!economy || !keepsSpending(economy)) return base;
        // Their turn starts from the per-round slots they already spent; their off-turn ones come back.
        const starts = turnStarts(economy, turn.spentBy?.[event.combatantId] ?? {});
        return { ...base, budget: starts.budget, spentBy: { ...turn.spentBy, [event.combatantId]: { ...starts.spent } } };
      });
    case 'turn-ended':
      // Ending with nobody starting: only timers "at the end of X's turn" count (no id matches '').
      return { ...tickConditions(state, ''), activeId: null };
    case 'faction-passed':
      return withTurn(state, ruleset, (turn) => ({ passes: addOnce(turn.passes, event.factionId), begun: true }));
    case 'go-moved':
      return withTurn(state, ruleset, (turn) => ({ factionId: event.factionId, passes: addOnce(turn.passes, ...event.skipped) }));
    case 'reaction-taken':
      return withTurn(state, ruleset, (turn) => ({ spent: addOnce(turn.spent, event.combatantId) }));
    case 'action-used':
      return withTurn(withoutExpired(withUses(state, event), event.expired), ruleset, (turn) => {
        const economy = economyOf(ruleset.turn, state.settings);
        if (!economy) return {};
        const onTurn = state.activeId === event.combatantId;
        const spentNow = onTurn ? budgetAfter(economy, turn.budget, event.spends) : null;
        // Only actions some limit looks at are counted, so budgets stay as they were for rulesets without limits.
        const actions = ruleset.turn.actions;
        const budget = spentNow ? { budget: limitsLookAt(actions, event.actionId) ? withTaken(spentNow, event.actionId) : spentNow } : {};
        if (!keepsSpending(economy)) return budget;
        const spent = spendingAfter(economy, turn.spentBy?.[event.combatantId] ?? {}, event.spends, onTurn);
        return { ...budget, spentBy: { ...turn.spentBy, [event.combatantId]: { ...spent } } };
      });
  }
}
