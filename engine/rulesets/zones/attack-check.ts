import type { AttackIntent, AttackSituation } from './attack';
import type { Id } from '../../core/state';
import type { Zone } from '../../core/maps/zone-state';
import type { GearItem } from './gear';
import { zoneDistance } from '../../space/zones/zones';
import { barrierBlocks } from './barrier';

/**
 * Whether an attack hits on its own, needs a WIT save to hit, or can't be made at all, with a
 * sentence the GM can read out.
 */
export type HitCheck = { kind: 'auto' | 'save' | 'impossible'; reason: string };

const auto = (reason = 'Hits automatically.'): HitCheck => ({ kind: 'auto', reason });
const save = (why: string): HitCheck => ({ kind: 'save', reason: `Needs a WIT save: ${why}.` });
const impossible = (why: string): HitCheck => ({ kind: 'impossible', reason: `Not possible: ${why}.` });

function meleeCheck(blast: boolean, s: AttackSituation): HitCheck {
  // A melee blast sweeps the attacker's own zone, so there is nothing to aim and nothing to miss.
  if (blast) return auto('Hits automatically: a melee blast never misses.');
  if (!s.targetVisible) return save("the attacker can't see the target");
  return auto();
}

function rangedCheck(s: AttackSituation): HitCheck {
  if (!s.targetVisible) return impossible('a ranged attack needs a visible target');
  // Each hardship alone costs a save; both together rule the shot out.
  if (s.beyondHalfRange && s.attackerMoving) return impossible("a target beyond half range can't be shot while moving");
  if (s.beyondHalfRange) return save('the target is beyond half range');
  if (s.attackerMoving) return save('the attacker is moving');
  return auto();
}

function indirectCheck(s: AttackSituation): HitCheck {
  // Visibility doesn't matter: lobbing over obstacles at unseen targets is what indirect fire is for.
  if (s.attackerMoving) return impossible("indirect fire can't be made while moving");
  if (!s.beyondHalfRange) return impossible('indirect fire only reaches targets beyond half range');
  return save('indirect fire never hits without one');
}

function outOfRangeReason(reach: 'melee' | 'ranged' | 'indirect', blast: boolean): string {
  if (reach === 'melee') return 'Out of range: a melee attack reaches only a nearby target, in the same zone.';
  return blast ? "Out of range: the zone aimed at is beyond the weapon's full range." : "Out of range: the target is beyond the weapon's full range.";
}

/**
 * What it takes to hit, from how the weapon reaches (unarmed attacks are melee), whether it hits
 * a whole zone, and the GM's reading of the scene. Ranged blasts follow the ranged rules. A
 * barrier (unless the attacker peeks out from it, or the fire is indirect: see `barrierBlocks`)
 * or a target out of range rules the attack out before anything else; a melee blast sweeps the
 * attacker's own zone, so range never stops it.
 */
export function attackCheck(reach: 'melee' | 'ranged' | 'indirect', blast: boolean, s: AttackSituation): HitCheck {
  // Situations stored before these flags existed read as false.
  if (barrierBlocks(reach, s)) return { kind: 'impossible', reason: 'A barrier blocks the attack completely.' };
  if (s.outOfRange === true && !(reach === 'melee' && blast)) return { kind: 'impossible', reason: outOfRangeReason(reach, blast) };
  if (reach === 'melee') return meleeCheck(blast, s);
  if (reach === 'ranged') return rangedCheck(s);
  return indirectCheck(s);
}

/**
 * What it takes to hit with this kind of attack: a final blow needs no roll, but is stopped by a
 * barrier like every attack ("Barriers completely block attacks"); any other goes by `attackCheck`.
 */
export function intentCheck(intent: AttackIntent, weapon: Pick<GearItem, 'reach' | 'blast'>, s: AttackSituation): HitCheck {
  if (intent === 'final-blow' && !barrierBlocks(weapon.reach, s)) return auto('A final blow needs no roll.');
  return attackCheck(weapon.reach, weapon.blast, s);
}

/**
 * Whether a target in `targetZoneId` (or the zone itself, for a blast) is within reach of a
 * weapon used from `attackerZoneId`, read from the map: a melee weapon reaches only its own zone;
 * a ranged or indirect one reaches `range` zones, and past half of that it is beyond half range.
 * Null when either zone is missing or unknown (or no borders lead from one to the other), so the
 * GM judges. For the attack form's defaults.
 */
export function rangeOf(
  zones: readonly Zone[],
  attackerZoneId: Id | null,
  targetZoneId: Id | null,
  weapon: Pick<GearItem, 'reach' | 'range'>,
): { outOfRange: boolean; beyondHalfRange: boolean } | null {
  if (attackerZoneId === null || targetZoneId === null) return null;
  // Unknown zones, or zones no borders lead between: the map can't tell.
  return rangeAt(zoneDistance(zones, attackerZoneId, targetZoneId), weapon);
}

/** {@link rangeOf} for a distance in zones already measured (null: unknown, so null). */
export function rangeAt(distance: number | null, weapon: Pick<GearItem, 'reach' | 'range'>): { outOfRange: boolean; beyondHalfRange: boolean } | null {
  if (distance === null) return null;
  if (weapon.reach === 'melee') return { outOfRange: distance > 0, beyondHalfRange: false };
  return { outOfRange: distance > weapon.range, beyondHalfRange: distance * 2 > weapon.range };
}
