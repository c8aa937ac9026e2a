import { parseNotation } from '../../dice/notation';
import type { RandomSource } from '../../dice/random';
import { rollFormula, type Roll } from '../../dice/roll';
import { placeOf, type GearItem } from './gear';
import type { Result } from '../../result';

/**
 * How impaired damage is rolled; the rules use the word without defining it, so it is a setting.
 * `lower-of-two` rolls the damage twice and keeps the lower total; `halved` rolls once and halves.
 */
export type ImpairedMode = 'lower-of-two' | 'halved';

/** Damage is impaired for unarmed blows, blows held back on purpose, and targets partly hidden. */
export function isImpaired(o: { unarmed: boolean; holdBack: boolean; concealment: boolean }): boolean {
  return o.unarmed || o.holdBack || o.concealment;
}

// A notation with a negative modifier (d4-2) can total below zero; a blow never heals.
const atLeastZero = (n: number): number => Math.max(0, n);

// Rounding down could turn a 1 into no damage at all; a blow that landed still does something.
const halve = (n: number): number => (n >= 1 ? Math.max(1, Math.floor(n / 2)) : 0);

/**
 * Rolls a blow's damage before armour. `rolls` holds every roll made (two for `lower-of-two`),
 * `kept` the one that counts (the lower; the first on a tie), `total` the damage it deals.
 * Bad notation comes back as the dice parser's failure.
 */
export function rollDamage(
  notation: string,
  impaired: boolean,
  mode: ImpairedMode,
  random: RandomSource,
): Result<{ rolls: Roll[]; total: number; kept: Roll }> {
  const parsed = parseNotation(notation);
  if (!parsed.ok) return parsed;
  const first = rollFormula(parsed.value, random);
  if (!impaired) return { ok: true, value: { rolls: [first], total: atLeastZero(first.total), kept: first } };
  if (mode === 'halved') return { ok: true, value: { rolls: [first], total: halve(first.total), kept: first } };
  const second = rollFormula(parsed.value, random);
  const kept = second.total < first.total ? second : first;
  return { ok: true, value: { rolls: [first, second], total: atLeastZero(kept.total), kept } };
}

// A shield protects only in hand: one put away or on the ground does not.
const protects = (g: GearItem): boolean => (g.kind === 'armour' || g.kind === 'shield') && g.wear !== 'broken' && placeOf(g) === 'equipped';

/**
 * The armour value against one blow: the protection of every armour and shield that still holds,
 * plus 1 for cover unless the attack goes through it. Weapons never protect.
 */
export function armourOf(gear: readonly GearItem[], cover: boolean, penetrates: boolean): number {
  const worn = gear.filter(protects).reduce((sum, g) => sum + g.protection, 0);
  return worn + (cover && !penetrates ? 1 : 0);
}

/** Damaged gear, and improvised gear (which counts as damaged from the start), that has not broken yet. */
const fragile = (g: GearItem): boolean => g.wear !== 'broken' && (g.wear === 'damaged' || g.improvised);

/** Where the item a heavy blow breaks sits in the list: the first fragile shield, else the first fragile armour. */
function nextToBreak(gear: readonly GearItem[]): number {
  const shield = gear.findIndex((g) => g.kind === 'shield' && fragile(g));
  return shield >= 0 ? shield : gear.findIndex((g) => g.kind === 'armour' && fragile(g));
}

/**
 * What a heavy blow does to the target's gear: at `threshold` damage or more before armour, one
 * fragile shield breaks or, if there is none, one fragile armour. Only one item per blow, the
 * first in the list. Returns a new gear list and the names of what broke.
 */
export function wearFromBlow(gear: readonly GearItem[], raw: number, threshold: number): { gear: GearItem[]; broke: string[] } {
  const at = raw >= threshold ? nextToBreak(gear) : -1;
  const victim = gear[at];
  if (!victim) return { gear: [...gear], broke: [] };
  return {
    gear: gear.map((g, i) => (i === at ? { ...g, wear: 'broken' } : g)),
    broke: [victim.name],
  };
}

/**
 * Whether a fragile weapon or shield used to attack breaks: it does when any die that counted in
 * the damage roll shows a 1. Dice dropped by keep-highest / keep-lowest don't count. Sound gear,
 * armour and gear already broken never break here.
 */
export function weaponBreaks(weapon: GearItem, kept: Roll): boolean {
  if (weapon.kind === 'armour' || !fragile(weapon)) return false;
  return kept.terms.some((t) => t.dice.some((d) => d.kept && d.value === 1));
}
