import type { RandomSource } from '../dice/random';
import { rollNotation, type Roll } from '../dice/roll';
import { failure, type Failure } from '../result';
import type { Ruleset } from '../core/ruleset';
import { anyoneCanAct, factionsInFight, nextGo } from '../turns/alternating';
import { opensWith } from '../turns/opening';
import type { AlternatingProcedure, GatedRound } from '../core/turn-procedure';
import { rollJoiners, rollSides } from '../turns/side-rolls';
import type { EventChain } from './chain';
import { applyEvent } from './reducer';
import type { ExpiredCondition } from '../core/events';
import type { EncounterState, Id, Phase } from '../core/state';
import { expiringAsRoundEnds } from './timers';

/** What the round flow needs: the events so far, the procedure, the ruleset and one random source. */
export interface Flow {
  chain: EventChain;
  proc: AlternatingProcedure;
  ruleset: Ruleset;
  source: RandomSource;
}

// Conditions timed by rounds that run out as this round begins, for the phase's event (only when some do).
function expiredOn(f: Flow, round: number): { expired?: ExpiredCondition[] } {
  const expired = expiringAsRoundEnds(f.chain.state, f.ruleset, round);
  return expired.length > 0 ? { expired } : {};
}

function openPhase(f: Flow, round: number, phase: Phase, gate: Roll | null): void {
  const rng = gate && !gate.manual ? f.source.state() : null;
  const base = { type: 'phase-started' as const, round, phase, gate, rng, ...expiredOn(f, round) };
  // Who goes first is read from the state as the phase opens (spent characters, the gate die).
  const opened = applyEvent(f.chain.state, { ...base, factionId: null, skipped: [] }, f.ruleset);
  const first = opened.initiativeFactionId ?? factionsInFight(opened)[0]?.id ?? null;
  const go = nextGo(f.proc, opened, first, true);
  f.chain.push({ ...base, factionId: go.factionId, skipped: go.skipped });
  if (go.factionId === null) endPhase(f);
}

/** Opens a round: rolls the gate die when the procedure splits rounds by one and its setting is on. */
function startRound(f: Flow, round: number): void {
  // Side initiative: every side rolls as the first round opens; a side that joined since rolls as the next one does.
  const sides = f.proc.sideInitiative;
  const rolled = !sides ? null : round === 1 ? rollSides(sides, f.chain.state, f.source) : rollJoiners(sides, f.chain.state, f.source);
  if (rolled) f.chain.push(rolled);
  if (!anyoneCanAct(f.proc, f.chain.state)) {
    // Nobody left who can take a turn: the round opens with nobody's go, and the GM ends the fight.
    f.chain.push({ type: 'phase-started', round, phase: 'main', gate: null, rng: null, factionId: null, skipped: [], ...expiredOn(f, round) });
    return;
  }
  const gate = f.proc.gate;
  const settings = f.chain.state.settings;
  if (gate && settings[gate.setting] === true && settings[gate.byHandSetting] === true) {
    // The GM rolls the die at the table: the first phase opens with nobody's go until it is entered.
    f.chain.push({ type: 'phase-started', round, phase: gate.first, gate: null, rng: null, factionId: null, skipped: [], ...expiredOn(f, round) });
  } else if (gate && settings[gate.setting] === true) openPhase(f, round, gate.first, gate.roll(f.source));
  else openPhase(f, round, 'main', null);
}

function endRound(f: Flow): void {
  f.chain.push(...f.ruleset.turn.endOfRound(f.chain.state, f.source, f.ruleset));
  // The ruleset's end-of-round step may now wait for the GM; the next round starts once it is settled.
  if (roundEndWaiting(f.proc, f.chain.state)) return;
  startRound(f, f.chain.state.round + 1);
}

/** The round is in its end-of-round step and the step is not settled yet. */
export function roundEndWaiting(proc: AlternatingProcedure, state: EncounterState): boolean {
  const step = proc.roundEnd;
  return step !== null && state.turn?.phase === step.phase && !step.settled(state);
}

/** In the end-of-round step, now settled: the next round begins. */
export function afterRoundEnd(f: Flow): void {
  startRound(f, f.chain.state.round + 1);
}

