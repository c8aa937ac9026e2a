import type { Ruleset } from './ruleset';
import type { Mark } from './state';

/**
 * A rule state the GM (or the rules) can put a character in: its id as events store it, the
 * label of its check box, the words the log tells it with, and whether the players may hear of it.
 */
export interface MarkDeclaration {
  id: Mark;
  label: string;
  /** "Ann surrenders": the words after the name when the mark is set. */
  set: string;
  /** "Ann no longer surrenders": the words after the name when it is taken away. */
  cleared: string;
  /** Never told to the players, never in their view. */
  gmOnly: boolean;
}

/**
 * The marks every ruleset has: the ways out of a fight that outlast any health track (see
 * `core/health.ts`, which reads them for every ruleset's status).
 */
export const OUT_MARKS: readonly MarkDeclaration[] = [
  { id: 'dead', label: 'Dead', set: 'is dead', cleared: 'is no longer dead', gmOnly: false },
  { id: 'surrendered', label: 'Surrendered', set: 'surrenders', cleared: 'no longer surrenders', gmOnly: false },
  { id: 'retreated', label: 'Retreated', set: 'retreats', cleared: 'is back in the fight', gmOnly: false },
];

/** Every mark a character can carry under this ruleset: the out marks, then the ruleset's own. */
export function marksOf(ruleset: Ruleset | undefined): readonly MarkDeclaration[] {
  return ruleset?.character.marks ? [...OUT_MARKS, ...ruleset.character.marks] : OUT_MARKS;
}

/** The declaration of one mark, or undefined when this ruleset has no such mark. */
export function markNamed(ruleset: Ruleset | undefined, id: string): MarkDeclaration | undefined {
  return marksOf(ruleset).find((m) => m.id === id);
}
