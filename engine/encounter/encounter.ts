import { seedState, type RandomSource } from '../dice/random';
import { failure, type Failure, type Result } from '../result';
import { checkName, isFailure } from '../core/checks';
import { unknownRuleset, type RulesetCatalogue } from '../core/catalogue';
import { defaultSettings } from '../core/ruleset';
import type { Command } from '../core/commands';
import { decide } from './decide';
import { isKnownEventType, type EncounterEvent } from '../core/events';
import { upgradeEvent } from './upgrade';
import { eventShapeProblem, storedEventProblem } from './event-checks/index';
import { stateLimitsProblem } from './event-checks/state-limits';
import type { Ruleset } from '../core/ruleset';
import { applyEvent, initialState } from './reducer';
import type { EncounterState, Faction, Id } from '../core/state';
import { grow, outside, reader, shortened, type Growing } from './growing-list';

/** How many events lie between two kept snapshots: undo replays at most this many. */
export const SNAPSHOT_INTERVAL = 256;

/** The state after the first `at` events of a history. */
export interface StateAt {
  readonly at: number;
  readonly state: EncounterState;
}

/**
 * An encounter and its history: the event log, where each GM step ends in it (one command can
 * make several events), the steps undone and not yet redone, and snapshots that keep undo fast.
 * Immutable: every operation returns a new value.
 */
export interface Encounter {
  /** The rules it is played by, found once where it was created or read back, and handed to the core from then on. */
  readonly ruleset: Ruleset;
  readonly state: EncounterState;
  readonly events: readonly EncounterEvent[];
  /** `events.length` after each step, ascending. */
  readonly steps: readonly number[];
  /** Undone steps, the most recently undone last. */
  readonly redoable: readonly (readonly EncounterEvent[])[];
  readonly snapshots: readonly StateAt[];
}

export type DispatchResult =
  | { ok: true; encounter: Encounter; events: EncounterEvent[] }
  | (Failure & { encounter: Encounter });

export interface NewEncounter {
  id: Id;
  name: string;
  rulesetId: string;
  /** Seeds the encounter's dice; same seed and same commands give the same encounter. */
  seed: number;
  factions?: Faction[];
}

export const DEFAULT_FACTIONS: readonly Faction[] = [
  { id: 'f1', name: 'Heroes', colour: '#4f8fd9' },
  { id: 'f2', name: 'Enemies', colour: '#d94f4f' },
];

/** The shared lists behind the encounters `history` made (growing-list.ts); others hold plain arrays. */
interface Lists {
  readonly events: Growing<EncounterEvent>;
  readonly steps: Growing<number>;
  readonly snapshots: Growing<StateAt>;
}

const listsOf = new WeakMap<Encounter, Lists>();

function lists(encounter: Encounter): Lists {
  return listsOf.get(encounter) ?? { events: outside(encounter.events), steps: outside(encounter.steps), snapshots: outside(encounter.snapshots) };
}

/**
 * An encounter whose lists are shared with the other values of its history: a step costs what
 * the step holds, not what the history holds (growing-list.ts says how, and what a reader must
 * not rely on). The lists are read through getters, so `{ ...encounter }` still gives plain arrays.
 */
function history(ruleset: Ruleset, state: EncounterState, shared: Lists, redoable: Encounter['redoable']): Encounter {
  const events = reader(shared.events);
  const steps = reader(shared.steps);
  const snapshots = reader(shared.snapshots);
  const encounter: Encounter = {
    ruleset,
    state,
    get events() {
      return events();
    },
    get steps() {
      return steps();
    },
    redoable,
    get snapshots() {
      return snapshots();
    },
  };
  listsOf.set(encounter, shared);
  return encounter;
}

/** Appends events, keeping a snapshot each time the log crosses a snapshot boundary. */
function append(encounter: Encounter, events: readonly EncounterEvent[], redoable: Encounter['redoable']): Encounter {
  const shared = lists(encounter);
  let state = encounter.state;
  const kept: StateAt[] = [];
  const start = shared.events.length;
  events.forEach((event, i) => {
    state = applyEvent(state, event, encounter.ruleset);
    if ((start + i + 1) % SNAPSHOT_INTERVAL === 0) kept.push({ at: start + i + 1, state });
  });
  const grown = grow(shared.events, events);
  // A redo's kept states are new objects: they go onto the list as a new step's would.
  const snapshots = kept.length > 0 ? grow(shared.snapshots, kept) : shared.snapshots;
  return history(encounter.ruleset, state, { events: grown, steps: grow(shared.steps, [grown.length]), snapshots }, redoable);
}

