import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { actionConditions } from '../../encounter/decide-action';
import { eventId, text, whole } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import { openPrompt } from '../../encounter/prompts';
import type { EncounterState, Id } from '../../core/state';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import { THREE_ACTIONS_CONDITIONS } from './conditions';
import { THREE_ACTIONS_ACTIONS } from './economy';
import { brandished } from './hands';
import { ownTurnRefusal } from './own-turn';
import { opensWithRefusal } from './opening';
import { isUnconscious } from './health';
import { personOf, withPerson } from './person';

// Command: once a turn for each ally, 1 action and 2 focus give that ally one action now, during
// the commander's turn. An attack waits for the attack form (the ally's order, used by their next
// attack this turn); any other one-action action is taken at once.

export const FOCUS_FOR_COMMAND = 2;

export type CommandCommand = {
  type: 'three-actions/command';
  commanderId: Id;
  allyId: Id;
  /** The one-action action of the table the ally takes. */
  actionId: string;
  /** Brandish: the ids of the ally's gear they hold afterwards. */
  held?: Id[];
  /** The GM rules past the starter's opening action. */
  gmRuling?: boolean;
};

export type CommandedEvent = {
  type: 'three-actions/commanded';
  commanderId: Id;
  allyId: Id;
  actionId: string;
  round: number;
};

/** The actions a command may give: those of the table taking one action that don't end a turn, come after another or cost a track (Sprint, Command). */
export const COMMANDABLE = THREE_ACTIONS_ACTIONS.filter((a) => a.spends === 'one' && a.endsTurn !== true && a.after === undefined && a.uses === undefined);

/** Decides `three-actions/command`. */
export function decideCommand(state: EncounterState, asked: CommandCommand): Result<EncounterEvent[]> {
  if (state.status !== 'running') return failure('three-actions/not-running', 'Commands are given during the fight; start combat first.');
  const waiting = openPrompt(state);
  if (waiting) return failure(waiting.code, waiting.message);
  const commander = checkCombatant(state, asked.commanderId);
  if (isFailure(commander)) return commander;
  const ally = checkCombatant(state, asked.allyId);
  if (isFailure(ally)) return ally;
  const refused = ownTurnRefusal(state, commander, 'one', { turn: 'a command is given on one\'s own turn', spent: `${commander.name} has no action left this turn.` });
  if (refused) return refused;
  const opening = opensWithRefusal(state, commander, 'command');
  if (opening && asked.gmRuling !== true) return opening;
  if (ally.id === commander.id) return failure('three-actions/command-self', `${commander.name} can't command themselves; pick an ally.`);
  if (ally.factionId !== commander.factionId) return failure('three-actions/command-foe', `${ally.name} isn't on ${commander.name}'s team; a command goes to an ally.`);
  if (isUnconscious(ally) || ally.marks.some((m) => m === 'dead' || m === 'fled' || m === 'surrendered')) return failure('three-actions/command-out', `${ally.name} can't act now.`);
  const given = personOf(commander).commanded;
  if (given.round === state.round && given.ids.includes(ally.id)) return failure('three-actions/commanded', `${commander.name} has already commanded ${ally.name} this turn: once a turn for each ally.`);
  const focus = commander.tracks.focus ?? { value: 0, max: 0 };
  if (focus.value < FOCUS_FOR_COMMAND) return failure('action/uses', `A command takes ${FOCUS_FOR_COMMAND} focus; ${commander.name} has ${focus.value}.`);
  const action = COMMANDABLE.find((a) => a.id === asked.actionId);
  if (!action) return failure('three-actions/command-action', `A command gives one action of the table that takes one action and doesn't end a turn: ${COMMANDABLE.map((a) => a.name).join(', ')}.`);
  const events: EncounterEvent[] = [
    {
      type: 'action-used',
      combatantId: commander.id,
      actionId: 'command',
      spends: 'one',
      note: `${ally.name}: ${action.name.toLowerCase()}`,
      uses: { track: 'focus', amount: FOCUS_FOR_COMMAND, after: { ...focus, value: focus.value - FOCUS_FOR_COMMAND } },
      ...(opening ? { ruling: true as const } : {}),
    },
    { type: 'three-actions/commanded', commanderId: commander.id, allyId: ally.id, actionId: action.id, round: state.round } satisfies CommandedEvent,
  ];
  // Brandish names what the ally holds afterwards.
  const held = action.id === 'brandish' ? brandished(state, ally, asked.held) : null;
  if (held && isFailure(held)) return held;
  // Anything but an attack is taken now (an attack needs its weapon and target: the attack form).
  if (held) {
    events.push({ type: 'action-used', combatantId: ally.id, actionId: action.id, spends: 'one', note: `on ${commander.name}'s command` }, held);
  } else if (action.id !== 'attack') {
    events.push({ type: 'action-used', combatantId: ally.id, actionId: action.id, spends: 'one', note: `on ${commander.name}'s command` });
    events.push(...actionConditions(state, THREE_ACTIONS_CONDITIONS, ally, action));
  }
  return { ok: true, value: events };
}

export const COMMANDED_SCHEMA = v.object({ commanderId: eventId, allyId: eventId, actionId: text(60), round: whole(0, 1_000_000) });

/** The commander remembers whom they commanded this round; an ally told to attack holds the order. */
export function applyCommanded(state: EncounterState, e: CommandedEvent): EncounterState {
  const noted = withPerson(state, e.commanderId, (p) => ({ ...p, commanded: { round: e.round, ids: p.commanded.round === e.round ? [...p.commanded.ids, e.allyId] : [e.allyId] } }));
  return e.actionId === 'attack' ? withPerson(noted, e.allyId, (p) => ({ ...p, order: { round: e.round, by: e.commanderId } })) : noted;
}

export function tellCommanded(e: CommandedEvent, v: Voice): Told | null {
  const commander = v.who(e.commanderId);
  const ally = v.who(e.allyId);
  if (commander === null || ally === null) return null;
  const what = THREE_ACTIONS_ACTIONS.find((a) => a.id === e.actionId)?.name.toLowerCase() ?? e.actionId;
  return told(`${commander} commands ${ally} (2 focus): ${ally} takes an action now, ${what}.`, [e.commanderId, e.allyId]);
}
