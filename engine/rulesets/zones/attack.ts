import type { SaveResult } from '../../dice/checks';
import type { Roll } from '../../dice/roll';
import type { Id, Mark, Track } from '../../core/state';
import type { GearItem } from './gear';

/**
 * What the GM says about the circumstances of an attack. The GM judges the scene (visibility,
 * range, cover); the engine turns the judgement into the rule's consequences.
 */
export interface AttackSituation {
  /** The attacker can see the target. */
  targetVisible: boolean;
  /** The target stands beyond half the weapon's range. */
  beyondHalfRange: boolean;
  /** The attacker attacks while moving. */
  attackerMoving: boolean;
  /** Something partly hides the target (mist, darkness, foliage): damage is impaired. */
  concealment: boolean;
  /** The target is behind cover: +1 armour unless the attack penetrates it. */
  cover: boolean;
  /** The attack is strong enough to go through the cover. */
  penetrates: boolean;
  /** The targets know where the attacker is; unaware targets can't react. */
  targetsAware: boolean;
  /** An opportunity attack against someone moving away: normally nobody can react to it. */
  opportunity: boolean;
  /** The target is completely behind a barrier: the attack can't be made. */
  barrier: boolean;
  /** The attacker peeks out from behind a barrier to attack: a counter treats them as behind cover. */
  attackerPeeking: boolean;
  /**
   * The target (or the zone, for a blast) is beyond the weapon's full range, or for a melee attack
   * not nearby: the attack can't be made. See `rangeOf` for a default read from the map.
   */
  outOfRange: boolean;
}

/** What the attacker means to do with the attack. */
export type AttackIntent = 'damage' | 'hold-back' | 'final-blow' | 'disarm' | 'grapple' | 'stunt';

/** What a counter does: a blow (the default), or a non-lethal disarm or grapple. */
export type CounterIntent = 'damage' | 'disarm' | 'grapple';

/** A target's answer to an attack. */
export type Reaction =
  | { kind: 'none' }
  | { kind: 'dodge' }
  | {
      kind: 'counter';
      weaponId: Id | null;
      /**
       * Omitted (older logs) means `damage`. `disarm`: the attacker passes a STR save or drops the
       * weapon they attack with; `grapple`: a STR save or they are grabbed by the counterer.
       */
      intent?: CounterIntent;
    }
  | { kind: 'hide-behind'; helperId: Id }
  | { kind: 'guard'; guardId: Id }
  | { kind: 'accept-stunt' };

/**
 * Why a target can't react to an attack themselves: it is their own blast, they are out of the
 * fight, it is an opportunity attack, they are taken by surprise, they have already used their
 * turn this round, it is the ambush and they are not an ambusher, or they became the target by
 * guarding someone (their reaction is spent). An opportunity attack and a guard only "normally"
 * rule a reaction out: the GM may rule one anyway (see `RULABLE_REASONS`).
 */
export type NoReactionReason = 'own-attack' | 'out' | 'opportunity' | 'surprised' | 'acted' | 'ambush' | 'guarded';

/** A target who can't react themselves, and why. */
export interface NoReaction {
  targetId: Id;
  reason: NoReactionReason;
}

/** An attack declared and hit, waiting for its targets to choose how they react. */
export interface PendingAttack {
  attackerId: Id;
  /** The weapon used; null for an unarmed attack. */
  weaponId: Id | null;
  intent: AttackIntent;
  /** For `disarm`: the target's weapon the attacker wants dropped. */
  disarmWeaponId: Id | null;
  /** For `stunt`: the alternative effect the attacker proposes, in the GM's words. */
  stunt: string | null;
  /**
   * For a stunt offered after the attack was declared: the attack was held back before the offer,
   * so a target refusing the stunt takes the held-back blow ("resolve the attack as normal").
   * Missing for a stunt declared at once and in logs written before it was recorded.
   */
  heldBack?: boolean;
  situation: AttackSituation;
  /** For blasts: the zone hit (after any deviation). */
  zoneId: Id | null;
  /** Everyone the attack will hit, in the order they were targeted. */
  targets: Id[];
  /**
   * Targets still to be answered for: by themselves (a reaction, taking the blow, or for a stunt
   * accepting it) or by a nearby character who guards them.
   */
  awaiting: Id[];
  /**
   * The targets allowed to react themselves (dodge, counter, hide behind): not surprised, still
   * fighting, with their turn unused. The others can only take the blow, answer a stunt, or be
   * guarded. Logs written before this field existed get it filled in by the reducer.
   */
  selfReact: Id[];
  /**
   * The targets are taken by surprise (unaware, attacked from concealment, or an opportunity
   * attack): none of them can react, though a stunt can still be accepted or refused.
   */
  surprised: boolean;
  /**
   * The targets not in `selfReact`, each with why they can't react themselves (see
   * `whyNoReaction`), for the log and the screen. Missing when every target may react, and in
   * logs written before it was recorded (see `noReactionsOf`).
   */
  noReaction?: NoReaction[];
  /** Reactions chosen so far, by the character who reacted. */
  reactions: { reactorId: Id; targetId: Id; reaction: Reaction; save: SaveResult | null }[];
}

/** A change to one combatant made by the rules: the reducer applies it as given. */
export interface CombatantPatch {
  combatantId: Id;
  tracks?: Record<string, Track>;
  gear?: GearItem[];
  marks?: Mark[];
  grabbedBy?: Id | null;
}

/** One blow as it landed, for the log: who was hit, by what roll, and how much got through. */
export interface Blow {
  attackerId: Id;
  targetId: Id;
  /** The damage roll that counted (null for non-lethal attacks, final blows and accepted stunts). */
  roll: Roll | null;
  /**
   * Every damage roll made for this blow: both for impaired damage rolled twice keeping the
   * lower, none when no damage was rolled. Missing in logs written before it was recorded.
   */
  rolls?: Roll[];
  /** Damage before armour. */
  raw: number;
  armour: number;
  /** Damage after armour, taken off health. */
  damage: number;
  /** Gear that broke in this blow, by name. */
  broke: string[];
  /** What else happened, in words for the log ("dropped the axe", "killed", "resisted the grapple"). */
  effect: string | null;
  /** The save the target made against a non-lethal attack, if any. */
  save: SaveResult | null;
  /**
   * The target's health right after this blow (null when they have no health track). Missing in
   * logs written before it was recorded.
   */
  healthAfter?: number | null;
}
