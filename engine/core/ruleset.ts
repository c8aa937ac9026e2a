import type * as v from 'valibot';
import type { RandomSource } from '../dice/random';
import type { RulesetCommand } from './commands';
import type { PromptKind } from './prompt-kind';
import type { JsonValue } from '../json';
import type { Told } from './told';
import type { LogKind, LogKindDeclaration } from './log-kinds';
import type { Voice } from './voice';
import type { NamespacedType } from './namespaced';
import { isRulesetEvent, type CoreEvent, type EncounterEvent, type RulesetEvent } from './events';
import type { MarkDeclaration } from './marks';
import type { ConditionDefinition, ConditionTrack } from './conditions';
import type { FieldDefinition } from './fields';
import type { Combatant, EncounterState, Id, Mark, SettingValue, Track } from './state';
import type { Failure, Result } from '../result';
import type { ActionEconomy } from './economy';
import type { TurnProcedure } from './turn-procedure';
import type { SpaceKind } from './space-kind';
import type { GridRules } from './maps/grid-rules';
import type { GearDeclaration } from './gear';
import type { CombatantStatus } from './health';

/** A number every combatant of the ruleset has (initiative modifier, armour, WIT…). */
export interface StatDefinition {
  key: string;
  label: string;
  min: number;
  max: number;
  default: number;
  /** One line, in our own words, shown next to the field. */
  hint: string;
  /**
   * It changes in fights and the change lasts (a death difficulty that grows each time death is
   * cheated): after a fight the party entry takes the value the character ends with.
   */
  lasting?: boolean;
}

/** A resource track (hit points, endurance, health…): the combatant sets its maximum. */
export interface TrackDefinition {
  key: string;
  label: string;
  /** A few letters for tight places such as the turn-order rows ("HP"). */
  shortLabel: string;
  /** Bounds for the maximum. */
  min: number;
  max: number;
  default: number;
}

/** A value the rule text leaves open, exposed so the GM can match their table: a number, on/off or a choice. */
export type SettingDefinition = Extract<FieldDefinition, { kind: 'number' | 'boolean' | 'choice' }>;

/**
 * A yes/no quality a character has or lacks, which the ruleset's rules read (Vigilant rolls an
 * extra initiative die; some cannot be surprised). Set on a character, their entry, or by the GM.
 */
export interface TraitDefinition {
  key: string;
  label: string;
  /** One line, in our own words, on what it changes. */
  hint: string;
}

/**
 * What an action takes out of a turn, for rulesets that count them: the name of one of its
 * economy's costs (`turn.economy.costs`), or several the GM picks from as it is taken (the first unless
 * the GM says otherwise).
 */
export type ActionSpend = string | readonly string[];

/** An entry of the action catalogue: what it is called, what it costs, what it provokes. */
export interface ActionDefinition {
  id: string;
  name: string;
  cost: string;
  provokes: string | null;
  summary: string;
  /** For rulesets that count actions per turn: what using it spends. */
  spends?: ActionSpend;
  /** A rule state the action puts its user in (out of the fight, by giving up). */
  marks?: Mark;
  /** At most this many a turn (Move: once). */
  perTurn?: number;
  /** Only once this other action has been taken this turn (Sprint: after Move). */
  after?: string;
  /** What else it takes, from one of the character's tracks (Sprint: 1 stamina; Command: 2 focus). */
  uses?: { track: string; amount: number };
  /** Taking it ends the turn: nothing more may be taken after it (Guard, Wait, Ready). */
  endsTurn?: boolean;
  /** A condition of the ruleset's catalogue (`character.conditionCatalogue`, by id) it puts on its user, for as long as the catalogue says (Guard: Guarding until their next turn). */
  gives?: string;
  /** A condition of the catalogue (by id) it takes off its user (Stand up: Prone). */
  ends?: string;
}

/**
 * One of a ruleset's own commands: checks the command's fields and the state, and decides the
 * events, or refuses with a reason. Dice come from `random` (one source for the whole command).
 * `ruleset` is the encounter's own (this one), for the core's helpers that apply events as it
 * decides (`EventChain`) or describe an open prompt.
 */
