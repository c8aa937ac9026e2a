import { isFailure } from '../../core/checks';
import type { Id } from '../../core/state';
import { isRecord } from '../../json';
import { failure, type Failure } from '../../result';
import { checkGearList, type GearDeclaration } from '../../core/gear';

// What Sides & Shock characters fight with: weapons, each with its damage die, the attributes it
// may use, the combat skill it takes, how it is used (melee, thrown, a one- or two-handed ranged
// weapon), its Shock ("2/AC 15", or against any AC), a magic bonus, its reach or ranges, and what
// reloading it takes, and where it is: readied, stowed or dropped (`items.ts`). Unarmed attacks
// need no weapon: every character has them.

export type Use = 'melee' | 'thrown' | 'ranged-one' | 'ranged-two';
export type Attribute = 'str' | 'dex';
export type CombatSkill = 'brawl' | 'stab' | 'shoot' | 'exert';
/**
 * Where a piece is: readied (in hand or at the belt, sheathed or holstered: a readied weapon is
 * drawn and sheathed freely), stowed in the pack (readying it takes a Main), or dropped on the
 * ground (picking it up takes a Move).
 */
export type Carried = 'readied' | 'stowed' | 'dropped';
export const CARRIED: readonly Carried[] = ['readied', 'stowed', 'dropped'];

export interface Weapon {
  id: Id;
  name: string;
  kind: 'weapon';
  damage: string;
  /** The attributes the wielder may pick from for its attack and damage. */
  attribute: Attribute | 'either';
  skill: CombatSkill;
  use: Use;
  /** Shock points on a miss (0: none), against a target whose AC is at most `shockAc`, or any AC. */
  shock: number;
  shockAc: number;
  shockAnyAc: boolean;
  magic: number;
  /** Melee reach in feet (5, or 10 for long weapons). */
  reach: number;
  /** Thrown and ranged: normal and long range in feet. */
  range: number;
  longRange: number;
  reload: 'none' | 'bow' | 'crossbow';
  nonLethal: boolean;
  /** Where it is now; a piece entered (or logged) without saying is readied. */
  carried: Carried;
}

/** The id unarmed attacks are made with. */
export const UNARMED = 'unarmed';

const options = (pairs: readonly [string, string][]) => pairs.map(([value, label]) => ({ value, label }));

