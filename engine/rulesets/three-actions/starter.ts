import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../core/checks';
import { eventId, text } from '../../core/stored-event-parts';
import type { CoreEvent, EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../../core/ruleset';
import { ruleEvent } from '../../core/typed';
import { THREE_ACTIONS_ACTIONS } from './economy';

// Who started the fight: "the player who initiated combat … will start with their action to attack
// the guard". The GM names them while setting up, with the action they opened with (one of the
// table's, Attack unless said otherwise) and whom they attacked; their team then holds the
// initiative, the attacked team goes next (`opening.ts`), and their first turn opens with it.

/** The character who started the fight, with what, against whom, and the round they opened it in (null: not yet). */
export interface Starter {
  combatantId: Id;
  /** The GM's words for it ("attacks the guard"), or the plain words when none were given. */
  action: string;
  /** The table's action their first turn must open with; null in fights set up before the engine held it (words only). */
  actionId: string | null;
  /** Whom they attacked (their team goes second), once named or attacked; null until then. */
  attackedId: Id | null;
  openedIn: number | null;
}

export const STARTER_SET = 'three-actions/starter-set';
const LONGEST = 60;
/** What the starter opens with when the GM says nothing of it. */
export const ACTION_WORDS = 'the action that started it';
/** The action a fight is started with unless the GM names another. */
export const OPENING_DEFAULT = 'attack';
/** The table's actions a fight may be started with: those a turn spends (not reactions, not free). */
export const OPENING_ACTIONS = THREE_ACTIONS_ACTIONS.filter((a) => a.spends !== 'reaction' && a.spends !== 'free');

export type StarterSetEvent = {
  type: typeof STARTER_SET;
  combatantId: Id | null;
  action: string;
  /** Absent in older logs: the words were all the GM gave. */
  actionId?: string;
  attackedId?: Id | null;
};

/** Who started the fight, as the encounter's part holds it (null: the GM named nobody). */
export function starterOf(state: EncounterState): Starter | null {
  const raw = isRecord(state.rules) ? state.rules.starter : undefined;
  if (!isRecord(raw) || typeof raw.combatantId !== 'string') return null;
  return {
    combatantId: raw.combatantId,
    action: typeof raw.action === 'string' && raw.action !== '' ? raw.action : ACTION_WORDS,
    actionId: typeof raw.actionId === 'string' ? raw.actionId : null,
    attackedId: typeof raw.attackedId === 'string' ? raw.attackedId : null,
    openedIn: typeof raw.openedIn === 'number' ? raw.openedIn : null,
  };
}

export const withStarter = (state: EncounterState, starter: Starter | null): EncounterState => ({ ...state, rules: { ...(isRecord(state.rules) ? state.rules : {}), starter: starter ? { ...starter } : null } });

/** The table's name of the action the starter opens with ("Attack"). */
export const openingName = (actionId: string): string => THREE_ACTIONS_ACTIONS.find((a) => a.id === actionId)?.name ?? actionId;

/**
 * Who started the fight (`combatantId`; null names nobody), what they did in words (`action`),
 * the table's action it was (`actionId`, Attack unless said) and whom they attacked (`attackedId`).
 */
export type SetStarterCommand = { type: 'three-actions/set-starter'; combatantId: Id | null; action?: string; actionId?: string; attackedId?: Id | null };

/**
 * Decides `three-actions/set-starter` while the fight is set up: who started it, with which of the
 * table's actions (Attack unless named) and what words, and whom they attacked (`attackedId`, of
 * another team; optional). `combatantId` null names nobody. Their team takes the initiative with
 * it, and the attacked team the second place in the order of goes (`orderEvents`).
 */
export function decideSetStarter(state: EncounterState, cmd: SetStarterCommand, orderEvents: (state: EncounterState, starter: Combatant, attacked: Combatant) => EncounterEvent[]): Result<EncounterEvent[]> {
  if (state.status !== 'setup') return failure('three-actions/started', 'The fight has begun: who started it is settled (Undo goes back).');
  const action = cmd.action ?? '';
  if (typeof action !== 'string' || action.trim().length > LONGEST) return failure('three-actions/starter', `What they did to start it is text of at most ${LONGEST} characters ("attacks the guard").`);
  if (cmd.combatantId === null || cmd.combatantId === undefined) return { ok: true, value: [{ type: STARTER_SET, combatantId: null, action: '' } satisfies StarterSetEvent] };
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const actionId: unknown = cmd.actionId ?? OPENING_DEFAULT;
  const opening = OPENING_ACTIONS.find((a) => a.id === actionId);
  if (!opening) return failure('three-actions/starter', `The action that started it is one of the table's: ${OPENING_ACTIONS.map((a) => a.name).join(', ')}.`);
  let attacked: Combatant | null = null;
  if (cmd.attackedId !== null && cmd.attackedId !== undefined && cmd.attackedId !== '') {
    const a = checkCombatant(state, cmd.attackedId);
    if (isFailure(a)) return a;
    if (a.factionId === c.factionId) return failure('three-actions/starter', `${a.name} is on ${c.name}'s team: whom they attacked is someone of another team.`);
    attacked = a;
  }
  const set: StarterSetEvent = { type: STARTER_SET, combatantId: c.id, action: action.trim(), actionId: opening.id, attackedId: attacked?.id ?? null };
  const takes: EncounterEvent[] = state.initiativePreset === c.factionId ? [] : [{ type: 'initiative-faction-set', factionId: c.factionId }];
  return { ok: true, value: [set, ...takes, ...(attacked ? orderEvents(state, c, attacked) : [])] };
}

/** Why `c` can't take their team's go yet: the one who started the fight has it first. */
export function starterWaits(state: EncounterState, c: Combatant): string | null {
  const starter = starterOf(state);
  if (!starter || starter.openedIn !== null || starter.combatantId === c.id) return null;
  const who = state.combatants.find((x) => x.id === starter.combatantId);
  if (!who || who.factionId !== c.factionId || state.initiativeFactionId !== who.factionId) return null;
  return `${who.name} started the fight: their team's first turn is theirs, opening with ${starter.action}.`;
}

/** The starter's part after a core event: a new fight waits for their opening again; their first turn opens it. */
export function followStarter(state: EncounterState, event: CoreEvent): EncounterState {
  const starter = starterOf(state);
  if (!starter) return state;
  if (event.type === 'combat-started') return withStarter(state, { ...starter, openedIn: null });
  if (event.type === 'turn-taken' && event.combatantId === starter.combatantId && starter.openedIn === null) return withStarter(state, { ...starter, openedIn: state.round });
  if (event.type === 'combatant-removed' && event.combatantId === starter.combatantId) return withStarter(state, null);
  if (event.type === 'combatant-removed' && event.combatantId === starter.attackedId) return withStarter(state, { ...starter, attackedId: null });
  return state;
}

function tellStarter(e: StarterSetEvent, voice: Voice): Told | null {
  if (voice.audience !== 'gm') return null;
  if (e.combatantId === null) return told('Nobody is named as having started the fight.', []);
  const who = voice.who(e.combatantId);
  if (who === null) return null;
  const opening = e.actionId ? openingName(e.actionId).toLowerCase() : null;
  const did = [opening, e.action || null].filter((x) => x !== null).join(': ');
  const attacked = e.attackedId ? voice.who(e.attackedId) : null;
  const next = attacked ? `, ${attacked}'s team next` : '';
  return told(`${who} started the fight${did ? ` (${did})` : ''}: their team goes first${next}, and they open it${opening ? ` with ${opening}` : ''}.`, [e.combatantId, ...(e.attackedId ? [e.attackedId] : [])]);
}

export const STARTER_EVENT: RuleEventDefinition = ruleEvent<StarterSetEvent>({
  kind: 'other',
  fightLog: false,
  schema: v.object({ combatantId: v.nullable(eventId), action: text(LONGEST), actionId: v.optional(v.picklist(OPENING_ACTIONS.map((a) => a.id))), attackedId: v.optional(v.nullable(eventId)) }),
  refers: (state, e) => {
    const missing = [e.combatantId, e.attackedId ?? null].find((id) => id !== null && !state.combatants.some((c) => c.id === id));
    return missing === undefined ? null : `it names ${missing}, who is not in the fight`;
  },
  apply: (state, e) => withStarter(state, e.combatantId === null ? null : { combatantId: e.combatantId, action: e.action === '' ? ACTION_WORDS : e.action, actionId: e.actionId ?? null, attackedId: e.attackedId ?? null, openedIn: null }),
  tell: tellStarter,
});
