import type { Failure } from '../result';
import type { Ruleset } from '../core/ruleset';
import type { Combatant, EncounterState } from '../core/state';

// A character's sheet as a command would leave it (added, a trait given or taken away, a stat
// set), put to the ruleset's rules between its parts: refused, allowed, or allowed as the GM's
// ruling when the refusal is one the GM may overrule and the command says so.

/** What the ruleset says of the sheet: the refusal, or whether it goes through as the GM's ruling. */
export function checkSheet(ruleset: Ruleset, state: EncounterState, after: Combatant, before: Combatant | null, gmRuling: unknown): Failure | { ruling: boolean } {
  const refused = ruleset.character.sheetRefusal?.(state, after, before) ?? null;
  if (!refused) return { ruling: false };
  return refused.overridable && gmRuling === true ? { ruling: true } : refused;
}

/** The event's mark for a GM's ruling: `{ ruling: true }`, or nothing. */
export const rulingMark = (checked: { ruling: boolean }): { ruling?: true } => (checked.ruling ? { ruling: true } : {});
