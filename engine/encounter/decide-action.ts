import { economyOf } from '../core/economy-of';
import { failure, type Failure, type Result } from '../result';
import type { ActionDefinition, Ruleset } from '../core/ruleset';
import { costAllowed, freshBudget, offTurnAllowed, offTurnCost, shortOf, slotLabel, slotsOfCost, timesTaken, turnEndedBy, type ActionEconomy } from '../core/economy';
import { EventChain } from './chain';
import { checkCombatant, isFailure } from '../core/checks';
import type { Command } from '../core/commands';
import { conditionFromCatalogue, type ConditionDefinition } from '../core/conditions';
import { blockedSlots, spentUnder } from '../core/effects';
import type { EncounterEvent, ExpiredCondition } from '../core/events';
import type { Combatant, EncounterState, TurnBudget } from '../core/state';

/** The longest note the GM may add to an action or a reaction for the log. */
export const NOTE_MAX = 200;

/** What a turn procedure says about taking an action now: whether the fight is live, and whether someone can still act. */
export interface ActingRules {
  /** Why nothing can be done in the fight now (not running, a prompt open), or null. */
  live(state: EncounterState, ruleset: Ruleset): Failure | null;
  /** Whether the character can act at all (not out of the fight). */
  canAct(c: Combatant): boolean;
}

// The slot a cost takes that one of the character's conditions forbids, and that condition.
function forbiddenBy(economy: ActionEconomy, costName: string, c: Combatant): { slot: string; condition: string } | null {
  const blocked = blockedSlots(c);
  const slot = slotsOfCost(economy, costName).find((id) => blocked.has(id));
  return slot === undefined ? null : { slot: slotLabel(economy, slot), condition: blocked.get(slot) ?? '' };
}

/** The conditions that last until `actorId`'s next action spending one of the slots this cost takes ("until their next full action"). */
function endedByAction(state: EncounterState, actorId: string, economy: ActionEconomy, costName: string): ExpiredCondition[] {
  const slots = slotsOfCost(economy, costName);
  return state.combatants.flatMap((c) =>
    c.conditions
      .filter((k) => k.timer?.endsOn === 'next-action' && k.timer.anchorId === actorId && slots.includes(k.timer.slot))
      .map((k) => ({ combatantId: c.id, conditionId: k.id, name: k.name })),
  );
}

/**
 * An action from the ruleset's catalogue, paid for from its economy: on the character's own turn
 * from what is left of the turn, out of it only with what the economy lets them spend then (a
 * reaction, a response). The same for every turn procedure; `use-action` reaches it from each.
 */
