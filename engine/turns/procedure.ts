import type { RandomSource } from '../dice/random';
import type { InitiativeEntry } from '../encounter/events';
import type { Combatant, EncounterState, Id, Phase } from '../encounter/state';

/** Where the turn pointer goes: a round number and the combatant whose turn it is. */
export interface TurnPointer {
  round: number;
  activeId: Id;
}

/**
 * A procedure where everyone has a place in one order (individual initiative): a small object of
 * functions, not a class hierarchy, so rulesets pick one and wrappers can wrap any of them.
 */
export interface OrderProcedure {
  kind: 'order';
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

/**
 * A step at the end of each round that waits for the GM before the next round begins (a morale
 * phase): the ruleset's end-of-round events open it, its own commands settle it, and the core
 * starts the next round once it is settled.
 */
export interface RoundEndStep {
  /** The phase the round is in while the step waits. */
  phase: Phase;
  /** The code and sentence refusing a turn or a reaction meanwhile. */
  code: string;
  refusal: string;
  /** What the GM does now, in a sentence. */
  whatNow: string;
  /** Whether it is settled, so the next round can begin. */
  settled(state: EncounterState): boolean;
}

/**
 * A procedure where factions take turns picking one of their characters (zones, three-actions).
 * There is no order: the faction whose go it is picks who acts, or passes if the ruleset allows.
 */
export interface AlternatingProcedure {
  kind: 'alternating';
  id: string;
  /** A faction may pass while it still has someone to act (zones); otherwise only empty factions pass. */
  allowPass: boolean;
  /** Whether a character is able to take turns at all (conscious, still in the fight). */
  canAct(combatant: Combatant): boolean;
  /**
   * Fast/slow activation, when the ruleset offers it: the boolean setting that turns it on, the
   * stat compared with the round's d20 threshold, and the boolean setting under which the GM rolls
   * that d20 at the table and types it in (the fast phase then waits for it).
   */
  fastSlow: { setting: string; stat: string; byHandSetting: string } | null;
  /** Characters concealed when the fight starts play a bonus phase of their own first. */
  ambush: boolean;
  /** The step that waits at the end of each round, if the ruleset has one. */
  roundEnd: RoundEndStep | null;
}

export type TurnProcedure = OrderProcedure | AlternatingProcedure;
