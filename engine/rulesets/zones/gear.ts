import { parseNotation } from '../../dice/notation';
import { checkInteger, checkName, isFailure } from '../../core/checks';
import type { Id } from '../../core/state';
import { failure, type Failure } from '../../result';
import type { GearDeclaration, GearFieldDefinition } from '../../core/gear';

// Zones & Factions' gear: weapons, shields and armour, as the GM enters them and as the fight
// wears them. A character's gear lives in Zones' part of them (`zonesPerson(c).gear`).

/** What a piece of gear is, for attacks, protection and wear after the fight. */
export type GearKind = 'weapon' | 'shield' | 'armour';

/** How worn a piece of gear is: damaged gear can break, broken gear is useless. */
export type GearWear = 'sound' | 'damaged' | 'broken';

/**
 * Where a weapon or shield is: in hand (equipped, what a piece entered without a place is), carried
 * but put away (unequipped), or on the ground (dropped, in the zone `droppedIn`). Armour is worn.
 */
export type GearPlace = 'equipped' | 'unequipped' | 'dropped';

/** How a weapon reaches its target. */
export type WeaponReach = 'melee' | 'ranged' | 'indirect';

/** A weapon, shield or armour a character carries. */
export interface GearItem {
  id: Id;
  name: string;
  kind: GearKind;
  /** Damage notation for weapons ("d8"); null for gear that doesn't deal damage. */
  damage: string | null;
  reach: WeaponReach;
  /** Range in zones for ranged and indirect weapons; 0 for melee. */
  range: number;
  /** Hits a whole zone instead of one character. */
  blast: boolean;
  /** What it adds to armour while it is not broken (armour and shields). */
  protection: number;
  /** Improvised weapons count as already damaged. */
  improvised: boolean;
  wear: GearWear;
  /** Used at least once in this fight, so it is rolled for wear afterwards. */
  used: boolean;
  /** Missing: equipped (every piece of logs written before places were kept). */
  place?: 'unequipped' | 'dropped';
  /** Where a dropped piece lies: the zone its owner stood in, or null off the map. */
  droppedIn?: Id | null;
}

/** A piece of gear as the GM enters it; the engine gives new items their ids. */
export interface GearInput {
  id?: Id;
  name: string;
  kind: GearKind;
  damage?: string | null;
  reach?: WeaponReach;
  range?: number;
  blast?: boolean;
  protection?: number;
  improvised?: boolean;
  wear?: GearWear;
  used?: boolean;
  place?: GearPlace;
  droppedIn?: Id | null;
}

/** Most pieces of gear one character carries. */
export const MAX_GEAR = 20;
const KINDS: readonly GearKind[] = ['weapon', 'shield', 'armour'];
const REACHES: readonly WeaponReach[] = ['melee', 'ranged', 'indirect'];
const WEARS: readonly GearWear[] = ['sound', 'damaged', 'broken'];
const PLACES: readonly GearPlace[] = ['equipped', 'unequipped', 'dropped'];

/** Where a piece is; armour is always worn, so it counts as equipped. */
export function placeOf(g: Pick<GearItem, 'kind' | 'place'>): GearPlace {
  return g.kind === 'armour' ? 'equipped' : (g.place ?? 'equipped');
}

/** The piece in a place: equipped is kept as no field, so gear entered without one stays as it was. */
export function inPlace(g: GearItem, place: GearPlace, droppedIn: Id | null = null): GearItem {
  const rest: GearItem = { ...g };
  delete rest.place;
  delete rest.droppedIn;
  if (place === 'equipped') return rest;
  return place === 'dropped' ? { ...rest, place, droppedIn } : { ...rest, place };
}

/** A choice's options as the form shows them: each value, capitalised ("melee" → "Melee"). */
function optionsOf(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}

const WEAR_FIELD: GearFieldDefinition = {
  key: 'wear',
  label: 'Wear',
  hint: 'Damaged gear can break; broken gear is useless until mended.',
  kind: 'choice',
  default: 'sound',
  options: optionsOf(WEARS),
};

const PLACE_FIELD: GearFieldDefinition = {
  key: 'place',
  label: 'Carried',
  hint: "In hand, put away, or on the ground in its owner's zone. In a fight, changing it is a bonus action.",
  kind: 'choice',
  default: 'equipped',
  options: optionsOf(PLACES),
};

const PROTECTION_FIELD: GearFieldDefinition = { key: 'protection', label: 'Protection', hint: 'Added to armour while it is not broken.', kind: 'number', default: 0, min: 0, max: 20 };

/**
 * Zones & Factions' gear as the form shows it. Its `check` (`checkGearRules`) holds the rules
 * between fields that the form shows and `checkGear` refuses alike; `checkGear` holds the rest
 * (a weapon needs damage dice).
 */
