import type { TurnBudget } from './state';
import { movementSpent, type BudgetSpent } from './budget';

/** A kind of action a turn holds some of ("main", "bonus", "action"), and what one is called. */
export interface ActionSlot {
  id: string;
  /** How many a turn holds. */
  perTurn: number;
  /** One of them, for the turn panel ("main action"). */
  label: string;
  /**
   * When a character has them again: at each of their turns (`turn`, the default), or once per
   * round, whether they spent them on their turn or off it (`round`).
   */
  refresh?: 'turn' | 'round';
  /** May be spent out of the character's own turn (a reaction, a response). */
  offTurn?: boolean;
}

/** Slots a character has spent that outlive their turn (`RoundState.spentBy`). */
export type SlotsSpent = Readonly<Record<string, number>>;

/** What an action costs: slots by count, or the whole turn (nothing else done, moving included). */
export type Cost = Readonly<Record<string, number>> | 'turn';

/**
 * A ruleset's action economy, as data: the slots a turn holds, which slot may stand in for which
 * ("a main action taken as a bonus one"), and what each kind of action costs, by the name actions
 * and events give it (`ActionDefinition.spends`, `action-used.spends`).
 */
export interface ActionEconomy {
  slots: readonly ActionSlot[];
  /** One of `give` spent as one of `as`. */
  trades: readonly { give: string; as: string }[];
  costs: Readonly<Record<string, Cost>>;
  /** What is left of a turn, in words for a refusal ("a bonus action left"). */
  left(budget: BudgetSpent): string;
}

// The actions taken this turn, by id, ride in the turn's budget (so a new turn clears them with
// it) under keys no slot can have.
const TOOK = 'took:';

/** How many times the turn has taken this action (for limits such as Move once a turn). */
export function timesTaken(budget: BudgetSpent, actionId: string): number {
  const value = budget[`${TOOK}${actionId}`];
  return typeof value === 'number' ? value : 0;
}

/**
 * Whether a limit of the catalogue counts this action: its own (once a turn, ends the turn, only
 * after another: a ruleset's movement may count it, as Three Actions' grid counts sprints) or
 * another's that comes after it.
 */
export function limitsLookAt(actions: readonly { id: string; perTurn?: number; endsTurn?: boolean; after?: string }[], actionId: string): boolean {
  return actions.some((a) => (a.id === actionId && (a.perTurn !== undefined || a.endsTurn === true || a.after !== undefined)) || a.after === actionId);
}

/** The action taken this turn that ended it (Guard), if any: nothing more may be taken after it. */
export function turnEndedBy<A extends { id: string; endsTurn?: boolean }>(actions: readonly A[], budget: BudgetSpent): A | undefined {
  return actions.find((a) => a.endsTurn === true && timesTaken(budget, a.id) > 0);
}

/** The budget with one more of this action taken. */
export function withTaken(budget: TurnBudget, actionId: string): TurnBudget {
  return { ...budget, [`${TOOK}${actionId}`]: timesTaken(budget, actionId) + 1 };
}

/** How many of a slot the turn has spent. */
export function spentOf(budget: BudgetSpent, slot: string): number {
  const value = budget[slot];
  return typeof value === 'number' ? value : 0;
}

// One fresh budget per economy, shared: every turn starts with one, and replay starts thousands.
const FRESH = new WeakMap<ActionEconomy, TurnBudget>();
const NOTHING: TurnBudget = Object.freeze({ moved: false, movement: 0 });

/** A fresh turn's budget: nothing spent, no movement (shared and frozen: change it by copying). */
export function freshBudget(economy: ActionEconomy | undefined): TurnBudget {
  if (!economy) return NOTHING;
  let fresh = FRESH.get(economy);
  if (!fresh) {
    fresh = Object.freeze({ ...Object.fromEntries(economy.slots.map((s) => [s.id, 0])), moved: false, movement: 0 });
    FRESH.set(economy, fresh);
  }
  return fresh;
}

