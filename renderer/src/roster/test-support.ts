/** Helpers for the roster's tests: the installed rulesets, by id, failing loudly when one is missing. */
import { findRuleset, type Ruleset } from '../../../engine/index';

export function ruleset(id: string): Ruleset {
  const found = findRuleset(id);
  if (!found) throw new Error(`no ruleset ${id}`);
  return found;
}

export const zones = ruleset('zones');
export const freeform = ruleset('freeform');
