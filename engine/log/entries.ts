import type { LogKind, LogKindDeclaration } from '../core/log-kinds';
import type { Encounter } from '../encounter/encounter';
import { isRulesetEvent, type EncounterEvent } from '../core/events';
import { isDisplayEvent } from '../core/display';
import { spaceEvent } from '../space/events';
import { isSpaceEvent } from '../core/maps/space-events';
import { applyEvent, initialState } from '../encounter/reducer';
import type { Combatant, EncounterState, Id } from '../core/state';
import { statusOf, type OutKind } from '../core/health';
import { fightClock } from '../turns/clock';
import type { Ruleset } from '../core/ruleset';
import type { LogDice } from '../core/log-dice';
import { describe, type Told } from './describe';
import { gmVoice, learnPlaces, learnStatePlaces, noPlaces, PlayerEyes, playersVoice, type Sight } from './voice';
import { type Voice } from '../core/voice';

// The kinds about what happens to characters, then those about the fight's running and the GM.
const CHARACTER_KINDS: readonly LogKindDeclaration[] = [
  { id: 'attack', label: 'Attacks' },
  { id: 'damage', label: 'Damage' },
  { id: 'healing', label: 'Healing' },
  { id: 'condition', label: 'Conditions' },
];
const RUNNING_KINDS: readonly LogKindDeclaration[] = [
  { id: 'movement', label: 'Moves' },
  { id: 'turn', label: 'Turns' },
  { id: 'override', label: 'GM overrides' },
  { id: 'dice', label: 'Dice' },
  { id: 'setup', label: 'Setup' },
  { id: 'other', label: 'Other' },
];

/**
 * Every kind an encounter of this ruleset can log, in the order a filter lists them: the kinds
 * about characters, the ruleset's own, then the kinds about the fight's running and the GM.
 */
export function logKindsOf(ruleset: Ruleset | undefined): readonly LogKindDeclaration[] {
  return [...CHARACTER_KINDS, ...(ruleset?.log?.kinds ?? []), ...RUNNING_KINDS];
}

/** Which part of the encounter an entry belongs to: before the fight, the fight, or after it ended. */
export type LogStage = 'setup' | 'fight' | 'aftermath';

/** What the GM's and the players' entries share, and what the exports are made from. */
export interface LogLine {
  /** The round when it happened: 0 before the fight, and in an opening phase before round 1. */
  round: number;
  stage: LogStage;
  kind: LogKind;
  /** What happened, in a sentence or a few. */
  text: string;
  /** The dice rolled in it, every die kept. */
  dice: LogDice[];
  /** Short clauses for the round's one-line summary ("Ann hits Goblin 1 (4)", "Goblin 2 is down"). */
  summary: string[];
  /** The opening phase's name (a surprise round before round 1), on lines told during it: their heading. */
  opening?: string;
  /** The time the fight had run as the line's round began ("0:10"), where the ruleset times its rounds. */
  elapsed?: string;
}

/** One entry of the GM's encounter log: one event told. */
export interface LogEntry extends LogLine {
  /** The event's place in `encounter.events` (0-based); {@link stateAfter} shows the state after it. */
  index: number;
  /** The GM step it belongs to: its place in `encounter.steps` (0-based; step 0 created the encounter). */
  step: number;
  /** The characters it involves. */
  combatantIds: Id[];
  /**
   * Something the players must not learn: concealment, notes, display settings, stats, gear,
   * settings, the GM's own rolls, overrides and anything else about characters they can't see.
   * Such entries are left out of the players' version.
   */
  gmOnly: boolean;
}

/** What a line's round heading needs, carried onto it: the opening phase's name if told during one, and the time elapsed. */
export function headingOf(line: { opening?: string; elapsed?: string }): { opening?: string; elapsed?: string } {
  return { ...(line.opening === undefined ? {} : { opening: line.opening }), ...(line.elapsed === undefined ? {} : { elapsed: line.elapsed }) };
}

/** One event in the walk over a log, told to the audiences asked for. */
export interface Walked {
  index: number;
  step: number;
  round: number;
  stage: LogStage;
  kind: LogKind;
  gm: Told | null;
  players: Told | null;
  /** What the players see just after the event (when told to the players). */
  sight: Sight | null;
  /** The opening phase's name, for events told during it. */
  opening?: string;
  /** The time the fight had run as the round began, where the ruleset times its rounds. */
  elapsed?: string;
}


