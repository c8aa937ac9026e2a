import { isRecord } from '../../json';
import { failure, type Failure } from '../../result';
import { DIFFICULTY_BANDS } from './tables';

// A shift attack: "an attack by knocking over or hurling a heavy object up to 15 feet … requires a
// shift check". The movement table's Shift Object row gives the object's difficulty band (unsteady:
// very easy or easy; set firm: moderate and up) and the most damage it does (5D to 9D). The GM says
// how hard the object is to shift (a difficulty of 1 to 25) and its damage dice, at most the band's.

export interface ShiftObject {
  name: string;
  /** The difficulty of shifting it, 1–25: its band is the Shift Object row's. */
  difficulty: number;
  /** Its damage dice. */
  dice: number;
}

const NAME_MAX = 60;

/** The band (1–5) a difficulty falls in: 1–5 very easy … 21–25 very difficult. */
export const bandOf = (difficulty: number): (typeof DIFFICULTY_BANDS)[number] => DIFFICULTY_BANDS[Math.min(5, Math.max(1, Math.ceil(difficulty / 5))) - 1]!;

/** The object as sent: { name?, difficulty 1–25, dice 1–12 }. */
export function checkObject(raw: unknown): ShiftObject | Failure {
  const bad = failure('ranks/object', 'A shifted object has a difficulty from 1 to 25 (the Shift Object row\'s bands) and damage dice from 1 up; a name is optional.');
  if (!isRecord(raw)) return bad;
  const { difficulty, dice, name } = raw;
  if (typeof difficulty !== 'number' || !Number.isInteger(difficulty) || difficulty < 1 || difficulty > 25) return bad;
  if (typeof dice !== 'number' || !Number.isInteger(dice) || dice < 1 || dice > 12) return bad;
  if (name !== undefined && (typeof name !== 'string' || name.length > NAME_MAX)) return failure('ranks/object', `Name the object in at most ${NAME_MAX} characters, or leave the name out.`);
  return { name: typeof name === 'string' && name.trim() !== '' ? name.trim() : 'Heavy object', difficulty, dice };
}

/** Why the object's damage is more than its band allows, or null. */
export function objectProblem(o: ShiftObject): string | null {
  const band = bandOf(o.difficulty);
  return o.dice > band.shiftDice ? `A ${band.name.toLowerCase()} object to shift (${o.difficulty}) does up to ${band.shiftDice}D damage, not ${o.dice}D.` : null;
}