export type RuleCommandHandler = (state: EncounterState, command: RulesetCommand, random: () => RandomSource, ruleset: Ruleset) => Result<EncounterEvent[]>;

/** What a log entry is about, for filtering. */
export type RuleLogKind = LogKind;

/** One of a ruleset's own events: how it changes the state, and how the log tells it. */
export interface RuleEventDefinition {
  /** The state after the event. Pure, never fails, never rolls: the dice are in the event. */
  apply(state: EncounterState, event: RulesetEvent): EncounterState;
  /** The kind the log files it under. */
  kind: RuleLogKind;
  /** Shown in the GM screen's fight log panel (rule steps are; GM housekeeping is not). */
  fightLog: boolean;
  /**
   * Its sentence already says who leaves the fight by it (a check that routs a side), so the log
   * adds no "… flees" clauses of its own.
   */
  saysWhoIsOut?: boolean;
  /**
   * The event in a sentence for the voice's audience (the GM's, or the players' by the player
   * view's rules), or null to say nothing to that audience.
   */
  tell(event: RulesetEvent, voice: Voice): Told | null;
  /**
   * What a stored event of this type must hold, checked before a log is replayed (the pieces are
   * in `core/stored-event-parts.ts`): a forged or damaged one is refused, never applied.
   */
  schema: v.GenericSchema;
  /**
   * What is wrong with what a well-formed stored event names (a character, a faction, a zone
   * that isn't in the encounter), against the state just before it, or null.
   */
  refers?(state: EncounterState, event: RulesetEvent): string | null;
}

/**
 * The ruleset's own part of the encounter state and of each combatant (`state.rules`,
 * `combatant.rules`), as plain JSON, with the value a new encounter and a new combatant start with.
 */
export interface RuleSlice {
  encounter: unknown;
  /** Absent when the ruleset keeps nothing of its own for each combatant. */
  combatant?: unknown;
  /**
   * Fields older logs kept on the combatant itself that are now this slice's: `restore` moves
   * them into `combatant.rules` as a log is read.
   */
  combatantFields?: readonly string[];
  /**
   * A new character's part made from the ruleset's fields of `add-combatant` (its `rules`), for
   * rulesets whose characters start with something of their own (gear). `freshIds(input)` is how
   * many new ids one character takes; `part` gets them as `freshId(letter, 0)`, `freshId(letter,
   * 1)`…, each copy its own, the letter being the ruleset's choice ("g" for gear). `traits` are
   * the ruleset's traits the character comes with, for rules between them and the part (heavy
   * armour needs Armor Training and Strong).
   */
  newCombatant?: {
    freshIds(input: unknown): number;
    part(state: EncounterState, input: unknown, freshId: (letter: string, n: number) => Id, traits: readonly string[]): Result<unknown>;
  };
  /** The ids a combatant's part holds (its gear's), which the encounter's id counter keeps past. */
  idsIn?(part: unknown): readonly Id[];
}

/**
 * What a rest between fights gives back beside every use (2d6 & Vigilant: a 6-hour sleep gives 1
 * HP, more to the Resilient): the party's "rest" action in the campaign applies it to each entry.
 */
export interface RestRules {
  /** The button's words ("Party sleeps 6 hours"). */
  label: string;
  /** What it gives back, in words for the GM ("1 HP each, 2 for the Resilient"), by the campaign's settings. */
  says(settings: Readonly<Record<string, SettingValue>>): string;
  /** Track points it gives back to one party member, by track key, by their traits and the campaign's settings. */
  heal(who: { traits?: readonly string[] }, settings: Readonly<Record<string, SettingValue>>): Record<string, number>;
}

/** A table for the reference panel, written in our own words. */
export interface ReferenceTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/**
 * What a character is under the ruleset: the numbers, tracks, traits, rule states, conditions and
 * gear the add and edit forms offer, and what its rules refuse in a sheet. Read whenever a
 * character is added, edited or shown; `sheetRefusal` is asked as `add-combatant`, `set-stat` and
 * the trait commands are decided. Example: 2d6 & Vigilant's stats (movement, damage reduction,
 * trait slots), its one HP track, its traits (Vigilant, Resilient…) and the refusal of heavy armour
 * worn without the traits it needs.
 */