function baseKind(event: EncounterEvent, previous: EncounterEvent | undefined, ruleset: Ruleset | undefined): LogKind {
  if (isRulesetEvent(event)) return ruleset?.own?.events?.[event.type]?.kind ?? 'other';
  if (isSpaceEvent(event)) return spaceEvent(event).kind;
  if (isDisplayEvent(event)) return 'other';
  switch (event.type) {
    case 'encounter-created':
    case 'faction-added':
    case 'combatant-added':
      return 'setup';
    case 'combat-started':
    case 'turn-advanced':
    case 'combat-ended':
    case 'initiative-held':
    case 'sides-ordered':
    case 'phase-started':
    case 'first-faction-chosen':
    case 'turn-taken':
    case 'turn-ended':
    case 'faction-passed':
    case 'go-moved':
      return 'turn';
    case 'combatant-damaged':
      return 'damage';
    case 'combatant-healed':
      return 'healing';
    case 'condition-added':
    case 'condition-removed':
    case 'condition-timer-set':
    case 'scene-ended':
      return 'condition';
    case 'dice-rolled':
      return 'dice';
    case 'mark-set':
      // A mark an action put on its user (giving up the fight) is the rules at work, not the GM overriding them.
      return previous?.type === 'action-used' && previous.combatantId === event.combatantId ? 'other' : 'override';
    case 'turn-set':
    case 'order-set':
    case 'track-set':
    case 'stat-set':
    case 'trait-set':
    case 'combatant-renamed':
    case 'faction-changed':
    case 'combatant-removed':
    case 'resource-set':
    case 'initiative-faction-set':
    case 'team-order-set':
    case 'setting-set':
      return 'override';
    case 'concealment-set':
    case 'notes-set':
    case 'resource-used':
    case 'reaction-taken':
    case 'action-used':
      return 'other';
  }
}

function stageOf(event: EncounterEvent, after: EncounterState): LogStage {
  if (after.status === 'running' || event.type === 'combat-ended') return 'fight';
  return after.status === 'setup' ? 'setup' : 'aftermath';
}

/** How a character is out of the fight, or null while they fight on. */
/** How a character is out of the fight by their ruleset's status, or null while fighting. */
export function outOf(c: Combatant | undefined, ruleset: Ruleset | undefined): OutKind | null {
  return c ? statusOf(ruleset, c).how : null;
}

const OUT_WORDS: Record<OutKind, string> = { dead: 'is dead', surrendered: 'surrenders', fled: 'flees', down: 'is down' };

/** Clauses for characters the event took out of the fight (or out in another way), as the voice may tell them. */
function downs(event: EncounterEvent, told: Told, v: Voice): string[] {
  if (isRulesetEvent(event) && v.ruleset?.own?.events?.[event.type]?.saysWhoIsOut === true) return [];
  const clauses: string[] = [];
  for (const id of new Set(told.ids)) {
    const name = v.who(id);
    if (name === null) continue;
    const was = outOf(v.before.combatants.find((c) => c.id === id), v.ruleset);
    const now = outOf(v.after.combatants.find((c) => c.id === id), v.ruleset);
    if (now === null || now === was) continue;
    // "Down" comes from health, which the players only see for their own and as descriptors.
    if (now === 'down' && !v.exact(id) && v.looks(id) === null) continue;
    const clause = `${name} ${OUT_WORDS[now]}`;
    if (!told.summary.includes(clause)) clauses.push(clause);
  }
  return clauses;
}

/** Whether the step holding event `index` starts a fight (checked once per step, at its first event). */
function startsFight(encounter: Encounter, step: number, index: number): boolean {
  const start = step === 0 ? 0 : (encounter.steps[step - 1] ?? 0);
  if (index !== start) return false;
  const end = encounter.steps[step] ?? encounter.events.length;
  for (let i = start; i < end; i++) if (encounter.events[i]?.type === 'combat-started') return true;
  return false;
}

/** The state at the end of a step, from the state before its event `index`. */
function stateAtStepEnd(encounter: Encounter, step: number, index: number, before: EncounterState): EncounterState {
  const end = encounter.steps[step] ?? encounter.events.length;
  let state = before;
  for (let i = index; i < end; i++) state = applyEvent(state, encounter.events[i] as EncounterEvent, encounter.ruleset);
  return state;
}

/**
 * Replays the log once, keeping the state before and after every event, and tells each event to
 * the GM, the players, or both. Linear in the number of events.
 */
