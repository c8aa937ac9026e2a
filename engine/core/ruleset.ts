import type * as v from 'valibot';
import type { RandomSource } from '../dice/random';
import type { RulesetCommand } from './commands';
import type { PromptKind } from './prompt-kind';
import type { JsonValue } from '../json';
import type { Told } from './told';
import type { LogKind, LogKindDeclaration } from './log-kinds';
import type { Voice } from './voice';
import type { NamespacedType } from './namespaced';
import type { CoreEvent, EncounterEvent, RulesetEvent } from './events';
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
 * economy's costs (`economy.costs`), or several the GM picks from as it is taken (the first unless
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
  /** A condition of the ruleset's catalogue (`conditionCatalogue`, by id) it puts on its user, for as long as the catalogue says (Guard: Guarding until their next turn). */
  gives?: string;
  /** A condition of the catalogue (by id) it takes off its user (Stand up: Prone). */
  ends?: string;
}

/**
 * One of a ruleset's own commands: checks the command's fields and the state, and decides the
 * events, or refuses with a reason. Dice come from `random` (one source for the whole command).
 */
export type RuleCommandHandler = (state: EncounterState, command: RulesetCommand, random: () => RandomSource) => Result<EncounterEvent[]>;

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
 * What a ruleset is: data plus a few functions. Adding a ruleset touches `rulesets/` only; the
 * encounter core asks these for everything rule-specific.
 */
