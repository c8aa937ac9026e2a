import type { RandomSource } from '../dice/random';
import type { Roll } from '../dice/roll';
import type { InitiativeEntry } from '../core/events';
import type { Combatant, EncounterState, Id, SettingValue } from '../core/state';
import type { HandEntry, OrderProcedure, TurnPointer } from '../core/turn-procedure';

type Settings = Readonly<Record<string, SettingValue>>;

/** How a ruleset scores individual initiative and settles ties. */
export interface IndividualInitiativeRules {
  /** A fixed value has `roll: null`; a rolled one carries its dice. `settings` are the fight's. */
  score(combatant: Combatant, random: RandomSource, settings: Settings): { roll: Roll | null; total: number };
  /**
   * Orders two combatants whose totals tie: negative puts `a` first, positive `b`, zero means the
   * tie stands and both re-roll.
   */
  breakTie(a: Combatant, b: Combatant): number;
  /** The roll used to break a tie that `breakTie` leaves standing. */
  tiebreak(combatant: Combatant, random: RandomSource, settings: Settings): Roll;
  /** What the GM may type in for the combatant's initiative, when it is rolled on known dice (2d6: 2 to 12). */
  handEntry?(combatant: Combatant, settings: Settings): HandEntry;
}

/** Sorts by total, then by the ruleset's tie rule, then by re-rolls, and keeps every re-roll. */
function orderByInitiative(
  rules: IndividualInitiativeRules,
  combatants: readonly Combatant[],
  entries: InitiativeEntry[],
  random: RandomSource,
  settings: Settings,
): Id[] {
  const byId = new Map(combatants.map((c) => [c.id, c]));
  const entryOf = new Map(entries.map((e) => [e.combatantId, e]));
  // Re-roll every group still tied after the ruleset's rule until nobody ties.
  let tied = findStandingTies(rules, entries, byId);
  for (let guard = 0; tied.length > 0 && guard < 50; guard++) {
    for (const id of tied) {
      const entry = entryOf.get(id);
      const c = byId.get(id);
      if (entry && c) entry.tiebreaks.push(rules.tiebreak(c, random, settings));
    }
    tied = findStandingTies(rules, entries, byId);
  }
  return [...entries].sort((x, y) => compareEntries(rules, x, y, byId)).map((e) => e.combatantId);
}

function compareEntries(
  rules: IndividualInitiativeRules,
  x: InitiativeEntry,
  y: InitiativeEntry,
  byId: Map<Id, Combatant>,
): number {
  if (x.total !== y.total) return y.total - x.total;
  const a = byId.get(x.combatantId);
  const b = byId.get(y.combatantId);
  const rule = a && b ? rules.breakTie(a, b) : 0;
  if (rule !== 0) return rule;
  const length = Math.min(x.tiebreaks.length, y.tiebreaks.length);
  for (let i = 0; i < length; i++) {
    const diff = (y.tiebreaks[i]?.total ?? 0) - (x.tiebreaks[i]?.total ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

function findStandingTies(
  rules: IndividualInitiativeRules,
  entries: readonly InitiativeEntry[],
  byId: Map<Id, Combatant>,
): Id[] {
  const ids = new Set<Id>();
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const x = entries[i];
      const y = entries[j];
      if (x && y && compareEntries(rules, x, y, byId) === 0) {
        ids.add(x.combatantId);
        ids.add(y.combatantId);
      }
    }
  }
  return [...ids];
}

/**
 * Individual initiative: everyone has a place in one order and acts in it, round after round.
 * Used by rulesets that roll (d20 + modifier, 2d6) or read a fixed value.
 */
export function individualInitiative(rules: IndividualInitiativeRules): OrderProcedure {
  const entry = (c: Combatant, random: RandomSource, settings: Settings): InitiativeEntry => ({ combatantId: c.id, ...rules.score(c, random, settings), tiebreaks: [] });
  // Where someone with this total goes among those already placed: a tie the ruleset's rule
  // doesn't settle puts them after the others, whose places are settled (re-rolling them
  // mid-fight would reshuffle the table).
  const placed = (state: EncounterState, mine: InitiativeEntry, byId: Map<Id, Combatant>): Id[] => {
    const others = state.order.filter((id) => id !== mine.combatantId);
    const at = others.findIndex((id) => {
      const other: InitiativeEntry = { combatantId: id, roll: null, total: byId.get(id)?.initiative ?? 0, tiebreaks: [] };
      return compareEntries(rules, mine, other, byId) < 0;
    });
    const cut = at < 0 ? others.length : at;
    return [...others.slice(0, cut), mine.combatantId, ...others.slice(cut)];
  };
  return {
    kind: 'order',
    id: 'individual',
    start(combatants, random, settings = {}) {
      const initiative = combatants.map((c) => entry(c, random, settings));
      return { initiative, order: orderByInitiative(rules, combatants, initiative, random, settings) };
    },
    join(state, combatant, random) {
      const mine = entry(combatant, random, state.settings);
      const byId = new Map([...state.combatants, combatant].map((c) => [c.id, c]));
      return { initiative: mine, order: placed(state, mine, byId) };
    },
    place(state, combatant, total) {
      const byId = new Map(state.combatants.map((c) => [c.id, c]));
      return placed(state, { combatantId: combatant.id, roll: null, total, tiebreaks: [] }, byId);
    },
    ...(rules.handEntry ? { handEntry: rules.handEntry } : {}),
    next(state) {
      if (state.order.length === 0) return null;
      const index = state.activeId === null ? -1 : state.order.indexOf(state.activeId);
      const wraps = index + 1 >= state.order.length;
      const activeId = state.order[wraps ? 0 : index + 1] as Id;
      return { round: wraps ? state.round + 1 : state.round, activeId };
    },
    previous(state): TurnPointer | null {
      if (state.order.length === 0 || state.activeId === null) return null;
      const index = state.order.indexOf(state.activeId);
      if (index > 0) return { round: state.round, activeId: state.order[index - 1] as Id };
      if (state.round <= 1) return null;
      return { round: state.round - 1, activeId: state.order[state.order.length - 1] as Id };
    },
    mayAct: (state, id) => state.status === 'running' && state.activeId === id,
    roundEnds: (state) => state.activeId !== null && state.order.indexOf(state.activeId) === state.order.length - 1,
  };
}
