import type { Id } from '../../core/state';
import { commandsOf, type OfType } from '../../core/typed';
import { decideAttack, type AttackCommand } from './attack';
import { decideNerve, decideSurpriseCheck, type Approach } from './checks';
import { decideExecute } from './execution';
import { decideSetGear } from './gear-set';
import { decideBreakFree, decideDrag, decideGrapple, decideRelease } from './grapple';
import { decideDrop, decidePickUp, decideReadyOrStow } from './items';
import type { Size, TypedDice } from './maneuver';
import { decideReload } from './reload';
import { decideScreen } from './screen';
import { decideShove } from './shove';
import { decideSetSurprise } from './surprise';
import { decideJoinSwarm } from './swarm';

// Sides & Shock's own commands, typed once: what the screen sends and each handler reads. The
// handlers still check every field against the state (the engine takes any `sides/…` command).

/** A piece of gear as the GM enters it; `checkSidesGear` checks each and keeps the ids it knows. */
export type GearEntry = { id?: Id; name: string; kind: string; [field: string]: unknown };

/** Sides & Shock's own commands. */
export type SidesCommand =
  /** An attack, a swarm's strike, a charge (`way`), with the dice rolled at the table if any. */
  | AttackCommand
  /** Joins the swarm on a foe within reach or range; out of it only by `gmRuling`. */
  | { type: 'sides/join-swarm'; combatantId: Id; targetId: Id; gmRuling?: boolean }
  /** The sides that surprise the rest, before the fight starts (an empty list: no surprise). */
  | { type: 'sides/set-surprise'; factionIds: Id[] }
  /**
   * A grapple: the attack roll (`dice.attack`), then on a hit the opposed STR/Brawl checks
   * (`dice.attacker`, `dice.defender`); `size`: the target's, if larger than man-sized.
   */
  | { type: 'sides/grapple'; attackerId: Id; targetId: Id; size?: Size; dice?: TypedDice; gmRuling?: boolean }
  /** The grappled breaks free: a Main action, their one roll (`dice.attacker`) against each grappler's (`dice.defender`). */
  | { type: 'sides/break-free'; combatantId: Id; dice?: TypedDice }
  /** The grappler drags the one held along, or throws them prone (`how`); `size` only for a grapple from an older log. */
  | { type: 'sides/drag'; combatantId: Id; how?: 'move' | 'throw'; size?: Size; dice?: TypedDice }
  /** The grappler lets go (no action). */
  | { type: 'sides/release'; combatantId: Id }
  /**
   * A shove, with a weapon or unarmed (`weaponId` left out): the attack roll, then the opposed
   * check; won, the target is pushed a square (`to`, or the first free one) or knocked prone.
   */
  | { type: 'sides/shove'; attackerId: Id; targetId: Id; weaponId?: Id; outcome?: 'push' | 'prone'; size?: Size; to?: { x: number; y: number }; dice?: TypedDice; gmRuling?: boolean }
  /** The screener guards the ward until their next turn; without a combat skill only by `gmRuling`. */
  | { type: 'sides/screen'; screenerId: Id; wardId: Id; gmRuling?: boolean }
  /**
   * An execution attack on a target the GM confirms `unsuspecting` (the minute spent); `within10`
   * and `withinRange` are the GM's say on the distance where the map can't tell; `dice`: the
   * check (ranged) and the target's save.
   */
  | { type: 'sides/execute'; attackerId: Id; targetId: Id; weaponId: Id; unsuspecting: boolean; within10?: boolean; withinRange?: boolean; dice?: TypedDice; gmRuling?: boolean }
  /** The character's weapons as the GM enters them (setup, or a correction at any time). */
  | { type: 'sides/set-gear'; combatantId: Id; gear: GearEntry[] }
  /** Reloads a ranged weapon, at the action its use and the reloader's Shoot ask (`reloadCost`). */
  | { type: 'sides/reload'; combatantId: Id; weaponId: Id }
  /** Readies a stowed piece, or stows a readied one: a Main action. */
  | { type: 'sides/ready'; combatantId: Id; itemId: Id }
  | { type: 'sides/stow'; combatantId: Id; itemId: Id }
  /** Drops a readied piece where its owner stands: a Free action. */
  | { type: 'sides/drop'; combatantId: Id; itemId: Id }
  /** Picks up a dropped piece within melee range (further only by `gmRuling`): a Move action. */
  | { type: 'sides/pick-up'; combatantId: Id; itemId: Id; gmRuling?: boolean }
  /** A nerve check the GM calls for (`dice`: the faces rolled); for one who fights to the end only by `gmRuling`. */
  | { type: 'sides/nerve'; combatantId: Id; dice?: number[]; gmRuling?: boolean }
  /** A surprise check before the fight: the sneaker's approach against the noticer's WIS/Notice. */
  | { type: 'sides/surprise-check'; sneakerId: Id; noticerId: Id; approach?: Approach; dice?: TypedDice };

/** The one of Sides & Shock's commands with the type `T`. */
export type SidesCommandOf<T extends SidesCommand['type']> = OfType<SidesCommand, T>;

/** How each of Sides & Shock's commands is decided. */
export const SIDES_COMMANDS = commandsOf<SidesCommand>()({
  'sides/attack': decideAttack,
  'sides/join-swarm': (state, cmd) => decideJoinSwarm(state, cmd),
  'sides/set-surprise': (state, cmd) => decideSetSurprise(state, cmd),
  'sides/grapple': decideGrapple,
  'sides/break-free': decideBreakFree,
  'sides/drag': decideDrag,
  'sides/release': (state, cmd) => decideRelease(state, cmd),
  'sides/shove': decideShove,
  'sides/screen': (state, cmd) => decideScreen(state, cmd),
  'sides/execute': decideExecute,
  'sides/set-gear': (state, cmd) => decideSetGear(state, cmd),
  'sides/reload': (state, cmd) => decideReload(state, cmd),
  'sides/ready': (state, cmd) => decideReadyOrStow(state, cmd, 'readied'),
  'sides/stow': (state, cmd) => decideReadyOrStow(state, cmd, 'stowed'),
  'sides/drop': (state, cmd) => decideDrop(state, cmd),
  'sides/pick-up': (state, cmd) => decidePickUp(state, cmd),
  'sides/nerve': decideNerve,
  'sides/surprise-check': decideSurpriseCheck,
});
