import type { RandomState } from '../dice/random';
import type { SpaceField, SpacePlace } from './maps/parts';
import type { NamespacedType } from './namespaced';
import type { ConditionEffect } from './effects';

export type Id = string;

/** A resource that goes down and up between 0 and its maximum: hit points, endurance, a rank. */
export interface Track {
  value: number;
  max: number;
}

/**
 * When a timed condition runs out: after `remaining` more starts (or ends) of the anchor's turn,
 * after `remaining` more rounds end, when the fight ends, when the scene ends (it outlives the
 * fight: the party keeps it afterwards), or at the anchor's next action that spends `slot` ("until
 * their next full action"); `remaining` is 1 for the last three. A condition put on during the
 * anchor's own turn and ending at the end of a turn does not count that turn, so "1 round" always
 * lasts until the same point of the next round.
 */
export type ConditionTimer =
  | { remaining: number; endsOn: 'turn-start' | 'turn-end'; anchorId: Id }
  | { remaining: number; endsOn: 'round-end' }
  | { remaining: number; endsOn: 'fight-end' }
  | { remaining: number; endsOn: 'scene-end' }
  | { remaining: number; endsOn: 'next-action'; anchorId: Id; slot: string };

export interface Condition {
  id: Id;
  name: string;
  timer: ConditionTimer | null;
  /** What it does that the engine applies (`effects.ts`); absent: nothing but its name. */
  effects?: ConditionEffect[];
  /** Its rank on one of the ruleset's condition tracks (damage 2 is "Hurt"), for rulesets that keep them. */
  rank?: { track: string; value: number };
}

/**
 * A rule state a combatant can be in, set by the rules or by the GM: one of the ways out of a
 * fight every ruleset has (dead, surrendered, retreated), or one its ruleset declares
 * (`Ruleset.character.marks`; see `marks.ts`).
 */
export type Mark = string;

/**
 * One character in the fight. Where they stand is the space's part (`SpacePlace`, from
 * `core/maps/parts.ts`): the core keeps it without knowing which kind of space it is.
 */
export interface Combatant extends SpacePlace {
  id: Id;
  name: string;
  factionId: Id;
  /** Ruleset stats by key (initiative modifier, armour, WIT…), validated against its schema. */
  stats: Record<string, number>;
  /** Ruleset tracks by key (hp, endurance, health…). */
  tracks: Record<string, Track>;
  conditions: Condition[];
  notes: string;
  /** Hidden from the players (those who will strike first, unseen monsters). */
  concealed: boolean;
  /** The initiative total once rolled or entered; null before combat or for procedures without one. */
  initiative: number | null;
  marks: Mark[];
  /** The ruleset's yes/no traits they have (`Ruleset.character.traits`: Vigilant); absent: none. Read with `hasTrait`. */
  traits?: string[];
  /** Limited-use abilities and resources (spell slots, rage, a potion): X of Y uses left. */
  resources: Resource[];
  /** The party member or bestiary entry this combatant was made from, if any. */
  templateId: Id | null;
  /**
   * The ruleset's own part of this combatant (its `slice.combatant`): plain JSON that only the
   * ruleset reads, through an accessor of its own; absent for rulesets without one.
   */
  rules?: unknown;
}

/** When a limited-use resource gets all its uses back. */
export type ResourceReset = 'round' | 'encounter' | 'rest';

/**
 * A limited-use ability or resource. `round` ones come back at the start of every round;
 * `encounter` ones start full in every fight; `rest` ones only come back when the party rests,
 * so the campaign keeps their `used` count between fights.
 */
export interface Resource {
  id: Id;
  name: string;
  /** Uses when full (1–99). */
  max: number;
  /** Uses spent (0–max). */
  used: number;
  reset: ResourceReset;
}

export interface Faction {
  id: Id;
  name: string;
  /** A CSS colour (#rrggbb) used for the faction's badge. */
  colour: string;
}

export type SettingValue = number | boolean | string;

export type CombatStatus = 'setup' | 'running' | 'ended';

/**
 * Which part of the round it is, for procedures where factions alternate: `main` for a plain
 * round, or a phase the procedure declares (an opening phase, the two halves of a gated round, an
 * end-of-round step; see `core/turn-procedure.ts`).
 */
export type Phase = string;

/** A turn's movement spent, in halves of the whole (the space says what a whole turn's movement reaches). */
export type MovementSpent = 0 | 1 | 2;

/**
 * What the acting character has spent of their turn: how many of each slot of the ruleset's
 * action economy (`core/economy.ts`; Zones & Factions: `main`, `bonus`), read with `spentOf`,
 * and their movement.
 */
export interface TurnBudget {
  readonly [slot: string]: number | boolean;
  /** Has moved at all this turn (so a whole-turn action is no longer possible). */
  moved: boolean;
  /**
   * Halves of movement spent (the space's moves say how many each takes). Missing in states built
   * by older code: read it with `movementSpent`.
   */
  movement: MovementSpent;
}

