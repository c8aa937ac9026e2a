import { isFailure } from '../../core/checks';
import type { Id } from '../../core/state';
import { isRecord } from '../../json';
import type { Failure } from '../../result';
import { checkGearList, type GearDeclaration } from '../../core/gear';

// What Three Actions characters carry: weapons (the dice of their attack test, damage, critical
// damage and threshold, damage type, and whether they are thrown or shoot) and items that block
// or parry (a shield, a sword used to parry), each with a durability.

/** The text's damage types and the kind each belongs to: the kind says which deflection reduces it. */
const DAMAGE_TYPES = {
  arcane: 'elemental',
  bludgeoning: 'physical',
  cold: 'elemental',
  fire: 'elemental',
  piercing: 'physical',
  psychic: 'typeless',
  radiant: 'elemental',
  shock: 'elemental',
  slashing: 'physical',
  void: 'elemental',
} as const;

export type NamedDamage = keyof typeof DAMAGE_TYPES;
export type DamageKind = 'physical' | 'elemental' | 'typeless';
/**
 * A weapon's damage type: one the table names, or only its kind ('typeless' is also "none given";
 * 'physical' and 'elemental' are what gear saved before the types were named holds).
 */
export type DamageType = NamedDamage | DamageKind;

const DAMAGE_TYPE_VALUES: readonly DamageType[] = [...(Object.keys(DAMAGE_TYPES) as NamedDamage[]), 'typeless', 'physical', 'elemental'];

/** Every damage type a weapon may have, for the stored events' checks. */
export const ALL_DAMAGE_TYPES = DAMAGE_TYPE_VALUES as readonly [DamageType, ...DamageType[]];

/** The kind of a damage type: physical, elemental or typeless. */
export const kindOf = (type: DamageType): DamageKind => (type in DAMAGE_TYPES ? DAMAGE_TYPES[type as NamedDamage] : (type as DamageKind));

/** A damage type as stored, or typeless when none (or none this version knows) is given: "If a type is not specified, then it can be considered typeless damage". */
export const damageTypeOf = (raw: unknown): DamageType => (DAMAGE_TYPE_VALUES.includes(raw as DamageType) ? (raw as DamageType) : 'typeless');

/** Which of the target's deflections a blow is reduced by: physical, elemental, or none (typeless). */
export type Reduction = 'physical' | 'elemental' | 'none';

/** The reduction for a damage type: its kind's; for typeless damage the one the GM named, else none ("Normally, only physical and elemental damage can be reduced"). */
export function reductionFor(type: DamageType, typelessReducedBy?: 'physical' | 'elemental'): Reduction {
  const kind = kindOf(type);
  return kind === 'typeless' ? (typelessReducedBy ?? 'none') : kind;
}

export type Delivery = 'melee' | 'thrown' | 'projectile';

export interface Weapon {
  id: Id;
  name: string;
  kind: 'weapon';
  /** The attack test's dice: attribute die + combat skill die + proficiency ("d6+d6+1"). */
  test: string;
  damage: number;
  critDamage: number;
  /** The luck roll at or above which the attack can't miss and deals its critical damage. */
  critOn: number;
  damageType: DamageType;
  delivery: Delivery;
  /** Brought to 0 health by it, a character doesn't risk death until more damage comes (fists, the flat of a blade). */
  nonLethal: boolean;
}

export interface Item {
  id: Id;
  name: string;
  kind: 'item';
  /** Taken off a blocked blow instead of the wearer's damage reduction; 0: it can't block. */
  block: number;
  /** Added to physical deflection when it parries; 0 adds 1. */
  parry: number;
  durability: number;
}

export type Gear = Weapon | Item;

// Held at the start of the fight (Brandish changes it in the fight: `hands.ts`); a piece that says
// nothing is in hand, as everything carried was before hands were kept.
const IN_HAND = { key: 'inHand', label: 'In hand', hint: 'Held at the start of the fight: only an item in hand blocks or parries; Brandish changes what is held.', kind: 'boolean', default: true } as const;

const opts = (values: readonly string[]) => values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

