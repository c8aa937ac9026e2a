import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { actionConditions } from '../../encounter/decide-action';
import { eventId, text } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { failure, ruleRefusal, type Failure, type Result } from '../../result';
import type { ActionDefinition } from '../../core/ruleset';
import { READIED, THREE_ACTIONS_CONDITIONS } from './conditions';
import { THREE_ACTIONS_ACTIONS } from './economy';
import { isUnconscious } from './health';
import { opensWithRefusal } from './opening';
import { ownTurnRefusal } from './own-turn';
import { personOf, withPerson, type Readied } from './person';
import { hasReaction } from './reactions';

// "Ready an Action | End your turn declaring an action as a reaction with a trigger condition.
// Lasts until next turn or when triggered." Ready names one of the table's actions (or something
// else, in words) and what sets it off; when it happens the GM takes it for them on someone else's
// turn, paid with the reaction, and the readied state ends. An attack readied is rolled by the
// attack form (`attack.ts outOfTurn`); anything else by `three-actions/take-readied`. Another
// action than the one readied is refused unless the GM rules it.

/** Longest trigger, in characters. */
export const TRIGGER_MAX = 100;

/**
 * The actions that may be readied: those of the table taking one action, but Ready itself, Sprint
 * (it needs a move earlier in the same turn), Command (it gives an ally an action "during your
 * turn") and Brandish (what is held is named as it is taken: brandish on one's own turn).
 * Something else, in words, among them.
 */
export const READYABLE: readonly ActionDefinition[] = THREE_ACTIONS_ACTIONS.filter(
  (a) => (a.spends === 'one' || (Array.isArray(a.spends) && a.spends.includes('one'))) && !['ready', 'sprint', 'command', 'brandish'].includes(a.id),
);

export type ReadyCommand = {
  type: 'three-actions/ready';
  combatantId: Id;
  /** One of `READYABLE`. */
  actionId: string;
  /** What sets it off, in words. */
  trigger: string;
  /** For "other": what it is. */
  words?: string;
  /** The GM rules past the starter's opening action. */
  gmRuling?: boolean;
};

export type ReadiedEvent = {
  type: 'three-actions/readied';
  combatantId: Id;
  actionId: string;
  words?: string;
  trigger: string;
  /** The Action readied condition it holds with. */
  conditionId: Id;
};

export type TakeReadiedCommand = {
  type: 'three-actions/take-readied';
  combatantId: Id;
  /** The action taken; absent, the one readied. */
  actionId?: string;
  gmRuling?: boolean;
};

/** What this character has readied, while the readied state lasts; an older log's readied state without one was an attack. */
export function readiedOf(c: Combatant): Readied | null {
  const on = c.conditions.find((k) => k.name === READIED.name);
  if (!on) return null;
  const held = personOf(c).readied;
  return held && c.conditions.some((k) => k.id === held.conditionId) ? held : { actionId: 'attack', trigger: '', conditionId: on.id };
}

/** The readied action in words ("attack", "pull the lever"). */
export function readiedName(r: Pick<Readied, 'actionId' | 'words'>): string {
  if (r.actionId === 'other' && r.words) return r.words;
  return THREE_ACTIONS_ACTIONS.find((a) => a.id === r.actionId)?.name.toLowerCase() ?? r.actionId;
}

/** Decides `three-actions/ready`: one action of the turn, which it ends, naming the action and its trigger. */
export function decideReady(state: EncounterState, asked: ReadyCommand): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Actions are readied during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const c = checkCombatant(state, asked.combatantId);
  if (isFailure(c)) return c;
  const refused = ownTurnRefusal(state, c, 'one', { turn: 'readying an action takes one of their actions', spent: `${c.name} has no action left to ready one with.` });
  if (refused) return refused;
  const opening = opensWithRefusal(state, c, 'ready');
  if (opening && asked.gmRuling !== true) return opening;
  const action = READYABLE.find((a) => a.id === asked.actionId);
  if (!action) return failure('three-actions/ready-action', `Ready one of: ${READYABLE.map((a) => a.name.toLowerCase()).join(', ')}.`);
  const trigger = typeof asked.trigger === 'string' ? asked.trigger.trim() : '';
  if (trigger === '' || trigger.length > TRIGGER_MAX) return failure('input/trigger', `Say what sets it off ("the orc comes through the door"), in up to ${TRIGGER_MAX} characters.`);
  const words = typeof asked.words === 'string' ? asked.words.trim() : '';
  if (action.id === 'other' && (words === '' || words.length > 60)) return failure('input/words', 'Say what the readied action is ("pull the lever"), in up to 60 characters.');
  const ready = THREE_ACTIONS_ACTIONS.find((a) => a.id === 'ready');
  const conditions = ready ? actionConditions(state, THREE_ACTIONS_CONDITIONS, c, ready) : [];
  const added = conditions.find((x): x is Extract<EncounterEvent, { type: 'condition-added' }> => x.type === 'condition-added');
  if (!added) return failure('three-actions/ready-action', 'The readied state is missing from the conditions; this is a bug.');
  const held = { actionId: action.id, ...(action.id === 'other' ? { words } : {}), trigger };
  const readied: ReadiedEvent = { type: 'three-actions/readied', combatantId: c.id, ...held, conditionId: added.condition.id };
  return {
    ok: true,
    value: [{ type: 'action-used', combatantId: c.id, actionId: 'ready', spends: 'one', note: `${readiedName(held)}, when ${trigger}`, ...(opening ? { ruling: true as const } : {}) }, ...conditions, readied],
  };
}

