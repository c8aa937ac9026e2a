/**
 * What a ruleset adds to the generic GM screen: its panels (Svelte components, each in a named
 * slot), the flags the generic screens need, and a few hooks. Every slot is optional; a ruleset
 * that fills none (Freeform) gets the generic screen. The slots, by where they show:
 *
 * - tracker, middle column, top to bottom: `setup` (its part of the fight's setup, open while
 *   setting up, then folded below the selected combatant), and in a running fight `whoseGo`, `prompts`, `endOfRound`, `timer`,
 *   `turn` (its part of the generic turn panel); `afterFight` once the fight is over. Right column: `aside` (tools for any moment).
 *   The `prompts`, `endOfRound` and `afterFight` panels may answer the number keys (`ShortcutPanel`):
 *   the screen hands them 1–9 in that order, before `whoseGo`, so a step that is due (a reaction
 *   asked, an end-of-round check, a roll after the fight) is one key.
 * - the selected combatant: `selected` (what they may do out of turn, holds) and, in its edit
 *   form, `combatant.edit`; the turn-order rows: `combatant.tags`; the add form:
 *   `combatant.add`; party and bestiary entries: `combatant.entryFields` (the editor's fields
 *   for the ruleset's own part of them). A ruleset with a gear part (`rulesets/rules.ts`) gets the
 *   generic gear part (`rulesets/gear/`) in each of these it leaves empty.
 * - the battle map: `map` (highlights, rings, clicks and notes on top of the generic map).
 * - the top bar and the players' screen: `phases` (names of the round's phases), `playerHeader`.
 * - hooks: `ruleRolls` (dice the rules rolled inside the ruleset's events, for the dice log).
 *
 * What the code outside the panels asks of a ruleset (its part of entries, whether the countdown
 * goes up for the players) is in `rules.ts`, so the campaign screens load no panel.
 */
import type { Component, Snippet } from 'svelte';
import type { Combatant, Command, EncounterEvent, EncounterState, Id, JsonValue, NamespacedType, OpenPrompt, Phase, PlayerFight, Ruleset, SettingValue, TurnBudget } from '../../../engine/index';
import type { TokenRing } from '../battle/token-layout';
import type { RuleRoll } from '../dice/rule-rolls';
import type { HighlightStyle } from '../map/canvas';
import type { ShortcutAction } from '../shortcuts';

/** A tag after a name in the turn-order row: a word or two, in capitals unless `asWritten`. */
export interface RowTag {
  readonly text: string;
  /** What it means, in its tooltip. */
  readonly title?: string;
  /** Its colour, by what it says: a threat building (accent), a guard (good), a hold (focus), out of the fight or lost (danger); grey without. */
  readonly tone?: 'accent' | 'good' | 'focus' | 'danger';
  /** Shown as written rather than in capitals (a readied action in the GM's words). */
  readonly asWritten?: boolean;
  /** For a test that reads this one tag. */
  readonly testId?: string;
}

/** A mounted panel the screen's keyboard shortcuts reach: true when it handled the action. */
export interface ShortcutPanel {
  shortcut(action: ShortcutAction): boolean;
}

/** A panel without props. */
export type Panel = Component<Record<string, never>>;
/** A panel without props that answers keyboard shortcuts. */
export type ShortcutPanelComponent = Component<Record<string, never>, ShortcutPanel>;
/** A panel without props that may answer keyboard shortcuts (a step that is due: 1 takes it). */
export type StepPanel = Component<Record<string, never>, Partial<ShortcutPanel>>;

/** Props of a part of a form a ruleset adds: the value it edits and where every edit goes. */
export interface ExtrasProps<T> {
  value: T;
  onChange: (next: T) => void;
}

type AddCombatant = Extract<Command, { type: 'add-combatant' }>;

/** The fields of the add-combatant command a ruleset's part of the add form fills in. */
export type CombatantExtras = Partial<Pick<AddCombatant, 'rules' | 'marks'>>;

/**
 * A ruleset's own part of a party or bestiary entry: its keys in the entry's data, beside the
 * ones every ruleset has (Zones & Factions: `gear`, `fearless`). Plain JSON as the part reads it.
 */
export type OwnEntry = Record<string, unknown>;

/** Props of the entry editor's part for a ruleset: its own part of the entry, and the ruleset. */
export type EntryFieldsProps = ExtrasProps<OwnEntry> & { ruleset: Ruleset };

/** A check of an entry's own part: the clean part, or phrases naming what is wrong. */
export type OwnEntryCheck = { ok: true; value: OwnEntry } | { ok: false; problems: string[] };