/** Starts an encounter under one of `rulesets`. Fails if the ruleset is not among them or the name is empty. */
export function createEncounter(options: NewEncounter, rulesets: RulesetCatalogue): { ok: true; encounter: Encounter } | Failure {
  const ruleset = rulesets.find(options.rulesetId);
  if (!ruleset) return failure('ruleset/unknown', `There is no ruleset "${options.rulesetId}".`);
  const name = checkName(options.name, 'encounter');
  if (isFailure(name)) return name;
  if (!Number.isInteger(options.seed)) return failure('input/seed', 'The dice seed must be a whole number.');
  const created: EncounterEvent = {
    type: 'encounter-created',
    id: options.id,
    name,
    rulesetId: ruleset.id,
    seed: options.seed,
    rng: seedState(options.seed),
    settings: defaultSettings(ruleset),
    factions: [...(options.factions ?? DEFAULT_FACTIONS)],
  };
  const encounter: Encounter = { ruleset, state: initialState(created, ruleset), events: [created], steps: [1], redoable: [], snapshots: [] };
  return { ok: true, encounter };
}

/**
 * Checks a command against the rules and, if it is allowed, records its events as one step. The
 * dice come from the encounter's seeded source unless a source is passed in.
 */
export function dispatch(encounter: Encounter, command: Command, random?: () => RandomSource): DispatchResult {
  const decided = decide(encounter.state, command, encounter.ruleset, random);
  if (!decided.ok) return { ...decided, encounter };
  if (decided.value.length === 0) return { ok: true, encounter, events: [] };
  return { ok: true, encounter: append(encounter, decided.value, []), events: decided.value };
}

/**
 * The state an event list leads to, under the ruleset among `rulesets` its first event names.
 * Never rolls: every result is already in the events.
 */
export function replay(events: readonly EncounterEvent[], rulesets: RulesetCatalogue): EncounterState {
  const [first] = events;
  if (!first || first.type !== 'encounter-created') throw new Error('An encounter log must begin with its encounter-created event.');
  const ruleset = rulesets.find(first.rulesetId);
  if (!ruleset) throw new Error(unknownRuleset(first.rulesetId).message);
  return replayUnder(ruleset, events);
}

/** The state an event list of an encounter of `ruleset` leads to (its first event creates the encounter). */
export function replayUnder(ruleset: Ruleset, events: readonly EncounterEvent[]): EncounterState {
  const [first, ...rest] = events;
  if (!first || first.type !== 'encounter-created') throw new Error('An encounter log must begin with its encounter-created event.');
  return rest.reduce((state, event) => applyEvent(state, event, ruleset), initialState(first, ruleset));
}

/** The state after the first `length` events, from the newest of `snapshots` (ascending) at or before it. */
function stateAt(ruleset: Ruleset, events: Growing<EncounterEvent>, length: number, snapshots: Growing<StateAt>): EncounterState {
  let base: StateAt | undefined;
  for (let i = snapshots.length - 1; i >= 0 && !base; i--) {
    const kept = snapshots.items[i];
    if (kept && kept.at <= length) base = kept;
  }
  if (!base) return replayUnder(ruleset, events.items.slice(0, length));
  return events.items.slice(base.at, length).reduce((state, event) => applyEvent(state, event, ruleset), base.state);
}

export function canUndo(encounter: Encounter): boolean {
  // Its length, not the list: an undone value's list is copied when first read (growing-list.ts).
  return lists(encounter).steps.length > 1;
}

export function canRedo(encounter: Encounter): boolean {
  return encounter.redoable.length > 0;
}

/** Drops the last step (never the encounter's creation) and rebuilds the state from a snapshot. */
export function undo(encounter: Encounter): Encounter {
  if (!canUndo(encounter)) return encounter;
  const shared = lists(encounter);
  const length = shared.steps.items[shared.steps.length - 2] ?? 1;
  // Kept states are ascending: those past the step undone are the last few.
  let keptCount = shared.snapshots.length;
  while (keptCount > 0 && (shared.snapshots.items[keptCount - 1]?.at ?? 0) > length) keptCount--;
  const snapshots = shortened(shared.snapshots, keptCount);
  const events = shortened(shared.events, length);
  const undone = shared.events.items.slice(length, shared.events.length);
  const state = stateAt(encounter.ruleset, shared.events, length, snapshots);
  return history(encounter.ruleset, state, { events, steps: shortened(shared.steps, shared.steps.length - 1), snapshots }, [...encounter.redoable, undone]);
}

/**
 * Puts the most recently undone step back, with the same dice it had. Its events are checked
 * against the state they land on as a stored event is (`replayChecked`): an undone step read from
 * a file was checked when the file was read, and this keeps a step that got past that from being
 * applied and saved. A step that fails is refused with what is wrong, and stays undone.
 */
