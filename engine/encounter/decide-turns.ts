import type { RandomSource } from '../dice/random';
import { failure, type Failure, type Result } from '../result';
import type { Ruleset } from '../core/ruleset';
import type { OrderProcedure, TurnPointer } from '../core/turn-procedure';
import type { Command } from '../core/commands';
import type { EncounterEvent } from '../core/events';
import type { EncounterState } from '../core/state';
import { endingFight, openPrompt } from './prompts';
import { expiringAsRoundEnds, expiringConditions, roundEnds } from './timers';
import { openingFirst } from '../turns/opening';
import { passedOver } from '../turns/pass-over';
import { isOutOfFight } from '../core/health';
import { EventChain } from './chain';
import { promptsOf } from '../core/prompt-stack';
import type { Combatant, Id } from '../core/state';

type TurnCommand = Extract<Command, { type: 'start-combat' | 'next-turn' | 'previous-turn' | 'end-combat' }>;

const notRunning = () => failure('combat/not-running', 'Combat has not started; press Start combat first.');

/** Why nothing can be done in a fight run in a fixed order now: not running, or waiting for a prompt. */
export function liveOrderFight(state: EncounterState, ruleset: Ruleset): Failure | null {
  if (state.status !== 'running') return notRunning();
  const prompt = openPrompt(state, ruleset);
  return prompt ? failure(prompt.code, prompt.message) : null;
}

/**
 * The events of the turn passing to `pointer`: the ruleset's end-of-round steps if the round is
 * over, then the turn change with the timers that run out. Shared by Next turn and by removing
 * the combatant whose turn it is, so both count rounds and timers the same way.
 */
export function advanceTurn(
  state: EncounterState,
  pointer: TurnPointer,
  ruleset: Ruleset,
  proc: OrderProcedure,
  random: () => RandomSource,
): EncounterEvent[] {
  const events: EncounterEvent[] = [];
  if (proc.roundEnds(state)) {
    const ending = ruleset.turn.endOfRound(state, random(), ruleset);
    events.push(...ending);
    // The round's end may sort the order anew (initiative read again each round): the next round
    // opens with the first of the new order.
    const after = ending.length > 0 && pointer.round > state.round ? new EventChain(state, ruleset).push(...ending).state : state;
    const first = after.order[0];
    if (after.order !== state.order && first !== undefined) pointer = { ...pointer, activeId: first };
  }
  // Conditions timed by rounds run out as the round ends, before those timed by the turn starting.
  const expired = [...expiringAsRoundEnds(state, ruleset, pointer.round), ...expiringConditions(roundEnds(state, ruleset, pointer.round), pointer.activeId)];
  events.push({ type: 'turn-advanced', ...pointer, expired });
  return events;
}

/** Who Next turn goes past: those down or out (when the setting is on), and `leaving`, someone being removed. */
function passes(state: EncounterState, ruleset: Ruleset, leaving: Id | null): (id: Id) => boolean {
  return (id) => id === leaving || passedOver(state, state.combatants.find((c) => c.id === id), (c: Combatant) => isOutOfFight(ruleset, c));
}

/**
 * The turn passing on to `pointer` and past whoever is down or out, each turn passed over a
 * boundary of its own (marked `passedOver`), so timers count it and a round ending on the way ends
 * as any round does. When nobody in the order can act, the turn goes to the next in it as before.
 */
export function passTurn(
  state: EncounterState,
  pointer: TurnPointer,
  ruleset: Ruleset,
  proc: OrderProcedure,
  random: () => RandomSource,
  leaving: Id | null = null,
): EncounterEvent[] {
  const goesPast = passes(state, ruleset, leaving);
  if (state.order.every(goesPast)) return advanceTurn(state, pointer, ruleset, proc, random);
  const chain = new EventChain(state, ruleset);
  // The order is walked at most twice (an opening phase jumps to round 1's top once).
  let next: TurnPointer | null = pointer;
  for (let step = 0; next !== null && step <= 2 * state.order.length; step++) {
    const past = passes(chain.state, ruleset, leaving)(next.activeId);
    const events = advanceTurn(chain.state, next, ruleset, proc, random);
    chain.push(...(past ? events.map((e) => (e.type === 'turn-advanced' ? { ...e, passedOver: true as const } : e)) : events));
    // A turn passed over that leaves the fight waiting for an answer (a stabilisation test due
    // as the fallen's turn comes round) stops there: the answer comes first, then Next turn goes on.
    if (!past || promptsOf(chain.state).length > promptsOf(state).length) break;
    next = proc.next(chain.state);
  }
  return chain.events;
}

