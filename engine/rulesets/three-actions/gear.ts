import { isFailure } from '../../encounter/checks';
import type { Id } from '../../encounter/state';
import { isRecord } from '../../json';
import type { Failure } from '../../result';
import { checkGearList, type GearDeclaration } from '../gear';

// What Three Actions characters carry: weapons (the dice of their attack test, damage, critical
// damage and threshold, damage type, and whether they are thrown or shoot) and items that block
// or parry (a shield, a sword used to parry), each with a durability.

export type DamageType = 'physical' | 'elemental' | 'typeless';
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
  /** Added to deflection when it parries; 0 adds 1. */
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
      fresh: { name: 'Spear', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19 },
      fields: [
        { key: 'test', label: 'Attack test', hint: 'Attribute die + combat skill die + proficiency, such as d6+d6+1.', kind: 'dice', default: 'd6+d6' },
        { key: 'damage', label: 'Damage', hint: 'Added to the test\'s result on a hit.', kind: 'number', default: 4, min: 0, max: 40 },
        { key: 'critDamage', label: 'Critical damage', hint: 'Used instead when the luck die reaches the threshold.', kind: 'number', default: 8, min: 0, max: 60 },
        { key: 'critOn', label: 'Critical on', hint: 'The luck roll at or above which the attack can\'t miss.', kind: 'number', default: 20, min: 2, max: 40 },
        { key: 'damageType', label: 'Damage type', hint: 'Physical and elemental damage are reduced by deflection; typeless is not.', kind: 'choice', default: 'physical', options: opts(['physical', 'elemental', 'typeless']) },
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
        { key: 'parry', label: 'Parry', hint: 'Added to deflection when parrying; 0 adds 1.', kind: 'number', default: 0, min: 0, max: 40 },
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
  const types: readonly DamageType[] = ['physical', 'elemental', 'typeless'];
  const deliveries: readonly Delivery[] = ['melee', 'thrown', 'projectile'];
  return {
    id: raw.id,
    name: raw.name,
    kind: 'weapon',
    test: typeof raw.test === 'string' ? raw.test : 'd6+d6',
    damage: num(raw.damage, 4),
    critDamage: num(raw.critDamage, 8),
    critOn: num(raw.critOn, 20),
    damageType: types.includes(raw.damageType as DamageType) ? (raw.damageType as DamageType) : 'physical',
    delivery: deliveries.includes(raw.delivery as Delivery) ? (raw.delivery as Delivery) : 'melee',
    nonLethal: raw.nonLethal === true,
  };
}
