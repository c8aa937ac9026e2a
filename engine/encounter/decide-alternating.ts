import type { RandomSource } from '../dice/random';
import { manualRoll } from '../dice/roll';
import { failure, type Failure, type Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import { eligibleOf, factionsInFight, whyNotEligible } from '../turns/alternating';
import type { AlternatingProcedure, GatedRound } from '../core/turn-procedure';
import { EventChain } from './chain';
import { checkCombatant, checkFaction, isFailure, possessive } from '../core/checks';
import { decideUseAction, NOTE_MAX } from './decide-action';
import { planSpaceMove } from '../space/decide';
import type { Command } from '../core/commands';
import type { EncounterEvent } from '../core/events';
import { afterRoundEnd, holdInitiative, moveGo, openFight, reopenGated, reopenPhase, roundEndWaiting, skipGo, type Flow } from './round-flow';
import type { Combatant, EncounterState } from '../core/state';
import { endingFight, openPrompt } from './prompts';
import { expiringConditions } from './timers';

/** The commands that run a fight where factions alternate. */
export type AlternatingCommand = Extract<
  Command,
  {
    type:
      | 'start-combat'
      | 'next-turn'
      | 'previous-turn'
      | 'end-combat'
      | 'choose-first-faction'
      | 'take-turn'
      | 'end-turn'
      | 'pass'
      | 'react'
      | 'use-action'
      | 'move'
      | 'set-gate';
  }
>;


function done(f: Flow): Result<EncounterEvent[]> {
  return { ok: true, value: f.chain.events };
}

/** A gated round's first phase is open but waits for the GM to type in the die rolled at the table. */
function waitingForGate(proc: AlternatingProcedure, s: EncounterState): boolean {
  return proc.gate !== null && s.turn?.phase === proc.gate.first && s.turn.gate === null;
}

/**
 * What the round is waiting for when nobody is taking a turn, in words: the end-of-round step, the
 * gate die, or the faction whose go it is (named, never "nobody").
 */
function whatNow(proc: AlternatingProcedure, s: EncounterState): { faction: string | null; message: string } {
  if (proc.roundEnd && s.turn?.phase === proc.roundEnd.phase) return { faction: null, message: proc.roundEnd.whatNow };
  if (proc.gate && waitingForGate(proc, s)) return { faction: null, message: proc.gate.waiting };
  const faction = s.factions.find((x) => x.id === s.turn?.factionId);
  if (faction) return { faction: faction.name, message: `It is ${possessive(faction.name)} go: pick someone from ${faction.name} to act, or pass.` };
  return { faction: null, message: 'No one left can take a turn: heal someone, bring someone in, or end the fight.' };
}

// Refusals shared by the commands that need a live round with nobody mid-attack.
function checkRound(state: EncounterState, ruleset: Ruleset): Failure | null {
  if (state.status !== 'running' || !state.turn) return failure('combat/not-running', 'Combat has not started; press Start combat first.');
  const prompt = openPrompt(state, ruleset);
  if (prompt) return failure(prompt.code, prompt.message);
  return null;
}

function checkActing(f: Flow, c: Combatant): Failure | null {
  const state = f.chain.state;
  const refused = checkRound(state, f.ruleset);
  if (refused) return refused;
  if (state.activeId !== c.id) return failure('turn/not-acting', `It isn't ${c.name}'s turn; pick them to act first.`);
  // Knocked out (or gone) during their own turn: the turn can only be ended.
  if (!f.proc.canAct(c)) return failure('turn/out', `${c.name} is out of the fight and can't go on acting; end their turn.`);
  return null;
}

function endTurn(f: Flow): Result<EncounterEvent[]> {
  const s = f.chain.state;
  const refused = checkRound(s, f.ruleset);
  if (refused) return refused;
  const active = s.combatants.find((c) => c.id === s.activeId);
  if (!active) {
    const now = whatNow(f.proc, s);
    return failure('turn/nobody-acting', now.faction ? `Nobody is taking a turn. Pick someone from ${now.faction} to act, or pass.` : `Nobody is taking a turn. ${now.message}`);
  }
  f.chain.push({ type: 'turn-ended', combatantId: active.id, expired: expiringConditions(s, '') });
  moveGo(f, active.factionId);
  return done(f);
}

function takeTurn(f: Flow, id: unknown): Result<EncounterEvent[]> {
  const s = f.chain.state;
  const refused = checkRound(s, f.ruleset);
  if (refused) return refused;
  const c = checkCombatant(s, id);
  if (isFailure(c)) return c;
  const active = s.combatants.find((x) => x.id === s.activeId);
  if (active) return failure('turn/in-progress', `${active.name} is still taking their turn; end it first.`);
  const why = whyNotEligible(f.proc, s, c);
  if (why) return failure('turn/not-eligible', why);
  if (c.factionId !== s.turn?.factionId) {
    const now = whatNow(f.proc, s);
    return failure('turn/not-their-go', now.faction ? `It is ${possessive(now.faction)} go; ${c.name} has to wait for theirs.` : now.message);
  }
  f.chain.push({ type: 'turn-taken', combatantId: c.id, expired: expiringConditions({ ...s, activeId: null }, c.id) });
  return done(f);
}

function pass(f: Flow): Result<EncounterEvent[]> {
  const s = f.chain.state;
  const refused = checkRound(s, f.ruleset);
  if (refused) return refused;
  if (s.activeId) return failure('turn/in-progress', 'Someone is taking a turn; end it before the faction passes.');
  const factionId = s.turn?.factionId ?? null;
  if (!factionId) return failure('turn/nobody', `There is no go to pass. ${whatNow(f.proc, s).message}`);
  if (!f.proc.allowPass) return failure('turn/no-passing', 'In this ruleset a faction cannot pass while it has someone left to act.');
  f.chain.push({ type: 'faction-passed', factionId });
  moveGo(f, factionId);
  return done(f);
}

function react(f: Flow, id: unknown, what: unknown): Result<EncounterEvent[]> {
  const s = f.chain.state;
  if (!f.proc.reactionSpendsTurn) {
    return failure('turn/no-reactions', `${f.ruleset.name} has no reaction that spends a character's turn; an answer out of turn uses the action meant for it, where the rules allow one.`);
  }
  const refused = checkRound(s, f.ruleset);
  if (refused) return refused;
  const c = checkCombatant(s, id);
  if (isFailure(c)) return c;
  if (s.activeId === c.id) return failure('turn/reacting-self', `${c.name} is taking their turn; a reaction is made out of turn.`);
  // Reactions ignore whose go it is and a gated round's die; they only need an unused turn.
  const roundEnd = f.proc.roundEnd;
  if (roundEnd && s.turn?.phase === roundEnd.phase) return failure(roundEnd.code, roundEnd.refusal);
  const opening = f.proc.opening;
  if (opening && s.turn?.phase === opening.phase && !opening.mayAct(c, s)) return failure(opening.reactionCode, opening.reactionRefusal);
  if (s.turn?.spent.includes(c.id)) return failure('turn/already-acted', `${c.name} has already used their turn this round and can't react.`);
  if (!f.proc.canAct(c)) return failure('turn/out', `${c.name} is out of the fight and can't react.`);
  f.chain.push(...(f.ruleset.turn.beforeActing?.(s, c.id) ?? []));
  f.chain.push({ type: 'reaction-taken', combatantId: c.id, what: typeof what === 'string' ? what.trim().slice(0, NOTE_MAX) : '' });
  // If that was the last character of the faction whose go it is, `settleGo` moves the go on.
  return done(f);
}

function useAction(f: Flow, cmd: Extract<Command, { type: 'use-action' }>): Result<EncounterEvent[]> {
  const decided = decideUseAction(f.chain.state, cmd, f.ruleset, { live: checkRound, canAct: (c) => f.proc.canAct(c) });
  if (!decided.ok) return decided;
  // Those taken by surprise spend nothing in the surprise round, a reaction out of turn included,
  // as with `react` (after the ruleset's own reasons, which say it in its words).
  const opening = f.proc.opening;
  const s = f.chain.state;
  const c = s.combatants.find((x) => x.id === cmd.combatantId);
  if (opening && c && s.turn?.phase === opening.phase && !opening.mayAct(c, s)) return failure(opening.reactionCode, opening.reactionRefusal);
  f.chain.push(...decided.value);
  return done(f);
}

function move(f: Flow, cmd: Extract<Command, { type: 'move' }>): Result<EncounterEvent[]> {
  const s = f.chain.state;
  const c = checkCombatant(s, cmd.combatantId);
  if (isFailure(c)) return c;
  const refused = checkActing(f, c);
  if (refused) return refused;
  // Someone held by another can't move away; whoever they hold comes along (rulesets with holds).
  const heldBack = f.ruleset.space?.holds?.heldBack(s, c) ?? null;
  if (heldBack) return failure('move/held', heldBack);
  const moved = planSpaceMove(s, c, cmd, f.ruleset.space?.holds?.carried(s, c) ?? []);
  if (isFailure(moved)) return moved;
  // The ruleset may hold the move up first (its prompt's answer then makes it).
  const heldUp = f.ruleset.space?.holdUpMove?.(s, c, moved, { sneaking: cmd.sneaking === true }) ?? [];
  f.chain.push(...(heldUp.length > 0 ? heldUp : [moved]));
  return done(f);
}

function chooseFirst(f: Flow, id: unknown): Result<EncounterEvent[]> {
  const s = f.chain.state;
  const refused = checkRound(s, f.ruleset);
  if (refused) return refused;
  const faction = checkFaction(s, id);
  if (isFailure(faction)) return faction;
  const roundEnd = f.proc.roundEnd;
  if (roundEnd && s.turn?.phase === roundEnd.phase) return failure(roundEnd.code, roundEnd.refusal);
  if (s.turn?.begun || s.activeId) return failure('turn/begun', 'Someone has already acted or passed in this phase; the first go can only be chosen at its start.');
  if (!s.combatants.some((c) => c.factionId === faction.id && whyNotEligible(f.proc, s, c) === null)) {
    return failure('turn/nobody-eligible', `${faction.name} has nobody who can act in this phase.`);
  }
  f.chain.push({ type: 'first-faction-chosen', factionId: faction.id });
  return done(f);
}

// A gated round's first phase is open and nobody has acted or passed in it yet.
function firstUntouched(gate: GatedRound, s: EncounterState): boolean {
  return s.turn?.phase === gate.first && !s.turn.begun && !s.activeId;
}

// The rolled gate was above everyone's stat, so the first phase went straight to the second, and
// nobody has acted, reacted or passed since: the GM's own die can still replace the roll.
function firstSkipped(proc: AlternatingProcedure, gate: GatedRound, s: EncounterState): boolean {
  const t = s.turn;
  if (!t || t.phase !== gate.second || t.begun || s.activeId || t.spent.length > 0 || t.gate === null) return false;
  const value = t.gate;
  return !s.combatants.some((c) => proc.canAct(c) && (c.stats[gate.stat] ?? 0) >= value);
}

function setGate(f: Flow, value: unknown): Result<EncounterEvent[]> {
  const s = f.chain.state;
  const refused = checkRound(s, f.ruleset);
  if (refused) return refused;
  const gate = f.proc.gate;
  if (!gate) return failure('gate/not-now', 'This ruleset rolls no die to split its rounds.');
  if (!gateEntryOpen(f.proc, s, f.ruleset)) return failure('gate/not-now', gate.entryRefusal);
  const rolled = manualRoll(gate.die, [value as number]);
  if (!rolled.ok) return rolled;
  reopenGated(f, gate, rolled.value);
  return done(f);
}

/**
 * Whether the GM may type in a gated round's die now: its first phase has not begun, or the rolled
 * gate emptied it and nobody has acted since, and nothing waits for an answer. Exactly when
 * `set-gate` is accepted (its die value aside), so the screen shows the form just then.
 */
export function gateEntryOpen(proc: AlternatingProcedure, state: EncounterState, ruleset: Ruleset): boolean {
  const gate = proc.gate;
  if (!gate || state.status !== 'running' || !state.turn || openPrompt(state, ruleset)) return false;
  return firstUntouched(gate, state) || firstSkipped(proc, gate, state);
}

/** Whether anyone at all may take a turn in the current phase. */
function someoneEligible(proc: AlternatingProcedure, s: EncounterState): boolean {
  return factionsInFight(s).some((x) => eligibleOf(proc, s, x.id).length > 0);
}

/**
 * After any command in a running alternating fight, with nobody acting and no attack pending:
 * - a go resting on a faction with nobody left to act (the last of them reacted, attacked out of
 *   turn, fell, was marked out) counts as that faction passing and moves on by itself, so the GM
 *   never has to pass for a faction that can't act, and the phase ends once every faction has
 *   passed in a row;
 * - a phase left with nobody's go because nobody could act (everyone down when the round opened)
 *   opens again, same round, phase and gate die, once someone can act (healed, added, a mark
 *   taken off), so the fight never stalls.
 * The end-of-round step and a first phase waiting for the GM's gate die are left alone.
 */
export function settleGo(
  state: EncounterState,
  events: EncounterEvent[],
  ruleset: Ruleset,
  proc: AlternatingProcedure,
  random: () => RandomSource,
): EncounterEvent[] {
  const chain = new EventChain(state, ruleset).push(...events);
  const s = chain.state;
  if (s.status !== 'running' || !s.turn || s.activeId || openPrompt(s, ruleset)) return events;
  // The end-of-round step waits for the GM; once it is settled, the next round begins.
  if (proc.roundEnd && s.turn.phase === proc.roundEnd.phase) {
    if (roundEndWaiting(proc, s)) return events;
    afterRoundEnd({ chain, proc, ruleset, source: random() });
    return chain.events;
  }
  const go = s.turn.factionId;
  if (go === null) {
    if (waitingForGate(proc, s) || !someoneEligible(proc, s)) return events;
    reopenPhase({ chain, proc, ruleset, source: random() });
    return chain.events;
  }
  if (eligibleOf(proc, s, go).length > 0) return events;
  skipGo({ chain, proc, ruleset, source: random() }, go);
  return chain.events;
}

/** Turns a command of an alternating fight into events, or refuses it with a reason. */
export function decideAlternating(
  state: EncounterState,
  cmd: AlternatingCommand,
  ruleset: Ruleset,
  proc: AlternatingProcedure,
  random: () => RandomSource,
): Result<EncounterEvent[]> {
  const f: Flow = { chain: new EventChain(state, ruleset), proc, ruleset, source: random() };
  switch (cmd.type) {
    case 'start-combat': {
      if (state.status === 'running') return failure('combat/already-running', 'Combat is already running.');
      if (factionsInFight(state).length === 0) return failure('combat/empty', 'Add at least one combatant before starting combat.');
      const refused = holdInitiative(f, cmd.initiativeFactionId);
      if (refused) return refused;
      f.chain.push({ type: 'combat-started', initiative: [], order: [], rng: f.source.state(), expired: [] });
      openFight(f);
      return done(f);
    }
    case 'next-turn':
    case 'end-turn':
      return endTurn(f);
    case 'previous-turn':
      return failure('turn/no-previous', 'Factions pick who acts, so there is no turn order to step back through; use Undo (Ctrl+Z) instead.');
    case 'end-combat':
      if (state.status !== 'running') return failure('combat/not-running', 'Combat has not started; press Start combat first.');
      return { ok: true, value: endingFight(state, ruleset) };
    case 'choose-first-faction':
      return chooseFirst(f, cmd.factionId);
    case 'take-turn':
      return takeTurn(f, cmd.combatantId);
    case 'pass':
      return pass(f);
    case 'react':
      return react(f, cmd.combatantId, cmd.what);
    case 'use-action':
      return useAction(f, cmd);
    case 'move':
      return move(f, cmd);
    case 'set-gate':
      return setGate(f, cmd.value);
  }
}