/** One field of an entry's own part as a bestiary file names it. */
export interface EntryImport {
  /** The JSON field or CSV column, matched in any case ("fearless"). */
  readonly name: string;
  /** The key of the entry's data it fills. */
  readonly key: string;
  /** A JSON value as the part's check should see it (as it is, without); the check refuses what is wrong. */
  readonly fromJson?: (value: unknown) => unknown;
  /** What a cell holds, for the import's help ("is yes or no"). */
  readonly hint?: string;
  /** A cell's value in the example row ("no"). */
  readonly example?: string;
  /** A CSV cell's value, or why not ("should be yes or no"); without it the field comes from JSON only. */
  readonly fromCell?: (cell: string) => { ok: true; value: unknown } | { ok: false; problem: string };
}

/**
 * What the ruleset keeps of its own after a fight (`Ruleset.between.aftermath`: worn gear), written back
 * into the entry's own part.
 */
export type KeepOwn = (own: OwnEntry, kept: JsonValue) => OwnEntry;

/**
 * A ruleset's own part of party and bestiary entries: how it is checked, drafted, imported and
 * taken into a fight (plain functions: `rulesets/rules.ts` registers them, so the campaign's code
 * reaches them without loading the ruleset's panels; its editor fields are `combatant.entryFields`).
 */
/** Where an entry is made: the party or the bestiary, and the campaign's settings. */
export interface EntryContext {
  readonly party: boolean;
  readonly settings: Readonly<Record<string, SettingValue>>;
}

export interface EntryRules {
  /** Checks its keys of an entry's data (missing ones take their defaults); other keys are not its business. */
  read(data: Readonly<Record<string, unknown>>): OwnEntryCheck;
  /** As much of a damaged entry's part as the editor can show; never fails. `{}` gives a new entry's part. */
  draft(data: Readonly<Record<string, unknown>>): OwnEntry;
  /** What it adds to the command that brings the entry into a fight. */
  toCommand(own: OwnEntry): CombatantExtras;
  /** Words the party and bestiary lists show after the stats ("Fearless"). */
  tags?(own: OwnEntry): string[];
  /**
   * What its rules refuse in a whole entry (its traits and stats beside its own part: heavy armour
   * without the traits it needs), as sentences the editor shows before saving; none when it fits.
   * `party`: a player's character; `settings`: the campaign's (a rule may apply to the party only).
   */
  refusals?(data: Readonly<Record<string, unknown>>, context: EntryContext): string[];
  /** Its fields as bestiary files name them. */
  readonly imports?: readonly EntryImport[];
  /** How what the ruleset kept of its own after a fight goes back into the part. */
  readonly afterFight?: KeepOwn;
}

/** How a phase of the round is named. */
export interface PhaseName {
  /** The GM's top bar, after "Round n" ("fast"); empty shows nothing. */
  readonly bar: string;
  /** The players' screen, after the round ("Fast phase"); empty shows nothing. */
  readonly players: string;
  /** A phase before round 1: the GM's top bar shows `bar` instead of the round. */
  readonly opening?: boolean;
}

/** Where the acting character is moved on the map: a zone, or a border (half a zone). */
export type MapMoveTarget = { readonly zoneId: Id } | { readonly borderId: Id };

/**
 * What a ruleset adds to the battle map, read while it is shown: zones to light, rings and picks
 * on tokens, what clicks mean while the ruleset is in the middle of something (aiming), and how
 * the acting character moves.
 */
export interface MapOverlay {
  /** Zones to light on top of where the acting character can step. */
  readonly highlight: Readonly<Record<Id, HighlightStyle>>;
  /** In the middle of something (aiming): the acting character's steps are not lit. */
  readonly busy: boolean;
  /** The pointer is a crosshair over the map (aiming at a zone). */
  readonly crosshair: boolean;
  /** The ring around a token, or null. */
  ring(id: Id): TokenRing | null;
  /** The token is picked (shown as selected) by the ruleset, e.g. as an attack's target. */
  picked(id: Id): boolean;
  /** A click on a token; true when the ruleset used it, otherwise the token is selected. */
  click(id: Id): boolean;
  /** A tap on a zone (not while placing a token). */
  tap(zoneId: Id): void;
  /** The acting character is dragged to a zone or border: the ruleset moves them. */
  moveActing(target: MapMoveTarget): void;
  /** The map goes away: anything it started is dropped. */
  close(): void;
  /** There is a note from the ruleset under the map now (it replaces the generic hint). */
  readonly noting: boolean;
}

/** A ruleset's part of the battle map: its overlay, and components the map shows. */
export interface MapPart {
  readonly overlay: MapOverlay;
  /** Drawn on the map under the tokens, in map units; `r` is a token's radius. */
  readonly Layer?: Component<{ r: number }>;
  /** Under the map, before the note (a question for the GM). */
  readonly Prompt?: Panel;
  /** The note under the map while the overlay is `noting`. */
  readonly Note?: Panel;
}