export interface CharacterRules {
  stats: StatDefinition[];
  tracks: TrackDefinition[];
  /** The yes/no traits its characters may have (Vigilant, cannot be surprised). */
  traits?: readonly TraitDefinition[];
  /** Its own rule states, beside the ways out of a fight every ruleset has (`OUT_MARKS`). */
  marks?: readonly MarkDeclaration[];
  /** Its condition tracks (damage, fatigue, composure), on which conditions are ranked 1 to `max`. */
  conditionTracks?: readonly ConditionTrack[];
  /** The conditions its text names, with their effects, durations and ranks, for the add form to offer. */
  conditionCatalogue?: readonly ConditionDefinition[];
  /** The gear its characters carry, as data the gear form is generated from (`core/gear.ts`). */
  gear?: GearDeclaration;
  /**
   * What its rules refuse in a character's sheet as a command would leave it (heavy armour without
   * the traits it needs, more trait slots spent than the character has), or null. Asked when a
   * character is added (`before` null), a trait is given or taken away, or a stat is set; a refusal
   * marked overridable goes through when the command carries `gmRuling: true`, its event marked as
   * the GM's ruling. `before` lets it refuse only what the change makes worse.
   */
  sheetRefusal?(state: EncounterState, after: Combatant, before: Combatant | null): Failure | null;
}

/**
 * The turn: who acts when, what a turn holds, and the ruleset's steps around an action and at a
 * round's end. `order` is asked as the fight starts and a turn passes (`turns/`); as a command is
 * decided the core asks `actionRefusal` (for `use-action`), then `beforeActing`, then applies the
 * action's events and asks `afterAction`; when a round ends it asks `endOfRound`. Example: Sides &
 * Shock's sides rolling 1d8 and acting as blocks (`order`), a Main and a Move action a round
 * (`economy`), armed foes beside someone standing up striking first (`afterAction`) and grapples
 * hurting their targets as a round ends (`endOfRound`); Zones & Factions' holder letting go of
 * whoever they hold as they act (`beforeActing`).
 */
export interface TurnRules {
  /** Who acts when: the turn procedure (`core/turn-procedure.ts`). */
  order: TurnProcedure;
  actions: ActionDefinition[];
  /** What a turn holds and what actions cost, for rulesets that count actions (`core/economy.ts`). */
  economy?: ActionEconomy;
  /**
   * The economy as the fight's settings have it, where a setting changes when slots come back
   * (Three Actions: the reaction back at one's own turn, or once a round). Its slots and costs are
   * `economy`'s; read it through `economyOf`.
   */
  economyFor?(settings: Readonly<Record<string, SettingValue>>): ActionEconomy;
  /**
   * The ruleset's own reason an action from its catalogue can't be taken now (an extended action
   * to finish first), or null; asked of `use-action` after the catalogue's own limits. One the GM
   * may overrule (`ruleRefusal`) goes through with the command's `gmRuling`, marked as their ruling.
   */
  actionRefusal?(state: EncounterState, combatant: Combatant, actionId: string, ruleset: Ruleset): Failure | null;
  /**
   * What follows from a character doing something on their turn or out of it, before the action's
   * own events (someone who acts lets go of whoever they hold).
   */
  beforeActing?(state: EncounterState, combatantId: Id): EncounterEvent[];
  /**
   * What follows from an action of the catalogue once it is taken (`use-action`), given the state
   * after it (adjacent foes may strike at someone standing up): events such as a prompt's opening.
   */
  afterAction?(state: EncounterState, combatantId: Id, actionId: string): EncounterEvent[];
  /** Automatic steps when a round ends (stabilisation rolls…), as events. */
  endOfRound(state: EncounterState, random: RandomSource, ruleset: Ruleset): EncounterEvent[];
  /** How long a round lasts in the fiction, for texts that say (2d6 & Vigilant: 5): the screens show the time elapsed. */
  roundSeconds?: number;
}

/**
 * Damage, healing and how a character stands. The core asks `damage` and `heal` as it decides the
 * GM's `damage` and `heal` commands, then `afterDamage` for what the damage sets off (a ruleset's
 * own blows call its own functions); `status` is the one answer every read uses (the rows, the
 * map, the log, the player view, who may still act). Example: Three Actions' damage that takes endurance
 * before health, and its question to fortify or fall once more health is missing than the
 * character's constitution, whatever dealt the damage (`afterDamage`).
 */
