import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { ARMOUR_WEIGHTS, type ArmourWeight } from './armour';
import { CATEGORY_LABEL, type Kit, type Proficiency, type Skill, type Weapon, type WeaponCategory } from './kit';

// 2d6 & Vigilant's part of each character (`combatant.rules`): their kit, and how they fell and
// stabilise. Plain JSON from the log, read defensively with the start values as fallbacks.

/** One stabilisation test taken (or let go by the GM) in a round after falling. */
export interface StabiliseTest {
  round: number;
  result: 'passed' | 'failed' | 'skipped';
}

/** Down at 0 HP during a fight: the round they fell in and the tests taken since. */
export interface Fallen {
  round: number;
  tests: StabiliseTest[];
}

/** The last attack made on a character in this fight: what an evasion of theirs answers. */
export interface LastAttack {
  attackerId: Id;
  weapon: string;
  category: WeaponCategory;
  /** The attacker's skill with it, as the attack was rolled (the GM's ruling included). */
  skill: Skill;
  round: number;
}

export interface TwoDicePerson extends Kit {
  /** At 0 HP and not yet stable or dead; null otherwise. */
  fallen: Fallen | null;
  /** Stabilised: back to 1 HP but unconscious for the rest of the encounter. */
  stable: boolean;
  /** The round in which they got clear of combat (extricated), or null. */
  extricated: number | null;
  /** The last attack made on them in this fight, or null. */
  lastAttack: LastAttack | null;
}

export const FRESH_PERSON: TwoDicePerson = { armour: 'none', weapons: [], proficiencies: [], fallen: null, stable: false, extricated: null, lastAttack: null };

const categories = Object.keys(CATEGORY_LABEL) as WeaponCategory[];

function weaponOf(raw: unknown): Weapon | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  const category = categories.includes(raw.category as WeaponCategory) ? (raw.category as WeaponCategory) : 'light-melee';
  return { id: raw.id, name: raw.name, category, subclass: typeof raw.subclass === 'string' ? raw.subclass : '' };
}

function proficiencyOf(raw: unknown): Proficiency | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  const category = raw.category === 'heavy-melee' || raw.category === 'ranged' ? raw.category : 'light-melee';
  return { id: raw.id, name: raw.name, category, level: raw.level === 'mastery' ? 'mastery' : 'proficient' };
}

function fallenOf(raw: unknown): Fallen | null {
  if (!isRecord(raw) || typeof raw.round !== 'number') return null;
  const tests = Array.isArray(raw.tests)
    ? raw.tests.filter((t): t is StabiliseTest => isRecord(t) && typeof t.round === 'number' && (t.result === 'passed' || t.result === 'failed' || t.result === 'skipped'))
    : [];
  return { round: raw.round, tests };
}

function lastAttackOf(raw: unknown): LastAttack | null {
  if (!isRecord(raw) || typeof raw.attackerId !== 'string' || typeof raw.weapon !== 'string' || typeof raw.round !== 'number') return null;
  const category = categories.includes(raw.category as WeaponCategory) ? (raw.category as WeaponCategory) : 'light-melee';
  const skill: Skill = raw.skill === 'proficient' || raw.skill === 'mastery' ? raw.skill : 'none';
  return { attackerId: raw.attackerId, weapon: raw.weapon, category, skill, round: raw.round };
}

/** A character's part, whatever the log holds. */
export function personOf(c: Pick<Combatant, 'rules'>): TwoDicePerson {
  const r = c.rules;
  if (!isRecord(r)) return FRESH_PERSON;
  return {
    armour: ARMOUR_WEIGHTS.includes(r.armour as ArmourWeight) ? (r.armour as ArmourWeight) : 'none',
    weapons: Array.isArray(r.weapons) ? r.weapons.map(weaponOf).filter((w): w is Weapon => w !== null) : [],
    proficiencies: Array.isArray(r.proficiencies) ? r.proficiencies.map(proficiencyOf).filter((p): p is Proficiency => p !== null) : [],
    fallen: fallenOf(r.fallen),
    stable: r.stable === true,
    extricated: typeof r.extricated === 'number' ? r.extricated : null,
    lastAttack: lastAttackOf(r.lastAttack),
  };
}

/** The state with one character's part changed. */
export function withPerson(state: EncounterState, id: Id, change: (p: TwoDicePerson) => TwoDicePerson): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, rules: change(personOf(c)) } : c)) };
}

/** The ids a part holds (its weapons' and proficiencies'), which the encounter's id counter keeps past. */
export function idsInPerson(part: unknown): Id[] {
  const p = personOf({ rules: part });
  return [...p.weapons.map((w) => w.id), ...p.proficiencies.map((x) => x.id)];
}