const slotOf = (economy: ActionEconomy, id: string): ActionSlot | undefined => economy.slots.find((s) => s.id === id);

/** What a slot is called ("bonus action"); its id for a slot the economy doesn't have. */
export function slotLabel(economy: ActionEconomy | undefined, id: string): string {
  return (economy && slotOf(economy, id)?.label) ?? id;
}

/** The slots an action of this cost takes: every slot for a whole turn, none for a cost the economy doesn't name. */
export function slotsOfCost(economy: ActionEconomy, costName: string): string[] {
  const cost = economy.costs[costName];
  return cost === 'turn' ? economy.slots.map((s) => s.id) : Object.keys(cost ?? {});
}

// Whether slots spent this many times fit the turn, each slot over its count made up from the
// spare of a slot that may stand in for it.
function fits(economy: ActionEconomy, need: Readonly<Record<string, number>>): boolean {
  const spare = new Map(economy.slots.map((s) => [s.id, Math.max(0, s.perTurn - (need[s.id] ?? 0))]));
  for (const [slot, count] of Object.entries(need)) {
    let short = count - (slotOf(economy, slot)?.perTurn ?? 0);
    for (const trade of economy.trades.filter((t) => t.as === slot)) {
      if (short <= 0) break;
      const taken = Math.min(short, spare.get(trade.give) ?? 0);
      spare.set(trade.give, (spare.get(trade.give) ?? 0) - taken);
      short -= taken;
    }
    if (short > 0) return false;
  }
  return true;
}

/** Whether what is left of the turn allows an action of this cost (unknown costs never do). */
export function costAllowed(economy: ActionEconomy, budget: BudgetSpent, costName: string): boolean {
  const cost = economy.costs[costName];
  if (cost === undefined) return false;
  if (cost === 'turn') return economy.slots.every((s) => spentOf(budget, s.id) <= 0) && !budget.moved && movementSpent(budget) === 0;
  const need = Object.fromEntries(economy.slots.map((s) => [s.id, spentOf(budget, s.id) + (cost[s.id] ?? 0)]));
  return fits(economy, need);
}

/**
 * How many more of this slot fit what is left of the turn, trades included: the turn panel's pips
 * (a Main spent as a second Move leaves no Main; Waiting's extra reaction makes two).
 */
export function slotsLeft(economy: ActionEconomy, budget: BudgetSpent, slot: string): number {
  const spent = Object.fromEntries(economy.slots.map((s) => [s.id, spentOf(budget, s.id)]));
  // Never more than every slot of the turn together, whatever stands in for what.
  const most = economy.slots.reduce((sum, s) => sum + s.perTurn, 0) + Math.max(0, -(spent[slot] ?? 0));
  let more = 0;
  while (more < most && fits(economy, { ...spent, [slot]: (spent[slot] ?? 0) + more + 1 })) more += 1;
  return more;
}

/**
 * What an action of this cost lacks in what is left of the turn, in words for a refusal ("no
 * reaction left", "it takes 2 actions"); null when it fits. Names the slot, so a spent reaction
 * isn't answered with the actions left.
 */
export function shortOf(economy: ActionEconomy, budget: BudgetSpent, costName: string): string | null {
  const cost = economy.costs[costName];
  if (cost === undefined || costAllowed(economy, budget, costName)) return null;
  if (cost === 'turn') return 'it takes the whole turn';
  const short = Object.entries(cost).filter(([slot, n]) => n > 0 && slotsLeft(economy, budget, slot) < n);
  // Each slot fits alone but not together (a trade counted twice): say what the action takes.
  if (short.length === 0) return `it takes ${Object.entries(cost).filter(([, n]) => n > 0).map(([slot, n]) => counted(economy, slot, n)).join(' and ')}`;
  return short.map(([slot, n]) => (slotsLeft(economy, budget, slot) === 0 ? `no ${slotLabel(economy, slot)} left` : `it takes ${counted(economy, slot, n)}`)).join(' and ');
}

