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
export type { Failure, Result } from './result';

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
} from './encounter/state';
/** Commands the GM gives; events they become. */
export type { Command } from './encounter/commands';
export type { EncounterEvent, EventOf, EventType, ExpiredCondition, InitiativeEntry } from './encounter/events';
/** Limits the commands enforce, for forms that want to show them. */
export { NAME_MAX, NOTES_MAX, possessive } from './encounter/checks';
export { AMOUNT_MAX, ROUNDS_MAX } from './encounter/decide-combatant';
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
  redo,
  replay,
  restoreEncounter,
  SNAPSHOT_INTERVAL,
  undo,
  type DispatchResult,
  type Encounter,
  type NewEncounter,
  type StoredHistory,
} from './encounter/encounter';
/** An encounter's history as an append-only journal (what the campaign stores per encounter). */
export {
  foldJournal,
  historyLines,
  stepLines,
  REDO_LINE,
  UNDO_LINE,
  type CutStep,
  type FoldedJournal,
  type JournalLine,
} from './encounter/journal';

/** Turn-order procedures. */
export type { TurnPointer, TurnProcedure } from './turns/procedure';
export { individualInitiative, type IndividualInitiativeRules } from './turns/individual';

/** Rulesets: the interface and the ones this version ships. */
export type {
  ActionDefinition,
  ReferenceTable,
  Ruleset,
  SettingDefinition,
  StatDefinition,
  TrackDefinition,
} from './rulesets/ruleset';
export { defaultSettings } from './rulesets/ruleset';
export { findRuleset, RULESETS } from './rulesets/index';

/** Zones, gear, rule marks and the round bookkeeping of procedures where factions alternate. */
export type { GearItem, GearKind, GearWear, Mark, Phase, Resource, ResourceReset, RoundState, TurnBudget, WeaponReach, Zone } from './encounter/state';
export type { GearInput, ChaseRunner, ResourceInput } from './encounter/commands';
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
export type { ChaseResult, MoraleResult, WearResult } from './encounter/events';
export type { AttackIntent, AttackSituation, Blow, CounterIntent, PendingAttack, Reaction } from './encounter/attack';
export type { AlternatingProcedure, OrderProcedure } from './turns/procedure';
/** Who may act now in a fight where factions alternate, and why someone may not. */
export { eligibleOf, factionsInFight, whyNotEligible } from './turns/alternating';
export { describeLeft, thresholdEntryOpen } from './encounter/decide-alternating';
/** What is left of a turn: whether it still allows a bonus, main, two-bonus or whole-turn action. */
export { budgetAllows, type Spends } from './turns/budget';
/** The zone graph, and who stands nearby whom. */
export { checkZones, nearby, neighboursOf, zoneDistance } from './map/zones';
/** Zones & Factions helpers the screen uses to show a verdict before the GM commits. */
export { attackCheck, rangeOf, type HitCheck } from './rulesets/zones/attack-check';
export { armourOf } from './rulesets/zones/damage';
export { isFighting } from './rulesets/zones/morale';
export { UNARMED } from './rulesets/zones/declare-attack';
export { canFlee } from './rulesets/zones/aftermath';

/** Zones & Factions odds and verdicts the screen shows before any dice are rolled. */
export { moraleOdds, moraleReason, subjectToMorale, type MoraleReason } from './rulesets/zones/morale';
export { chaseOdds, chaseVerdict, type ChaseVerdict, type Pace } from './rulesets/zones/chase';
export { gearToRoll } from './rulesets/zones/wear';
