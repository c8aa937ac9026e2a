import { isRecord } from '../json';
import { failure, type Failure } from '../result';
import type { Ruleset } from './ruleset';
import { slotLabel, type ActionEconomy } from './economy';
import { isFailure } from './checks';
import type { Combatant } from './state';

/**
 * What a condition does to the character, applied by the engine wherever the thing it changes is
 * read: checks (a bonus or penalty, dice added or taken away, advantage or disadvantage), fixed
 * values (a stat lowered), and the turn (an action slot that can't be used, or more of one: Wait's
 * extra reaction). `on` and `stat` name
 * one of the ruleset's stats; left out, the effect touches every check, or every stat.
 */
export type ConditionEffect =
  | { kind: 'check'; amount: number; on?: string }
  | { kind: 'check-dice'; dice: number; on?: string }
  | { kind: 'edge'; edge: 'advantage' | 'disadvantage'; on?: string }
  | { kind: 'stat'; amount: number; stat?: string }
  | { kind: 'no-slot'; slot: string }
  | { kind: 'more-slot'; slot: string; amount: number };

/** At most this many effects on one condition. */
export const EFFECTS_MAX = 8;
const AMOUNT_LIMIT = 20;
const DICE_LIMIT = 5;

/** What a character's conditions do to one of their checks, all added up. */
export interface CheckEffects {
  /** Added to the total (−2 for "−2 to checks"). */
  modifier: number;
  /** Dice added (+1) or taken away (−1: "−1D") from the pool. */
  dice: number;
  /** Advantage or disadvantage once both are counted: one of each cancels to a plain roll. */
  edge: 'advantage' | 'disadvantage' | null;
  /** The conditions that changed it, for the log and the screen ("Hurt, Winded"). */
  from: string[];
}

function effectsOf(c: Pick<Combatant, 'conditions'>): { name: string; effect: ConditionEffect }[] {
  return c.conditions.flatMap((k) => (k.effects ?? []).map((effect) => ({ name: k.name, effect })));
}

/** What the character's conditions do to a check made with `stat` (or to any check, when left out). */
export function checkEffects(c: Pick<Combatant, 'conditions'>, stat?: string): CheckEffects {
  let modifier = 0;
  let dice = 0;
  let advantage = 0;
  let disadvantage = 0;
  const from = new Set<string>();
  for (const { name, effect } of effectsOf(c)) {
    if (effect.kind !== 'check' && effect.kind !== 'check-dice' && effect.kind !== 'edge') continue;
    if (effect.on !== undefined && effect.on !== stat) continue;
    from.add(name);
    if (effect.kind === 'check') modifier += effect.amount;
    else if (effect.kind === 'check-dice') dice += effect.dice;
    else if (effect.edge === 'advantage') advantage++;
    else disadvantage++;
  }
  const edge = advantage > 0 && disadvantage === 0 ? 'advantage' : disadvantage > 0 && advantage === 0 ? 'disadvantage' : null;
  return { modifier, dice, edge, from: [...from] };
}

/** A stat as the character's conditions leave it (a fixed value lowered by 2). */
export function statOf(c: Pick<Combatant, 'conditions' | 'stats'>, stat: string): number {
  const base = c.stats[stat] ?? 0;
  return effectsOf(c).reduce((value, { effect }) => (effect.kind === 'stat' && (effect.stat === undefined || effect.stat === stat) ? value + effect.amount : value), base);
}

/** The action slots the character's conditions forbid ("may not take a bonus action"), each with the condition that does. */
export function blockedSlots(c: Pick<Combatant, 'conditions'>): Map<string, string> {
  const blocked = new Map<string, string>();
  for (const { name, effect } of effectsOf(c)) if (effect.kind === 'no-slot' && !blocked.has(effect.slot)) blocked.set(effect.slot, name);
  return blocked;
}

/** How many more of each slot the character's conditions give them (Waiting: one more reaction). */
export function extraSlots(c: Pick<Combatant, 'conditions'>): Map<string, number> {
  const extra = new Map<string, number>();
  for (const { effect } of effectsOf(c)) if (effect.kind === 'more-slot') extra.set(effect.slot, (extra.get(effect.slot) ?? 0) + effect.amount);
  return extra;
}

/**
 * What the character has spent (a turn's budget, or what outlives their turns) as they may spend
 * it: slots their conditions forbid count as all spent, and slots they give more of count as that
 * many fewer spent, so every check of what is left (trades included) sees what they may do.
 */
export function spentUnder<T extends Readonly<Record<string, number | boolean>>>(economy: ActionEconomy, spent: T, c: Pick<Combatant, 'conditions'>): T {
  const blocked = blockedSlots(c);
  const extra = extraSlots(c);
  if (blocked.size === 0 && extra.size === 0) return spent;
  const changed: Record<string, number> = {};
  for (const slot of economy.slots) {
    const had = typeof spent[slot.id] === 'number' ? (spent[slot.id] as number) : 0;
    if (blocked.has(slot.id)) changed[slot.id] = slot.perTurn;
    else if (extra.has(slot.id)) changed[slot.id] = had - (extra.get(slot.id) ?? 0);
  }
  return { ...spent, ...changed };
}