/**
 * Why `c` can't take `actionId` as their readied action now, or null: something readied, a
 * reaction left, and that action (another only as the GM rules it).
 */
export function readiedRefusal(state: EncounterState, c: Combatant, actionId: string): Failure | null {
  const readied = readiedOf(c);
  if (!readied) return failure('three-actions/not-readied', `${c.name} has no action readied.`);
  if (isUnconscious(c)) return failure('three-actions/unconscious', `${c.name} is unconscious.`);
  if (!hasReaction(state, c)) return failure('three-actions/no-reaction', `${c.name} has no reaction left to take the readied action with.`);
  if (actionId !== readied.actionId) return ruleRefusal('three-actions/not-readied', `${c.name} readied ${readiedName(readied)}${readied.trigger ? ` (when ${readied.trigger})` : ''}, not ${readiedName({ actionId })}.`);
  return null;
}

/** Decides `three-actions/take-readied`: the readied action (not an attack: the attack form rolls that) taken on someone else's turn with the reaction. */
export function decideTakeReadied(state: EncounterState, asked: TakeReadiedCommand): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Readied actions are taken during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const c = checkCombatant(state, asked.combatantId);
  if (isFailure(c)) return c;
  if (state.activeId === c.id) return failure('three-actions/not-readied', `It is ${c.name}'s own turn: a readied action is taken on someone else's.`);
  const readied = readiedOf(c);
  if (!readied) return failure('three-actions/not-readied', `${c.name} has no action readied.`);
  const actionId = typeof asked.actionId === 'string' ? asked.actionId : readied.actionId;
  if (actionId === 'attack') return failure('three-actions/attack-form', `A readied attack is rolled with the attack form: choose "${c.name} attacks (readied)".`);
  const action = READYABLE.find((a) => a.id === actionId);
  if (!action) return failure('three-actions/ready-action', `A readied action is one of: ${READYABLE.map((a) => a.name.toLowerCase()).join(', ')}.`);
  const refused = readiedRefusal(state, c, action.id);
  if (refused && !(refused.overridable && asked.gmRuling === true)) return refused;
  const name = readiedName({ actionId: action.id, ...(action.id === readied.actionId && readied.words ? { words: readied.words } : {}) });
  const note = `readied ${name}${readied.trigger ? `, when ${readied.trigger}` : ''}${refused ? ', as the GM rules' : ''}`;
  const off = c.conditions.filter((k) => k.name === READIED.name).map((k): EncounterEvent => ({ type: 'condition-removed', combatantId: c.id, conditionId: k.id }));
  return { ok: true, value: [{ type: 'action-used', combatantId: c.id, actionId: action.id, spends: 'reaction', note }, ...off, ...actionConditions(state, THREE_ACTIONS_CONDITIONS, c, action)] };
}

export const READIED_SCHEMA = v.object({ combatantId: eventId, actionId: text(40), words: v.optional(text(60)), trigger: text(TRIGGER_MAX), conditionId: eventId });

/** The readied action kept beside the condition it holds with. */
export function applyReadied(state: EncounterState, e: ReadiedEvent): EncounterState {
  return withPerson(state, e.combatantId, (p) => ({ ...p, readied: { actionId: e.actionId, trigger: e.trigger, conditionId: e.conditionId, ...(e.words ? { words: e.words } : {}) } }));
}
