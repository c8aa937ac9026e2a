// How the maneuver forms word a target's size: the text makes larger targets harder to shove or
// grapple; the penalties and their names are the engine's.
import { SIZE_LABEL, SIZE_PENALTY, type Size } from '../../../../engine/rulesets/sides/index';
import { signed } from './attack-words';

export type { Size };

export const SIZES: readonly { id: Size; label: string }[] = (['same', 'larger', 'huge'] as const).map((id) => ({
  id,
  label: SIZE_PENALTY[id] === 0 ? SIZE_LABEL[id] : `${SIZE_LABEL[id]} (${signed(SIZE_PENALTY[id])})`,
}));

/** A typed d20 from a number field: null when blank. */
export const typedD20 = (raw: string): number | null => (raw.trim() === '' ? null : Number(raw));

/** Whether a typed d20 is one a d20 shows (blank: the screen rolls). */
export const d20Ok = (d20: number | null): boolean => d20 === null || (Number.isInteger(d20) && d20 >= 1 && d20 <= 20);

/** What an action costs, as the buttons name it. */
export const SIDES_ECONOMY_WORDS: Readonly<Record<'main' | 'move' | 'free', string>> = { main: 'Main', move: 'Move', free: 'Free' };

/** Dice typed as "3 4" (or "3,4"): their faces, null when blank or not whole numbers. */
export function typedFaces(raw: string): number[] | null {
  const parts = raw.trim().split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length === 0) return null;
  const faces = parts.map(Number);
  return faces.every((n) => Number.isInteger(n) && n >= 1) ? faces : null;
}

/** Whether what is typed for a check's dice is blank or reads as faces. */
export const facesOk = (raw: string): boolean => raw.trim() === '' || typedFaces(raw) !== null;
