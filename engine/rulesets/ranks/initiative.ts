import * as v from 'valibot';
import type { RandomSource, RandomState } from '../../dice/random';
import type { Roll } from '../../dice/roll';
import { statOf } from '../../core/effects';
import { eventId, listOf, roll, rngState, text, whole, count } from '../../core/stored-event-parts';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id, SettingValue } from '../../core/state';
import { displayOf } from '../../core/display';
import { isRecord } from '../../json';
import { told, type Told } from '../../core/told';
import type { Voice } from '../../core/voice';
import { individualInitiative } from '../../turns/individual';
import { ruleEvent } from '../../core/typed';
import { planCheck, rollCheck } from './checks';
import { isStartled } from './conditions';
import { personOf } from './person';
import { skillOf } from './sheet';
import { ranksSettings } from './settings';

// Initiative is the fixed value of awareness, highest first, sorted again as every round begins:
// one-round changes move people (an awareness advantage adds its result points to the next round;
// Startled takes 2 off it; Tired lowers every fixed value). When the GM calls the fight chaotic,
// awareness is rolled instead, for a round, a number of rounds or the rest of the encounter.

/** When awareness is rolled rather than read: from a round, to a round (null: the rest of the encounter), or fixed again. */
export type RolledCall = {
  rolled: boolean;
  from: number;
  until: number | null;
};

/** A change to one round's initiative, and why ("startled", "awareness advantage"). */
export interface InitiativeChange {
  why: string;
  amount: number;
}

/** One character's initiative for a round: where it came from, what changed it, and the total. */
export interface RoundInitiative {
  combatantId: Id;
  /** The fixed value of awareness, or the check's total when rolled. */
  base: number;
  roll: Roll | null;
  changes: InitiativeChange[];
  total: number;
}

export const REORDERED = 'ranks/reordered';

export type ReorderedEvent = {
  type: typeof REORDERED;
  round: number;
  entries: RoundInitiative[];
  order: Id[];
  rng: RandomState | null;
};

/** The GM's call as the encounter's part holds it, or null (the fight's setting decides). */
function rolledCallOf(state: EncounterState): RolledCall | null {
  const raw = isRecord(state.rules) ? state.rules.rolled : undefined;
  if (!isRecord(raw) || typeof raw.rolled !== 'boolean' || typeof raw.from !== 'number') return null;
  return { rolled: raw.rolled, from: raw.from, until: typeof raw.until === 'number' ? raw.until : null };
}

/** Whether awareness is rolled for this round's order: the GM's call where it covers the round, else the setting. */
function rolledFor(state: Pick<EncounterState, 'rules' | 'settings'>, round: number): boolean {
  const call = rolledCallOf(state as EncounterState);
  if (call && round >= call.from && (call.until === null || round <= call.until)) return call.rolled;
  return state.settings.rolledInitiative === true;
}

/** The fixed value of awareness as the character's conditions leave it (Tired: −2). */
const fixedAwareness = (c: Combatant): number => statOf(c, 'awareness');

/** The awareness check: its dice from the sheet, with what the character's conditions do to checks. */
function rolledAwareness(c: Combatant, random: RandomSource, settings: Readonly<Record<string, SettingValue>>): { roll: Roll; total: number } {
  const read = ranksSettings(settings);
  const awareness = skillOf(c, 'awareness', read.die);
  const plan = planCheck(c, awareness.dice, [awareness.attribute, awareness.key], read);
  const rolled = rollCheck(plan, random);
  return { roll: rolled.rolls[rolled.rolls.length - 1] as Roll, total: rolled.total };
}

/** What changes a character's initiative for `round` alone: an awareness advantage meant for it, being Startled. */
function changesFor(c: Combatant, round: number): InitiativeChange[] {
  const changes: InitiativeChange[] = [];
  const bonus = personOf(c).initiativeBonus;
  if (bonus && bonus.round === round && bonus.amount !== 0) changes.push({ why: 'awareness advantage', amount: bonus.amount });
  if (isStartled(c)) changes.push({ why: 'startled', amount: -2 });
  return changes;
}

/** Ties under the setting: the order they had (or, first, the more awareness dice); the players' characters first if so set. */
function tieOrder(state: EncounterState, a: Combatant, b: Combatant): number {
  const settings = ranksSettings(state.settings);
  if (settings.initiativeTie === 'players') {
    const players = displayOf(state).playerFactions;
    const diff = Number(players.includes(b.factionId)) - Number(players.includes(a.factionId));
    if (diff !== 0) return diff;
  }
  const was = (c: Combatant) => (state.order.includes(c.id) ? state.order.indexOf(c.id) : Number.MAX_SAFE_INTEGER);
  return was(a) - was(b) || (b.stats.awarenessDice ?? 0) - (a.stats.awarenessDice ?? 0) || a.name.localeCompare(b.name);
}

/**
 * The order for `round`, as the round before ends: everyone in the order, by fixed or rolled
 * awareness and that round's changes, ties by the setting.
 */
