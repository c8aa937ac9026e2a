/**
 * The GM Screen engine: the rules, pure and shared by the main process, the renderer, tests and
 * benchmarks. Everything outside `engine/` imports from this file only.
 *
 * Drive an encounter with {@link createEncounter}, {@link dispatch}, {@link undo}, {@link redo};
 * read `encounter.state` and `encounter.events`; rebuild with {@link replay} or
 * {@link restoreEncounter}.
 *
 * @packageDocumentation
 */

/** Errors as data: `{ ok: false, code, message }` with a sentence for the GM. */
export { failure, type Failure, type Result } from './result';

/** Seeded random source: state in, state out, no global randomness. */
export { randomFrom, seedState, type RandomSource, type RandomState } from './dice/random';
/** Dice notation (`2d6+1`, `d20`, `4d6kh3`, `2d20kl1`) parsed into a formula, with limits. */
export { DICE_LIMITS, formatTerms, parseNotation, type Formula, type Term } from './dice/notation';
/** Rolls with every die kept for the log, rolled from a source or entered by hand. */
export { manualRoll, rollFormula, rollNotation, type Die, type Roll, type RolledTerm } from './dice/roll';
/** d20 with advantage / disadvantage, roll-under saves and their odds. */
export { rollD20, rollUnderChance, rollUnderSave, type Edge, type SaveResult } from './dice/checks';

/** The encounter's state: combatants, factions, order, round, the random source's state. */
export type {
  Combatant,
  CombatStatus,
  Condition,
  ConditionTimer,
  EncounterState,
  Faction,
  Id,
  SettingValue,
  Track,
} from './core/state';
/**
 * The pieces a ruleset's event schemas are made of (valibot schemas for ids, keys, whole numbers,
 * text, rolls, tracks…): every event type declares what a stored event must hold.
 */
export { count, eventId, eventKey, listOf, recordOf, rngState, roll, text, track, whole } from './core/stored-event-parts';
/** Commands the GM gives; events they become. */
export type { Command } from './core/commands';
/** Where a new character may start, in every kind of space (`add-combatant`'s fields for it). */
export type { SpacePlace, SpaceStart } from './core/maps/parts';
export type { EncounterEvent, EventOf, EventType, ExpiredCondition, InitiativeEntry } from './core/events';
/** Limits the commands enforce, for forms that want to show them. */
export { NAME_MAX, NOTES_MAX, possessive } from './core/checks';
export { AMOUNT_MAX } from './encounter/decide-combatant';
export { durationFor, ROUNDS_MAX, type ConditionDefinition, type ConditionDuration, type ConditionTrack, type DurationTemplate } from './core/conditions';
/** What a fight leaves behind for the party: health, rest uses, conditions that outlive the fight (and how long), lasting stats, the ruleset's own part. */
export { aftermathOf, checkKeptConditions, KEPT_CONDITIONS_MAX, type Aftermath, type CheckedKeptCondition, type KeptCondition, type KeptDuration } from './core/aftermath';
/** Between fights: the end of the scene and a rest, which end what lasted until the scene's end and leave what lasts until recovered. */
export { afterRest, afterSceneEnds, type Rested, type RestingEntry } from './encounter/between-fights';
/** What conditions do that the engine applies: to checks, to stats, to the actions a turn holds. */
export { blockedSlots, checkEffects, EFFECTS_MAX, effectWords, spentUnder, statOf, type CheckEffects, type ConditionEffect } from './core/effects';
export { MAX_COMBATANTS, MAX_QUANTITY } from './encounter/decide-setup';
/** Decide (command → events) and apply (state + event → state), for callers that need the parts. */
export { decide } from './encounter/decide';
export { applyEvent } from './encounter/reducer';
/** The encounter with its history: create, dispatch, undo, redo, replay, restore. */
export {
  canRedo,
  canUndo,
  createEncounter,
  DEFAULT_FACTIONS,
  dispatch,
  isHistoryDamage,
  redo,
  replay,
  replayUnder,
  restoreEncounter,
  SNAPSHOT_INTERVAL,
  undo,
  type DispatchResult,
  type Encounter,
  type HistoryDamage,
  type NewEncounter,
  type StoredHistory,
} from './encounter/encounter';
/** An encounter's history as an append-only journal (what the campaign stores per encounter). */
export {
  foldJournal,
  historyLines,
  isJournalDamage,
  stepLines,
  REDO_LINE,
  UNDO_LINE,
  type CutStep,
  type FoldedJournal,
  type JournalDamage,
  type JournalLine,
  type FoldOptions,
  verifyOpened,
} from './encounter/journal';
/** Snapshots in the journal, so that opening a long fight folds only its tail. */
export { isSnapshot, SNAPSHOT_EVERY, withSnapshot, type SnapshotLine } from './encounter/journal-snapshots';
/** The end of a journal folded on its own: a long fight's preview while its whole history is read. */
export { foldJournalEnd, type JournalEnd } from './encounter/journal-end';

