import type { EncounterState, Id } from '../../core/state';
import type { JsonValue } from '../../json';
import { personOf } from './person';

/** What the players see of 2d6 & Vigilant's part: who has stabilised (by their opaque keys). */
export interface TwoDicePlayerPart {
  stable: string[];
}

export function twoDicePlayerPart(state: EncounterState, keyOf: (id: Id) => string | null): JsonValue {
  const stable = state.combatants.filter((c) => personOf(c).stable).map((c) => keyOf(c.id)).filter((k): k is string => k !== null);
  const part: TwoDicePlayerPart = { stable };
  return { ...part };
}
