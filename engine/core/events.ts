import type { RandomState } from '../dice/random';
import { isNamespaced, type NamespacedType } from './namespaced';
import type { Ruleset } from './ruleset';
import type { Roll } from '../dice/roll';
import type { Combatant, Condition, ConditionTimer, EnemyHealthMode, Faction, Id, Mark, Phase, SettingValue, Track } from './state';
import { isSpaceEventType, type SpaceEvent } from './maps/space-events';

/** One combatant's initiative: the roll (null for a fixed value), the total and any tie re-rolls. */
export interface InitiativeEntry {
  combatantId: Id;
  roll: Roll | null;
  total: number;
  tiebreaks: Roll[];
}

/** A side's roll for its place in the round, with any rolls that broke a tie. */
export interface SideRoll {
  factionId: Id;
  roll: Roll;
  tiebreaks: Roll[];
  /** It went ahead of the sides it tied with without rolling again (the party wins ties). */
  wonTie?: boolean;
}

export interface ExpiredCondition {
  combatantId: Id;
  conditionId: Id;
  name: string;
}

/**
 * An event a ruleset owns (`<ruleset id>/<name>`): its fields are the ruleset's (plain JSON, like
 * every event: it is stored and replayed), and the ruleset says how it applies, reads in the log
 * and shows to the players.
 */
export interface RulesetEvent {
  type: NamespacedType;
  [field: string]: unknown;
}

/**
 * Facts about an encounter, in the order they happened. Every dice result is inside its event
 * together with the random source's state after it, so replay never rolls.
 */
export type EncounterEvent = CoreEvent | RulesetEvent;

/**
 * The events every ruleset shares, applied by the core, or by the space the fight is fought in
 * (laying it out, placing and moving: `space/events.ts`).
 */
export type CoreEvent =
  | SpaceEvent
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
  /** `ruling`: added against the ruleset's rules for a sheet, as the GM's ruling (so too for `stat-set` and `trait-set`). */
  | { type: 'combatant-added'; combatant: Combatant; order: Id[]; initiative: InitiativeEntry | null; rng: RandomState | null; ruling?: true }
  /** `opening`: the fight opens with the procedure's opening phase (round 0), and who acts first in it. */
  | { type: 'combat-started'; initiative: InitiativeEntry[]; order: Id[]; rng: RandomState; expired: ExpiredCondition[]; opening?: { phase: Phase; activeId: Id } }
  /** `passedOver`: the turn came to someone down or out and went straight past them (a setting). */
  | { type: 'turn-advanced'; round: number; activeId: Id; expired: ExpiredCondition[]; passedOver?: true }
  | { type: 'turn-set'; round: number; activeId: Id }
  /** `expired`: conditions that lasted until the end of the fight (absent when none). */
  | { type: 'combat-ended'; expired?: ExpiredCondition[] }
  /** `expired`: conditions that lasted until the end of the scene (absent when none). */
  | { type: 'scene-ended'; expired?: ExpiredCondition[] }
  | { type: 'combatant-damaged'; combatantId: Id; amount: number; tracks: Record<string, Track> }
  | { type: 'combatant-healed'; combatantId: Id; amount: number; tracks: Record<string, Track> }
  | { type: 'track-set'; combatantId: Id; track: string; value: Track }
  | { type: 'stat-set'; combatantId: Id; stat: string; value: number; ruling?: true }
  /** `roll`: the dice rolled for its number of rounds, if they were rolled. */
  | { type: 'condition-added'; combatantId: Id; condition: Condition; roll?: Roll }
  | { type: 'condition-timer-set'; combatantId: Id; conditionId: Id; timer: ConditionTimer | null; roll?: Roll }
  | { type: 'condition-removed'; combatantId: Id; conditionId: Id }
  | { type: 'combatant-renamed'; combatantId: Id; name: string }
  | { type: 'faction-changed'; combatantId: Id; factionId: Id }
  | { type: 'concealment-set'; combatantId: Id; concealed: boolean }
  | { type: 'notes-set'; combatantId: Id; notes: string }
  | { type: 'order-set'; order: Id[]; initiative: { combatantId: Id; total: number } | null }
  | { type: 'combatant-removed'; combatantId: Id; order: Id[]; activeId: Id | null }
  // Limited-use abilities. `used` is the count spent afterwards; the name and maximum are kept as
  // they were, so the log reads the same after the ability or its owner is gone.
  | { type: 'resource-used'; combatantId: Id; resourceId: Id; name: string; max: number; amount: number; used: number }
  | { type: 'resource-set'; combatantId: Id; resourceId: Id; name: string; max: number; used: number }
  | { type: 'dice-rolled'; label: string; roll: Roll; rng: RandomState | null }
  // Procedures where factions alternate (Zones & Factions, Three Actions).
  | { type: 'initiative-held'; factionId: Id; roll: Roll | null; rng: RandomState | null }
  /** The sides' rolls for their place in the round (side initiative), tie re-rolls included, and the order they give. */
  /** `joined`: only sides that joined the running fight rolled, and took their places in the order. */
  | { type: 'sides-ordered'; rolls: SideRoll[]; order: Id[]; rng: RandomState; joined?: boolean }
  /** `expired`: conditions timed by rounds that ran out as the round before ended (absent when none). */
  | { type: 'phase-started'; round: number; phase: Phase; gate: Roll | null; rng: RandomState | null; factionId: Id | null; skipped: Id[]; expired?: ExpiredCondition[] }
  | { type: 'first-faction-chosen'; factionId: Id }
  | { type: 'turn-taken'; combatantId: Id; expired: ExpiredCondition[] }
  | { type: 'turn-ended'; combatantId: Id; expired: ExpiredCondition[] }
  | { type: 'faction-passed'; factionId: Id }
  | { type: 'go-moved'; factionId: Id | null; skipped: Id[] }
  | { type: 'reaction-taken'; combatantId: Id; what: string }
  /** `uses`: what else the action took from one of their tracks (1 stamina), and the track after it. */
  | { type: 'action-used'; combatantId: Id; actionId: string; spends: string; note: string; expired?: ExpiredCondition[]; uses?: { track: string; amount: number; after: Track }; ruling?: true }
  // Setup and GM overrides of rule states.
  | { type: 'mark-set'; combatantId: Id; mark: Mark; on: boolean }
  | { type: 'trait-set'; combatantId: Id; trait: string; on: boolean; ruling?: true }
  /** Null: unclear who started the fight, so the initiative is drawn at random when it starts. */
  | { type: 'initiative-faction-set'; factionId: Id | null }
  /** The GM's order of the teams' goes (`sideOrder`). */
  | { type: 'team-order-set'; order: Id[]; ruling?: true }
  | { type: 'setting-set'; key: string; value: SettingValue }
  // What the players see. The reducer also drops a character from `waitingForTurn` as soon as
  // they become the acting one, whatever event does it.
  | { type: 'player-factions-set'; factionIds: Id[] }
  | { type: 'enemy-health-set'; mode: EnemyHealthMode }
  | { type: 'player-name-set'; combatantId: Id; name: string | null }
  | { type: 'name-revealed'; combatantId: Id; revealed: boolean }
  | { type: 'conditions-shown-set'; combatantId: Id; shown: boolean }
  | { type: 'hidden-until-turn-set'; combatantId: Id; hidden: boolean };

