import type { RandomState } from '../dice/random';
import type { Roll } from '../dice/roll';
import type { Combatant, Condition, Faction, Id, SettingValue, Track } from './state';

/** One combatant's initiative: the roll (null for a fixed value), the total and any tie re-rolls. */
export interface InitiativeEntry {
  combatantId: Id;
  roll: Roll | null;
  total: number;
  tiebreaks: Roll[];
}

export interface ExpiredCondition {
  combatantId: Id;
  conditionId: Id;
  name: string;
}

/**
 * Facts about an encounter, in the order they happened. Every dice result is inside its event
 * together with the random source's state after it, so replay never rolls.
 */
export type EncounterEvent =
  | {
      type: 'encounter-created';
      id: Id;
      name: string;
      rulesetId: string;
      seed: number;
      rng: RandomState;
      settings: Record<string, SettingValue>;
      factions: Faction[];
    }
  | { type: 'faction-added'; faction: Faction }
  | { type: 'combatant-added'; combatant: Combatant; order: Id[]; initiative: InitiativeEntry | null; rng: RandomState | null }
  | { type: 'combat-started'; initiative: InitiativeEntry[]; order: Id[]; rng: RandomState; expired: ExpiredCondition[] }
  | { type: 'turn-advanced'; round: number; activeId: Id; expired: ExpiredCondition[] }
  | { type: 'turn-set'; round: number; activeId: Id }
  | { type: 'combat-ended' }
  | { type: 'combatant-damaged'; combatantId: Id; amount: number; tracks: Record<string, Track> }
  | { type: 'combatant-healed'; combatantId: Id; amount: number; tracks: Record<string, Track> }
  | { type: 'track-set'; combatantId: Id; track: string; value: Track }
  | { type: 'stat-set'; combatantId: Id; stat: string; value: number }
  | { type: 'condition-added'; combatantId: Id; condition: Condition }
  | { type: 'condition-removed'; combatantId: Id; conditionId: Id }
  | { type: 'combatant-renamed'; combatantId: Id; name: string }
  | { type: 'faction-changed'; combatantId: Id; factionId: Id }
  | { type: 'concealment-set'; combatantId: Id; concealed: boolean }
  | { type: 'notes-set'; combatantId: Id; notes: string }
  | { type: 'order-set'; order: Id[]; initiative: { combatantId: Id; total: number } | null }
  | { type: 'combatant-removed'; combatantId: Id; order: Id[]; activeId: Id | null }
  | { type: 'dice-rolled'; label: string; roll: Roll; rng: RandomState | null };

export type EventType = EncounterEvent['type'];
export type EventOf<T extends EventType> = Extract<EncounterEvent, { type: T }>;

// A Record over every event type, so adding an event without listing it here fails to compile.
const EVENT_TYPE_SET: Record<EventType, true> = {
  'encounter-created': true,
  'faction-added': true,
  'combatant-added': true,
  'combat-started': true,
  'turn-advanced': true,
  'turn-set': true,
  'combat-ended': true,
  'combatant-damaged': true,
  'combatant-healed': true,
  'track-set': true,
  'stat-set': true,
  'condition-added': true,
  'condition-removed': true,
  'combatant-renamed': true,
  'faction-changed': true,
  'concealment-set': true,
  'notes-set': true,
  'order-set': true,
  'combatant-removed': true,
  'dice-rolled': true,
};

/** Whether a stored value names an event type this version knows how to apply. */
export function isKnownEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(EVENT_TYPE_SET, type);
}
