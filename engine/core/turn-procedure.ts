import type { RandomSource } from '../dice/random';
import type { Failure } from '../result';
import type { Roll } from '../dice/roll';
import type { InitiativeEntry } from './events';
import type { Combatant, EncounterState, Faction, Id, Phase, SettingValue } from './state';

/** Where the turn pointer goes: a round number and the combatant whose turn it is. */
export interface TurnPointer {
  round: number;
  activeId: Id;
}

/** What the GM may type in as a combatant's initiative rolled at the table: the dice's lowest and highest totals. */
export interface HandEntry {
  min: number;
  max: number;
  /** The dice, as the refusal names them ("3d6"). */
  dice: string;
}

/**
 * A procedure where everyone has a place in one order (individual initiative): a small object of
 * functions, not a class hierarchy, so rulesets pick one and wrappers can wrap any of them.
 */
export interface OrderProcedure {
  kind: 'order';
  id: string;
  /** Rolls or reads initiative for everyone (by the fight's settings) and returns the order combat starts in. */
  start(combatants: readonly Combatant[], random: RandomSource, settings?: Readonly<Record<string, SettingValue>>): { initiative: InitiativeEntry[]; order: Id[] };
  /** Places a combatant who joins a running fight; returns the new order and its initiative. */
  join(state: EncounterState, combatant: Combatant, random: RandomSource): { initiative: InitiativeEntry | null; order: Id[] };
  /** The order with a combatant already in it moved to where the total the GM typed in puts them. */
  place(state: EncounterState, combatant: Combatant, total: number): Id[];
  /** What a total typed in by hand may be, when initiative is rolled on known dice; any whole number without it. */
  handEntry?(combatant: Combatant, settings: Readonly<Record<string, SettingValue>>): HandEntry;
  /** Whose turn comes after the current one (the round number grows when the round ends). */
  next(state: EncounterState): TurnPointer | null;
  /** The turn before the current one, for the GM who advanced too far. */
  previous(state: EncounterState): TurnPointer | null;
  /** Whether this combatant may take a turn right now. */
  mayAct(state: EncounterState, id: Id): boolean;
  /** Whether the round is over once the current turn ends. */
  roundEnds(state: EncounterState): boolean;
  /** A phase before round 1 in which only some characters take their turns, in the order's sequence (`withOpening`). */
  opening?: OpeningPhase;
}

/**
 * A step at the end of each round that waits for the GM before the next round begins (checks
 * every side must make before fighting on): the ruleset's end-of-round events open it, its own commands settle it, and the core
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
 * A phase before round 1 in which only some characters act (a surprise round), as round 0. It is
 * played only if its setting (if any) is on and someone able to act may act in it. Where factions
 * alternate it ends, like any phase, when every faction has passed in a row; in a fixed order,
 * after the last of its characters' turns. Then round 1 begins.
 */
export interface OpeningPhase {
  phase: Phase;
  /** The boolean setting that turns it on; played whenever someone may act in it without one. */
  setting?: string;
  /** Its name as the log's section heading ("Surprise round"). */
  heading: string;
  /** Who acts in it (the fight's state says, say, which team holds the surprise). */
  mayAct(combatant: Combatant, state: EncounterState): boolean;
  /** The log's sentence as it opens: the GM's (who acts in it) and the players' (nothing secret). */
  started: { gm: string; players: string };
  /**
   * It is a full round of its own (a surprise round of "a full free round of action"): what lasts
   * "until the end of the round" ends with it, and the ruleset's end-of-round steps follow it.
   * Otherwise it is no round, and round 1's end counts for both.
   */
  isRound?: boolean;
}

/** An opening phase where factions alternate: the others are refused a turn or a reaction in it. */
export interface FactionOpening extends OpeningPhase {
  /** Why someone else can't take a turn in it, in a sentence. */
  waits(combatant: Combatant): string;
  /** The code and sentence refusing someone else's reaction in it. */
  reactionCode: string;
  reactionRefusal: string;
}

/**
 * Rounds split in two by a gate die rolled as each round opens: in the first phase only those
 * whose stat meets the gate act; in the second, everyone who hasn't acted yet. The GM may roll the
 * die at the table and type it in instead (the first phase then waits for it), and may replace a
 * rolled gate that left the first phase empty before anyone acts.
 */