export type EventType = CoreEvent['type'];
export type EventOf<T extends EventType> = Extract<CoreEvent, { type: T }>;

// A Record over every event type but the space's (`space/events.ts` lists those), so adding an
// event without listing it here fails to compile.
const EVENT_TYPE_SET: Record<Exclude<EventType, SpaceEvent['type']>, true> = {
  'encounter-created': true,
  'faction-added': true,
  'combatant-added': true,
  'combat-started': true,
  'turn-advanced': true,
  'turn-set': true,
  'combat-ended': true,
  'scene-ended': true,
  'combatant-damaged': true,
  'combatant-healed': true,
  'track-set': true,
  'stat-set': true,
  'condition-added': true,
  'condition-removed': true,
  'condition-timer-set': true,
  'combatant-renamed': true,
  'faction-changed': true,
  'concealment-set': true,
  'notes-set': true,
  'order-set': true,
  'combatant-removed': true,
  'resource-used': true,
  'resource-set': true,
  'dice-rolled': true,
  'initiative-held': true,
  'sides-ordered': true,
  'phase-started': true,
  'first-faction-chosen': true,
  'turn-taken': true,
  'turn-ended': true,
  'faction-passed': true,
  'go-moved': true,
  'reaction-taken': true,
  'action-used': true,
  'mark-set': true,
  'trait-set': true,
  'initiative-faction-set': true,
  'team-order-set': true,
  'setting-set': true,
  'player-factions-set': true,
  'enemy-health-set': true,
  'player-name-set': true,
  'name-revealed': true,
  'conditions-shown-set': true,
  'hidden-until-turn-set': true,
};

/** Whether the event is a ruleset's own (`<ruleset id>/<name>`) rather than the core's. */
export function isRulesetEvent(event: EncounterEvent): event is RulesetEvent {
  // Only a slash tells them apart (the core's types have none); this runs for every event replayed,
  // so it skips the full check of the name. The event may be a stored one not yet checked (an
  // undone step is read by the event checks alone): a type that is no text is no ruleset's.
  return typeof event.type === 'string' && event.type.includes('/');
}

/** Whether a type is one of the core's events. */
export function isCoreEventType(type: unknown): type is EventType {
  return typeof type === 'string' && (Object.hasOwn(EVENT_TYPE_SET, type) || isSpaceEventType(type));
}

/**
 * Whether a stored value names an event type this version knows how to apply in an encounter of
 * this ruleset: a core event, or one of the ruleset's own.
 */
export function isKnownEventType(type: unknown, ruleset: Ruleset | undefined): boolean {
  if (isCoreEventType(type)) return true;
  return isNamespaced(type) && ruleset?.own?.events !== undefined && Object.hasOwn(ruleset.own?.events, type);
}
