import type { Combatant, EncounterState, Id } from '../../core/state';
import { isRecord } from '../../json';
import { sheetOf, type SheetEntry } from './sheet';
import { SKILLS, type SkillKey } from './tables';

// What Skill Ranks keeps of its own for each character: their sheet (skills and weapons), who they
// have as the focus of their attention (engagement), and an awareness advantage meant for a later
// round's initiative.

export interface RanksPerson {
  sheet: SheetEntry[];
  /** The opponent they have as their main focus: the two are engaged (either way round). */
  focus: Id | null;
  /** Result points an awareness advantage adds to one round's initiative. */
  initiativeBonus: { round: number; amount: number } | null;
  /** What they hold ready, and for what (live while their Readied condition lasts). */
  readied: Readied | null;
  /** The +1D a recovery check of theirs made short of its goal adds to their next one. */
  recoveryDice: number;
  /** The round in which they, on their own turn, moved with a movement check (matching it then takes an action). */
  movedWithCheck?: number;
}

/**
 * A readied action: an attack (with a weapon, or bare hands), a check (a skill against a difficulty,
 * such as a sprint), a defence, or an action held (any action, taken out of turn in answer to
 * someone later in the order), and its trigger in the GM's words.
 */
export type Readied = {
  action: 'attack' | 'check' | 'defend' | 'hold';
  weaponId: Id | null;
  trigger: string;
  /** What kind of step by an opponent sets an attack or a check off (absent in older logs: a move). */
  on?: ReadiedOn;
  /** A readied check's skill, difficulty, and whether it is a movement check (failing it tires them). */
  check?: { skill: SkillKey; difficulty: number; movement: boolean };
};

/** The opponent's step a readied attack or check answers: a move, or an attack. */
export type ReadiedOn = 'move' | 'attack';

export const FRESH_PERSON: RanksPerson = { sheet: [], focus: null, initiativeBonus: null, readied: null, recoveryDice: 0 };

function readiedOf(raw: unknown): Readied | null {
  if (!isRecord(raw) || (raw.action !== 'attack' && raw.action !== 'check' && raw.action !== 'defend' && raw.action !== 'hold') || typeof raw.trigger !== 'string') return null;
  const c = raw.check;
  const skill = isRecord(c) ? SKILLS.find((s) => s.key === c.skill)?.key : undefined;
  const check = isRecord(c) && skill && typeof c.difficulty === 'number' ? { check: { skill, difficulty: c.difficulty, movement: c.movement === true } } : {};
  const on: { on?: ReadiedOn } = raw.on === 'move' || raw.on === 'attack' ? { on: raw.on } : {};
  return { action: raw.action, weaponId: typeof raw.weaponId === 'string' ? raw.weaponId : null, trigger: raw.trigger, ...on, ...check };
}

/** A character's part, whatever the log holds (defaults where it holds nothing). */
export function personOf(c: Pick<Combatant, 'rules'>): RanksPerson {
  const raw = isRecord(c.rules) ? c.rules : {};
  const bonus = isRecord(raw.initiativeBonus) && typeof raw.initiativeBonus.round === 'number' && typeof raw.initiativeBonus.amount === 'number' ? { round: raw.initiativeBonus.round, amount: raw.initiativeBonus.amount } : null;
  const moved = typeof raw.movedWithCheck === 'number' && Number.isInteger(raw.movedWithCheck) ? { movedWithCheck: raw.movedWithCheck } : {};
  return { sheet: sheetOf(raw.sheet), focus: typeof raw.focus === 'string' ? raw.focus : null, initiativeBonus: bonus, readied: readiedOf(raw.readied), recoveryDice: typeof raw.recoveryDice === 'number' && Number.isInteger(raw.recoveryDice) ? Math.max(0, Math.min(5, raw.recoveryDice)) : 0, ...moved };
}

/** The state with one character's part changed. */
export function withPerson(state: EncounterState, id: Id, change: (p: RanksPerson) => RanksPerson): EncounterState {
  return { ...state, combatants: state.combatants.map((c) => (c.id === id ? { ...c, rules: { ...change(personOf(c)) } } : c)) };
}

/** The ids a character's part holds (its sheet's), which the encounter's id counter keeps past. */
export const idsInPerson = (part: unknown): Id[] => personOf({ rules: part }).sheet.map((e) => e.id);
