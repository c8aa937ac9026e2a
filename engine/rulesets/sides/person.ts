import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { weaponOf, type Weapon } from './gear';

// Sides & Shock's part of each character (`combatant.rules`): their weapons, the round in which
// their shield last turned a Shock aside (a shield ignores the first Shock of each round), and
// the squares where the pieces they dropped lie.

/** A square of the map, where a dropped piece lies. */
export interface DropSquare {
  x: number;
  y: number;
}

export interface SidesPerson {
  gear: Weapon[];
  /** The round their shield last ignored a Shock in (null: not yet this fight; round 0 is a surprise round). */
  shieldRound: number | null;
  /** Where each dropped piece lies, by its id: the square its owner stood on as it fell (none off the map). */
  droppedAt: Readonly<Record<Id, DropSquare>>;
}

export const FRESH_PERSON: SidesPerson = { gear: [], shieldRound: null, droppedAt: {} };

const isSquare = (v: unknown): v is DropSquare => isRecord(v) && typeof v.x === 'number' && typeof v.y === 'number';

/** A character's part, whatever the log holds. */
export function personOf(c: Pick<Combatant, 'rules'>): SidesPerson {
  const r = c.rules;
  if (!isRecord(r)) return FRESH_PERSON;
  return {
    gear: Array.isArray(r.gear) ? r.gear.map(weaponOf).filter((w): w is Weapon => w !== null) : [],
    shieldRound: typeof r.shieldRound === 'number' ? r.shieldRound : null,
    droppedAt: isRecord(r.droppedAt) ? Object.fromEntries(Object.entries(r.droppedAt).filter((entry): entry is [Id, DropSquare] => isSquare(entry[1]))) : {},
  };
}

/** The state with one character's part changed. */
export function withPerson(state: EncounterState, id: Id, change: (p: SidesPerson) => SidesPerson): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, rules: change(personOf(c)) } : c)) };
}

/** The ids a character's part holds (their weapons'). */
export const idsInPerson = (part: unknown): Id[] => personOf({ rules: part }).gear.map((w) => w.id);

/** A fight starting (again): no shield has turned a Shock aside in it yet. */
export function freshPeople(state: EncounterState): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (isRecord(c.rules) ? { ...c, rules: { ...personOf(c), shieldRound: null } } : c)) };
}