export interface HealthRules {
  /** The tracks after `amount` damage (already a whole number above zero). */
  damage(combatant: Combatant, amount: number, settings: Record<string, SettingValue>): Record<string, Track>;
  /** The tracks after `amount` healing. */
  heal(combatant: Combatant, amount: number, settings: Record<string, SettingValue>): Record<string, Track>;
  /**
   * How the combatant stands (fine, hurt, badly hurt, down, out, and why): the one answer the
   * rows, the map, the log and the player view all use.
   */
  status(combatant: Combatant): CombatantStatus;
  /**
   * What follows from damage that landed on `before`, given the tracks after it, whatever dealt it
   * (the GM's damage too): a question to fortify or fall, a test against death.
   */
  afterDamage?(state: EncounterState, before: Combatant, tracks: Record<string, Track>, amount: number): EncounterEvent[];
}

/**
 * The space its fights are fought in, for rulesets that have one (without it, positions are the
 * GM's words and commands that place or move characters are refused). `kinds` is read as such a
 * command is decided and by the screens; `holds` is asked as a move is decided (may the mover
 * leave, who comes along), then `holdUpMove` with the move the space planned. Example: Sides &
 * Shock's 5-ft grid whose diagonals follow a setting, grapples that keep both where they are
 * (`holds`) and a walk out of armed foes' reach that waits while they strike first (`holdUpMove`).
 */
export interface SpaceRules {
  /**
   * The kinds of space (`core/space-kind.ts`): zones, the square grid; none when empty
   * (positions are then the GM's words, and commands that place or move characters are refused).
   */
  kinds: readonly SpaceKind[];
  /** How its fights use the square grid, when `kinds` has it (`core/maps/grid-rules.ts`); plain rules when absent. */
  grid?: GridRules;
  /**
   * A move on a turn that the ruleset holds up before it happens (enemies nearby may strike at
   * someone moving away): the events that open its prompt, whose answer makes the
   * move or calls it off. None lets the move go ahead at once. Asked only of a move the rules allow,
   * with the event the space planned for it and how the move was asked for (`sneaking`, zones only). The
   * planned event itself may come first, followed by what the move sets off (a question it raises).
   */
  holdUpMove?(state: EncounterState, mover: Combatant, planned: EncounterEvent, how?: { sneaking: boolean }): EncounterEvent[];
  /**
   * Characters holding one another (a grapple): why one can't move away (null: they may),
   * and who comes along when one moves.
   */
  holds?: {
    heldBack(state: EncounterState, mover: Combatant): string | null;
    carried(state: EncounterState, mover: Combatant): Id[];
  };
}

/**
 * What the ruleset adds of its own to the encounter: its part of the state, its commands, events
 * and prompts, and what its part notes after each event. The core routes a command named
 * `<id>/<name>` to `commands`, applies an event of that name by `events` (and tells it in the log
 * by it), asks `prompts` how an open question is told, answered and called off, and after every
 * event, core or its own, calls `afterEvent`. Example: Zones & Factions' slice (the attack waiting
 * for reactions, the factions' sizes, gear on each character), its `zones/declare-attack` command
 * and events, its attack prompt, and `afterEvent` noting a side shaken by a loss.
 */
export interface OwnRules {
  /** Its own part of the encounter and combatant state; none when it keeps nothing of its own. */
  slice?: RuleSlice;
  /** Its own commands by their full type (`<id>/<name>`). */
  commands?: Readonly<Record<NamespacedType, RuleCommandHandler>>;
  /** Its own events by their full type (`<id>/<name>`). */
  events?: Readonly<Record<NamespacedType, RuleEventDefinition>>;
  /**
   * The kinds of choice its events may leave the fight waiting for, by their full type
   * (`<id>/<name>`): how each is told to the GM, answered and called off (`encounter/prompts.ts`).
   */
  prompts?: Readonly<Record<NamespacedType, PromptKind>>;
  /**
   * The names its own events had in logs written before rulesets owned their events, and the
   * types they are read as now (`restore` renames them as a log is read).
   */
  renamedEvents?: Readonly<Record<string, NamespacedType>>;
  /**
   * How its part of the state follows an event, core or its own, from the states either side of
   * it and the event (a fight starting counts the sides anew; a side shaken by a loss during the
   * fight is due a check at the round's end). The reducer calls it after every event it applies,
   * so it must be pure and quick, and return `after` itself when there is nothing to note. A
   * ruleset that follows only the core's events tells them apart with `isRulesetEvent`.
   */
  afterEvent?(before: EncounterState, after: EncounterState, event: EncounterEvent): EncounterState;
}

