import { failure, type Result } from '../result';
import { checkCombatant, isFailure, NAME_MAX } from './checks';
import type { Command } from './commands';
import type { EncounterEvent, EventOf } from './events';
import type { EnemyHealthMode, EncounterState, Faction, Id, PlayerDisplay } from './state';

// What the GM lets the players see: the commands that set it, the events they become, and how
// the reducer writes them in. The player view itself (the projection) is in `views/`.

export type DisplayCommand = Extract<
  Command,
  { type: 'set-player-factions' | 'set-enemy-health' | 'set-player-name' | 'reveal-name' | 'hide-until-turn' | 'show-conditions' }
>;

/** The events that set what the players see: the reducer, the log's kinds and the fight log panel treat them alike. */
export const DISPLAY_EVENT_TYPES = ['player-factions-set', 'enemy-health-set', 'player-name-set', 'name-revealed', 'hidden-until-turn-set', 'conditions-shown-set'] as const;

export type DisplayEvent = EventOf<(typeof DISPLAY_EVENT_TYPES)[number]>;

const DISPLAY_TYPES: ReadonlySet<string> = new Set(DISPLAY_EVENT_TYPES);

/** Whether an event sets what the players see. */
export function isDisplayEvent(event: EncounterEvent): event is DisplayEvent {
  return DISPLAY_TYPES.has(event.type);
}

/** The ways characters outside the player factions can show their health, in the order a form lists them. */
export const ENEMY_HEALTH_MODES: readonly EnemyHealthMode[] = ['descriptors', 'none'];

/**
 * What the players see of a new encounter, and of one from before the player view existed: the
 * first faction in full, descriptors for everyone else, no names typed or revealed, nobody waiting.
 */
export function defaultDisplay(factions: readonly Pick<Faction, 'id'>[]): PlayerDisplay {
  const first = factions[0];
  return { playerFactions: first ? [first.id] : [], enemyHealth: 'descriptors', shownNames: {}, revealedNames: [], waitingForTurn: [], conditionsShown: [] };
}

/** The state's display settings, with the defaults filled in for states that lack them. */
export function displayOf(state: EncounterState): PlayerDisplay {
  const d = state.display;
  if (!d) return defaultDisplay(state.factions);
  return {
    playerFactions: d.playerFactions ?? defaultDisplay(state.factions).playerFactions,
    enemyHealth: d.enemyHealth === 'none' ? 'none' : 'descriptors',
    shownNames: d.shownNames ?? {},
    revealedNames: d.revealedNames ?? [],
    conditionsShown: d.conditionsShown ?? [],
    waitingForTurn: d.waitingForTurn ?? [],
  };
}

/** The factions the players see in full (that still exist). */
export function playerFactionIds(state: EncounterState): Id[] {
  return displayOf(state).playerFactions.filter((id) => state.factions.some((f) => f.id === id));
}

/** The name the GM typed for the players to see, if any. */
export function shownNameOf(display: PlayerDisplay, id: Id): string | null {
  return Object.hasOwn(display.shownNames, id) ? (display.shownNames[id] ?? null) : null;
}

const ok = (...events: EncounterEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });
const none = (): Result<EncounterEvent[]> => ({ ok: true, value: [] });