export function walkLog(encounter: Encounter, audiences: { gm: boolean; players: boolean }): Walked[] {
  const events = encounter.events;
  const first = events[0];
  if (!first || first.type !== 'encounter-created') return [];
  const places = noPlaces();
  const gone = new Map<Id, string>();
  // Generic names are numbered from the first state the players see (the fight), so a character
  // seen only while the GM was setting up leaves no gap; setup states get eyes of their own.
  const eyes = audiences.players ? new PlayerEyes() : null;
  const setupEyes = audiences.players ? new PlayerEyes() : null;
  const look = (s: EncounterState): Sight | null => (s.status === 'setup' ? setupEyes : eyes)?.see(s) ?? null;
  const ruleset = encounter.ruleset;
  let state = initialState(first, ruleset);
  let sight = look(state);
  let step = 0;
  // The step that starts the fight (initiative, the start, the first phase) is told with the
  // round it starts, not the setup it ends.
  let stepEnd: EncounterState | null = null;
  const opening = ruleset.turn.order.opening?.heading;
  const walked: Walked[] = [];
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as EncounterEvent;
    if ((encounter.steps[step] ?? Infinity) <= index) {
      while ((encounter.steps[step] ?? Infinity) <= index) step++;
      stepEnd = null;
    }
    const before = state;
    const after = index === 0 ? state : applyEvent(state, event, ruleset);
    learnPlaces(places, event);
    if (index === 0) learnStatePlaces(places, after);
    const nextSight = look(after);
    if (stepEnd === null && startsFight(encounter, step, index)) stepEnd = stateAtStepEnd(encounter, step, index, before);
    const at = stepEnd ?? after;
    const stage = stepEnd ? 'fight' : stageOf(event, after);
    const own = baseKind(event, events[index - 1], ruleset);
    // Before the fight everything is setup, except the dice roller.
    const kind = stage === 'setup' && own !== 'dice' ? 'setup' : own;
    const tell = (v: Voice): Told | null => {
      const t = describe(event, v);
      if (!t) return null;
      const extra = downs(event, t, v);
      return extra.length ? { ...t, summary: [...t.summary, ...extra] } : t;
    };
    const gm = audiences.gm ? tell(gmVoice(before, after, ruleset, places, gone)) : null;
    const removal = event.type === 'combatant-removed' ? event.combatantId : null;
    const players = sight && nextSight ? tell(playersVoice(sight, nextSight, ruleset, removal)) : null;
    const during = stage === 'fight' && at.round === 0 && opening ? { opening } : {};
    const clock = stage === 'fight' ? fightClock(ruleset.turn.roundSeconds, at.round) : null;
    if (clock !== null) Object.assign(during, { elapsed: clock });
    walked.push({ index, step, round: at.round, stage, kind, gm, players, sight: nextSight, ...during });
    if (event.type === 'combatant-removed') {
      const c = before.combatants.find((x) => x.id === event.combatantId);
      if (c) gone.set(c.id, c.name);
    }
    state = after;
    sight = nextSight;
  }
  return walked;
}

/**
 * The GM's encounter log: one entry per event worth telling, in order, in plain sentences with
 * real names, every die and the clauses of the round summaries. `gmOnly` marks what the players'
 * version ({@link playerLog}) leaves out. Replays the events once (linear time).
 */
export function logEntries(encounter: Encounter): LogEntry[] {
  return gmEntriesOf(walkLog(encounter, { gm: true, players: true }));
}

/** The GM's entries of a walk told to both audiences. */
export function gmEntriesOf(walked: readonly Walked[]): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const w of walked) {
    if (!w.gm) continue;
    entries.push({
      index: w.index,
      step: w.step,
      round: w.round,
      stage: w.stage,
      kind: w.kind,
      combatantIds: [...new Set(w.gm.ids)],
      text: w.gm.text,
      dice: w.gm.dice,
      summary: w.gm.summary,
      gmOnly: w.players === null,
      ...headingOf(w),
    });
  }
  return entries;
}

/**
 * The encounter's state just after event `index` (0-based, as {@link LogEntry.index}): what the
 * screen shows when the GM jumps to that entry. Starts from the nearest snapshot, so it replays
 * at most a few hundred events. Throws a RangeError for an index outside the log.
 */
export function stateAfter(encounter: Encounter, index: number): EncounterState {
  const length = index + 1;
  if (!Number.isInteger(index) || index < 0 || length > encounter.events.length) {
    throw new RangeError(`There is no event ${index} in this encounter's log of ${encounter.events.length}.`);
  }
  if (length === encounter.events.length) return encounter.state;
  // The last snapshot at or before `length`, found by halving (snapshots are in order).
  const snaps = encounter.snapshots;
  let lo = 0;
  let hi = snaps.length - 1;
  let base = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((snaps[mid]?.at ?? Infinity) <= length) {
      base = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const snapshot = base >= 0 ? snaps[base] : undefined;
  const first = encounter.events[0];
  if (!first || first.type !== 'encounter-created') throw new RangeError('An encounter log must begin with its encounter-created event.');
  let state = snapshot ? snapshot.state : initialState(first, encounter.ruleset);
  for (let i = snapshot ? snapshot.at : 1; i < length; i++) state = applyEvent(state, encounter.events[i] as EncounterEvent, encounter.ruleset);
  return state;
}