export function decideUseAction(state: EncounterState, cmd: Extract<Command, { type: 'use-action' }>, ruleset: Ruleset, rules: ActingRules): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const action = ruleset.turn.actions.find((a) => a.id === cmd.actionId);
  const economy = economyOf(ruleset.turn, state.settings);
  const choices: readonly string[] = typeof action?.spends === 'string' ? [action.spends] : (action?.spends ?? []);
  const offTurn = state.activeId !== c.id && economy !== undefined && choices.some((cost) => offTurnCost(economy, cost));
  const refused = rules.live(state, ruleset) ?? (offTurn ? null : state.activeId !== c.id ? failure('turn/not-acting', `It isn't ${c.name}'s turn; pick them to act first.`) : null);
  if (refused) return refused;
  // Knocked out (or gone) during their own turn: the turn can only be ended.
  if (!rules.canAct(c)) return failure('turn/out', offTurn ? `${c.name} is out of the fight and can't act.` : `${c.name} is out of the fight and can't go on acting; end their turn.`);
  if (!action?.spends || !economy) return failure('action/unknown', `This ruleset has no action "${String(cmd.actionId)}" to take.`);
  const usable = offTurn ? choices.filter((cost) => offTurnCost(economy, cost)) : choices;
  const spentBefore = state.turn?.spentBy?.[c.id] ?? {};
  const budget = state.turn?.budget ?? freshBudget(economy);
  // What their conditions forbid (no bonus action) counts as spent.
  const affordable = (cost: string, blocked = true) =>
    offTurn
      ? offTurnAllowed(economy, blocked ? spentUnder(economy, spentBefore, c) : spentBefore, cost)
      : costAllowed(economy, blocked ? spentUnder(economy, budget, c) : budget, cost);
  // The cost the GM picked, else the first the character can still pay (else the first, to refuse).
  const spends = usable.find((cost) => cost === cmd.spends) ?? usable.find((cost) => affordable(cost)) ?? usable[0] ?? '';
  if (!affordable(spends)) {
    const forbidding = affordable(spends, false) ? forbiddenBy(economy, spends, c) : null;
    if (forbidding) return failure('action/forbidden', `${c.name} can't use a ${forbidding.slot} while ${forbidding.condition}.`);
    // Which slot is lacking first ("no reaction left"), then what is left of the turn.
    if (!offTurn) return failure('action/spent', `${c.name} can't ${action.name.toLowerCase()} now: ${shortOf(economy, spentUnder(economy, budget, c), spends) ?? 'too little left'} (${economy.left(budget)}).`);
    const asked = cmd.spends !== undefined && usable.includes(cmd.spends) ? [spends] : usable;
    const slots = [...new Set(asked.flatMap((name) => slotsOfCost(economy, name).map((id) => slotLabel(economy, id))))];
    return failure('action/spent', `${c.name} has no ${slots.join(' or ')} left for ${action.name}.`);
  }
  const limit = limitRefusal(state, ruleset, c, action, budget, offTurn);
  // A refusal the GM may overrule (the ruleset's own, by the rule text) goes through as their ruling.
  if (limit && !(limit.overridable && cmd.gmRuling === true)) return limit;
  const expired = endedByAction(state, c.id, economy, spends);
  const note = typeof cmd.note === 'string' ? cmd.note.trim().slice(0, NOTE_MAX) : '';
  const events: EncounterEvent[] = [...(ruleset.turn.beforeActing?.(state, c.id) ?? [])];
  // What else it takes comes off the track it names.
  const track = action.uses ? c.tracks[action.uses.track] : undefined;
  const uses = action.uses && track ? { uses: { track: action.uses.track, amount: action.uses.amount, after: { ...track, value: track.value - action.uses.amount } } } : {};
  events.push({ type: 'action-used', combatantId: c.id, actionId: action.id, spends, note, ...(expired.length > 0 ? { expired } : {}), ...uses, ...(limit ? { ruling: true as const } : {}) });
  if (action.marks) events.push({ type: 'mark-set', combatantId: c.id, mark: action.marks, on: true });
  events.push(...actionConditions(state, ruleset.character.conditionCatalogue, c, action));
  if (ruleset.turn.afterAction) events.push(...ruleset.turn.afterAction(new EventChain(state, ruleset).push(...events).state, c.id, action.id));
  return { ok: true, value: events };
}

/**
 * The conditions an action of the catalogue takes off its user and puts on them (Stand up ends
 * Prone; Guard gives Guarding): one it gives again replaces the one they had, so it never stacks.
 */
export function actionConditions(state: EncounterState, catalogue: readonly ConditionDefinition[] | undefined, c: Combatant, action: Pick<ActionDefinition, 'gives' | 'ends'>): EncounterEvent[] {
  const named = (id: string | undefined) => (id === undefined ? undefined : catalogue?.find((d) => d.id === id));
  const ended = named(action.ends);
  const given = named(action.gives);
  const off = c.conditions.filter((k) => k.name === ended?.name || k.name === given?.name);
  const events: EncounterEvent[] = off.map((k) => ({ type: 'condition-removed', combatantId: c.id, conditionId: k.id }));
  if (given) events.push({ type: 'condition-added', combatantId: c.id, condition: conditionFromCatalogue(state, given, c.id) });
  return events;
}

/**
 * The catalogue's limits on an action (once a turn, only after another, what it takes from a
 * track, nothing after one that ends the turn) and the ruleset's own reason, or null.
 */
function limitRefusal(state: EncounterState, ruleset: Ruleset, c: Combatant, action: ActionDefinition, budget: TurnBudget, offTurn: boolean): Failure | null {
  if (!offTurn) {
    const ender = turnEndedBy(ruleset.turn.actions, budget);
    if (ender) return failure('action/turn-ended', `${c.name} took ${ender.name.toLowerCase()}, which ends the turn; end it.`);
    if (action.perTurn !== undefined && timesTaken(budget, action.id) >= action.perTurn) return failure('action/limit', `${action.name} is taken at most ${action.perTurn === 1 ? 'once' : `${action.perTurn} times`} a turn.`);
    const before = action.after ? ruleset.turn.actions.find((a) => a.id === action.after) : undefined;
    if (before && timesTaken(budget, before.id) === 0) return failure('action/after', `${action.name} comes after ${before.name.toLowerCase()} this turn.`);
  }
  const uses = action.uses;
  if (uses) {
    const have = c.tracks[uses.track]?.value ?? 0;
    const label = ruleset.character.tracks.find((t) => t.key === uses.track)?.label.toLowerCase() ?? uses.track;
    if (have < uses.amount) return failure('action/uses', `${action.name} takes ${uses.amount} ${label}; ${c.name} has ${have}.`);
  }
  return ruleset.turn.actionRefusal?.(state, c, action.id, ruleset) ?? null;
}