export function reorderFor(state: EncounterState, round: number, random: RandomSource): ReorderedEvent {
  const rolled = rolledFor(state, round);
  const byId = new Map(state.combatants.map((c) => [c.id, c]));
  const entries = state.order.flatMap((id): RoundInitiative[] => {
    const c = byId.get(id);
    if (!c) return [];
    const base = rolled ? rolledAwareness(c, random, state.settings) : { roll: null, total: fixedAwareness(c) };
    const changes = changesFor(c, round);
    return [{ combatantId: id, base: base.total, roll: base.roll, changes, total: base.total + changes.reduce((sum, x) => sum + x.amount, 0) }];
  });
  const totals = new Map(entries.map((e) => [e.combatantId, e.total]));
  const order = [...entries]
    .sort((x, y) => (totals.get(y.combatantId) ?? 0) - (totals.get(x.combatantId) ?? 0) || tieOrder(state, byId.get(x.combatantId) as Combatant, byId.get(y.combatantId) as Combatant))
    .map((e) => e.combatantId);
  return { type: REORDERED, round, entries, order, rng: rolled ? random.state() : null };
}

/**
 * The order as the fight starts and as someone joins: fixed awareness (or rolled, when the
 * setting makes the fight chaotic from the start), highest first; the rounds after are sorted by
 * `reorderFor` as each round ends.
 */
export const ranksInitiative = individualInitiative({
  // Startled before the fight: round 1 is "the next round".
  score: (c, random, settings) => {
    const base = settings.rolledInitiative === true ? rolledAwareness(c, random, settings) : { roll: null, total: fixedAwareness(c) };
    return { ...base, total: base.total + (isStartled(c) ? -2 : 0) };
  },
  // Equal awareness: the more awareness dice first; still equal, rolled again.
  breakTie: (a, b) => (b.stats.awarenessDice ?? 0) - (a.stats.awarenessDice ?? 0),
  tiebreak: (c, random, settings) => rolledAwareness(c, random, settings).roll,
});

function tellReordered(e: ReorderedEvent, voice: Voice): Told | null {
  const moved = e.entries.filter((x) => x.changes.length > 0 || x.roll !== null);
  const names = e.order.map((id) => voice.who(id)).filter((n): n is string => n !== null);
  const why = moved
    .map((x) => {
      const who = voice.who(x.combatantId);
      if (who === null) return null;
      const parts = [x.roll ? `rolled ${x.base}` : null, ...x.changes.map((c) => `${c.amount > 0 ? '+' : '−'}${Math.abs(c.amount)} ${c.why}`)].filter((p) => p !== null);
      return `${who} ${x.total} (${parts.join(', ')})`;
    })
    .filter((p): p is string => p !== null);
  const lead = e.entries.some((x) => x.roll !== null) ? `Round ${e.round} order, awareness rolled` : `Round ${e.round} order`;
  return told(`${lead}: ${names.join(', ')}${why.length > 0 ? `; ${why.join('; ')}` : ''}.`, e.order);
}

const change = v.object({ why: text(40), amount: count });

export const REORDERED_EVENT = ruleEvent<ReorderedEvent>({
  kind: 'other',
  fightLog: true,
  schema: v.object({
    round: whole(1, 100_000),
    entries: listOf(v.object({ combatantId: eventId, base: count, roll: v.nullable(roll), changes: listOf(change, 8), total: count }), 1000),
    order: listOf(eventId, 1000),
    rng: v.nullable(rngState),
  }),
  refers: (state, e) => {
    const unknown = [...e.order, ...e.entries.map((x) => x.combatantId)].find((id) => !state.combatants.some((c) => c.id === id));
    return unknown ? `it names ${unknown}, who is not in the fight` : null;
  },
  apply: (state, e) => {
    const totals = new Map(e.entries.map((x) => [x.combatantId, x.total]));
    return {
      ...state,
      order: [...e.order],
      combatants: state.combatants.map((c) => (totals.has(c.id) ? { ...c, initiative: totals.get(c.id) ?? c.initiative } : c)),
      rules: { ...(isRecord(state.rules) ? state.rules : {}), lastOrder: { round: e.round, entries: e.entries } },
      ...(e.rng ? { rng: e.rng } : {}),
    };
  },
  tell: (event, voice) => tellReordered(event, voice),
});

/**
 * The order as a fight starts, ties put by the setting as every later round's are (the players'
 * characters first, if so set): `start` settles ties by awareness dice alone, not knowing the
 * fight's factions.
 */
export function startingTies(state: EncounterState): EncounterState {
  const byId = new Map(state.combatants.map((c) => [c.id, c]));
  const total = (id: Id) => byId.get(id)?.initiative ?? 0;
  const order = [...state.order].sort((x, y) => total(y) - total(x) || tieOrder(state, byId.get(x) as Combatant, byId.get(y) as Combatant));
  if (order.every((id, i) => id === state.order[i])) return state;
  // The fight opens with the first of the order as the ties put it.
  const opensWithFirst = state.activeId !== null && state.activeId === state.order[0];
  return { ...state, order, activeId: opensWithFirst ? (order[0] ?? state.activeId) : state.activeId };
}

/** The events of a round ending: the next round's order. */
export function ranksEndOfRound(state: EncounterState, random: RandomSource): EncounterEvent[] {
  return [reorderFor(state, state.round + 1, random)];
}