export interface Ruleset {
  id: string;
  name: string;
  summary: string;
  stats: StatDefinition[];
  tracks: TrackDefinition[];
  /**
   * The GM's switches for one fight. Next turn passes over the fallen in every fight played in a
   * fixed order; such a ruleset lists `PASS_OVER_DEFINITION` (turns/pass-over.ts) so the GM can
   * turn that off.
   */
  settings: SettingDefinition[];
  turns: TurnProcedure;
  /** How long a round lasts in the fiction, for texts that say (2d6 & Vigilant: 5): the screens show the time elapsed. */
  roundSeconds?: number;
  actions: ActionDefinition[];
  references: ReferenceTable[];
  /** Kinds of log entry its events are filed under beyond every ruleset's (`log/entries.ts`). */
  logKinds?: readonly LogKindDeclaration[];
  /** What a turn holds and what actions cost, for rulesets that count actions (`core/economy.ts`). */
  economy?: ActionEconomy;
  /**
   * The economy as the fight's settings have it, where a setting changes when slots come back
   * (Three Actions: the reaction back at one's own turn, or once a round). Its slots and costs are
   * `economy`'s; read it through `economyOf`.
   */
  economyFor?(settings: Readonly<Record<string, SettingValue>>): ActionEconomy;
  /**
   * The space its fights are fought in (`core/space-kind.ts`): zones, the square grid, or none when absent or empty
   * (positions are then the GM's words, and commands that place or move characters are refused).
   */
  space?: readonly SpaceKind[];
  /** How its fights use the square grid, when `space` has it (`core/maps/grid-rules.ts`); plain rules when absent. */
  grid?: GridRules;
  /** The gear its characters carry, as data the gear form is generated from (`core/gear.ts`). */
  gear?: GearDeclaration;
  /** Its own rule states, beside the ways out of a fight every ruleset has (`OUT_MARKS`). */
  marks?: readonly MarkDeclaration[];
  /** The tracks after `amount` damage (already a whole number above zero). */
  applyDamage(combatant: Combatant, amount: number, settings: Record<string, SettingValue>): Record<string, Track>;
  /**
   * What follows from damage that landed on `before`, given the tracks after it, whatever dealt it
   * (the GM's damage too): a question to fortify or fall, a test against death.
   */
  afterDamage?(state: EncounterState, before: Combatant, tracks: Record<string, Track>, amount: number): EncounterEvent[];
  /** The tracks after `amount` healing. */
  applyHealing(combatant: Combatant, amount: number, settings: Record<string, SettingValue>): Record<string, Track>;
  /**
   * How the combatant stands (fine, hurt, badly hurt, down, out, and why): the one answer the
   * rows, the map, the log and the player view all use.
   */
  status(combatant: Combatant): CombatantStatus;
  /** Automatic steps when a round ends (stabilisation rolls…), as events. */
  endOfRound(state: EncounterState, random: RandomSource): EncounterEvent[];
  /**
   * The ruleset's own reason an action from its catalogue can't be taken now (an extended action
   * to finish first), or null; asked of `use-action` after the catalogue's own limits. One the GM
   * may overrule (`ruleRefusal`) goes through with the command's `gmRuling`, marked as their ruling.
   */
  actionRefusal?(state: EncounterState, combatant: Combatant, actionId: string): Failure | null;
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
  /**
   * A move on a turn that the ruleset holds up before it happens (enemies nearby may strike at
   * someone moving away): the events that open its prompt, whose answer makes the
   * move or calls it off. None lets the move go ahead at once. Asked only of a move the rules allow,
   * with the event the space planned for it and how the move was asked for (`sneaking`, zones only). The
   * planned event itself may come first, followed by what the move sets off (a question it raises).
   */
  holdsUpMove?(state: EncounterState, mover: Combatant, planned: EncounterEvent, how?: { sneaking: boolean }): EncounterEvent[];
  /**
   * Characters holding one another (a grapple): why one can't move away (null: they may),
   * and who comes along when one moves.
   */
  holds?: {
    heldBack(state: EncounterState, mover: Combatant): string | null;
    carried(state: EncounterState, mover: Combatant): Id[];
  };
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
   * What it keeps of its own part of a character after a fight, for the party entry they came from
   * (Zones & Factions: each piece of gear's wear); the screen's part for the ruleset writes it back.
   */
  aftermath?(combatant: Combatant): JsonValue | undefined;
  /** What a rest between fights gives back besides uses; without it a rest gives back uses only. */
  rest?: RestRules;
  /** The yes/no traits its characters may have (Vigilant, cannot be surprised). */
  traits?: readonly TraitDefinition[];
  /**
   * How a character outside the players' factions looks to the players in the ruleset's own words
   * (Three Actions: "harmed", "bloodied"), shown instead of the shared descriptor; null where it
   * has none (unhurt, down: the shared words say it).
   */
  playerWords?(combatant: Combatant): string | null;
  /** Its condition tracks (damage, fatigue, composure), on which conditions are ranked 1 to `max`. */
  conditionTracks?: readonly ConditionTrack[];
  /** The conditions its text names, with their effects, durations and ranks, for the add form to offer. */
  conditionCatalogue?: readonly ConditionDefinition[];
  /** Its own part of the encounter and combatant state; none when it keeps nothing of its own. */
  slice?: RuleSlice;
  /**
   * How its slice follows one of the core's events, given the state after it (a fight starting
   * counts the sides anew); every core event passes through here, so it must be pure and quick.
   */
  follow?(state: EncounterState, event: CoreEvent): EncounterState;
  /**
   * What its part of the state notes after any event, core or its own, from the states either side
   * of it (a side shaken by a loss during the fight, due a check at the round's end). Every event
   * passes through here, so it must be pure and quick, and return `after` itself when there is
   * nothing to note.
   */
  afterEvent?(before: EncounterState, after: EncounterState): EncounterState;
  /**
   * What its rules refuse in a character's sheet as a command would leave it (heavy armour without
   * the traits it needs, more trait slots spent than the character has), or null. Asked when a
   * character is added (`before` null), a trait is given or taken away, or a stat is set; a refusal
   * marked overridable goes through when the command carries `gmRuling: true`, its event marked as
   * the GM's ruling. `before` lets it refuse only what the change makes worse.
   */
  sheetRefusal?(state: EncounterState, after: Combatant, before: Combatant | null): Failure | null;
  /** Its own commands by their full type (`<id>/<name>`). */
  commands?: Readonly<Record<NamespacedType, RuleCommandHandler>>;
  /** Its own events by their full type (`<id>/<name>`). */
  events?: Readonly<Record<NamespacedType, RuleEventDefinition>>;
  /**
   * What of its slice the players may see, built field by field (never the slice spread), with
   * characters, zones and borders named only by the opaque keys `keyOf` gives (null: not shown to
   * the players).
   */
  playerView?(state: EncounterState, keyOf: (combatantId: Id) => string | null): JsonValue;
}

/** The settings a new encounter starts with: every default of the ruleset. */
export function defaultSettings(ruleset: Ruleset): Record<string, SettingValue> {
  return Object.fromEntries(ruleset.settings.map((s) => [s.key, s.default]));
}
