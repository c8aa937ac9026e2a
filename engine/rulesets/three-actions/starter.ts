import * as v from 'valibot';
import { checkCombatant, isFailure } from '../../encounter/checks';
import type { RulesetCommand } from '../../encounter/commands';
import { eventId, text } from '../../encounter/event-checks/common';
import type { CoreEvent, EncounterEvent, RulesetEvent } from '../../encounter/events';
import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { isRecord } from '../../json';
import { told, type Told } from '../../log/describe-parts';
import type { Voice } from '../../log/voice';
import { failure, type Result } from '../../result';
import type { RuleEventDefinition } from '../ruleset';

// Who started the fight: "the player who initiated combat … will start with their action to attack
// the guard". The GM names them (and what they did) while setting up; their team then holds the
// initiative, and the team's first go is theirs, opening with that action.

/** The character who started the fight, what they did, and the round they opened it in (null: not yet). */
export interface Starter {
  combatantId: Id;
  action: string;
  openedIn: number | null;
}

export const STARTER_SET = 'three-actions/starter-set';
const LONGEST = 60;
/** What the starter opens with when the GM says nothing of it. */
export const ACTION_WORDS = 'the action that started it';

export interface StarterSetEvent {
  type: typeof STARTER_SET;
  combatantId: Id | null;
  action: string;
}

/** Who started the fight, as the encounter's part holds it (null: the GM named nobody). */
export function starterOf(state: EncounterState): Starter | null {
  const raw = isRecord(state.rules) ? state.rules.starter : undefined;
  if (!isRecord(raw) || typeof raw.combatantId !== 'string') return null;
  return { combatantId: raw.combatantId, action: typeof raw.action === 'string' && raw.action !== '' ? raw.action : ACTION_WORDS, openedIn: typeof raw.openedIn === 'number' ? raw.openedIn : null };
}

const withStarter = (state: EncounterState, starter: Starter | null): EncounterState => ({ ...state, rules: { ...(isRecord(state.rules) ? state.rules : {}), starter: starter ? { ...starter } : null } });

/**
 * Decides `three-actions/set-starter` while the fight is set up: who started it and with what
 * (`combatantId` null names nobody). Their team takes the initiative with it.
 */
export function decideSetStarter(state: EncounterState, cmd: RulesetCommand): Result<EncounterEvent[]> {
  if (state.status !== 'setup') return failure('three-actions/started', 'The fight has begun: who started it is settled (Undo goes back).');
  const action = cmd.action ?? '';
  if (typeof action !== 'string' || action.trim().length > LONGEST) return failure('three-actions/starter', `What they did to start it is text of at most ${LONGEST} characters ("attacks the guard").`);
  if (cmd.combatantId === null || cmd.combatantId === undefined) return { ok: true, value: [{ type: STARTER_SET, combatantId: null, action: '' } as unknown as EncounterEvent] };
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  const set = { type: STARTER_SET, combatantId: c.id, action: action.trim() } as unknown as EncounterEvent;
  const takes: EncounterEvent[] = state.initiativePreset === c.factionId ? [] : [{ type: 'initiative-faction-set', factionId: c.factionId }];
  return { ok: true, value: [set, ...takes] };
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
  return state;
}

function tellStarter(e: StarterSetEvent, voice: Voice): Told | null {
  if (voice.audience !== 'gm') return null;
  if (e.combatantId === null) return told('Nobody is named as having started the fight.', []);
  const who = voice.who(e.combatantId);
  return who === null ? null : told(`${who} started the fight${e.action ? ` (${e.action})` : ''}: their team goes first, and they open it.`, [e.combatantId]);
}

export const STARTER_EVENT: RuleEventDefinition = {
  kind: 'other',
  fightLog: false,
  schema: v.object({ combatantId: v.nullable(eventId), action: text(LONGEST) }),
  refers: (state, event) => {
    const e = event as unknown as StarterSetEvent;
    return e.combatantId === null || state.combatants.some((c) => c.id === e.combatantId) ? null : `it names ${e.combatantId}, who is not in the fight`;
  },
  apply: (state, event: RulesetEvent) => {
    const e = event as unknown as StarterSetEvent;
    return withStarter(state, e.combatantId === null ? null : { combatantId: e.combatantId, action: e.action === '' ? ACTION_WORDS : e.action, openedIn: null });
  },
  tell: (event, voice) => tellStarter(event as unknown as StarterSetEvent, voice),
};
