import { findRuleset } from '../rulesets/registry';
import type { EncounterState, Id } from './state';

/**
 * A choice the fight waits for before anything else may happen: a target choosing how to react,
 * a character deciding whether to strike as someone moves away. The ruleset that opened it says
 * what it is; the core only holds everything else back until it is answered.
 */
export interface OpenPrompt {
  /** The refusal code for commands that must wait ("attack/pending"). */
  code: string;
  /** What the GM must do first, in a sentence. */
  message: string;
  /** The characters it concerns: none of them can be removed while it is open. */
  involves: Id[];
}

/** The prompt the encounter's ruleset has open, or null. */
export function openPrompt(state: EncounterState): OpenPrompt | null {
  return findRuleset(state.rulesetId)?.openPrompt?.(state) ?? null;
}
