import type { Id } from '../state';
import type { ZoneMap } from './zone-map';
import type { BattleMap, Border, Zone } from './zone-state';

// The zones' commands and events: laying out the zone list or a drawn map, placing characters,
// and moving by the rules on a turn. Their types keep the names logs have always had (no
// namespace): the space module owns them, and the core routes them here (`space/events.ts`).

/** The zones' commands. */
export type ZoneSpaceCommand =
  /**
   * The acting character moves: into a neighbouring zone (both halves of the turn's movement), or
   * onto a border (`borderId`), or off one into either of its zones (one half each). Give exactly
   * one of `zoneId` and `borderId`. Decided by the turn procedure first (whose turn it is).
   * `sneaking`: the mover keeps quiet and out of sight, for a ruleset whose concealed characters
   * may give themselves away by moving (`Ruleset.space.holdUpMove` reads it).
   */
  | { type: 'move'; combatantId: Id; zoneId?: Id; borderId?: Id; sneaking?: boolean }
  // Setup, and GM overrides at any time.
  | { type: 'set-zones'; zones: Zone[] }
  /**
   * The GM places a character anywhere, no movement spent: in a zone (null: nowhere), and with
   * `borderId` on one of that zone's borders (omitted or null: not on a border). With `borderId`
   * and no zone, they stand on the border at the edge of their current zone if it is one of its
   * two, else of its first.
   */
  | { type: 'set-zone'; combatantId: Id; zoneId: Id | null; borderId?: Id | null }
  /**
   * Lays out a drawn map (setup, or a GM override at any time): its zones, borders and traits
   * replace the encounter's zones. The background image never goes into the log. Whoever stood in
   * a zone the map doesn't have stands nowhere.
   */
  | { type: 'set-map'; mapId: Id; name: string; map: ZoneMap }
  /** Takes the drawn map away, with its zones and borders: everyone stands nowhere. */
  | { type: 'clear-map' };

/** The zones' events. */
export type ZoneSpaceEvent =
  /**
   * A move within the turn's movement. `fromBorder`/`toBorder`: the border stood on before and
   * after (null: none); `halves`: the movement it took (1 onto or off a border, 2 a whole zone).
   * Logs from before borders lack the three: no borders, and a whole zone.
   */
  | { type: 'moved'; combatantId: Id; from: Id | null; to: Id; fromBorder: Id | null; toBorder: Id | null; halves: 1 | 2; carried: Id[] }
  | { type: 'zones-set'; zones: Zone[]; moved: Id[] }
  /** `borderId` is missing in logs from before borders: then not on a border. */
  | { type: 'zone-set'; combatantId: Id; zoneId: Id | null; borderId: Id | null }
  /**
   * A drawn map laid out: the map without its image, the encounter's zones and borders derived
   * from it, who no longer stands in any zone (`unplaced`), and who stood on a border that is gone
   * but keeps their zone (`offBorder`).
   */
  | { type: 'map-set'; map: BattleMap; zones: Zone[]; borders: Border[]; unplaced: Id[]; offBorder: Id[] }
  /** The drawn map taken away with its zones; `unplaced`: who stood in a zone and now stands nowhere. */
  | { type: 'map-cleared'; unplaced: Id[] };

export type ZoneSpaceEventOf<T extends ZoneSpaceEvent['type']> = Extract<ZoneSpaceEvent, { type: T }>;
export type ZoneSpaceCommandOf<T extends ZoneSpaceCommand['type']> = Extract<ZoneSpaceCommand, { type: T }>;
