import type { RandomSource } from '../dice/random';
import type { InitiativeEntry } from '../encounter/events';
import type { Combatant, EncounterState, Id } from '../encounter/state';

/** Where the turn pointer goes: a round number and the combatant whose turn it is. */
export interface TurnPointer {
  round: number;
  activeId: Id;
}

/**
 * A turn-order procedure as a small object of functions (not a class hierarchy), so rulesets
 * pick one and phase wrappers such as fast/slow can wrap any of them.
 */
export interface TurnProcedure {
  id: string;
  /** Rolls or reads initiative for everyone and returns the order combat starts in. */
  start(combatants: readonly Combatant[], random: RandomSource): { initiative: InitiativeEntry[]; order: Id[] };
  /** Places a combatant who joins a running fight; returns the new order and its initiative. */
  join(state: EncounterState, combatant: Combatant, random: RandomSource): { initiative: InitiativeEntry | null; order: Id[] };
  /** Whose turn comes after the current one (the round number grows when the round ends). */
  next(state: EncounterState): TurnPointer | null;
  /** The turn before the current one, for the GM who advanced too far. */
  previous(state: EncounterState): TurnPointer | null;
  /** Whether this combatant may take a turn right now. */
  mayAct(state: EncounterState, id: Id): boolean;
  /** Whether the round is over once the current turn ends. */
  roundEnds(state: EncounterState): boolean;
}
