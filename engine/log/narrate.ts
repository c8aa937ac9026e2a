import { isRulesetEvent, type EncounterEvent } from '../core/events';
import { isDisplayEvent } from '../core/display';
import { spaceEvent } from '../space/events';
import { isSpaceEvent } from '../core/maps/space-events';
import type { Ruleset } from '../core/ruleset';
import type { EncounterState } from '../core/state';
import { describe } from './describe';
import { gmVoice, learnPlaces, learnStatePlaces, noPlaces, type Places } from './voice';

export type { Places } from './voice';

// The GM screen's "What happened" panel: the events worth a line there, in the words of the
// encounter log (describe.ts), leaving out the ones other panels already show (turns, the dice
// roller, the encounter's setup). What the GM does by hand (damage, healing, health set,
// conditions) is told here too: a step the GM took should never go untold.

/** One line of the fight log: what happened, in words for the GM. */
export interface Line {
  key: string;
  text: string;
}

/**
 * The places named anywhere in the log, the state's own last, so a line about a place still
 * names it after the space was laid out anew or taken away.
 */
export function placesOf(events: readonly EncounterEvent[], state: EncounterState): Places {
  const places = noPlaces();
  for (const e of events) learnPlaces(places, e);
  learnStatePlaces(places, state);
  return places;
}

/** Whether the panel shows a line for this event (the others are shown elsewhere on the screen). */
function inPanel(event: EncounterEvent, ruleset: Ruleset): boolean {
  if (isRulesetEvent(event)) return ruleset.own?.events?.[event.type]?.fightLog ?? false;
  if (isSpaceEvent(event)) return spaceEvent(event).fightLog;
  // What the players are shown changes in the open, at the table: the panel tells it.
  if (isDisplayEvent(event)) return true;
  switch (event.type) {
    case 'initiative-held':
    case 'phase-started':
    case 'turn-taken':
    case 'faction-passed':
    case 'go-moved':
    case 'reaction-taken':
    case 'action-used':
    case 'combat-ended':
    case 'scene-ended':
    case 'resource-used':
    case 'resource-set':
    case 'combatant-damaged':
    case 'combatant-healed':
    case 'track-set':
    case 'condition-added':
    case 'condition-removed':
      return true;
    case 'mark-set':
      return event.on;
    case 'concealment-set':
      return !event.concealed;
    default:
      return false;
  }
}

/**
 * What one event means at the table, for the GM, or null for events the other panels already
 * show. Names come from `state` (the current one, for the panel), in an encounter of `ruleset`.
 */
export function narrate(event: EncounterEvent, state: EncounterState, ruleset: Ruleset, places: Places = placesOf([], state), before: EncounterState = state): string | null {
  if (!inPanel(event, ruleset)) return null;
  return describe(event, gmVoice(before, state, ruleset, places))?.text ?? null;
}

/**
 * For a condition taken away, the state with it still on its bearer (as it was added), so its
 * line names it: the panel tells every event against the current state, where it is gone.
 */
function withRemovedCondition(events: readonly EncounterEvent[], upTo: number, state: EncounterState, event: EncounterEvent): EncounterState {
  if (event.type !== 'condition-removed') return state;
  for (let i = upTo - 1; i >= 0; i--) {
    const added = events[i];
    if (added?.type === 'condition-added' && added.condition.id === event.conditionId) {
      return { ...state, combatants: state.combatants.map((c) => (c.id === event.combatantId ? { ...c, conditions: [...c.conditions, added.condition] } : c)) };
    }
  }
  return state;
}

/**
 * Who was acting when event `upTo` happened, read back from the events that change it, so a line
 * saying "out of turn" is judged at its own moment, not against whoever acts now.
 */
function actingAt(events: readonly EncounterEvent[], upTo: number, state: EncounterState): EncounterState {
  for (let i = upTo - 1; i >= 0; i--) {
    const e = events[i];
    switch (e?.type) {
      case 'turn-taken':
        return { ...state, activeId: e.combatantId };
      case 'turn-advanced':
      case 'turn-set':
      case 'combatant-removed':
        return { ...state, activeId: e.activeId };
      case 'combat-started':
        return { ...state, activeId: e.opening?.activeId ?? e.order[0] ?? null };
      case 'turn-ended':
      case 'phase-started':
      case 'combat-ended':
        return { ...state, activeId: null };
      default:
        break;
    }
  }
  return state;
}

/** The fight log, newest first, from the event list (so undo takes lines out too), in an encounter of `ruleset`. */
export function fightLog(events: readonly EncounterEvent[], state: EncounterState, ruleset: Ruleset, limit = 60): Line[] {
  const lines: Line[] = [];
  const places = placesOf(events, state);
  for (let i = events.length - 1; i >= 0 && lines.length < limit; i--) {
    const event = events[i];
    const text = event ? narrate(event, state, ruleset, places, event.type === 'action-used' ? actingAt(events, i, state) : withRemovedCondition(events, i, state, event)) : null;
    if (text) lines.push({ key: String(i), text });
  }
  return lines;
}
