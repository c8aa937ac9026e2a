import type { Combatant, EncounterState, Id } from '../../core/state';
import type { AttackSituation } from './attack';
import type { GearItem } from './gear';
import { isVisible } from './targeting';
import { movementSpent } from '../../core/budget';
import { peeksFromBarrier } from './barrier';

// What the zone map says about an attack's scene besides reach: whether the attacker can see the
// targets ("Hitting a target who is not visible requires passing a WIT save", "Targeting… a
// character who is not visible, isn't possible"), and whether a target's zone shields them
// ("Concealment… Damage is impaired", "Cover… The target's armour value is increased by 1"). The
// engine reads it here; the GM adds what the map doesn't mark (darkness, smoke, a cart to hide
// behind) on the attack form, and overrules the map only by a ruling.

/**
 * Whether the attacker sees every target by the map: a concealed enemy is unseen, and so is anyone
 * in a hidden zone the attacker is not in. For a blast, whether the zone aimed at is in sight.
 */
export function mapSight(state: EncounterState, attacker: Combatant, targets: readonly Combatant[], zoneId: Id | null): boolean {
  if (zoneId !== null && targets.length === 0) return !(state.zones.find((z) => z.id === zoneId)?.hidden === true && attacker.zoneId !== zoneId);
  return targets.every((t) => isVisible(state, attacker, t));
}

/**
 * The situation with sight read from the map. Without the GM's ruling the map decides who is out
 * of sight, and the GM may only add what the map can't show (the caller's "not in sight"); with
 * it, what the GM says stands.
 */
export function withMapSight(situation: AttackSituation, given: Partial<AttackSituation> | undefined, seen: boolean, gmRuling: boolean): AttackSituation {
  if (gmRuling) return { ...situation, targetVisible: typeof given?.targetVisible === 'boolean' ? given.targetVisible : seen };
  return { ...situation, targetVisible: situation.targetVisible && seen };
}

/** Whether the GM's ruling put in sight a target the map has out of it: the event then carries `ruling`. */
export function overrulesSight(situation: AttackSituation, seen: boolean): boolean {
  return situation.targetVisible && !seen;
}

/**
 * Whether the attacker has moved this turn before attacking: "It is possible to split movement
 * before, after, and between actions", so an attack after part of the turn's move is made while
 * moving ("Hitting targets… while moving requires passing a WIT save"). An attack out of turn is
 * made standing. A move still to come is the GM's to say.
 */
export function movedThisTurn(state: Pick<EncounterState, 'activeId' | 'turn'>, attacker: Pick<Combatant, 'id'>): boolean {
  return state.activeId === attacker.id && state.turn !== null && movementSpent(state.turn.budget) > 0;
}

/**
 * Whether the `movingReads` setting has a move made earlier this turn count as attacking while
 * moving. The text says "while moving" without saying when an attack is made so; on (the default,
 * and for encounters from before the setting) the turn decides, off the GM's *Attacker moving* does.
 */
export function movingReadsTurn(state: Pick<EncounterState, 'settings'>): boolean {
  return state.settings.movingReads !== false;
}

/** Whether the engine reads this attack as made while moving: moved this turn, where the setting says so. */
export function movedForAttack(state: Pick<EncounterState, 'activeId' | 'turn' | 'settings'>, attacker: Pick<Combatant, 'id'>): boolean {
  return movingReadsTurn(state) && movedThisTurn(state, attacker);
}

/**
 * The situation with the attacker's movement read from the turn: moved already, they attack while
 * moving, and the GM adds a move still to come. Only a ruling says a mover stood still.
 */
export function withMovement(situation: AttackSituation, given: Partial<AttackSituation> | undefined, moved: boolean, gmRuling: boolean): AttackSituation {
  if (gmRuling && typeof given?.attackerMoving === 'boolean') return { ...situation, attackerMoving: given.attackerMoving };
  return { ...situation, attackerMoving: situation.attackerMoving || moved };
}

/** Whether the GM's ruling has a mover attack standing still: the event then carries `ruling`. */
export function overrulesMovement(situation: AttackSituation, moved: boolean): boolean {
  return moved && !situation.attackerMoving;
}

/** Where a target stands shields them, by the map, from a blow by `attacker`. */
export interface MapProtection {
  /** The target's zone is marked as concealment: the blow's damage is impaired. */
  readonly concealment: boolean;
  /**
   * The target's zone is marked as cover and the blow comes from outside it, or the target peeks
   * out from a barrier the blow comes across: +1 armour.
   */
  readonly cover: boolean;
  /** The cover is a barrier the target peeks out from (see `peeksFromBarrier`). */
  readonly barrier: boolean;
}

/**
 * The protection the target's zone gives against a blow. Concealment blurs the target to anyone;
 * cover stands between the target and a blow from another zone, not one struck beside them. A
 * blast lands in the zone itself, so neither stops it. A target peeking out from a barrier has it
 * as cover against blows from across it. Someone standing in no zone: nothing (the
 * GM says it on the attack form).
 */
export function mapProtection(
  state: Pick<EncounterState, 'zones' | 'borders'>,
  attacker: Pick<Combatant, 'zoneId' | 'borderId'>,
  weapon: Pick<GearItem, 'blast' | 'reach'>,
  target: Pick<Combatant, 'zoneId' | 'borderId'>,
): MapProtection {
  const zone = weapon.blast ? undefined : state.zones.find((z) => z.id === target.zoneId);
  // Indirect fire comes "over obstacles", so a barrier doesn't stand in its way (see `barrierBlocks`).
  const barrier = !weapon.blast && weapon.reach !== 'indirect' && peeksFromBarrier(state, attacker, target);
  return { concealment: zone?.concealment === true, cover: (zone?.cover === true && attacker.zoneId !== target.zoneId) || barrier, barrier };
}