export function redo(encounter: Encounter): DispatchResult {
  const last = encounter.redoable[encounter.redoable.length - 1];
  if (!last) return { ok: true, encounter, events: [] };
  const checked = replayChecked(encounter.state, encounter.ruleset, last);
  if (typeof checked === 'object' && 'problem' in checked) {
    const event = last[checked.index];
    return { ...failure('history/redo', `The undone step can't be redone: in its event ${checked.index + 1} ("${String(event?.type)}"), ${checked.problem}.`), encounter };
  }
  return { ok: true, encounter: append(encounter, last, encounter.redoable.slice(0, -1)), events: [...last] };
}

/**
 * The end of a fight as its newest trusted journal snapshot and the steps after it give it, each
 * of those events checked as a stored event is (`replayChecked`), or null when one fails: a
 * preview shown while the whole history is read. Its lists hold only those steps (`events` the
 * events after the snapshot, `steps` their ends counted from it); nothing is dispatched on it,
 * and the history read from the journal replaces it (journal-end.ts).
 */
export function previewFrom(ruleset: Ruleset, from: StateAt, steps: readonly (readonly EncounterEvent[])[]): Encounter | null {
  const events = steps.flat();
  const state = replayChecked(from.state, ruleset, events);
  if ('problem' in state) return null;
  const ends: number[] = [];
  let end = 0;
  for (const step of steps) ends.push((end += step.length));
  return { ruleset, state, events, steps: ends, redoable: [], snapshots: [] };
}

/** Where a stored run of events first goes wrong, and what is wrong there. */
interface ReplayProblem {
  readonly index: number;
  readonly problem: string;
}

/**
 * Applies stored events to `state`, each checked before (its fields and what it names:
 * `event-checks/`) and after (what it left within the ruleset's limits), or says which one is
 * wrong. `each` sees the state after every event (to keep snapshots).
 */
function replayChecked(state: EncounterState, ruleset: Ruleset, events: readonly EncounterEvent[], each?: (state: EncounterState, index: number) => void): EncounterState | ReplayProblem {
  for (const [index, event] of events.entries()) {
    // Only undone steps reach here unsorted: the log's own events were checked for a type first.
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return { index, problem: 'it is not an event' };
    const problem = storedEventProblem(state, ruleset, event);
    if (problem) return { index, problem };
    let next: EncounterState;
    try {
      next = applyEvent(state, event, ruleset);
    } catch (error) {
      // Defence in depth: a check this version lacks must not take the screen down with it.
      return { index, problem: `the replay stopped on it: ${error instanceof Error ? error.message : String(error)}` };
    }
    const left = stateLimitsProblem(state, next, ruleset);
    if (left) return { index, problem: left };
    state = next;
    each?.(state, index);
  }
  return state;
}

/** What is stored of an encounter's history; the state and snapshots are rebuilt from it. */
export interface StoredHistory {
  events: readonly EncounterEvent[];
  steps: readonly number[];
  redoable?: readonly (readonly EncounterEvent[])[];
}

/**
 * A stored history that can't be replayed past one of its events (damaged, or forged): which
 * event and which GM step, what is wrong, and how many steps before it replay cleanly, so the
 * screen can offer to open the fight up to there.
 */
export interface HistoryDamage extends Failure {
  code: 'history/damaged';
  /** The bad event's place in the log, from 1. */
  event: number;
  /** The GM step it belongs to, from 1. */
  step: number;
  /** Steps before it that replay cleanly (0 when the damage is in the first step). */
  goodSteps: number;
}

/** Whether a failure to restore is a damaged history (which can be opened up to its last good step). */
export function isHistoryDamage(failed: Failure): failed is HistoryDamage {
  return failed.code === 'history/damaged';
}

/** An undone step that can't be redone: the fight itself reads cleanly, every step of it. */
function undoneDamaged(stepCount: number, nth: number, problem: { index: number; type: unknown; problem: string } | 'empty'): HistoryDamage {
  const which = nth === 1 ? 'The step Redo would put back' : `Undone step ${nth} (counting from the one Redo would put back first)`;
  const what = problem === 'empty' ? 'it holds no events' : `in its event ${problem.index + 1} ("${String(problem.type)}"), ${problem.problem}`;
  return {
    ok: false,
    code: 'history/damaged',
    message: `${which} can't be read: ${what}. Every step of the fight itself reads cleanly.`,
    event: problem === 'empty' ? 0 : problem.index + 1,
    step: stepCount + nth,
    goodSteps: stepCount,
  };
}

