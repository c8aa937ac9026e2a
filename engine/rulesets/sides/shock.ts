import { parseNotation } from '../../dice/notation';
import type { Combatant } from '../../core/state';
import type { Attribute, Weapon } from './gear';
import { UNARMED } from './gear';

// Damage and Shock. A hit rolls the weapon's die plus the attribute modifier and magic (bare hands
// add Brawl); a swarm's bonus adds to it but never past the weapon's usual maximum; and a hit never
// does less than the Shock a miss would have dealt. A miss deals the weapon's Shock when the
// target's AC is at most its rating (or whatever the AC, "N/-"): the points plus the attribute
// modifier and magic, never the swarm's bonus. A shield ignores the first Shock of each round;
// immunity and total defence stop it. A swarm's Shock gets through AC, shields and immunity, but
// not through total defence.

/** What may stop a miss's Shock on this target. */
export interface ShockGuard {
  /** The target's AC as it stands. */
  ac: number;
  swarm: boolean;
  totalDefence: boolean;
  immune: boolean;
  /** Their shield hasn't turned a Shock aside this round yet. */
  shieldReady: boolean;
}

/** The Shock of a miss: its damage, whether the shield took it, and why none got through. */
export interface ShockResult {
  damage: number;
  shieldUsed: boolean;
  why: string | null;
}

/** The damage bonus of a hit and of Shock: the attribute modifier and magic (and Brawl, bare-handed, for a hit). */
export function damageBonus(attacker: Combatant, weapon: Weapon, attribute: Attribute): number {
  return (attacker.stats[attribute] ?? 0) + weapon.magic + (weapon.id === UNARMED ? (attacker.stats.brawl ?? 0) : 0);
}

/** The weapon's Shock points with the attribute modifier and magic; 0 when it has none. */
export function shockPoints(attacker: Combatant, weapon: Weapon, attribute: Attribute): number {
  return weapon.shock <= 0 ? 0 : Math.max(0, weapon.shock + (attacker.stats[attribute] ?? 0) + weapon.magic);
}

/** What a miss deals, by the weapon's rating and what guards the target. */
export function shockOnMiss(weapon: Pick<Weapon, 'shockAc' | 'shockAnyAc'>, points: number, guard: ShockGuard): ShockResult {
  if (points <= 0) return { damage: 0, shieldUsed: false, why: 'no Shock' };
  if (guard.totalDefence) return { damage: 0, shieldUsed: false, why: 'total defence' };
  if (guard.swarm) return { damage: points, shieldUsed: false, why: null };
  if (!weapon.shockAnyAc && guard.ac > weapon.shockAc) return { damage: 0, shieldUsed: false, why: `AC ${guard.ac} is above the Shock's ${weapon.shockAc}` };
  if (guard.immune) return { damage: 0, shieldUsed: false, why: 'immune to Shock' };
  if (guard.shieldReady) return { damage: 0, shieldUsed: true, why: 'the shield takes the first Shock of the round' };
  return { damage: points, shieldUsed: false, why: null };
}

/** The highest total a damage formula can come to ("1d8" 8; "2d4+1" 9). */
export function highestTotal(notation: string): number {
  const parsed = parseNotation(notation);
  if (!parsed.ok) return 0;
  return parsed.value.terms.reduce((sum, t) => {
    if (t.kind === 'constant') return sum + t.sign * t.value;
    const dice = t.keep ? t.keep.n : t.count;
    return sum + (t.sign > 0 ? dice * t.sides : -dice);
  }, 0);
}

/**
 * A hit's damage: the rolled die plus its bonus; the swarm's bonus on top, up to the usual maximum
 * (the die's highest plus the bonus) and never taking away; at least the Shock floor.
 */
export function hitDamage(rolled: number, bonus: number, usualMax: number, swarmBonus: number, floor: number): number {
  const plain = rolled + bonus;
  const swarmed = swarmBonus > 0 ? Math.max(plain, Math.min(plain + swarmBonus, usualMax)) : plain;
  return Math.max(0, swarmed, floor);
}
