import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { carriedOf, type Carried } from './carry-over';
import { gearOf, type Gear } from './gear';
import { NO_TESTS, ownTestsOf, type OwnTests } from './own-tests';

// Three Actions' part of each character (`combatant.rules`): their gear, and the attacks they have
// made this round (the multiple-attack penalty counts them), an extended action under way, and
// the commands given and taken this round, and what they hold in their hands.

/** An action taking longer than the actions a turn had left (reloading a crossbow): begun, and how far. */
export interface Extended {
  name: string;
  /** Actions it takes in all. */
  cost: number;
  /** Actions spent on it so far. */
  done: number;
  /** What it does once done, when it is one of the table's or Three Actions' own (absent: the GM's words only). */
  what?: Carried;
}

/** The action readied on Ready, and what sets it off; it holds while the condition it put on (`conditionId`) does. */
export interface Readied {
  /** One of the table's actions ("attack", "move", "other"). */
  actionId: string;
  /** For "something else": what it is. */
  words?: string;
  trigger: string;
  conditionId: Id;
}

export interface ThreeActionsPerson {
  gear: Gear[];
  /** Attacks made in the round named (any other round: none yet). */
  attacks: { round: number; count: number };
  /** An extended action under way, or null. */
  extended: Extended | null;
  /** The allies this character commanded in the round named (once a turn each; one turn a round). */
  commanded: { round: number; ids: Id[] };
  /** The action an ally's command gave them to attack with, during that ally's turn in the round named; null when none. */
  order: { round: number; by: Id } | null;
  /** Their own fortify and dodge tests, from their sheet. */
  tests: OwnTests;
  /**
   * The ids of the gear they hold in their hands (Brandish changes it). Null: nothing was ever
   * said, as in logs and entries from before hands were kept, and everything they carry counts as
   * held, so those fights replay and block as they did (`hands.ts heldIds`).
   */
  held: Id[] | null;
  /** The ids of the gear they dropped: on the ground, neither held nor carried until picked up. */
  dropped: Id[];
  /** The action readied on their last Ready (read it with `readiedOf`: it lapses with its condition). */
  readied?: Readied;
}

export const FRESH_PERSON: ThreeActionsPerson = { gear: [], attacks: { round: 0, count: 0 }, extended: null, commanded: { round: 0, ids: [] }, order: null, tests: NO_TESTS, held: null, dropped: [] };

/** A character's part, whatever the log holds. */
export function personOf(c: Pick<Combatant, 'rules'>): ThreeActionsPerson {
  const r = c.rules;
  if (!isRecord(r)) return FRESH_PERSON;
  const attacks = isRecord(r.attacks) && typeof r.attacks.round === 'number' && typeof r.attacks.count === 'number' ? { round: r.attacks.round, count: r.attacks.count } : FRESH_PERSON.attacks;
  const x = r.extended;
  const what = isRecord(x) ? carriedOf(x.what) : null;
  const extended = isRecord(x) && typeof x.name === 'string' && typeof x.cost === 'number' && typeof x.done === 'number' ? { name: x.name, cost: x.cost, done: x.done, ...(what ? { what } : {}) } : null;
  const k = r.commanded;
  const commanded = isRecord(k) && typeof k.round === 'number' && Array.isArray(k.ids) ? { round: k.round, ids: k.ids.filter((id): id is Id => typeof id === 'string') } : FRESH_PERSON.commanded;
  const o = r.order;
  const order = isRecord(o) && typeof o.round === 'number' && typeof o.by === 'string' ? { round: o.round, by: o.by } : null;
  const y = r.readied;
  const readied = isRecord(y) && typeof y.actionId === 'string' && typeof y.trigger === 'string' && typeof y.conditionId === 'string' ? { actionId: y.actionId, trigger: y.trigger, conditionId: y.conditionId, ...(typeof y.words === 'string' ? { words: y.words } : {}) } : null;
  const ids = (x: unknown): Id[] | null => (Array.isArray(x) ? x.filter((id): id is Id => typeof id === 'string') : null);
  return { gear: Array.isArray(r.gear) ? r.gear.map(gearOf).filter((g): g is Gear => g !== null) : [], attacks, extended, commanded, order, tests: ownTestsOf(r.tests), held: ids(r.held), dropped: ids(r.dropped) ?? [], ...(readied ? { readied } : {}) };
}

/** Attacks this character has made so far in the fight's current round. */
export function attacksThisRound(state: EncounterState, c: Pick<Combatant, 'rules'>): number {
  const a = personOf(c).attacks;
  return a.round === state.round ? a.count : 0;
}

/** A fight starting (again): the attacks counted and the commands given and taken in an earlier one are gone. */
export function freshFight(state: EncounterState): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (isRecord(c.rules) ? { ...c, rules: { ...personOf(c), attacks: FRESH_PERSON.attacks, commanded: FRESH_PERSON.commanded, order: null } } : c)) };
}

/** The state with one character's part changed. */
export function withPerson(state: EncounterState, id: Id, change: (p: ThreeActionsPerson) => ThreeActionsPerson): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, rules: change(personOf(c)) } : c)) };
}