/** Everyone has passed in a row: the opening phase gives way to round 1, a gated round's first phase to its second, a round to the next. */
function endPhase(f: Flow): void {
  const s = f.chain.state;
  const phase = s.turn?.phase;
  if (f.proc.opening && phase === f.proc.opening.phase) {
    // An opening that is a round of its own ends as a round does (a grapple's damage).
    if (f.proc.opening.isRound) f.chain.push(...f.ruleset.turn.endOfRound(f.chain.state, f.source, f.ruleset));
    return startRound(f, 1);
  }
  if (f.proc.gate && phase === f.proc.gate.first) return openPhase(f, s.round, f.proc.gate.second, null);
  return endRound(f);
}

/** Picks the faction that holds the initiative: the one named, or one drawn at random and logged. */
export function holdInitiative(f: Flow, named: Id | undefined): Failure | null {
  const factions = factionsInFight(f.chain.state);
  const sides = f.proc.sideInitiative;
  if (sides) {
    if (named !== undefined) return failure('initiative/rolled', 'Sides roll for their order in this ruleset; start the fight without naming who goes first.');
    // They roll as round 1 opens, after any surprise round (`startRound`).
    return factions.length === 0 ? failure('initiative/faction', 'Add at least one combatant before starting combat.') : null;
  }
  if (named !== undefined) {
    if (!factions.some((x) => x.id === named)) return failure('initiative/faction', 'The faction holding the initiative must have someone in the fight.');
    f.chain.push({ type: 'initiative-held', factionId: named, roll: null, rng: null });
    return null;
  }
  const preset = f.chain.state.initiativePreset ?? null;
  if (preset && factions.some((x) => x.id === preset)) {
    f.chain.push({ type: 'initiative-held', factionId: preset, roll: null, rng: null });
    return null;
  }
  const [only, ...others] = factions;
  if (!only) return failure('initiative/faction', 'Add at least one combatant before starting combat.');
  if (others.length === 0) {
    f.chain.push({ type: 'initiative-held', factionId: only.id, roll: null, rng: null });
    return null;
  }
  // Unclear who started it: number the factions in the fight and roll for it.
  const rolled = rollNotation(`d${factions.length}`, f.source);
  if (!rolled.ok) return rolled;
  const holder = factions[rolled.value.total - 1] ?? only;
  f.chain.push({ type: 'initiative-held', factionId: holder.id, roll: rolled.value, rng: f.source.state() });
  return null;
}

/** The first phase of the fight: the opening phase if anyone able to act may act in it, else round 1. */
export function openFight(f: Flow): void {
  const opening = f.proc.opening;
  if (opensWith(opening, f.chain.state, f.proc.canAct)) openPhase(f, 0, opening.phase, null);
  else startRound(f, 1);
}

/** The go passes on from `fromId`; factions with nobody left pass by themselves; the phase may end. */
export function moveGo(f: Flow, fromId: Id | null): void {
  // A side acting as a block keeps the go while anyone on it may still act.
  const go = nextGo(f.proc, f.chain.state, fromId, f.proc.goes === 'whole-side');
  f.chain.push({ type: 'go-moved', factionId: go.factionId, skipped: go.skipped });
  if (go.factionId === null) endPhase(f);
}

/**
 * The go rested on `goId`, whose faction has nobody left to act: that counts as its pass, and the
 * go moves on from it; if every faction has now passed in a row, the phase ends.
 */
export function skipGo(f: Flow, goId: Id): void {
  const s = f.chain.state;
  const turn = s.turn;
  const passed = turn && !turn.passes.includes(goId) ? { ...s, turn: { ...turn, passes: [...turn.passes, goId] } } : s;
  const go = nextGo(f.proc, passed, goId, false);
  f.chain.push({ type: 'go-moved', factionId: go.factionId, skipped: [goId, ...go.skipped.filter((id) => id !== goId)] });
  if (go.factionId === null) endPhase(f);
}

/**
 * The phase opened with nobody able to act and someone now can: it opens again, same round and
 * phase, keeping the gate die and who has spent their turn, with the initiative holder's side
 * (or the next with someone eligible) to go.
 */
export function reopenPhase(f: Flow): void {
  const s = f.chain.state;
  if (!s.turn) return;
  openPhase(f, s.round, s.turn.phase, null);
}

/** The GM entered the gate from a real die: the round's first phase opens again with it. */
export function reopenGated(f: Flow, gate: GatedRound, value: Roll): void {
  openPhase(f, f.chain.state.round, gate.first, value);
}


