import { checkCombatant, checkInteger, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import type { EncounterEvent } from '../../encounter/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { failure, type Failure, type Result } from '../../result';
import { spentOf, timesTaken, turnEndedBy } from '../../turns/economy';
import { THREE_ACTIONS_ACTIONS } from './economy';
import { budgetOf } from './own-turn';
import { opensWithRefusal } from './opening';
import { personOf, withPerson } from './person';
import { threeActionsSettings } from './settings';

// Extended actions: an action taking more actions than the turn has left (Petra's two-action
// reload with one left) is begun with what is left and finished on later turns, its remaining
// cost the first thing those turns spend; until then nothing else may be done, but it may be
// given up at no cost.

/** Actions the acting character has left this turn, as their conditions leave them. */
export function actionsLeft(state: EncounterState, id: Id): number {
  const c = state.combatants.find((x) => x.id === id);
  return c && state.activeId === id && state.turn ? Math.max(0, 3 - spentOf(budgetOf(state, c), 'action')) : 0;
}

// Actions of the table that need more than the table says (whom, with what test): taken by their
// own commands, never as a bare action.
const OWN_COMMANDS: Readonly<Record<string, string>> = {
  command: 'A command names the ally it goes to and what they do: give it with the turn panel\'s Command.',
  resuscitate: 'Resuscitating names who is brought round and rolls the test: use the turn panel\'s Resuscitate.',
};

/**
 * Three Actions' own reasons an action of the catalogue can't be taken now: an extended action
 * under way comes first, and (a setting) a turn takes a step or a move, not both.
 */
export function threeActionsRefusal(state: EncounterState, c: Combatant, actionId: string): Failure | null {
  const first = extendedFirst(state, c);
  if (first) return first;
  const own = OWN_COMMANDS[actionId];
  if (own) return failure('three-actions/own-command', own);
  // The starter's first action is the one that started the fight (the GM may rule otherwise).
  const opening = opensWithRefusal(state, c, actionId);
  if (opening) return opening;
  if (!threeActionsSettings(state.settings).stepExcludesMove || !state.turn || state.activeId !== c.id) return null;
  const other = actionId === 'step' ? 'move' : actionId === 'move' || actionId === 'sprint' ? 'step' : null;
  if (other === null || timesTaken(state.turn.budget, other) === 0) return null;
  return failure('three-actions/step-or-move', other === 'step' ? `${c.name} took a step this turn, which is instead of a move.` : `${c.name} moved this turn; a step is instead of a move.`);
}

/** Why this character must see to their extended action before anything else, or null. */
export function extendedFirst(state: EncounterState, c: Combatant): Failure | null {
  const x = personOf(c).extended;
  if (!x || state.activeId !== c.id) return null;
  return failure('three-actions/extended', `${c.name} is in the middle of ${x.name} (${x.done} of ${x.cost} actions): finish it or give it up first.`);
}

export interface ExtendedEvent {
  type: 'three-actions/extended';
  combatantId: Id;
  name: string;
  cost: number;
  /** Actions spent on it this time. */
  spent: number;
  /** Actions spent on it in all, after this time. */
  done: number;
}

export interface AbandonedEvent {
  type: 'three-actions/abandoned';
  combatantId: Id;
  name: string;
}

/** Decides `three-actions/extend`: begins an action longer than what is left, or goes on with the one under way. */
export function decideExtend(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Actions are taken during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const left = actionsLeft(state, c.id);
  if (state.activeId !== c.id) return failure('three-actions/not-acting', `It isn't ${c.name}'s turn; an extended action goes on on one's own turn.`);
  // Something longer than a turn is "something else" of the table: not what a fight is started with.
  const opening = opensWithRefusal(state, c, 'other');
  if (opening && cmd.gmRuling !== true) return opening;
  if (left === 0) return failure('action/spent', `${c.name} has no actions left this turn.`);
  const ender = state.turn ? turnEndedBy(THREE_ACTIONS_ACTIONS, state.turn.budget) : undefined;
  if (ender) return failure('action/turn-ended', `${c.name} took ${ender.name.toLowerCase()}, which ends the turn; end it.`);
  const under = personOf(c).extended;
  let name: string;
  let cost: number;
  let done: number;
  if (under) {
    ({ name, cost, done } = under);
  } else {
    if (typeof cmd.name !== 'string' || cmd.name.trim() === '') return failure('input/name', 'Say what the action is ("reload the crossbow").');
    const total = checkInteger(cmd.cost, 'Its cost in actions', 2, 30);
    if (isFailure(total)) return total;
    if (total <= left) return failure('three-actions/not-extended', `${c.name} has ${left} actions left: take it as a ${total}-action action now.`);
    name = cmd.name.trim().slice(0, 60);
    cost = total;
    done = 0;
  }
  const spent = Math.min(left, cost - done);
  const event: ExtendedEvent = { type: 'three-actions/extended', combatantId: c.id, name, cost, spent, done: done + spent };
  return { ok: true, value: [event as unknown as EncounterEvent] };
}

/** Decides `three-actions/abandon`: gives up the extended action under way, at no cost. */
export function decideAbandon(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const under = personOf(c).extended;
  if (!under) return failure('three-actions/none-extended', `${c.name} has nothing under way to give up.`);
  const event: AbandonedEvent = { type: 'three-actions/abandoned', combatantId: c.id, name: under.name };
  return { ok: true, value: [event as unknown as EncounterEvent] };
}

/** The actions spent and the progress kept (cleared once it is done). */
export function applyExtended(state: EncounterState, e: ExtendedEvent): EncounterState {
  const spent = state.turn && state.activeId === e.combatantId ? { ...state, turn: { ...state.turn, budget: { ...state.turn.budget, action: spentOf(state.turn.budget, 'action') + e.spent } } } : state;
  return withPerson(spent, e.combatantId, (p) => ({ ...p, extended: e.done >= e.cost ? null : { name: e.name, cost: e.cost, done: e.done } }));
}

export const applyAbandoned = (state: EncounterState, e: AbandonedEvent): EncounterState => withPerson(state, e.combatantId, (p) => ({ ...p, extended: null }));
