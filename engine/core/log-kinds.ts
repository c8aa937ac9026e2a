// The kinds a log entry is filed under, which every event's definition names (the core's, a
// space's, a ruleset's); `log/entries.ts` files and filters by them.

/**
 * What an entry of the encounter log is about, for filtering. Every ruleset has these kinds; a
 * ruleset may declare more of its own (`Ruleset.log.kinds`), which its events name:
 * - `attack`: declaring an attack, reactions, blows, an attack called off (a ruleset's attack events);
 * - `damage` / `healing`: damage and healing given by command (Freeform's way, the GM's in any ruleset);
 * - `condition`: conditions put on and taken off;
 * - `movement`: moves within a turn's movement;
 * - `turn`: the fight starting and ending, rounds, phases, initiative, turns taken, ended and passed;
 * - `override`: the GM changing by hand what the rules decided, during or after the fight: tracks,
 *   stats, the turn order or whose turn it is, placing characters and laying out the space, marks
 *   (except one an action puts on its user), settings, renames, changes of side, removals, uses of
 *   limited abilities set by hand;
 * - `dice`: the GM's dice roller;
 * - `setup`: everything before the fight starts (except the dice roller), and characters added later;
 * - `other`: the rest: reveals and hiding, notes, actions and reactions named by the GM, uses of
 *   limited abilities, what the players see.
 */
export type LogKind = string;

/** A kind of log entry as the log's filter lists it. */
export interface LogKindDeclaration {
  id: LogKind;
  /** The filter's check box ("Attacks"). */
  label: string;
}
