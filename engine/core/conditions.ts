import { isRecord } from '../json';
import type { RandomSource } from '../dice/random';
import { rollNotation, type Roll } from '../dice/roll';
import { failure, type Failure, type Result } from '../result';
import { checkCombatant, checkInteger, checkName, isFailure, nextId } from './checks';
import type { Command } from './commands';
import type { EncounterEvent } from './events';
import type { Ruleset } from './ruleset';
import { readEffects, type ConditionEffect } from './effects';
import type { Combatant, Condition, ConditionTimer, EncounterState, Id } from './state';

// Conditions put on a character: how long they last (until removed, a number of the anchor's turn
// starts or ends, a number of rounds ending, the rest of the fight, the rest of the scene, or until
// the anchor's next action of a kind), what they do (`effects.ts`) and their rank on a condition
// track. A number of rounds may be rolled ("1d4"); the GM may change any condition's duration.

export const ROUNDS_MAX = 1000;

/**
 * How long a condition lasts, as the GM gives it: rounds (a whole number, or dice to roll) counted
 * at the start or end of a character's turn, or at the end of each round; until the fight ends;
 * until the scene ends (it outlives the fight); or until a character's next action that spends a
 * slot of the ruleset's economy (`slot`: "full"). Left out, it lasts until removed.
 */
export type ConditionDuration =
  | { rounds: number | string; endsOn: 'turn-start' | 'turn-end'; anchorId: Id }
  | { rounds: number | string; endsOn: 'round-end' }
  | { endsOn: 'fight-end' }
  | { endsOn: 'scene-end' }
  | { endsOn: 'next-action'; anchorId: Id; slot: string };

/**
 * How long a condition the ruleset names lasts, the character who gets it standing for the anchor
 * ("until the end of their next turn").
 */
export type DurationTemplate =
  | { rounds: number | string; endsOn: 'turn-start' | 'turn-end' }
  | { rounds: number | string; endsOn: 'round-end' }
  | { endsOn: 'fight-end' }
  | { endsOn: 'scene-end' }
  | { endsOn: 'next-action'; slot: string };

/** The duration a template gives the character `combatantId`. */
export function durationFor(template: DurationTemplate, combatantId: Id): ConditionDuration {
  switch (template.endsOn) {
    case 'turn-start':
    case 'turn-end':
      return { rounds: template.rounds, endsOn: template.endsOn, anchorId: combatantId };
    case 'next-action':
      return { endsOn: 'next-action', anchorId: combatantId, slot: template.slot };
    default:
      return template;
  }
}

/**
 * A condition the ruleset's text names (Stunned, Winded), for the add form to offer: what it is
 * called, what it does, how long it lasts and its rank on a condition track.
 */
export interface ConditionDefinition {
  id: string;
  name: string;
  effects: readonly ConditionEffect[];
  duration?: DurationTemplate;
  rank?: { track: string; value: number };
}