function damaged(steps: readonly number[], index: number, type: unknown, problem: string): HistoryDamage {
  const step = steps.findIndex((end) => end > index) + 1;
  return {
    ok: false,
    code: 'history/damaged',
    message: `Step ${step} of this fight can't be read: in its event ${index + 1} ("${String(type)}"), ${problem}.`,
    event: index + 1,
    step,
    goodSteps: step - 1,
  };
}

/**
 * Rebuilds an encounter from stored history: the event log, the step boundaries and the undone
 * steps, or says what doesn't fit together. Every event is checked before it is applied (its
 * type's schema and what it names: `event-checks/`), so a damaged or forged log is refused with
 * the step and the problem instead of half-applied.
 *
 * `from`, a state saved along the way (a journal snapshot, see `journal-snapshots.ts`), starts the
 * replay after its event: opening a long fight then folds only the tail. The events before it are
 * taken as they are; the caller checks them by replaying the whole history later (`verifyOpened`).
 * `keepAt` keeps the state after that many events among the snapshots too (to compare it with a
 * journal snapshot written there).
 */
export function restoreEncounter(history: StoredHistory, rulesets: RulesetCatalogue, from?: StateAt, keepAt?: number): Result<Encounter> {
  const { steps } = history;
  // A stored history from an older store (the browser's database) reaches here as it was kept.
  if (!Array.isArray(history.events) || !Array.isArray(steps)) return failure('history/steps', 'This encounter has no list of events and steps to read; it is damaged.');
  if (history.redoable != null && (!Array.isArray(history.redoable) || !history.redoable.every(Array.isArray))) {
    return failure('history/redo', "This encounter's undone steps are not lists of events; it is damaged.");
  }
  // The ruleset's own events are known once the first event has named the ruleset.
  const created = history.events[0];
  const ruleset = created?.type === 'encounter-created' ? rulesets.find(created.rulesetId) : undefined;
  const events = history.events.map((e) => upgradeEvent(e, ruleset));
  const redone = (history.redoable ?? []).map((step) => step.map((e) => upgradeEvent(e, ruleset)));
  const ascending = steps.every((n, i) => Number.isInteger(n) && n >= 1 && n <= events.length && (i === 0 || n > (steps[i - 1] ?? 0)));
  if (steps.length === 0 || !ascending || steps[steps.length - 1] !== events.length) {
    return failure('history/steps', `The step list does not match the ${events.length} events of this encounter.`);
  }
  // A log written by a newer version, or damaged, must not be half-applied.
  const unknown = events.findIndex((e) => typeof e !== 'object' || e === null || !isKnownEventType(e.type, ruleset));
  if (unknown >= 0) {
    const type = (events[unknown] as { type?: unknown } | null)?.type;
    return failure('history/unknown-event', `Event ${unknown + 1} of this encounter has the unknown type "${String(type)}"; it may come from a newer version of GM Screen.`);
  }
  const snapshots: StateAt[] = [];
  const [first] = events;
  if (!first || first.type !== 'encounter-created') {
    return failure('history/start', 'An encounter log must begin with the event that created the encounter.');
  }
  if (!ruleset) return unknownRuleset(first.rulesetId);
  const opening = eventShapeProblem(first, ruleset);
  if (opening) return failure('history/start', `The event that created this encounter is wrong (${opening}).`);
  // From a saved state (a journal snapshot), only the events after it are checked and applied.
  const base = from && from.at >= 1 && from.at <= events.length ? from : null;
  const start = base ? base.at : 1;
  const replayed = replayChecked(base ? base.state : initialState(first, ruleset), ruleset, events.slice(start), (after, i) => {
    const at = start + i + 1;
    if (at % SNAPSHOT_INTERVAL === 0 || at === keepAt) snapshots.push({ at, state: after });
  });
  if ('problem' in replayed) return damaged(steps, start + replayed.index, events[start + replayed.index]?.type, replayed.problem);
  const state = replayed;
  if (base) snapshots.unshift(base);
  // The undone steps are checked as Redo would put them back: the most recently undone first, on
  // the state the history ends in. One that fails leaves the fight whole up to its last step.
  let top = state;
  for (let n = redone.length - 1; n >= 0; n--) {
    const step = redone[n] ?? [];
    // Redo would store a step of nothing, which no history holds.
    if (step.length === 0) return undoneDamaged(steps.length, redone.length - n, 'empty');
    const after = replayChecked(top, ruleset, step);
    if ('problem' in after) return undoneDamaged(steps.length, redone.length - n, { index: after.index, type: step[after.index]?.type, problem: after.problem });
    top = after;
  }
  return { ok: true, value: { ruleset, state, events, steps: [...steps], redoable: redone, snapshots } };
}