const counted = (economy: ActionEconomy, slot: string, n: number): string => (n === 1 ? `a ${slotLabel(economy, slot)}` : `${n} ${slotLabel(economy, slot)}s`);

/**
 * The budget after an action of this cost. The whole turn spends every slot as far as it could
 * go, trades included, and all the movement.
 */
export function budgetAfter(economy: ActionEconomy, budget: TurnBudget, costName: string): TurnBudget {
  const cost = economy.costs[costName];
  if (cost === undefined) return budget;
  if (cost === 'turn') {
    const most = (slot: string) => economy.trades.filter((t) => t.as === slot).reduce((n, t) => n + (slotOf(economy, t.give)?.perTurn ?? 0), 0);
    return { ...budget, ...Object.fromEntries(economy.slots.map((s) => [s.id, s.perTurn + most(s.id)])), moved: true, movement: 2 };
  }
  return { ...budget, ...Object.fromEntries(Object.entries(cost).map(([slot, n]) => [slot, spentOf(budget, slot) + n])) };
}

/** Whether the economy has slots that outlive a turn, so characters' spending is kept between turns. */
export function keepsSpending(economy: ActionEconomy): boolean {
  return economy.slots.some((s) => s.refresh === 'round' || s.offTurn === true);
}

const isRound = (economy: ActionEconomy, slot: string) => slotOf(economy, slot)?.refresh === 'round';

/** Whether an action of this cost may be taken out of turn at all: it spends only off-turn slots. */
export function offTurnCost(economy: ActionEconomy, costName: string): boolean {
  const cost = economy.costs[costName];
  if (cost === undefined || cost === 'turn') return false;
  const slotsUsed = Object.entries(cost).filter(([, n]) => n > 0).map(([slot]) => slot);
  return slotsUsed.length > 0 && slotsUsed.every((slot) => slotOf(economy, slot)?.offTurn === true);
}

/** Whether a character may take an action of this cost out of their turn now: off-turn slots only, and some left. */
export function offTurnAllowed(economy: ActionEconomy, spent: SlotsSpent, costName: string): boolean {
  return offTurnCost(economy, costName) && costAllowed(economy, { ...spent, moved: false }, costName);
}

/**
 * A character's lasting spending after an action of this cost: all of it out of turn; on it, the
 * per-round slots and the off-turn ones (a reaction spent on one's own turn is gone until the next).
 */
export function spendingAfter(economy: ActionEconomy, spent: SlotsSpent, costName: string, onTurn: boolean): SlotsSpent {
  const cost = economy.costs[costName];
  if (cost === undefined) return spent;
  const counts = cost === 'turn' ? Object.fromEntries(economy.slots.map((s) => [s.id, s.perTurn])) : cost;
  const kept = Object.entries(counts).filter(([slot]) => !onTurn || isRound(economy, slot) || slotOf(economy, slot)?.offTurn === true);
  return { ...spent, ...Object.fromEntries(kept.map(([slot, n]) => [slot, (spent[slot] ?? 0) + n])) };
}

/** A character's turn begins: their turn's budget starts from the per-round slots they already spent, and their off-turn slots come back. */
export function turnStarts(economy: ActionEconomy, spent: SlotsSpent): { budget: TurnBudget; spent: SlotsSpent } {
  const carried = Object.fromEntries(Object.entries(spent).filter(([slot]) => isRound(economy, slot)));
  return { budget: { ...freshBudget(economy), ...carried }, spent: carried };
}

/** A new round: the per-round slots come back to everyone. */
export function roundStarts(economy: ActionEconomy, spentBy: Readonly<Record<string, SlotsSpent>>): Record<string, Record<string, number>> {
  return Object.fromEntries(Object.entries(spentBy).map(([id, spent]) => [id, Object.fromEntries(Object.entries(spent).filter(([slot]) => !isRound(economy, slot)))]));
}