/**
 * What the GM lets the players see, kept in the encounter (`state.display`, set by the commands
 * `set-player-factions`, `set-enemy-health`, `set-player-name`, `reveal-name` and
 * `hide-until-turn`, so it is logged and undoable): which factions are shown in full, how other
 * characters show their health, the names the players see, and who stays off the player view
 * until their first turn. A new encounter shows its first faction in full ({@link defaultDisplay}).
 * Read it with {@link displayOf}, which fills in the defaults for states from before it existed;
 * {@link playerFactionIds} gives the factions shown in full that still exist.
 */
export type { EnemyHealthMode, PlayerDisplay } from './core/state';
export { defaultDisplay, displayOf, ENEMY_HEALTH_MODES, playerFactionIds } from './core/display';
/**
 * The player view: {@link projectPlayerView} turns an encounter's state into the plain JSON the
 * player window receives, and nothing else: no ids (opaque keys by position among what is shown),
 * no concealed characters, no one waiting for their first turn, no hidden zones, no GM notes, no
 * real names the GM hasn't revealed, no exact health outside the player factions (a
 * {@link HealthDescriptor} or nothing), no seed; a planned encounter is only `{ status: 'waiting' }`.
 */
export {
  healthDescriptor,
  PLAYER_VIEW_VERSION,
  projectPlayerView,
  type HealthDescriptor,
  type PlayerCombatant,
  type PlayerFaction,
  type PlayerFight,
  type PlayerHealth,
  type PlayerTrack,
  type PlayerView,
} from './views/player-view';
export type { PlayerBorder, PlayerMap, PlayerZone } from './space/zones/player-view';

/** Turn-order procedures. */
export type { TurnPointer, TurnProcedure } from './core/turn-procedure';
export { individualInitiative, type IndividualInitiativeRules } from './turns/individual';
export { elapsedAt, fightClock } from './turns/clock';

/** Rulesets: the interface and the ones this version ships. */
export type {
  ActionDefinition,
  BetweenFightsRules,
  CharacterRules,
  HealthRules,
  LogRules,
  OwnRules,
  PlayerRules,
  ReferenceTable,
  RestRules,
  RuleCommandHandler,
  RuleEventDefinition,
  RuleLogKind,
  RuleSlice,
  Ruleset,
  SettingDefinition,
  SpaceRules,
  StatDefinition,
  TrackDefinition,
  TurnRules,
} from './core/ruleset';
export { defaultSettings } from './core/ruleset';
export type { TraitDefinition } from './core/ruleset';
/** Values a ruleset declares (settings, gear fields, traits), checked against their declaration. */
export { checkFieldValue, checkFieldValues, hasTrait, type FieldDefinition } from './core/fields';
/** A ruleset's own commands and events are named `<ruleset id>/<name>`; its slices are plain JSON. */
export { isNamespaced, type NamespacedType } from './core/namespaced';
export { asEvent, commandsOf, eventAs, ruleEvent, type OfType, type TypedCommandHandler, type TypedEventDefinition } from './core/typed';
export { isRecord, type JsonValue } from './json';
export { isRulesetCommand, type CoreCommand, type RulesetCommand } from './core/commands';
export { isRulesetEvent, type CoreEvent, type RulesetEvent } from './core/events';
/**
 * The choices a fight waits for before anything else (prompts its ruleset's events open): the one
 * on top, all of them, and what a ruleset's events use to open, change and close them.
 */