export const THREE_ACTIONS_GEAR: GearDeclaration = {
  max: 16,
  kinds: [
    {
      id: 'weapon',
      label: 'Weapon',
      fresh: { name: 'Spear', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'piercing' },
      fields: [
        { key: 'test', label: 'Attack test', hint: 'Attribute die + combat skill die + proficiency, such as d6+d6+1.', kind: 'dice', default: 'd6+d6' },
        { key: 'damage', label: 'Damage', hint: 'Added to the test\'s result on a hit.', kind: 'number', default: 4, min: 0, max: 40 },
        { key: 'critDamage', label: 'Critical damage', hint: 'Used instead when the luck die reaches the threshold.', kind: 'number', default: 8, min: 0, max: 60 },
        { key: 'critOn', label: 'Critical on', hint: 'The luck roll at or above which the attack can\'t miss.', kind: 'number', default: 20, min: 2, max: 40 },
        {
          key: 'damageType',
          label: 'Damage type',
          hint: 'Physical types are cut by physical deflection, elemental ones by elemental deflection; typeless damage by neither, unless the GM rules otherwise at the attack.',
          kind: 'choice',
          default: 'typeless',
          options: [
            ...(Object.keys(DAMAGE_TYPES) as NamedDamage[]).map((t) => ({ value: t, label: `${t.charAt(0).toUpperCase()}${t.slice(1)} (${DAMAGE_TYPES[t]})` })),
            { value: 'typeless', label: 'None given (typeless)' },
            { value: 'physical', label: 'Physical, type not named' },
            { value: 'elemental', label: 'Elemental, type not named' },
          ],
        },
        { key: 'delivery', label: 'Delivery', hint: 'Thrown and projectile weapons may hit someone next to the target on a luck roll of 1.', kind: 'choice', default: 'melee', options: opts(['melee', 'thrown', 'projectile']) },
        { key: 'nonLethal', label: 'Non-lethal', hint: 'Knocked to 0 health by it, they don\'t risk death until they take more damage.', kind: 'boolean', default: false },
        IN_HAND,
      ],
    },
    {
      id: 'item',
      label: 'Shield or parrying item',
      fresh: { name: 'Shield', block: 3, parry: 0, made: 'metal' },
      fields: [
        { key: 'block', label: 'Block', hint: 'Taken off a blocked blow instead of damage reduction; 0 if it can\'t block.', kind: 'number', default: 0, min: 0, max: 40 },
        { key: 'parry', label: 'Parry', hint: 'Added to physical deflection when parrying; 0 adds 1.', kind: 'number', default: 0, min: 0, max: 40 },
        {
          key: 'made',
          label: 'Durability from',
          hint: 'An item the text lists no durability for has 10 if it is metal, else 4.',
          kind: 'choice',
          default: 'listed',
          options: [
            { value: 'listed', label: 'The number below' },
            { value: 'metal', label: 'None listed, metal: 10' },
            { value: 'other', label: 'None listed, not metal: 4' },
          ],
        },
        { key: 'durability', label: 'Durability', hint: 'At 0 it is broken: it can\'t block or parry.', kind: 'number', default: 10, min: 0, max: 99, shownWhen: { key: 'made', is: 'listed' } },
        IN_HAND,
      ],
    },
  ],
};

/** An item's durability when the text lists none: "10 if it is made of metal, otherwise 4". */
export const UNLISTED_DURABILITY = { metal: 10, other: 4 } as const;

/** Checks a gear list as sent; pieces naming one of `current` by id keep it. */
export function checkThreeActionsGear(input: unknown, current: readonly Gear[], freshId: (n: number) => Id): Gear[] | Failure {
  const checked = checkGearList(THREE_ACTIONS_GEAR, input, current, freshId);
  if (isFailure(checked)) return checked;
  // Without a listed durability the material decides it; from then on it is the item's number.
  const resolved = checked.map((g) => (g.kind === 'item' && g.made !== 'listed' ? { ...g, durability: UNLISTED_DURABILITY[g.made === 'metal' ? 'metal' : 'other'] } : g));
  return resolved.map((g) => gearOf(g)).filter((g): g is Gear => g !== null);
}

/** A piece of gear as the log holds it, or null when it can't be read. */
export function gearOf(raw: unknown): Gear | null {
  if (!isRecord(raw) || typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  if (raw.kind === 'item') return { id: raw.id, name: raw.name, kind: 'item', block: num(raw.block, 0), parry: num(raw.parry, 0), durability: num(raw.durability, 10) };
  const deliveries: readonly Delivery[] = ['melee', 'thrown', 'projectile'];
  return {
    id: raw.id,
    name: raw.name,
    kind: 'weapon',
    test: typeof raw.test === 'string' ? raw.test : 'd6+d6',
    damage: num(raw.damage, 4),
    critDamage: num(raw.critDamage, 8),
    critOn: num(raw.critOn, 20),
    damageType: damageTypeOf(raw.damageType),
    delivery: deliveries.includes(raw.delivery as Delivery) ? (raw.delivery as Delivery) : 'melee',
    nonLethal: raw.nonLethal === true,
  };
}
