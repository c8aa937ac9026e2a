import type { Combatant, EncounterState, Id } from '../../encounter/state';
import { isRecord } from '../../json';

// What Skill Ranks keeps of its own for each character: an awareness advantage meant for a later
// round's initiative.

export interface RanksPerson {
  /** Result points an awareness advantage adds to one round's initiative. */
  initiativeBonus: { round: number; amount: number } | null;
}

export const FRESH_PERSON: RanksPerson = { initiativeBonus: null };

/** A character's part, whatever the log holds (defaults where it holds nothing). */
export function personOf(c: Pick<Combatant, 'rules'>): RanksPerson {
  const raw = isRecord(c.rules) ? c.rules : {};
  const bonus = isRecord(raw.initiativeBonus) && typeof raw.initiativeBonus.round === 'number' && typeof raw.initiativeBonus.amount === 'number' ? { round: raw.initiativeBonus.round, amount: raw.initiativeBonus.amount } : null;
  return { initiativeBonus: bonus };
}

/** The state with one character's part changed. */
export function withPerson(state: EncounterState, id: Id, change: (p: RanksPerson) => RanksPerson): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, rules: { ...(isRecord(c.rules) ? c.rules : {}), ...change(personOf(c)) } } : c)) };
}
