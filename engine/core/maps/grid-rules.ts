import type { Combatant, EncounterState, SettingValue } from '../state';
import type { Failure } from '../../result';

// What a ruleset says about fighting on the square grid, beside `space: ['grid']`: how diagonals
// count, how far a character walks in a turn and how far it strikes. Every rule of the grid that
// differs between rulesets is asked of this; nothing else in `space/grid/` knows a ruleset.

/** How diagonal steps are counted. */
export type DiagonalRule = 'one' | 'alternating';

export interface GridRules {
  /** How diagonal steps count: one square each, or every second one two. */
  readonly diagonals: DiagonalRule;
  /** The count as the fight's settings have it, for rulesets that leave it to the table; `diagonals` when absent. */
  diagonalsFor?(settings: Readonly<Record<string, SettingValue>>): DiagonalRule;
  /**
   * How far a character may walk in a turn, in the map's unit (feet or metres), or null when the
   * ruleset leaves it to the GM: then nothing is refused for distance, and the log says how far.
   */
  movement?(state: EncounterState, combatant: Combatant): number | null;
  /**
   * Which of the turn's moves a walk now belongs to: a number that changes when a new move begins
   * (another Move action). Under the alternating rule the count of diagonals runs through the whole
   * of one move, over as many walks as it takes, and starts again with the next. Absent: every
   * walk counts its diagonals afresh.
   */
  currentMove?(state: EncounterState, combatant: Combatant): number;
  /**
   * Why the acting character may not walk by the rules now, though it is their turn (something else
   * must come first), or null. The GM may still place the token, which spends no movement.
   */
  walkRefusal?(state: EncounterState, combatant: Combatant): Failure | null;
  /** How far a character strikes, in squares (1 when absent: the squares right next to it). */
  reach?(state: EncounterState, combatant: Combatant): number;
}

/** For rulesets that fight on the grid without saying more: diagonals cost one, walking is the GM's call, everyone strikes the next square. */
export const PLAIN_GRID_RULES: GridRules = { diagonals: 'one' };

/** How this fight counts diagonals: by the ruleset's setting where it has one, else its fixed rule. */
export function diagonalRule(rules: GridRules, settings: Readonly<Record<string, SettingValue>>): DiagonalRule {
  return rules.diagonalsFor?.(settings) ?? rules.diagonals;
}