export interface GatedRound {
  first: Phase;
  second: Phase;
  /** The gate's die, as the GM types its result in ("d20"), and how it is rolled here. */
  die: string;
  roll(random: RandomSource): Roll;
  /** The stat compared with the gate. */
  stat: string;
  /** The boolean setting that turns the split on, and the one under which the GM types the die in. */
  setting: string;
  byHandSetting: string;
  /** What the GM does while the first phase waits for the die, in a sentence. */
  waiting: string;
  /** Why a character whose stat is below the gate waits for the second phase. */
  below(combatant: Combatant, score: number, gate: number): string;
  /** Why the gate can't be typed in now. */
  entryRefusal: string;
  /** What the gate die is called in the log's dice ("initiative die"). */
  dieLabel: string;
  /** The log's sentence as the first phase opens (`gate`: null while it waits for the GM's die) and as the second does. */
  firstStarted(round: number, gate: number | null): string;
  secondStarted(round: number): string;
}

/**
 * A procedure where factions take turns picking one of their characters (Zones & Factions, Three Actions).
 * There is no order: the faction whose go it is picks who acts, or passes if the ruleset allows.
 */
export interface AlternatingProcedure {
  kind: 'alternating';
  id: string;
  /** A faction may pass while it still has someone to act (Zones & Factions); otherwise only empty factions pass. */
  allowPass: boolean;
  /** Whether a character is able to take turns at all (conscious, still in the fight). */
  canAct(combatant: Combatant): boolean;
  /** A phase before round 1 in which only some characters act, if the ruleset has one. */
  opening: FactionOpening | null;
  /**
   * The ruleset's own reason a character can't take their faction's go yet, or null (Three
   * Actions: whoever started the fight has their team's first turn).
   */
  waitsFor?(state: EncounterState, combatant: Combatant): string | null;
  /**
   * The ruleset's own objection to an order of the teams' goes the GM sets (`set-team-order`), or
   * null (Three Actions: the team the starter attacked goes second). An overridable one
   * (`ruleRefusal`) goes through with `gmRuling`, marked as the GM's ruling.
   */
  teamOrderRefusal?(state: EncounterState, order: readonly Id[]): Failure | null;
  /** Rounds split in two by a rolled gate, if the ruleset offers it. */
  gate: GatedRound | null;
  /** The step that waits at the end of each round, if the ruleset has one. */
  roundEnd: RoundEndStep | null;
  /**
   * A character may answer out of turn by spending their whole turn for the round (`react`, as
   * in Zones & Factions). Without it `react` is refused: answers out of turn are then the action
   * economy's (slots spendable off-turn, `use-action`).
   */
  reactionSpendsTurn?: boolean;
  /**
   * After a character's turn the go passes to the next side (`one-each`, the default), or stays
   * with their side until everyone on it has acted (`whole-side`: a side acts as a block).
   */
  goes?: 'one-each' | 'whole-side';
  /**
   * Sides roll once, as the fight starts, for their place in every round (side initiative); ties
   * roll again. Without it one side holds the initiative and the others follow in the
   * encounter's order.
   */
  sideInitiative?: SideInitiative;
}

/** A side as it rolls for its place. */
export interface RollingSide {
  faction: Faction;
  members: readonly Combatant[];
  /** One of the factions the GM marked as the players'. */
  players: boolean;
}

/** How a side rolls for its place in the round. */
export interface SideInitiative {
  /**
   * The side's roll, given its members, whether it is the players' side (a bonus from the best of
   * them, for one) and the fight's settings.
   */
  roll(side: RollingSide, random: RandomSource, settings: Readonly<Record<string, SettingValue>>): Roll;
  /** The roll again, to break a tie. */
  tiebreak(side: Faction, random: RandomSource): Roll;
  /** A side that goes ahead of the others it ties with, without rolling again (the party wins ties). */
  winsTies?(side: RollingSide): boolean;
  /** Whether other tied sides roll again (the default) or keep the order the encounter lists them in. */
  rerollsTies?(settings: Readonly<Record<string, SettingValue>>): boolean;
  /**
   * Whether a side that joins the running fight rolls once for its place as the next round opens
   * (the default; it acts last in the round it arrived), or always acts after every other side.
   */
  joinerRolls?(settings: Readonly<Record<string, SettingValue>>): boolean;
}

export type TurnProcedure = OrderProcedure | AlternatingProcedure;
