import type { RandomSource } from '../dice/random';
import { rollNotation, type Roll } from '../dice/roll';
import { failure, type Failure, type Result } from '../result';
import { checkCombatant, checkInteger, checkName, isFailure, nextId } from './checks';
import type { Command } from './commands';
import type { EncounterEvent } from './events';
import type { Combatant, ConditionTimer, EncounterState, Id } from './state';

// Conditions put on a character and how long they last: until removed, a number of the anchor's
// turn starts or ends, a number of rounds ending, or the rest of the fight. A number of rounds may
// be rolled ("1d4"); the GM may change any condition's duration afterwards.

export const ROUNDS_MAX = 1000;

/**
 * How long a condition lasts, as the GM gives it: rounds (a whole number, or dice to roll) counted
 * at the start or end of a character's turn, or at the end of each round; or until the fight ends.
 * Left out, it lasts until removed.
 */
export type ConditionDuration =
  | { rounds: number | string; endsOn: 'turn-start' | 'turn-end'; anchorId: Id }
  | { rounds: number | string; endsOn: 'round-end' }
  | { endsOn: 'fight-end' };

type ConditionCommand = Extract<Command, { type: 'add-condition' | 'set-condition-timer' }>;

const ok = (...events: EncounterEvent[]): Result<EncounterEvent[]> => ({ ok: true, value: events });

// A number of rounds, or dice rolled for it ("1d4": at least 1 round, whatever the dice say).
// Text without a die is no number: the GM meant a count, and gets told to type one.
function roundsOf(value: unknown, random: () => RandomSource): { rounds: number; roll: Roll | null } | Failure {
  if (typeof value === 'string' && /d/i.test(value)) {
    const rolled = rollNotation(value, random());
    if (!rolled.ok) return failure('input/rounds', `Rounds: ${rolled.message}`);
    return { rounds: Math.min(ROUNDS_MAX, Math.max(1, rolled.value.total)), roll: rolled.value };
  }
  const rounds = checkInteger(value, 'Rounds', 1, ROUNDS_MAX);
  return isFailure(rounds) ? rounds : { rounds, roll: null };
}

/** The timer a duration makes, with the dice rolled for it, or why the duration won't do. */
function timerOf(state: EncounterState, duration: unknown, random: () => RandomSource): { timer: ConditionTimer; roll: Roll | null } | Failure {
  if (typeof duration !== 'object' || duration === null) return failure('input/duration', 'A duration needs at least when it ends.');
  const d = duration as Partial<Record<'rounds' | 'endsOn' | 'anchorId', unknown>>;
  if (d.endsOn === 'fight-end') return { timer: { remaining: 1, endsOn: 'fight-end' }, roll: null };
  if (d.endsOn !== 'turn-start' && d.endsOn !== 'turn-end' && d.endsOn !== 'round-end') {
    return failure('input/ends-on', 'A condition ends at the start or the end of a turn, at the end of a round, or when the fight ends.');
  }
  const counted = roundsOf(d.rounds, random);
  if (isFailure(counted)) return counted;
  if (d.endsOn === 'round-end') return { timer: { remaining: counted.rounds, endsOn: 'round-end' }, roll: counted.roll };
  const anchor = checkCombatant(state, d.anchorId);
  if (isFailure(anchor)) return anchor;
  // The turn in progress does not count: "1 round, until the end of X's turn" put on during X's
  // turn lasts until the end of X's next turn, not a moment.
  const remaining = d.endsOn === 'turn-end' && state.activeId === anchor.id ? counted.rounds + 1 : counted.rounds;
  return { timer: { remaining, endsOn: d.endsOn, anchorId: anchor.id }, roll: counted.roll };
}

const withRoll = (roll: Roll | null): { roll?: Roll } => (roll ? { roll } : {});

/** Puts a condition on, or changes how long one lasts. */
export function decideCondition(state: EncounterState, c: Combatant, cmd: ConditionCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (cmd.type === 'add-condition') {
    const name = checkName(cmd.name, 'condition');
    if (isFailure(name)) return name;
    if (!cmd.duration) return ok({ type: 'condition-added', combatantId: c.id, condition: { id: nextId(state, 'k'), name, timer: null } });
    const timed = timerOf(state, cmd.duration, random);
    if (isFailure(timed)) return timed;
    return ok({ type: 'condition-added', combatantId: c.id, condition: { id: nextId(state, 'k'), name, timer: timed.timer }, ...withRoll(timed.roll) });
  }
  const condition = c.conditions.find((k) => k.id === cmd.conditionId);
  if (!condition) return failure('condition/unknown', `${c.name} has no such condition; it may have expired already.`);
  if (cmd.duration === null) return ok({ type: 'condition-timer-set', combatantId: c.id, conditionId: condition.id, timer: null });
  const timed = timerOf(state, cmd.duration, random);
  if (isFailure(timed)) return timed;
  return ok({ type: 'condition-timer-set', combatantId: c.id, conditionId: condition.id, timer: timed.timer, ...withRoll(timed.roll) });
}