export const ZONES_GEAR: GearDeclaration = {
  max: MAX_GEAR,
  check: checkGearRules,
  kinds: [
    {
      id: 'weapon',
      label: 'Weapon',
      // No range: a melee weapon has none, and one turned ranged starts at the next zone.
      fresh: { name: 'Sword', damage: 'd8', reach: 'melee' },
      fields: [
        { key: 'damage', label: 'Damage', hint: 'The damage dice, for example d8.', kind: 'dice', default: 'd8' },
        {
          key: 'reach',
          label: 'Reach',
          hint: 'Melee strikes its own zone; ranged and indirect weapons reach further.',
          kind: 'choice',
          default: 'melee',
          options: optionsOf(REACHES),
        },
        { key: 'range', label: 'Range', hint: 'In zones', kind: 'number', default: 1, min: 1, max: 20, shownWhen: { key: 'reach', isNot: 'melee' } },
        { key: 'blast', label: 'Blast', hint: 'Hits a whole zone instead of one character.', kind: 'boolean', default: false },
        { key: 'improvised', label: 'Improvised', hint: 'Counts as already damaged.', kind: 'boolean', default: false },
        WEAR_FIELD,
        PLACE_FIELD,
      ],
    },
    { id: 'shield', label: 'Shield', fresh: { name: 'Shield', protection: 1 }, fields: [PROTECTION_FIELD, WEAR_FIELD, PLACE_FIELD] },
    { id: 'armour', label: 'Armour', fresh: { name: 'Armour', protection: 2 }, fields: [PROTECTION_FIELD, WEAR_FIELD] },
  ],
};

/**
 * The rules between a piece's fields, shared by the gear form (as `ZONES_GEAR.check`), the party
 * and bestiary entries and `checkGear`: a ranged or indirect weapon reaches at least the next
 * zone (a melee one only its own, so its range is 0). Null when they hold. A missing reach is
 * melee, a missing range the next zone, as `checkGear` reads them.
 */
export function checkGearRules(piece: { name: string; kind?: unknown; reach?: unknown; range?: unknown }): Failure | null {
  const reach = piece.reach ?? 'melee';
  if (piece.kind !== 'weapon' || reach === 'melee') return null;
  const range = piece.range ?? 1;
  if (typeof range === 'number' && !(range >= 1)) {
    return failure('gear/range', `${piece.name} is ${reach === 'indirect' ? 'an indirect' : 'a ranged'} weapon: give it a range of at least 1 zone.`);
  }
  return null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, what: string): T | Failure {
  if (value === undefined) return fallback;
  return allowed.includes(value as T) ? (value as T) : failure('input/choice', `${what} must be one of: ${allowed.join(', ')}.`);
}

function checkItem(input: GearInput, id: string, existing: GearItem | undefined): GearItem | Failure {
  if (typeof input !== 'object' || input === null) return failure('gear/shape', 'Each piece of gear needs at least a name and a kind.');
  const name = checkName(input.name, 'piece of gear');
  if (isFailure(name)) return name;
  const kind = oneOf(input.kind, KINDS, 'weapon', `${name}'s kind`);
  if (isFailure(kind)) return kind;
  const reach = oneOf(input.reach, REACHES, 'melee', `${name}'s reach`);
  if (isFailure(reach)) return reach;
  const wear = oneOf(input.wear, WEARS, existing?.wear ?? 'sound', `${name}'s wear`);
  if (isFailure(wear)) return wear;
  // Kept from before unless entered: editing a piece's other fields leaves it where it is.
  const place = oneOf(input.place, PLACES, existing ? placeOf(existing) : 'equipped', `${name}'s place`);
  if (isFailure(place)) return place;
  const damage = input.damage === undefined || input.damage === null || input.damage === '' ? null : String(input.damage).trim();
  if (kind === 'weapon' && damage === null) return failure('gear/damage', `Give the weapon ${name} its damage dice, for example d8.`);
  if (damage !== null) {
    const parsed = parseNotation(damage);
    if (!parsed.ok) return failure('gear/damage', `${name}: ${parsed.message}`);
  }
  const range = checkInteger(input.range ?? (reach === 'melee' ? 0 : 1), `${name}'s range`, 0, 20);
  if (isFailure(range)) return range;
  const between = checkGearRules({ name, kind, reach, range });
  if (between) return between;
  const protection = checkInteger(input.protection ?? 0, `${name}'s protection`, 0, 20);
  if (isFailure(protection)) return protection;
  const item: GearItem = {
    id,
    name,
    kind,
    damage,
    reach: kind === 'weapon' ? reach : 'melee',
    range: reach === 'melee' ? 0 : range,
    blast: input.blast === true,
    protection: kind === 'weapon' ? 0 : protection,
    improvised: input.improvised === true,
    wear,
    used: input.used ?? existing?.used ?? false,
  };
  const lies = typeof input.droppedIn === 'string' ? input.droppedIn : input.place === undefined ? (existing?.droppedIn ?? null) : null;
  return kind === 'armour' ? item : inPlace(item, place, lies);
}

/**
 * Checks a gear list: items that name one of `current` by id keep it (and its wear and use unless
 * given), the others take the fresh ids `freshId(0)`, `freshId(1)`… in order.
 */
export function checkGear(inputs: unknown, current: readonly GearItem[], freshId: (n: number) => Id): GearItem[] | Failure {
  if (!Array.isArray(inputs)) return failure('gear/shape', 'Gear must be a list.');
  if (inputs.length > MAX_GEAR) return failure('gear/too-much', `A combatant carries at most ${MAX_GEAR} pieces of gear here.`);
  const items: GearItem[] = [];
  let fresh = 0;
  for (const input of inputs as GearInput[]) {
    const existing = current.find((g) => typeof input?.id === 'string' && g.id === input.id);
    const id = existing ? existing.id : freshId(fresh++);
    const item = checkItem(input, id, existing);
    if (isFailure(item)) return item;
    items.push(item);
  }
  return items;
}