function sameList(a: readonly Id[], b: readonly Id[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function setPlayerFactions(state: EncounterState, given: unknown): Result<EncounterEvent[]> {
  const current = displayOf(state).playerFactions;
  if (!Array.isArray(given)) return failure('display/factions', 'Pick the factions the players see in full as a list (it may be empty).');
  const ids: Id[] = [];
  for (const id of given as unknown[]) {
    const faction = typeof id === 'string' ? state.factions.find((f) => f.id === id) : undefined;
    if (!faction) return failure('faction/unknown', `There is no faction with id "${String(id)}" in this encounter.`);
    if (!ids.includes(faction.id)) ids.push(faction.id);
  }
  // Kept in the encounter's faction order, so the same choice is always the same list.
  const ordered = state.factions.map((f) => f.id).filter((id) => ids.includes(id));
  return sameList(current, ordered) ? none() : ok({ type: 'player-factions-set', factionIds: ordered });
}

/**
 * Checks a display command and turns it into its event; a command that would change nothing is
 * accepted with no event, so the log only holds real changes.
 */
export function decideDisplay(state: EncounterState, cmd: DisplayCommand): Result<EncounterEvent[]> {
  const display = displayOf(state);
  switch (cmd.type) {
    case 'set-player-factions':
      return setPlayerFactions(state, cmd.factionIds);
    case 'set-enemy-health':
      if (!ENEMY_HEALTH_MODES.includes(cmd.mode)) {
        return failure('input/choice', `Show other characters' health as one of: ${ENEMY_HEALTH_MODES.join(', ')}.`);
      }
      return cmd.mode === display.enemyHealth ? none() : ok({ type: 'enemy-health-set', mode: cmd.mode });
    default:
      break;
  }
  const c = checkCombatant(state, cmd.combatantId);
  if (isFailure(c)) return c;
  switch (cmd.type) {
    case 'set-player-name': {
      if (cmd.name === null) return shownNameOf(display, c.id) === null ? none() : ok({ type: 'player-name-set', combatantId: c.id, name: null });
      if (typeof cmd.name !== 'string' || cmd.name.trim() === '') {
        return failure('input/name', `Type the name the players should see for ${c.name}, or clear it to go back to the default.`);
      }
      const name = cmd.name.trim();
      if (name.length > NAME_MAX) return failure('input/name', `Keep the name the players see to ${NAME_MAX} characters.`);
      return shownNameOf(display, c.id) === name ? none() : ok({ type: 'player-name-set', combatantId: c.id, name });
    }
    case 'reveal-name': {
      if (typeof cmd.revealed !== 'boolean') return failure('input/boolean', `Say whether the players see ${c.name}'s real name: yes or no.`);
      const now = display.revealedNames.includes(c.id);
      return now === cmd.revealed ? none() : ok({ type: 'name-revealed', combatantId: c.id, revealed: cmd.revealed });
    }
    case 'show-conditions': {
      if (typeof cmd.shown !== 'boolean') return failure('input/boolean', `Say whether the players see ${c.name}'s conditions: yes or no.`);
      const now = display.conditionsShown.includes(c.id);
      return now === cmd.shown ? none() : ok({ type: 'conditions-shown-set', combatantId: c.id, shown: cmd.shown });
    }
    case 'hide-until-turn': {
      if (typeof cmd.hidden !== 'boolean') return failure('input/boolean', `Say whether ${c.name} stays off the players' view until their turn: yes or no.`);
      if (cmd.hidden && state.activeId === c.id) {
        return failure('display/acting', `${c.name} is acting now, so the players already see them; hide them from the players instead.`);
      }
      const now = display.waitingForTurn.includes(c.id);
      return now === cmd.hidden ? none() : ok({ type: 'hidden-until-turn-set', combatantId: c.id, hidden: cmd.hidden });
    }
  }
}

function toggled(list: readonly Id[], id: Id, on: boolean): Id[] {
  const rest = list.filter((x) => x !== id);
  return on ? [...rest, id] : rest;
}

/** Writes a display event into the state. */
export function applyDisplayEvent(state: EncounterState, event: DisplayEvent): EncounterState {
  const d = displayOf(state);
  switch (event.type) {
    case 'player-factions-set':
      return { ...state, display: { ...d, playerFactions: [...event.factionIds] } };
    case 'enemy-health-set':
      return { ...state, display: { ...d, enemyHealth: event.mode } };
    case 'player-name-set': {
      // Built from entries, so no key can reach the prototype.
      const kept = Object.entries(d.shownNames).filter(([id]) => id !== event.combatantId);
      const shownNames = Object.fromEntries(event.name === null ? kept : [...kept, [event.combatantId, event.name]]);
      return { ...state, display: { ...d, shownNames } };
    }
    case 'name-revealed':
      return { ...state, display: { ...d, revealedNames: toggled(d.revealedNames, event.combatantId, event.revealed) } };
    case 'hidden-until-turn-set':
      return { ...state, display: { ...d, waitingForTurn: toggled(d.waitingForTurn, event.combatantId, event.hidden) } };
    case 'conditions-shown-set':
      return { ...state, display: { ...d, conditionsShown: toggled(d.conditionsShown, event.combatantId, event.shown) } };
  }
}

/**
 * Whoever is acting now is no longer waiting for their first turn. Run by the reducer after every
 * event, so every way of getting a turn counts: combat starting on them, Next turn, Previous turn,
 * taking a turn where factions alternate, the turn passing on from a removed character.
 */
export function withoutActingWaiting(state: EncounterState): EncounterState {
  const d = state.display;
  const active = state.activeId;
  if (!d || active === null || !(d.waitingForTurn ?? []).includes(active)) return state;
  return { ...state, display: { ...displayOf(state), waitingForTurn: d.waitingForTurn.filter((id) => id !== active) } };
}

/** Forgets what the display held about a combatant who has been removed. */
export function withoutCombatant(state: EncounterState, id: Id): EncounterState {
  const d = state.display;
  if (!d) return state;
  const held = Object.hasOwn(d.shownNames ?? {}, id) || (d.revealedNames ?? []).includes(id) || (d.waitingForTurn ?? []).includes(id) || (d.conditionsShown ?? []).includes(id);
  if (!held) return state;
  const full = displayOf(state);
  return {
    ...state,
    display: {
      ...full,
      shownNames: Object.fromEntries(Object.entries(full.shownNames).filter(([k]) => k !== id)),
      revealedNames: full.revealedNames.filter((x) => x !== id),
      waitingForTurn: full.waitingForTurn.filter((x) => x !== id),
      conditionsShown: full.conditionsShown.filter((x) => x !== id),
    },
  };
}