/** A ruleset's condition track (damage, fatigue, composure): conditions on it are ranked 1 to `max`. */
export interface ConditionTrack {
  id: string;
  label: string;
  max: number;
}

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
function timerOf(state: EncounterState, ruleset: Ruleset, duration: unknown, random: () => RandomSource): { timer: ConditionTimer; roll: Roll | null } | Failure {
  if (typeof duration !== 'object' || duration === null) return failure('input/duration', 'A duration needs at least when it ends.');
  const d = duration as Partial<Record<'rounds' | 'endsOn' | 'anchorId' | 'slot', unknown>>;
  if (d.endsOn === 'fight-end' || d.endsOn === 'scene-end') return { timer: { remaining: 1, endsOn: d.endsOn }, roll: null };
  if (d.endsOn === 'next-action') {
    const anchor = checkCombatant(state, d.anchorId);
    if (isFailure(anchor)) return anchor;
    const slots = ruleset.turn.economy?.slots ?? [];
    const slot = slots.find((s) => s.id === d.slot);
    if (!slot) return failure('input/ends-on', slots.length > 0 ? `A condition can last until the next ${slots.map((s) => s.label).join(' or ')}.` : 'This ruleset counts no actions, so nothing can last until the next one.');
    return { timer: { remaining: 1, endsOn: 'next-action', anchorId: anchor.id, slot: slot.id }, roll: null };
  }
  if (d.endsOn !== 'turn-start' && d.endsOn !== 'turn-end' && d.endsOn !== 'round-end') {
    return failure('input/ends-on', "A condition ends at the start or the end of a turn, at the end of a round, when the fight or the scene ends, or at someone's next action.");
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

/**
 * A condition's effects and rank as sent, checked against the ruleset; only those given are kept,
 * so a plain condition stays as it always was.
 */
export function checkConditionExtras(ruleset: Ruleset, rawEffects: unknown, rawRank: unknown): Pick<Condition, 'effects' | 'rank'> | Failure {
  const extras: Pick<Condition, 'effects' | 'rank'> = {};
  if (rawEffects !== undefined) {
    const effects = readEffects(ruleset, rawEffects);
    if (isFailure(effects)) return effects;
    if (effects.length > 0) extras.effects = effects;
  }
  if (rawRank !== undefined) {
    const raw = isRecord(rawRank) ? rawRank : null;
    const track = (ruleset.character.conditionTracks ?? []).find((t) => t.id === raw?.track);
    if (!track) {
      const known = (ruleset.character.conditionTracks ?? []).map((t) => t.id);
      return failure('input/rank', known.length > 0 ? `A rank is on one of ${ruleset.name}'s condition tracks: ${known.join(', ')}.` : `${ruleset.name} keeps no condition tracks.`);
    }
    const value = checkInteger(raw?.value, `${track.label} rank`, 1, track.max);
    if (isFailure(value)) return value;
    extras.rank = { track: track.id, value };
  }
  return extras;
}

/**
 * The condition a catalogue entry puts on `combatantId` now (an action's `gives`). Its duration is
 * fixed (the registry's checks refuse dice there), counted as a duration the GM gives is.
 */
export function conditionFromCatalogue(state: EncounterState, definition: ConditionDefinition, combatantId: Id, offset = 0): Condition {
  const template = definition.duration;
  const rounds = template && 'rounds' in template && typeof template.rounds === 'number' ? template.rounds : 1;
  const anchored = template?.endsOn === 'turn-end' && state.activeId === combatantId ? rounds + 1 : rounds;
  const timer: ConditionTimer | null = !template
    ? null
    : template.endsOn === 'turn-start' || template.endsOn === 'turn-end'
      ? { remaining: template.endsOn === 'turn-end' ? anchored : rounds, endsOn: template.endsOn, anchorId: combatantId }
      : template.endsOn === 'round-end'
        ? { remaining: rounds, endsOn: 'round-end' }
        : template.endsOn === 'next-action'
          ? { remaining: 1, endsOn: 'next-action', anchorId: combatantId, slot: template.slot }
          : { remaining: 1, endsOn: template.endsOn };
  return {
    id: nextId(state, 'k', offset),
    name: definition.name,
    timer,
    ...(definition.effects.length > 0 ? { effects: [...definition.effects] } : {}),
    ...(definition.rank ? { rank: definition.rank } : {}),
  };
}

const withRoll = (roll: Roll | null): { roll?: Roll } => (roll ? { roll } : {});

/** Puts a condition on, or changes how long one lasts. */
export function decideCondition(state: EncounterState, ruleset: Ruleset, c: Combatant, cmd: ConditionCommand, random: () => RandomSource): Result<EncounterEvent[]> {
  if (cmd.type === 'add-condition') {
    const name = checkName(cmd.name, 'condition');
    if (isFailure(name)) return name;
    const extras = checkConditionExtras(ruleset, cmd.effects, cmd.rank);
    if (isFailure(extras)) return extras;
    if (!cmd.duration) return ok({ type: 'condition-added', combatantId: c.id, condition: { id: nextId(state, 'k'), name, timer: null, ...extras } });
    const timed = timerOf(state, ruleset, cmd.duration, random);
    if (isFailure(timed)) return timed;
    return ok({ type: 'condition-added', combatantId: c.id, condition: { id: nextId(state, 'k'), name, timer: timed.timer, ...extras }, ...withRoll(timed.roll) });
  }
  const condition = c.conditions.find((k) => k.id === cmd.conditionId);
  if (!condition) return failure('condition/unknown', `${c.name} has no such condition; it may have expired already.`);
  if (cmd.duration === null) return ok({ type: 'condition-timer-set', combatantId: c.id, conditionId: condition.id, timer: null });
  const timed = timerOf(state, ruleset, cmd.duration, random);
  if (isFailure(timed)) return timed;
  return ok({ type: 'condition-timer-set', combatantId: c.id, conditionId: condition.id, timer: timed.timer, ...withRoll(timed.roll) });
}