export { openPrompt, openPrompts } from './encounter/prompts';
export { NEUTRAL_ROLE, type OpenPrompt, type PromptChoice, type PromptKind, type PromptSubject } from './core/prompt-kind';
export { findPrompt, promptsOf, withPrompt, withoutPrompt } from './core/prompt-stack';
export type { Prompt } from './core/state';
/** What a ruleset's events are told with: the audience's voice, and a sentence with its characters and dice. */
export { told, type Told } from './core/told';
export type { Audience, Voice } from './core/voice';
/** How a combatant stands by their ruleset: fine, hurt, badly hurt, down or out, and why. */
export { isOutOfFight, markedOut, sideLeftStanding, statusOf, trackStatus, type CombatantStatus, type OutKind, type StatusLevel } from './core/health';
/** A track's new values with one changed, kept between 0 and its maximum (how most rulesets' damage and healing land). */
export { withTrackValue } from './core/tracks';
/**
 * The rulesets this build offers (`rulesets/builtin.ts`): their entries as the campaign list shows
 * them, each loaded when a campaign of it opens (`loadRuleset`), the catalogue of those loaded that
 * the app opens encounters with, and how code with a ruleset of its own (a test, a plug-in) makes a
 * catalogue of it. Node code that wants every ruleset at once imports `engine/all-rulesets.ts`.
 */
export { BUILTIN_RULESET_ENTRIES, BUILTIN_RULESETS, findRuleset, loadAllRulesets, loadRuleset, rulesetEntry } from './rulesets/builtin';
export { RulesetNotLoadedError, rulesetLoader, type RulesetEntry, type RulesetLoader } from './core/ruleset-loader';
export { onlyRuleset, rulesetCatalogue, type RulesetCatalogue } from './core/catalogue';
export { economyOf } from './core/economy-of';
export { usesSpace, withoutSpace, type SpaceKind } from './core/space-kind';
export { checkGearList, gearPieceProblem, shownGearFields, type CheckedGear, type GearDeclaration, type GearFieldDefinition, type GearKindDefinition, type GearPiece, type GearValues } from './core/gear';

/** The rule states a character can carry under a ruleset: the ways out of a fight, then its own. */
export { marksOf, markNamed, OUT_MARKS, type MarkDeclaration } from './core/marks';
/** Rule marks and the round bookkeeping of procedures where factions alternate. */
export type { Mark, Phase, Resource, ResourceReset, RoundState, TurnBudget } from './core/state';
export type { Zone } from './core/maps/zone-state';
/**
 * Where zones meet in an encounter (`state.borders`), the drawn map it is fought on (`state.map`,
 * geometry without the image), and the halves of movement a turn has spent.
 */
export type { MovementSpent } from './core/state';
export type { BattleMap, Border } from './core/maps/zone-state';
export type { ResourceInput } from './core/commands';
/**
 * Limited-use abilities ("Rage 1 of 2, back after a rest"): uses left, every use back after a rest,
 * when an ability comes back in words, and the limits add-combatant enforces. `round` abilities
 * get their uses back by themselves at the start of every round; the campaign layer resets the
 * others (`encounter` ones by adding them with `used: 0`, `rest` ones with {@link resourcesAfterRest}).
 */
export {
  MAX_RESOURCES,
  RESOURCE_NAME_MAX,
  RESOURCE_RESETS,
  RESOURCE_USES_MAX,
  resourceLeft,
  resourcesAfterRest,
  TEMPLATE_ID_MAX,
  whenResourceReturns,
} from './encounter/resources';
export type { AlternatingProcedure, OrderProcedure } from './core/turn-procedure';
/** Who may act now in a fight where factions alternate, and why someone may not. */
export { eligibleOf, factionsInFight, whoMayTakeTurn, whyNotEligible } from './turns/alternating';
export { gateEntryOpen } from './encounter/decide-alternating';
/** What is left of a turn: whether it still allows a bonus, main, two-bonus or whole-turn action. */
/** A ruleset's action economy as data: what a turn holds, what actions cost, what is left. */
export { budgetAfter, costAllowed, freshBudget, offTurnCost, slotLabel, slotsLeft, spentOf, turnEndedBy, type ActionEconomy, type ActionSlot, type Cost } from './core/economy';
/** The zone graph, and who stands nearby whom. */
export { checkZones, MAX_ZONE_NAME, MAX_ZONES, nearby, neighboursOf, randomNeighbour, zoneDistance } from './space/zones/zones';