export const SIDES_GEAR: GearDeclaration = {
  max: 12,
  kinds: [
    {
      id: 'weapon',
      label: 'Weapon',
      fresh: { name: 'Spear', damage: '1d6', attribute: 'either', skill: 'stab', shock: 2, shockAc: 13 },
      fields: [
        { key: 'damage', label: 'Damage', hint: 'The die rolled on a hit, before the attribute modifier.', kind: 'dice', default: '1d6' },
        { key: 'attribute', label: 'Attribute', hint: 'The attribute whose modifier adds to its attack and damage (either: the better).', kind: 'choice', default: 'str', options: options([['str', 'STR'], ['dex', 'DEX'], ['either', 'STR or DEX']]) },
        { key: 'skill', label: 'Skill', hint: 'The combat skill added to its attack.', kind: 'choice', default: 'stab', options: options([['stab', 'Stab'], ['shoot', 'Shoot'], ['brawl', 'Brawl'], ['exert', 'Exert']]) },
        { key: 'use', label: 'Used as', hint: 'In melee, thrown, or shot (a bow, a crossbow or any two-handed ranged weapon can\'t be fired with a foe in melee range; thrown and other one-handed ones are −4).', kind: 'choice', default: 'melee', options: options([['melee', 'Melee'], ['thrown', 'Thrown'], ['ranged-one', 'One-handed ranged'], ['ranged-two', 'Two-handed ranged']]) },
        { key: 'shock', label: 'Shock', hint: 'Damage dealt on a miss (0: none).', kind: 'number', default: 0, min: 0, max: 20 },
        { key: 'shockAc', label: 'Shock up to AC', hint: 'A missed target with at most this AC still takes the Shock.', kind: 'number', default: 15, min: 0, max: 40 },
        { key: 'shockAnyAc', label: 'Shock against any AC', hint: 'Shock written "N/-": a miss deals it whatever the AC.', kind: 'boolean', default: false },
        { key: 'magic', label: 'Magic bonus', hint: 'Added to attack, damage and Shock.', kind: 'number', default: 0, min: 0, max: 5 },
        { key: 'reach', label: 'Reach (ft)', hint: 'How far it strikes in melee: 5, or 10 for long weapons.', kind: 'number', default: 5, min: 5, max: 15, shownWhen: { key: 'use', is: 'melee' } },
        { key: 'range', label: 'Normal range (ft)', hint: 'Beyond it, up to the long range, attacks are at −2.', kind: 'number', default: 30, min: 5, max: 2000, shownWhen: { key: 'use', isNot: 'melee' } },
        { key: 'longRange', label: 'Long range (ft)', hint: 'The furthest it can hit.', kind: 'number', default: 60, min: 5, max: 4000, shownWhen: { key: 'use', isNot: 'melee' } },
        { key: 'reload', label: 'Reloading', hint: 'A bow reloads freely at Shoot-1, else as a Move; a crossbow as the fight\'s setting says.', kind: 'choice', default: 'none', options: options([['none', 'None needed'], ['bow', 'Like a bow'], ['crossbow', 'Like a crossbow']]), shownWhen: { key: 'use', isNot: 'melee' } },
        { key: 'nonLethal', label: 'Non-lethal', hint: 'An execution with it knocks out rather than kills.', kind: 'boolean', default: false },
        { key: 'carried', label: 'Carried', hint: 'Readied (in hand or sheathed: drawn freely) or stowed in the pack (readying it is a Main); dropped lies on the ground (picking it up is a Move). Only a readied weapon attacks.', kind: 'choice', default: 'readied', options: options([['readied', 'Readied'], ['stowed', 'Stowed'], ['dropped', 'Dropped']]) },
      ],
    },
  ],
  check: (piece) => {
    if (piece.use !== 'melee' && typeof piece.range === 'number' && typeof piece.longRange === 'number' && piece.longRange < piece.range) {
      return failure('sides/gear', `${piece.name}: its long range can't be shorter than its normal range.`);
    }
    return null;
  },
};

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T => allowed.find((a) => a === v) ?? (allowed[0] as T);

/** A weapon as the log holds it, or null when it can't be read. */
export function weaponOf(raw: unknown): Weapon | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  return {
    id: raw.id,
    name: raw.name,
    kind: 'weapon',
    damage: typeof raw.damage === 'string' ? raw.damage : '1d6',
    attribute: oneOf(raw.attribute, ['str', 'dex', 'either'] as const),
    skill: oneOf(raw.skill, ['stab', 'shoot', 'brawl', 'exert'] as const),
    use: oneOf(raw.use, ['melee', 'thrown', 'ranged-one', 'ranged-two'] as const),
    shock: num(raw.shock, 0),
    shockAc: num(raw.shockAc, 15),
    shockAnyAc: raw.shockAnyAc === true,
    magic: num(raw.magic, 0),
    reach: num(raw.reach, 5),
    range: num(raw.range, 30),
    longRange: num(raw.longRange, 60),
    reload: oneOf(raw.reload, ['none', 'bow', 'crossbow'] as const),
    nonLethal: raw.nonLethal === true,
    carried: oneOf(raw.carried, CARRIED),
  };
}

/** Checks a weapon list as sent; pieces naming one of `current` by id keep it. */
export function checkSidesGear(input: unknown, current: readonly Weapon[], freshId: (n: number) => Id): Weapon[] | Failure {
  const checked = checkGearList(SIDES_GEAR, input, current, freshId);
  if (isFailure(checked)) return checked;
  return checked.map(weaponOf).filter((w): w is Weapon => w !== null);
}

/** Bare hands: every character has them; the damage die is the fight's setting, and Brawl adds to damage. */
export function unarmed(damage: string): Weapon {
  return { id: UNARMED, name: 'Unarmed', kind: 'weapon', damage, attribute: 'either', skill: 'brawl', use: 'melee', shock: 0, shockAc: 0, shockAnyAc: false, magic: 0, reach: 5, range: 5, longRange: 5, reload: 'none', nonLethal: false, carried: 'readied' };
}