/**
 * After a question is answered in a fight run in order: where the turn stopped on someone Next
 * turn passes over because the question came up there (a stabilisation test asked as the fallen's
 * place comes round), and no question is left, the turn goes on past them as Next turn would; one
 * key answers the question and moves the fight on. `answered` are the answer's events.
 */
export function turnGoesOn(state: EncounterState, answered: readonly EncounterEvent[], ruleset: Ruleset, random: () => RandomSource): EncounterEvent[] {
  const proc = ruleset.turn.order;
  if (proc.kind !== 'order') return [];
  const after = new EventChain(state, ruleset).push(...answered).state;
  if (after.status !== 'running' || after.activeId === null || promptsOf(after).length > 0) return [];
  if (!passes(after, ruleset, null)(after.activeId)) return [];
  const pointer = proc.next(after);
  return pointer ? passTurn(after, pointer, ruleset, proc, random) : [];
}

// Previous turn steps back past those Next turn would pass over; if everyone before is one of
// them, it goes to the turn just before, as it always did.
function previousPointer(state: EncounterState, ruleset: Ruleset, proc: OrderProcedure): TurnPointer | null {
  const first = proc.previous(state);
  const goesPast = passes(state, ruleset, null);
  let back = first;
  for (let step = 0; back !== null && goesPast(back.activeId) && step <= 2 * state.order.length; step++) back = proc.previous({ ...state, ...back });
  return back !== null && !goesPast(back.activeId) ? back : first;
}

// Why Previous turn goes no further back. Where the procedure has an opening phase, round 1's
// first turn is as far back as it goes, whether or not the fight opened with one (Undo goes on).
function atStart(state: EncounterState, proc: OrderProcedure): string {
  return proc.opening && state.round === 1
    ? 'This is the first turn of round 1; Previous turn goes no further back (Undo takes back the last change).'
    : 'This is the first turn of the fight; there is no turn before it.';
}

export function decideTurns(
  state: EncounterState,
  cmd: TurnCommand,
  ruleset: Ruleset,
  proc: OrderProcedure,
  random: () => RandomSource,
): Result<EncounterEvent[]> {
  switch (cmd.type) {
    case 'start-combat': {
      if (state.status === 'running') return failure('combat/already-running', 'Combat is already running.');
      if (state.combatants.length === 0) return failure('combat/empty', 'Add at least one combatant before starting combat.');
      const source = random();
      const { initiative, order } = proc.start(state.combatants, source, state.settings);
      // The fight may open with a phase (a surprise round) in which only some take their turns.
      const opens = openingFirst(proc, state, order);
      const opening = proc.opening && opens !== null ? { opening: { phase: proc.opening.phase, activeId: opens } } : {};
      // The first turn starting is a turn boundary like any other: timers set up before the fight
      // that end at the start of that combatant's turn count it.
      const first = opens ?? order[0];
      const expired = first ? expiringConditions({ ...state, activeId: null }, first) : [];
      return { ok: true, value: [{ type: 'combat-started', initiative, order, rng: source.state(), expired, ...opening }] };
    }
    case 'next-turn': {
      if (state.status !== 'running') return notRunning();
      const prompt = openPrompt(state, ruleset);
      if (prompt) return failure(prompt.code, prompt.message);
      const pointer = proc.next(state);
      if (!pointer) return failure('turn/nobody', 'Nobody is left in the turn order.');
      return { ok: true, value: passTurn(state, pointer, ruleset, proc, random) };
    }
    case 'previous-turn': {
      if (state.status !== 'running') return notRunning();
      const prompt = openPrompt(state, ruleset);
      if (prompt) return failure(prompt.code, prompt.message);
      const pointer = previousPointer(state, ruleset, proc);
      if (!pointer) return failure('turn/at-start', atStart(state, proc));
      return { ok: true, value: [{ type: 'turn-set', ...pointer }] };
    }
    case 'end-combat':
      if (state.status !== 'running') return notRunning();
      return { ok: true, value: endingFight(state, ruleset) };
  }
}
