import type { RandomSource } from '../../dice/random';
import { checkCombatant, checkInteger, isFailure } from '../../core/checks';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, type Failure, type Result } from '../../result';
import { spentOf, timesTaken, turnEndedBy } from '../../core/economy';
import { THREE_ACTIONS_ACTIONS } from './economy';
import type { Carried } from './carry-over';
import { actionsLeft } from './own-turn';
import { opensWithRefusal } from './opening';
import { isUnconscious } from './health';
import { personOf, withPerson } from './person';
import { finishResuscitate } from './resuscitate';
import { finishKillingStrike } from './strike';
import { threeActionsSettings } from './settings';

// Extended actions: an action taking more actions than the turn has left (Petra's two-action
// reload with one left) is begun with what is left and finished on later turns, its remaining
// cost the first thing those turns spend; until then nothing else may be done, but it may be
// given up at no cost. Resuscitate, the killing strike and the table's longer actions carried over
// this way (`carry-over.ts`) do what they do when the last action is spent.

export { actionsLeft };

// Actions of the table that need more than the table says (whom, with what test): taken by their
// own commands, never as a bare action.
const OWN_COMMANDS: Readonly<Record<string, string>> = {
  command: 'A command names the ally it goes to and what they do: give it with the turn panel\'s Command.',
  resuscitate: 'Resuscitating names who is brought round and rolls the test: use the turn panel\'s Resuscitate.',
  brandish: 'Brandishing names what is held afterwards: use the turn panel\'s Brandish.',
  'drop-item': 'Dropping names the item in hand that falls: use the turn panel\'s Drop.',
  ready: 'Readying an action names the action and what sets it off: use the turn panel\'s Ready.',
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

export type ExtendedEvent = {
  type: 'three-actions/extended';
  combatantId: Id;
  name: string;
  cost: number;
  /** Actions spent on it this time. */
  spent: number;
  /** Actions spent on it in all, after this time. */
  done: number;
  /** What it does once done (absent in older logs, and for an action in the GM's words). */
  what?: Carried;
};

export type AbandonedEvent = {
  type: 'three-actions/abandoned';
  combatantId: Id;
  name: string;
};

/** The extend command: a new action (in words, or one of the table's by `actionId`), or going on with the one under way. */
export type ExtendCommand = {
  type: 'three-actions/extend';
  combatantId: Id;
  /** What it is, in words (for "something else", and the GM's own). */
  name?: unknown;
  /** Actions it takes in all, where the table doesn't say. */
  cost?: unknown;
  /** One of the table's actions taking two or three actions (Short task; Something else with `cost`). */
  actionId?: unknown;
  /** Finishing a resuscitation or a killing strike: the test's dice, if other than given when it was begun. */
  test?: unknown;
  /** Finishing one: the dice rolled at the table for its test (one value per die; the killing strike's first roll) and the luck die beside it. */
  dice?: unknown;
  luck?: unknown;
  /** Beginning it while the opening is due to the one who started the fight: the GM's ruling. */
  gmRuling?: boolean;
};

/** The character gives up the extended action under way (no cost). */
export type AbandonCommand = { type: 'three-actions/abandon'; combatantId: Id };

const COSTS: Readonly<Record<string, number>> = { two: 2, three: 3 };

/** A new action longer than the `left` actions there are: its name, cost and, for one of the table's, which. */
function newExtended(c: Combatant, asked: ExtendCommand, left: number): { name: string; cost: number; what?: Carried } | Failure {
  const words = typeof asked.name === 'string' ? asked.name.trim().slice(0, 60) : '';
  let fixed: number | null = null;
  let what: Carried | undefined;
  if (asked.actionId !== undefined) {
    const action = THREE_ACTIONS_ACTIONS.find((a) => a.id === asked.actionId);
    const costs = typeof action?.spends === 'string' ? [action.spends] : (action?.spends ?? []);
    if (!action || !costs.some((k) => k in COSTS)) return failure('three-actions/not-extended', 'Only an action taking two or three actions (Short task, Something else) is begun this way.');
    const own = OWN_COMMANDS[action.id];
    if (own) return failure('three-actions/own-command', own);
    fixed = typeof action.spends === 'string' ? (COSTS[action.spends] ?? null) : null;
    what = { kind: 'action', actionId: action.id };
    if (fixed !== null && words === '') return longerThanLeft(c, action.name.toLowerCase(), fixed, left, what);
  }
  if (words === '') return failure('input/name', 'Say what the action is ("reload the crossbow").');
  if (fixed !== null) return longerThanLeft(c, words, fixed, left, what);
  const total = checkInteger(asked.cost, 'Its cost in actions', 2, 30);
  if (isFailure(total)) return total;
  return longerThanLeft(c, words, total, left, what);
}

function longerThanLeft(c: Combatant, name: string, cost: number, left: number, what: Carried | undefined): { name: string; cost: number; what?: Carried } | Failure {
  if (cost <= left) return failure('three-actions/not-extended', `${c.name} has ${left} actions left: take it as a ${cost}-action action now.`);
  return { name, cost, ...(what ? { what } : {}) };
}

/** What an action carried over does as its last action is spent: the test, rolled now; nothing more for one of the table's. */
function finishing(state: EncounterState, c: Combatant, what: Carried | undefined, asked: ExtendCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  const typed = typeof asked.test === 'string' && asked.test.trim() !== '' ? asked.test.trim() : undefined;
  const dice = Array.isArray(asked.dice) && asked.dice.every((n) => typeof n === 'number') ? (asked.dice as number[]) : undefined;
  const luck = typeof asked.luck === 'number' ? asked.luck : undefined;
  if (what?.kind === 'resuscitate') return finishResuscitate(state, c, { ...what, test: typed ?? what.test }, { dice, luck }, random);
  if (what?.kind === 'strike') return finishKillingStrike(state, c, { ...what, skill: typed ?? what.skill }, { ...(dice ? { test: dice } : {}), ...(luck !== undefined ? { luck } : {}) }, random);
  return { ok: true, value: [] };
}

/** Decides `three-actions/extend`: begins an action longer than what is left, or goes on with the one under way (and, on finishing, does what it does). */
export function decideExtend(state: EncounterState, asked: ExtendCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Actions are taken during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const c = checkCombatant(state, asked.combatantId);
  if (isFailure(c)) return c;
  const left = actionsLeft(state, c.id);
  if (state.activeId !== c.id) return failure('three-actions/not-acting', `It isn't ${c.name}'s turn; an extended action goes on on one's own turn.`);
  if (isUnconscious(c)) return failure('three-actions/unconscious', `${c.name} is unconscious: nothing goes on until they come round (giving it up costs nothing).`);
  // Something longer than a turn is "something else" of the table: not what a fight is started with.
  const opening = opensWithRefusal(state, c, 'other');
  if (opening && asked.gmRuling !== true) return opening;
  if (left === 0) return failure('action/spent', `${c.name} has no actions left this turn.`);
  const ender = state.turn ? turnEndedBy(THREE_ACTIONS_ACTIONS, state.turn.budget) : undefined;
  if (ender) return failure('action/turn-ended', `${c.name} took ${ender.name.toLowerCase()}, which ends the turn; end it.`);
  const under = personOf(c).extended;
  const begun = under ?? newExtended(c, asked, left);
  if (isFailure(begun)) return begun;
  const before = under?.done ?? 0;
  const spent = Math.min(left, begun.cost - before);
  const event: ExtendedEvent = { type: 'three-actions/extended', combatantId: c.id, name: begun.name, cost: begun.cost, spent, done: before + spent, ...(begun.what ? { what: begun.what } : {}) };
  // The full time taken: its effect now (a patient who has come round meanwhile: nothing is spent).
  const effect = event.done >= event.cost ? finishing(state, c, begun.what, asked, random) : { ok: true as const, value: [] };
  if (!effect.ok) return effect;
  return { ok: true, value: [event, ...effect.value] };
}

/** Decides `three-actions/abandon`: gives up the extended action under way, at no cost. */
export function decideAbandon(state: EncounterState, cmd: AbandonCommand): Result<EncounterEvent[]> {
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const under = personOf(c).extended;
  if (!under) return failure('three-actions/none-extended', `${c.name} has nothing under way to give up.`);
  const event: AbandonedEvent = { type: 'three-actions/abandoned', combatantId: c.id, name: under.name };
  return { ok: true, value: [event] };
}

/** The actions spent and the progress kept (cleared once it is done). */
export function applyExtended(state: EncounterState, e: ExtendedEvent): EncounterState {
  const spent = state.turn && state.activeId === e.combatantId ? { ...state, turn: { ...state.turn, budget: { ...state.turn.budget, action: spentOf(state.turn.budget, 'action') + e.spent } } } : state;
  return withPerson(spent, e.combatantId, (p) => ({ ...p, extended: e.done >= e.cost ? null : { name: e.name, cost: e.cost, done: e.done, ...(e.what ? { what: e.what } : {}) } }));
}

export const applyAbandoned = (state: EncounterState, e: AbandonedEvent): EncounterState => withPerson(state, e.combatantId, (p) => ({ ...p, extended: null }));