/**
 * Drawn zone maps as the campaign stores them and the editor draws them: zones as polygons with
 * their traits, hand-made links (open, closed, one-way), barriers by border id, an optional
 * background image. `borderId(a, b)` names the border between two zones, either way round.
 */
export { borderId, type MapBackground, type MapBorder, type MapLink, type MapZone, type Point, type ZoneMap, type ZoneTraits } from './core/maps/zone-map';
/**
 * Plane geometry for the map editor and view (map units, y down): point in polygon, a label and
 * token anchor inside any outline, bounds, distance to a segment, the edge stretches two outlines
 * share (what makes zones border each other), whether an outline crosses itself, and snapping a
 * point to nearby corners, then edges, then the grid.
 */
export {
  boundsTouch,
  closestPointOnSegment,
  distanceToSegment,
  EDGE_TOLERANCE,
  pointInPolygon,
  poleOfInaccessibility,
  polygonBounds,
  polygonCentroid,
  segmentsIntersect,
  selfIntersects,
  sharedSegments,
  signedArea,
  snapPoint,
  type Bounds,
  type Segment,
  type SnapOptions,
} from './space/zones/geometry';
/**
 * Borders of a drawn map and of an encounter: derived from shared edges and links, who borders
 * whom, which way a one-way border goes, the moving distance that
 * respects one-way borders, anchors for labels and tokens, and hit-testing zones and borders.
 */
export {
  borderAnchor,
  borderAt,
  borderBetween,
  bordersOf,
  crossableInto,
  deriveBorders,
  moveDistance,
  otherSide,
  zoneAnchor,
  zoneAt,
} from './space/zones/borders';
/**
 * Checking a drawn map from a file, the campaign or the editor (a clean copy, or one sentence that
 * names the map, the zone and the field), its limits, and a blank map to start from.
 */
export {
  BACKGROUND_MIMES,
  checkZoneMap,
  COORDINATE_LIMIT,
  emptyMap,
  isStoredPicture,
  MAX_BACKGROUND_CHARS,
  MAX_CORNERS,
  MAX_HAZARD_NOTE,
  MIN_CORNERS,
  readZoneMap,
  ZONE_ID_PATTERN,
  type CheckedZoneMap,
} from './space/zones/check-map';
/** The square grid (`space/grid/`): grid maps, their checks, cell names, sight and cover, walking. */
export {
  CELL_CODES,
  cellKind,
  cellName,
  columnName,
  edgeName,
  emptyGridMap,
  MAX_CREATURE_SIZE,
  MAX_GRID_SIDE,
  parseCellName,
  SLIT_OPENING,
  type Cell,
  type CellHeight,
  type CellKind,
  type EdgeKind,
  type Footprint,
  type GridAlignment,
  type GridEdge,
  type GridMap,
} from './core/maps/grid-map';
export { checkGridMap, MAX_HEIGHT } from './space/grid/check-grid';
export { blankStoredGrid, checkStoredGridMap, isGridEntry, type StoredGridMap } from './space/grid/stored-grid';
export { compileGrid, edgeKey, type Grid } from './space/grid/grid';
export { sightBetween, type Cover, type Sight } from './space/grid/sight';
export { findPath, reachable, type GridPath, type WalkRules } from './space/grid/paths';
export { cellDistance, footprintDistance } from './space/grid/distance';
export { type DiagonalRule } from './core/maps/grid-rules';
export { gridOf, gridRules } from './space/grid/battle-grid';
export { diagonalRule } from './core/maps/grid-rules';
export { previewWalk, walkedThisTurn } from './space/grid/decide-grid';
export type { PlannedWalk } from './space/grid/walk';
export type { BattleGrid } from './core/maps/grid-state';
export type { GridRules } from './core/maps/grid-rules';
export type { PlayerEdge, PlayerGrid } from './space/grid/player-view';
/** The longest name `set-map` takes for a map. */
export { MAP_NAME_MAX } from './space/zones/decide-map';
/**
 * Movement in halves (a zone is two: onto a border, off it): where a character can go with the
 * movement left, for the map view to light up, and the quickest way to a zone or border.
 */