function checkAmount(value: unknown, label: string, limit: number): number | Failure {
  if (typeof value !== 'number' || !Number.isInteger(value) || value === 0 || Math.abs(value) > limit) {
    return failure('input/effect', `${label} must be a whole number from −${limit} to ${limit}, not 0.`);
  }
  return value;
}

function checkStat(ruleset: Ruleset, value: unknown): string | undefined | Failure {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && ruleset.character.stats.some((s) => s.key === value)) return value;
  const known = ruleset.character.stats.map((s) => s.key).join(', ') || 'none';
  return failure('input/effect', `${ruleset.name} has no stat "${String(value)}"; its stats are: ${known}.`);
}

function checkEffect(ruleset: Ruleset, raw: unknown): ConditionEffect | Failure {
  if (!isRecord(raw)) return failure('input/effect', 'An effect is an object with a kind: check, check-dice, edge, stat, no-slot or more-slot.');
  switch (raw.kind) {
    case 'check':
    case 'check-dice': {
      const on = checkStat(ruleset, raw.on);
      if (isFailure(on)) return on;
      const amount = raw.kind === 'check' ? checkAmount(raw.amount, 'A bonus or penalty to checks', AMOUNT_LIMIT) : checkAmount(raw.dice, 'Dice added to checks', DICE_LIMIT);
      if (isFailure(amount)) return amount;
      const base = raw.kind === 'check' ? { kind: 'check' as const, amount } : { kind: 'check-dice' as const, dice: amount };
      return on === undefined ? base : { ...base, on };
    }
    case 'edge': {
      const on = checkStat(ruleset, raw.on);
      if (isFailure(on)) return on;
      if (raw.edge !== 'advantage' && raw.edge !== 'disadvantage') return failure('input/effect', 'An edge is advantage or disadvantage.');
      return on === undefined ? { kind: 'edge', edge: raw.edge } : { kind: 'edge', edge: raw.edge, on };
    }
    case 'stat': {
      const stat = checkStat(ruleset, raw.stat);
      if (isFailure(stat)) return stat;
      const amount = checkAmount(raw.amount, 'A change to a stat', AMOUNT_LIMIT);
      if (isFailure(amount)) return amount;
      return stat === undefined ? { kind: 'stat', amount } : { kind: 'stat', amount, stat };
    }
    case 'no-slot':
    case 'more-slot': {
      const slots = ruleset.turn.economy?.slots ?? [];
      if (typeof raw.slot !== 'string' || !slots.some((s) => s.id === raw.slot)) {
        const verb = raw.kind === 'no-slot' ? 'forbid' : 'give more of';
        return failure('input/effect', slots.length > 0 ? `A condition can ${verb} one of: ${slots.map((s) => s.id).join(', ')}.` : `${ruleset.name} counts no actions, so no condition can ${verb} one.`);
      }
      if (raw.kind === 'no-slot') return { kind: 'no-slot', slot: raw.slot };
      const amount = checkAmount(raw.amount, 'More of a slot', DICE_LIMIT);
      if (isFailure(amount)) return amount;
      return amount < 0 ? failure('input/effect', 'More of a slot is a whole number from 1 to 5; to take one away, forbid it.') : { kind: 'more-slot', slot: raw.slot, amount };
    }
    default:
      return failure('input/effect', `Unknown effect "${String(raw.kind)}"; an effect is a check, check-dice, edge, stat, no-slot or more-slot.`);
  }
}

/** Effects as sent (from the screen, a script or a catalogue), each checked against the ruleset. */
export function readEffects(ruleset: Ruleset, raw: unknown): ConditionEffect[] | Failure {
  if (!Array.isArray(raw)) return failure('input/effect', 'Effects are a list.');
  if (raw.length > EFFECTS_MAX) return failure('input/effect', `A condition has at most ${EFFECTS_MAX} effects.`);
  const effects: ConditionEffect[] = [];
  for (const item of raw) {
    const effect = checkEffect(ruleset, item);
    if (isFailure(effect)) return effect;
    effects.push(effect);
  }
  return effects;
}

const signed = (n: number) => (n > 0 ? `+${n}` : `−${Math.abs(n)}`);

/** The effects in a few words for the screen ("−2 to checks, no bonus action"). */
export function effectWords(ruleset: Ruleset | undefined, effects: readonly ConditionEffect[]): string {
  const statName = (key: string | undefined) => ruleset?.character.stats.find((s) => s.key === key)?.label ?? key;
  const checks = (on: string | undefined) => (on === undefined ? 'checks' : `${statName(on)} checks`);
  return effects
    .map((e) => {
      switch (e.kind) {
        case 'check':
          return `${signed(e.amount)} to ${checks(e.on)}`;
        case 'check-dice':
          return `${signed(e.dice)}D to ${checks(e.on)}`;
        case 'edge':
          return `${e.edge} on ${checks(e.on)}`;
        case 'stat':
          return `${signed(e.amount)} to ${e.stat === undefined ? 'every stat' : statName(e.stat)}`;
        case 'no-slot':
          return `no ${slotLabel(ruleset?.turn.economy, e.slot)}`;
        case 'more-slot':
          return `${e.amount} more ${slotLabel(ruleset?.turn.economy, e.slot)}`;
      }
    })
    .join(', ');
}
