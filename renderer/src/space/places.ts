import type { Combatant, EncounterState } from '../../../engine/index';
import { zonePlaceText } from './zones/zone-place';

// The screen's words for where a character stands, gathered over every kind of space (today
// zones), so the tracker's rows show it without knowing which kind the fight uses. The pickers
// are `StartPlace.svelte` (where a new character starts) and `PlaceField.svelte` (the GM moves
// someone by hand).

/** Where a character stands, in a few words for their row, or null when nowhere. */
export function placeText(state: EncounterState | null, c: Combatant): string | null {
  return zonePlaceText(state, c);
}