/** What a ruleset's part of the generic turn panel gets. */
export interface TurnPartProps {
  active: Combatant;
  budget: TurnBudget;
  /** The generic action buttons and note for the log, and End turn: the part places them (and holds them back while it asks something). */
  actions: Snippet;
  end: Snippet;
}

/** A ruleset's part of the turn panel, which answers the turn's shortcuts (T attacks). */
export type TurnPart = ShortcutPanel;

/** A chip after the economy's own in the turn's "what is left" (Zones & Factions: moving). */
export interface TurnChip {
  label: string;
  used: boolean;
}

/** Dice the rules rolled inside one of the ruleset's events, labelled for the dice log. */
export type RuleRollsOf = (event: EncounterEvent, nameOf: (id: Id) => string) => RuleRoll[];

/** One ruleset's part of the GM screen. */
export interface RulesetPanels {
  /** The engine's ruleset id. */
  readonly id: string;
  /** Flags the generic screens read. */
  readonly shows?: {
    /**
     * The screen has the battle map built for this ruleset (how its characters move on it): shown
     * where the engine's ruleset also says its fights use zones (`Ruleset.space`).
     */
    readonly battleMap?: boolean;
    /** The "What happened" panel in the right column. */
    readonly fightLog?: boolean;
  };
  /**
   * Its part of setting up the fight, below the generic factions and settings (zones): open while
   * setting up; afterwards folded with them under `foldedLabel`.
   */
  readonly setup?: { readonly panel: Panel; readonly foldedLabel: string };
  /** Whose go it is and who may take it (number keys pick). */
  readonly whoseGo?: ShortcutPanelComponent;
  /**
   * Its own panels for the prompts it opens (the choices the fight waits for), by the prompt's
   * kind (reactions to an attack); a prompt without one gets the generic panel: its message, a
   * button for each of its `choices` and Call it off (number keys answer it). Its own panel
   * answers the keys itself where it takes any.
   */
  readonly prompts?: Readonly<Partial<Record<NamespacedType, Component<{ prompt: OpenPrompt }, Partial<ShortcutPanel>>>>>;
  /** End-of-round steps; shows itself when one is due (and may take it on a number key). */
  readonly endOfRound?: StepPanel;
  /** A turn timer; shows itself when the rules call for one. */
  readonly timer?: Panel;
  /**
   * Its part of the generic turn panel (shown for rulesets with an action economy): what it adds
   * between what is left and the actions (moving, attacking; T attacks), the actions it offers
   * itself rather than as plain buttons, and chips and words about what else is left.
   */
  readonly turn?: {
    readonly part?: Component<TurnPartProps, TurnPart>;
    readonly ownActions?: readonly string[];
    chips?(fight: EncounterState, budget: TurnBudget): TurnChip[];
    left?(fight: EncounterState, budget: TurnBudget): string;
  };
  /** Steps once the fight is over (and may take one on a number key). */
  readonly afterFight?: StepPanel;
  /** The right column, under the dice. */
  readonly aside?: Panel;
  /** The selected combatant: what they may do out of turn, who holds them. */
  readonly selected?: Component<{ target: Combatant }>;
  /** A combatant's ruleset fields. */
  readonly combatant?: {
    /**
     * Tags after the name in the turn-order row (marks, held), as words the row draws itself: a
     * long fight draws many rows, and a component of its own in each cost nodes and anchors.
     */
    readonly tags?: (combatant: Combatant, state: EncounterState) => readonly RowTag[];
    /** In the edit form, after the generic fields (marks, gear). */
    readonly edit?: Component<{ target: Combatant }>;
    /** In the add form: fields in its row, a part below it, and what they start as. */
    readonly add?: {
      readonly inline?: Component<ExtrasProps<CombatantExtras>>;
      readonly below?: Component<ExtrasProps<CombatantExtras>>;
      /** The extras of a fresh form. */
      initial(): CombatantExtras;
      /** What stays after a combatant is added. */
      afterAdd(extras: CombatantExtras): CombatantExtras;
    };
    /** Party and bestiary entries: its fields in the entry editor (their rules are in `rulesets/rules.ts`). */
    readonly entryFields?: Component<EntryFieldsProps>;
  };
  /** On the battle map. */
  readonly map?: MapPart;
  /** Names of the round's phases, for the top bar and the players' screen. */
  readonly phases?: Readonly<Partial<Record<Phase, PhaseName>>>;
  /** The players' screen: shown in its header after the phase. */
  readonly playerHeader?: Component<{ fight: PlayerFight }>;
  /**
   * The players' screen: the word for a character out of the fight where the ruleset has one of
   * its own (2d6 & Vigilant: "stable" rather than "down"), by their key; null keeps the usual word.
   */
  outWord?(fight: PlayerFight, key: string): string | null;
  /** Dice rolled inside the ruleset's events, for the dice log. */
  readonly ruleRolls?: RuleRollsOf;
}