/**
 * The round's bookkeeping. Where factions alternate, all of it; in a fight run in a fixed order,
 * only what the acting character has left (`budget`, `spentBy`), for rulesets that count actions.
 */
export interface RoundState {
  phase: Phase;
  /** The faction whose go it is; null while nobody can act (an end-of-round step, between rounds). */
  factionId: Id | null;
  /** Factions that passed in a row since someone last took a turn in this phase. */
  passes: Id[];
  /** Characters who have used their turn this round: acted, reacted or surrendered. */
  spent: Id[];
  /** The gate die rolled or typed in this round (rounds split by a gate, see `core/turn-procedure.ts`), or null. */
  gate: number | null;
  /** What the acting character has used so far. */
  budget: TurnBudget;
  /**
   * What each character has spent that outlives their turn, by slot (`core/economy.ts`): slots
   * counted per round, spent on their turn or off it, and slots spent out of turn, until their
   * next turn refreshes them. Only kept for economies with such slots.
   */
  spentBy?: Record<Id, Record<string, number>>;
  /** Someone has taken a turn or passed in this phase, so the first faction can no longer be chosen. */
  begun: boolean;
}

/**
 * A choice the fight waits for (see `prompts.ts`), opened by one of the ruleset's events: which
 * of its kinds it is, whom it concerns and the ruleset's own data for it (plain JSON that only the
 * ruleset reads, like its slices).
 */
export interface Prompt {
  /** Unique among the open prompts; the ruleset that opens it names it. */
  id: Id;
  /** One of the ruleset's `prompts`. */
  kind: NamespacedType;
  /** The characters it concerns: none of them can be removed while it is open. */
  involves: Id[];
  data?: unknown;
}

/** How the player view shows characters outside the player factions: how hurt they look, or nothing. */
export type EnemyHealthMode = 'descriptors' | 'none';

/**
 * What the GM lets the players see (the player view reads it; see `engine/views/player-view.ts`).
 * Changed by commands, so it is in the log and undoable like everything else.
 */
export interface PlayerDisplay {
  /**
   * The factions whose characters the players see in full (health, conditions, real names), in
   * the encounter's faction order. A new encounter starts with its first faction.
   */
  playerFactions: Id[];
  /** Everyone else shows as unhurt / hurt / badly hurt / down, or with no health at all. */
  enemyHealth: EnemyHealthMode;
  /** Names the GM typed for the players, by combatant id (the real name stays the GM's). */
  shownNames: Record<Id, string>;
  /** Characters outside the player factions the players see under their real name. */
  revealedNames: Id[];
  /** Characters kept off the player view until they first get a turn (the reducer then drops them). */
  waitingForTurn: Id[];
  /** Characters outside the player factions whose conditions the players see by name. */
  conditionsShown: Id[];
}

/**
 * Everything about one encounter at one moment. Plain JSON: it can be stored and compared. The
 * space it is fought in keeps its own fields (`SpaceField`, from `core/maps/parts.ts`).
 */
export interface EncounterState extends SpaceField {
  id: Id;
  name: string;
  rulesetId: string;
  settings: Record<string, SettingValue>;
  factions: Faction[];
  combatants: Combatant[];
  status: CombatStatus;
  round: number;
  /** Turn order as combatant ids; its meaning belongs to the ruleset's turn procedure. */
  order: Id[];
  activeId: Id | null;
  /** The faction that holds the initiative and picks who goes first each phase (alternating procedures). */
  initiativeFactionId: Id | null;
  /**
   * The faction the GM named in setup as holding the initiative, or null for "unclear: draw at
   * random". Kept apart from the holder of the fight in progress, so a fight started again after
   * it ended draws anew instead of reusing the last draw.
   */
  initiativePreset: Id | null;
  /**
   * The sides in the order they act each round, as they rolled when the fight started (side
   * initiative); absent or [] when the procedure has none, and then factions go in the encounter's order
   * from whoever holds the initiative. Sides not in it (joined later) come after, in that order.
   */
  sideOrder?: Id[];
  /** What each side's place in `sideOrder` was sorted by (its roll, winning ties, re-rolls), to place a side that joins later. */
  sideKeys?: Record<Id, number[]>;
  /**
   * The round's bookkeeping: for alternating procedures, and for fixed orders whose ruleset counts
   * actions (the budget only); null otherwise, and before the fight.
   */
  turn: RoundState | null;
  /**
   * The choices the fight waits for, the one opened last (the one to answer first) last; absent
   * or [] when none is open. Read it with `promptsOf`.
   */
  prompts?: Prompt[];
  /**
   * What the player view may show. Missing in states built by hand or before it existed: read it
   * with `displayOf`, which gives the defaults.
   */
  display?: PlayerDisplay;
  /**
   * The ruleset's own part of the encounter (its `slice.encounter`): plain JSON that only the
   * ruleset reads, through an accessor of its own; absent for rulesets without one.
   */
  rules?: unknown;
  /** The seeded random source's state after the last draw. */
  rng: RandomState;
  /** Counter behind the ids the engine hands out (c1, f2, k3), so ids never depend on chance. */
  serial: number;
}