export {
  findMove,
  halfSteps,
  moveOptions,
  TURN_MOVEMENT_HALVES,
  type MoveOption,
  type MoveTarget,
  type Position,
} from './space/zones/movement';
/** Halves of the turn's movement spent, also for budgets from before movement came in halves. */
export { movementSpent } from './core/budget';
/**
 * The encounter log (`log/`): every event told in plain sentences, for the GM or for the players.
 *
 * - {@link logEntries}: the GM's log, one {@link LogEntry} per event worth telling (its event
 *   index and GM step, round, stage, {@link LogKind}, the characters involved, the sentence, every
 *   die, clauses for the round summary, and whether it is GM-only). One replay, linear time.
 * - {@link playerLog}: the players' version, by the player view's rules at the moment of each
 *   event (no hidden characters, factions or zones, no GM-only entries, names as the players see
 *   them, opaque keys instead of ids).
 * - {@link stateAfter}: the state after any entry (jump to a point of the fight, read-only).
 * - {@link roundSummaries}: one line per round; {@link logSections}: entries under round headings;
 *   {@link filterLog}: by round, character and kind.
 * - Exports, pure string functions: {@link exportMarkdown}, {@link exportHtml} (self-contained,
 *   printable: the app makes the PDF from it), {@link exportJson} with {@link importEncounterLog}
 *   (the backup and bug report format: import gives the same encounter), {@link exportDiceCsv}.
 *   `meta` carries the campaign's name and the export time (the engine has no clock); `options`
 *   ({@link LogOptions}) the audience, dice details and overrides.
 * - {@link narrate} and {@link fightLog}: the GM screen's "What happened" panel.
 */
/** The GM's log ({@link logEntries}), its kinds and stages, and the state after any entry ({@link stateAfter}). */
export { logEntries, logKindsOf, stateAfter, type LogEntry, type LogLine, type LogStage } from './log/entries';
export { type LogKind, type LogKindDeclaration } from './core/log-kinds';
/** Entries by round, character (ids, or the players' keys) and kind. */
export { filterLog, type LogFilter } from './log/filter';
/** The players' version of the log, and the options every log and export takes (audience, dice details, overrides). */
export { GM_LOG_OPTIONS, playerLog, type LogAudience, type LogOptions, type PlayerLogEntry } from './log/player-log';
/** Entries under round headings, and one summary line per round. */
export { logSections, roundSummaries, sectionSummary, SUMMARY_CLAUSES_MAX, type LogSection, type RoundSummary } from './log/summary';
/** A roll as the log keeps it (every die, dropped ones marked), and how the exports write it. */
export { diceLabel, diceValues, formatDice, logDice, type LogDice } from './core/log-dice';
/** What every export shows, built once: heading facts, participants, sections with summaries, the outcome. */
export {
  dateOf,
  logDocument,
  type DocumentLine,
  type DocumentSection,
  type LogDocument,
  type LogMeta,
  type Outcome,
  type OutcomeSide,
  type Participants,
} from './log/document';
/** The Markdown recap, and the escaping it uses for text from the encounter. */
export { escapeMarkdown, exportMarkdown, renderMarkdown } from './log/markdown';
/** The self-contained, printable HTML page (the app prints the PDF from it). */
export { escapeHtml, exportHtml, renderHtml } from './log/html';
/** Every roll as RFC 4180 CSV. */
export { csvField, DICE_CSV_FIELDS, exportDiceCsv } from './log/csv';
/** Names with right-to-left letters or bidi controls in isolates of their own, as the exports show them. */
export { balanceBidi, isolateText, nameSplitter, namesToIsolate, needsIsolate, type NameSplitter, type TextPart } from './log/bidi';
/** The raw history as versioned JSON (backup and bug report), and reading it back into the same encounter. */
export {
  ENCOUNTER_LOG_TYPE,
  ENCOUNTER_LOG_VERSION,
  exportJson,
  importEncounterLog,
  MAX_LOG_CHARS,
  MAX_LOG_DEPTH,
  readEncounterLog,
  type EncounterLogFile,
} from './log/json';
/** The GM screen's "What happened" panel: the events worth a line there, newest first. */
export { fightLog, narrate, placesOf, type Line as FightLogLine, type Places } from './log/narrate';