/**
 * The fight log: kinds of entry beyond every ruleset's, which the log's filter offers. Read as the
 * log's entries are built (`log/entries.ts`); each of the ruleset's own events names its kind.
 * Example: 2d6 & Vigilant's "Stabilisation" entries.
 */
export interface LogRules {
  /** Kinds of log entry its events are filed under beyond every ruleset's (`log/entries.ts`). */
  kinds?: readonly LogKindDeclaration[];
}

/**
 * What the players see of the fight beyond the shared player view. Asked each time the player
 * view is projected (`views/player-view.ts`). Example: Three Actions' "harmed" and "bloodied" for
 * enemies (`words`), Zones & Factions' attack waiting for reactions (`view`).
 */
export interface PlayerRules {
  /**
   * What of its slice the players may see, built field by field (never the slice spread), with
   * characters, zones and borders named only by the opaque keys `keyOf` gives (null: not shown to
   * the players).
   */
  view?(state: EncounterState, keyOf: (combatantId: Id) => string | null): JsonValue;
  /**
   * How a character outside the players' factions looks to the players in the ruleset's own words
   * (Three Actions: "harmed", "bloodied"), shown instead of the shared descriptor; null where it
   * has none (unhurt, down: the shared words say it).
   */
  words?(combatant: Combatant): string | null;
}

/**
 * Before and after a fight, in the campaign: what a character keeps of the fight for their party
 * entry (asked as a fight's results are written back) and what a rest gives back (the party's
 * "rest" action). Example: what each piece of a Zones & Factions character's gear has worn down
 * to, kept for their party entry; 2d6 & Vigilant's 6-hour sleep giving back 1 HP, more to the
 * Resilient.
 */
export interface BetweenFightsRules {
  /**
   * What it keeps of its own part of a character after a fight, for the party entry they came from
   * (Zones & Factions: each piece of gear's wear); the screen's part for the ruleset writes it back.
   */
  aftermath?(combatant: Combatant): JsonValue | undefined;
  /** What a rest between fights gives back besides uses; without it a rest gives back uses only. */
  rest?: RestRules;
}

/**
 * What a ruleset is: data plus a few functions, grouped by concern. Adding a ruleset touches
 * `rulesets/` only; the encounter core asks these for everything rule-specific. A ruleset that
 * needs none of an optional group leaves it out.
 */
export interface Ruleset {
  id: string;
  name: string;
  summary: string;
  /**
   * The GM's switches for one fight. Next turn passes over the fallen in every fight played in a
   * fixed order; such a ruleset lists `PASS_OVER_DEFINITION` (turns/pass-over.ts) so the GM can
   * turn that off.
   */
  settings: SettingDefinition[];
  references: ReferenceTable[];
  character: CharacterRules;
  turn: TurnRules;
  health: HealthRules;
  space?: SpaceRules;
  own?: OwnRules;
  log?: LogRules;
  players?: PlayerRules;
  between?: BetweenFightsRules;
}

/** The settings a new encounter starts with: every default of the ruleset. */
export function defaultSettings(ruleset: Ruleset): Record<string, SettingValue> {
  return Object.fromEntries(ruleset.settings.map((s) => [s.key, s.default]));
}

/**
 * An `own.afterEvent` for a ruleset whose part follows only the core's events (a fight starting,
 * a fight ending): `follow` is given the state after each of them, and the ruleset's own events
 * pass untouched.
 */
export function afterCoreEvents(follow: (state: EncounterState, event: CoreEvent) => EncounterState): NonNullable<OwnRules['afterEvent']> {
  return (_before, after, event) => (isRulesetEvent(event) ? after : follow(after, event));
}
