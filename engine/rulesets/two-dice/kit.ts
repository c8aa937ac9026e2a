import { isFailure } from '../../core/checks';
import type { Id } from '../../core/state';
import { isRecord } from '../../json';
import { failure, type Failure } from '../../result';
import { checkGearList, type GearDeclaration } from '../../core/gear';
import { ARMOUR_WEIGHTS, type ArmourWeight } from './armour';

// A character's kit as the GM enters it: the weight of their armour, their weapons (each in one of
// the text's categories, with the subclass it belongs to) and their weapon proficiencies (a
// subclass in a category, proficient or mastered). Weapons and proficiencies are lists edited by
// the generic gear form, from the declarations below.

/** The text's three weapon categories, and unarmed. */
export type WeaponCategory = 'light-melee' | 'heavy-melee' | 'ranged' | 'unarmed';
export const CATEGORY_LABEL: Readonly<Record<WeaponCategory, string>> = {
  'light-melee': 'Light melee',
  'heavy-melee': 'Heavy melee',
  ranged: 'Ranged',
  unarmed: 'Unarmed',
};

/** How well a character handles a weapon: none, proficient or mastered. */
export type Skill = 'none' | 'proficient' | 'mastery';

export interface Weapon {
  id: Id;
  name: string;
  category: WeaponCategory;
  /** The subclass a proficiency names ("one-handed swords"). */
  subclass: string;
}

export interface Proficiency {
  id: Id;
  /** The subclass ("one-handed swords"): the piece's name in the form. */
  name: string;
  category: Exclude<WeaponCategory, 'unarmed'>;
  level: 'proficient' | 'mastery';
}

const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABEL) as WeaponCategory[]).map((value) => ({ value, label: CATEGORY_LABEL[value] }));

/** Weapons as the gear form shows them. */
export const WEAPONS: GearDeclaration = {
  max: 12,
  kinds: [
    {
      id: 'weapon',
      label: 'Weapon',
      fresh: { name: 'Sword', category: 'light-melee', subclass: 'One-handed swords' },
      fields: [
        { key: 'category', label: 'Category', hint: 'Light melee and ranged weapons deal 1 damage, heavy melee 2.', kind: 'choice', default: 'light-melee', options: CATEGORY_OPTIONS },
        { key: 'subclass', label: 'Subclass', hint: 'The kind of weapon a proficiency names, such as one-handed swords or bows.', kind: 'text', default: '', maxLength: 40 },
      ],
    },
  ],
};

/** Weapon proficiencies as the gear form shows them: the subclass is the name. */
export const PROFICIENCIES: GearDeclaration = {
  max: 12,
  kinds: [
    {
      id: 'proficiency',
      label: 'Proficiency',
      fresh: { name: 'One-handed swords', category: 'light-melee', level: 'proficient' },
      fields: [
        { key: 'category', label: 'Category', hint: 'The weapon category the subclass is in.', kind: 'choice', default: 'light-melee', options: CATEGORY_OPTIONS.filter((o) => o.value !== 'unarmed') },
        {
          key: 'level',
          label: 'Level',
          hint: 'Proficient: normal tests. Mastery: attacks at advantage.',
          kind: 'choice',
          default: 'proficient',
          options: [
            { value: 'proficient', label: 'Proficient' },
            { value: 'mastery', label: 'Mastery' },
          ],
        },
      ],
    },
  ],
};

/** A character's kit as checked. */
export interface Kit {
  armour: ArmourWeight;
  weapons: Weapon[];
  proficiencies: Proficiency[];
}

/** How many new ids a kit as sent takes (one per weapon and per proficiency). */
export function kitIds(input: unknown): number {
  if (!isRecord(input)) return 0;
  const size = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  return size(input.weapons) + size(input.proficiencies);
}

/**
 * Checks a kit as sent (`{ armour, weapons, proficiencies }`, each optional). Weapons and
 * proficiencies that name one of `current`'s by id keep it; new ones take `freshId(0)`,
 * `freshId(1)`… . Whether the character may wear the armour is the sheet's rule (`build.ts`).
 */
export function checkKit(input: unknown, current: Kit, freshId: (n: number) => Id): Kit | Failure {
  if (input === undefined) input = {};
  if (!isRecord(input)) return failure('two-dice/kit', 'A kit is given as { armour, weapons, proficiencies }.');
  const stray = Object.keys(input).find((k) => !['armour', 'weapons', 'proficiencies'].includes(k));
  if (stray !== undefined) return failure('two-dice/kit', `A kit has no "${stray}"; it has armour, weapons and proficiencies.`);
  const armour = input.armour === undefined ? current.armour : input.armour;
  if (!ARMOUR_WEIGHTS.includes(armour as ArmourWeight)) return failure('two-dice/armour', `Armour is one of: ${ARMOUR_WEIGHTS.join(', ')}.`);
  const weapons = input.weapons === undefined ? current.weapons : checkGearList(WEAPONS, input.weapons, current.weapons, freshId);
  if (isFailure(weapons)) return weapons;
  const offset = Array.isArray(input.weapons) ? input.weapons.length : 0;
  const proficiencies = input.proficiencies === undefined ? current.proficiencies : checkGearList(PROFICIENCIES, input.proficiencies, current.proficiencies, (n) => freshId(offset + n));
  if (isFailure(proficiencies)) return proficiencies;
  return {
    armour: armour as ArmourWeight,
    weapons: weapons.map((w) => ({ id: w.id, name: w.name, category: w.category as WeaponCategory, subclass: String(w.subclass ?? '') })),
    proficiencies: proficiencies.map((p) => ({ id: p.id, name: p.name, category: p.category as Proficiency['category'], level: p.level as Proficiency['level'] })),
  };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The character's skill with a weapon, as the kit reads: the proficiency for its subclass in its
 * category, if they have one. The GM decides whether a proficiency covers a weapon, so the attack
 * form shows this and may change it. Unarmed is the Unarmed Fighter trait's business.
 */
export function skillWith(kit: Kit, weapon: Weapon): { skill: Skill; by: Proficiency | null } {
  const by = kit.proficiencies.find((p) => p.category === weapon.category && weapon.subclass.trim() !== '' && same(p.name, weapon.subclass)) ?? null;
  return { skill: by ? by.level : 'none', by };
}
