import type { RandomSource, RandomState } from '../../dice/random';
import { manualRoll, rollNotation, type Roll } from '../../dice/roll';
import { statOf } from '../../core/effects';
import type { EncounterEvent } from '../../core/events';
import type { Combatant, EncounterState, Id, Track } from '../../core/state';
import type { Result } from '../../result';
import { hasTrait } from '../../core/fields';
import { withTrackValue } from '../../core/tracks';
import { isUnder, TOTAL_DEFENCE } from './conditions';
import type { Attribute, Weapon } from './gear';
import { afterDamage } from './health';
import { personOf } from './person';
import type { AttackWay } from './plan';
import { damageBonus, highestTotal, hitDamage, shockOnMiss, shockPoints, type ShockGuard } from './shock';
import { fighting } from './spend';

// A blow between its attack roll and its damage: what it needs to land (the total against the
// target's AC as it then stands: total defence may have raised it), and how it lands. Damage is
// rolled only as it lands, so a snap attack that drops the attacker first stops it.

export const BLOW_LANDED = 'sides/blow-landed';

/** An attack rolled and waiting to land. */
export interface PendingBlow {
  attackerId: Id;
  targetId: Id;
  weapon: Weapon;
  attribute: Attribute;
  way: AttackWay;
  total: number;
  /** +1 damage for each other assailant of a swarm (at most 3). */
  swarmBonus: number;
  /** The damage dice the GM typed in with the attack, if any: used as it lands. */
  damageDice?: number[];
  /** Dual wielding's +2 on a hit (never to Shock). */
  dualBonus?: number;
}

/** A blow landing: a hit's damage, a miss's Shock, or nothing (and why); called off when the attacker fell first. */
export type BlowLandedEvent = {
  type: typeof BLOW_LANDED;
  attackerId: Id;
  targetId: Id;
  weapon: string;
  hit: boolean;
  /** The target's AC as the blow landed. */
  ac: number;
  damageRoll: Roll | null;
  damage: number;
  /** A miss's Shock: why none got through (null: it did, or it was a hit). */
  shockWhy: string | null;
  shieldUsed: boolean;
  /** The attacker was down before it landed: no damage. */
  cancelled: boolean;
  tracks: Record<string, Track> | null;
  rng: RandomState | null;
};

/** What guards the target against a blow's Shock now (a swarm's gets through more, if others swarmed too). */
export function guardOf(state: EncounterState, target: Combatant, blow: Pick<PendingBlow, 'way' | 'swarmBonus'>): ShockGuard {
  return {
    ac: statOf(target, 'ac'),
    swarm: blow.way === 'swarm' && blow.swarmBonus > 0,
    totalDefence: isUnder(target, TOTAL_DEFENCE),
    immune: hasTrait(target, 'shockImmune'),
    shieldReady: hasTrait(target, 'shield') && personOf(target).shieldRound !== state.round,
  };
}

/** What the blow would deal now, before its damage die: whether it hits, and a miss's Shock. */
export function blowOutlook(state: EncounterState, blow: PendingBlow): { hit: boolean; ac: number; shock: number; attacker: Combatant | undefined; target: Combatant | undefined } {
  const attacker = state.combatants.find((c) => c.id === blow.attackerId);
  const target = state.combatants.find((c) => c.id === blow.targetId);
  if (!attacker || !target) return { hit: false, ac: 0, shock: 0, attacker, target };
  const guard = guardOf(state, target, blow);
  const hit = blow.total >= guard.ac;
  return { hit, ac: guard.ac, shock: hit ? 0 : shockOnMiss(blow.weapon, shockPoints(attacker, blow.weapon, blow.attribute), guard).damage, attacker, target };
}

/** The events of the blow landing now (its damage die rolled, or typed at the table), and what follows from the damage. */
export function landBlow(state: EncounterState, blow: PendingBlow, source: RandomSource, typed?: readonly number[]): Result<EncounterEvent[]> {
  const attacker = state.combatants.find((c) => c.id === blow.attackerId);
  const target = state.combatants.find((c) => c.id === blow.targetId);
  const base = { type: BLOW_LANDED, attackerId: blow.attackerId, targetId: blow.targetId, weapon: blow.weapon.name } as const;
  if (!attacker || !target || !fighting(attacker)) {
    const cancelled: BlowLandedEvent = { ...base, hit: false, ac: target ? statOf(target, 'ac') : 0, damageRoll: null, damage: 0, shockWhy: null, shieldUsed: false, cancelled: true, tracks: null, rng: null };
    return { ok: true, value: [cancelled] };
  }
  const guard = guardOf(state, target, blow);
  const hit = blow.total >= guard.ac;
  const points = shockPoints(attacker, blow.weapon, blow.attribute);
  let damageRoll: Roll | null = null;
  let damage: number;
  let shockWhy: string | null = null;
  let shieldUsed = false;
  if (hit) {
    const given = typed ?? blow.damageDice;
    const rolled = given ? manualRoll(blow.weapon.damage, given) : rollNotation(blow.weapon.damage, source);
    if (!rolled.ok) return rolled;
    damageRoll = rolled.value;
    const bonus = damageBonus(attacker, blow.weapon, blow.attribute);
    // A hit never does less than the Shock a miss would have dealt (the shield is for Shock, not hits).
    const floor = shockOnMiss(blow.weapon, points, { ...guard, shieldReady: false }).damage;
    damage = hitDamage(rolled.value.total, bonus, highestTotal(blow.weapon.damage) + bonus, blow.swarmBonus, floor) + (blow.dualBonus ?? 0);
  } else {
    const shock = shockOnMiss(blow.weapon, points, guard);
    damage = shock.damage;
    shockWhy = shock.why;
    shieldUsed = shock.shieldUsed;
  }
  const tracks = damage > 0 ? withTrackValue(target, 'hp', (hp) => hp.value - damage) : null;
  const event: BlowLandedEvent = { ...base, hit, ac: guard.ac, damageRoll, damage, shockWhy, shieldUsed, cancelled: false, tracks, rng: damageRoll && !damageRoll.manual ? source.state() : null };
  return { ok: true, value: [event, ...(tracks ? afterDamage(state, target, tracks) : [])] };
}
