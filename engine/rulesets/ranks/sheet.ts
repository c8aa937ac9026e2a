import { isFailure } from '../../core/checks';
import type { Combatant, Id } from '../../core/state';
import { isRecord } from '../../json';
import type { Failure } from '../../result';
import { checkGearList, type GearDeclaration } from '../../core/gear';
import type { SkillDice } from './checks';
import { SKILLS, type Attribute, type SkillKey, type WeaponCategory } from './tables';

// What a Skill Ranks character's sheet holds beside the fixed values of their attributes: their
// skills (dice and fixed value each) and their weapons (a category, which says the attack skill,
// the defence against it and the reach, and the damage dice). Declared as gear, so the add form,
// the party and bestiary entries and their imports are the shared ones.

export interface SkillEntry {
  id: Id;
  name: string;
  kind: 'skill';
  skill: SkillKey;
  dice: number;
  bonus: number;
  fixed: number;
}

export interface WeaponEntry {
  id: Id;
  name: string;
  kind: 'weapon';
  category: WeaponCategory;
  /** The damage roll's dice and what is added. */
  damage: number;
  damageBonus: number;
}

export type SheetEntry = SkillEntry | WeaponEntry;

const CATEGORIES: readonly { value: WeaponCategory; label: string }[] = [
  { value: 'unarmed', label: 'Unarmed' },
  { value: 'close', label: 'Close (to 5 ft)' },
  { value: 'light', label: 'Light (5 to 10 ft)' },
  { value: 'martial', label: 'Martial (5 to 10 ft)' },
  { value: 'long', label: 'Long (10 to 15 ft)' },
];

export const RANKS_GEAR: GearDeclaration = {
  max: 40,
  kinds: [
    {
      id: 'skill',
      label: 'Skill',
      fresh: { name: 'Deflect', skill: 'deflect', dice: 3, bonus: 0, fixed: 10 },
      fields: [
        // Awareness is the sheet's own fields (fixed value and dice), which the order reads.
        { key: 'skill', label: 'Skill', hint: 'Which of the text\'s skills this is (awareness is set above, with the stats).', kind: 'choice', default: 'deflect', options: SKILLS.filter((s) => s.key !== 'awareness').map((s) => ({ value: s.key, label: s.label })) },
        { key: 'dice', label: 'Dice', hint: 'How many dice its checks roll (the D of "3D+1").', kind: 'number', default: 3, min: 1, max: 10 },
        { key: 'bonus', label: 'Bonus', hint: 'Added to its checks (the +1 of "3D+1").', kind: 'number', default: 0, min: -10, max: 20 },
        { key: 'fixed', label: 'Fixed value', hint: 'What it counts as without a roll: a defence against attacks, a check made off-turn without an action.', kind: 'number', default: 10, min: 0, max: 60 },
      ],
    },
    {
      id: 'weapon',
      label: 'Weapon',
      fresh: { name: 'Longsword', category: 'martial', damage: 4, damageBonus: 0 },
      fields: [
        { key: 'category', label: 'Category', hint: 'Says the attack skill, the defence against it and how near and far it reaches.', kind: 'choice', default: 'martial', options: CATEGORIES.map((c) => ({ ...c })) },
        { key: 'damage', label: 'Damage dice', hint: 'The damage roll\'s dice; each rank of the attack past the first adds 1D.', kind: 'number', default: 4, min: 1, max: 12 },
        { key: 'damageBonus', label: 'Damage bonus', hint: 'Added to the damage roll.', kind: 'number', default: 0, min: -10, max: 20 },
      ],
    },
  ],
};

/** The sheet as the log holds it, whatever it holds (entries that can't be read are left out). */
export function sheetOf(raw: unknown): SheetEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e): SheetEntry[] => {
    if (!isRecord(e) || typeof e.id !== 'string' || typeof e.name !== 'string') return [];
    const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
    if (e.kind === 'skill' && e.skill !== 'awareness' && SKILLS.some((s) => s.key === e.skill)) return [{ id: e.id, name: e.name, kind: 'skill', skill: e.skill as SkillKey, dice: num(e.dice, 3), bonus: num(e.bonus, 0), fixed: num(e.fixed, 10) }];
    if (e.kind === 'weapon' && CATEGORIES.some((c) => c.value === e.category)) return [{ id: e.id, name: e.name, kind: 'weapon', category: e.category as WeaponCategory, damage: num(e.damage, 4), damageBonus: num(e.damageBonus, 0) }];
    return [];
  });
}

/** Checks a sheet as sent; entries naming one of `current` by id keep it. */
export function checkSheet(input: unknown, current: readonly SheetEntry[], freshId: (n: number) => Id): SheetEntry[] | Failure {
  const checked = checkGearList(RANKS_GEAR, input, current, freshId);
  return isFailure(checked) ? checked : sheetOf(checked);
}

/** A skill as a check uses it: its dice, its fixed value, the attribute it counts as, whether the sheet has it. */
export interface SkillInUse {
  key: SkillKey;
  dice: SkillDice;
  fixed: number;
  attribute: Attribute;
  trained: boolean;
}

/** The fixed value of a skill nobody trained: the average of one die, rounded down. */
export const untrainedFixed = (die: number): number => Math.floor((die + 1) / 2);

/**
 * A character's skill from their sheet, with every fixed value their conditions lower (Tired) taken
 * off; awareness comes from the sheet's awareness fields (the order reads them); an untrained
 * skill rolls 1D and stands at the average of one die.
 */
export function skillOf(c: Pick<Combatant, 'rules' | 'stats' | 'conditions'>, key: SkillKey, die: number): SkillInUse {
  const attribute = SKILLS.find((s) => s.key === key)?.attribute ?? 'other';
  const lowered = fixedLowering(c);
  if (key === 'awareness') return { key, dice: { dice: c.stats.awarenessDice ?? 3, bonus: 0 }, fixed: (c.stats.awareness ?? 10) + lowered, attribute, trained: true };
  const entry = sheetOf(isRecord(c.rules) ? c.rules.sheet : undefined).find((e): e is SkillEntry => e.kind === 'skill' && e.skill === key);
  if (entry) return { key, dice: { dice: entry.dice, bonus: entry.bonus }, fixed: entry.fixed + lowered, attribute, trained: true };
  return { key, dice: { dice: 1, bonus: 0 }, fixed: untrainedFixed(die) + lowered, attribute, trained: false };
}

/** What the character's conditions take off every fixed value (Tired: 2). */
function fixedLowering(c: Pick<Combatant, 'conditions'>): number {
  return c.conditions.reduce((sum, k) => sum + (k.effects ?? []).reduce((s, e) => (e.kind === 'stat' && e.stat === undefined ? s + e.amount : s), 0), 0);
}

/** The value a character stands at with a skill they can't use: the untrained fixed value, lowered as every fixed value is. */
export const untrainedValue = (c: Pick<Combatant, 'conditions'>, die: number): number => untrainedFixed(die) + fixedLowering(c);

/** The character's weapons. */
export function weaponsOf(c: Pick<Combatant, 'rules'>): WeaponEntry[] {
  return sheetOf(isRecord(c.rules) ? c.rules.sheet : undefined).filter((e): e is WeaponEntry => e.kind === 'weapon');
}

/** Bare hands, for a character with no weapon (or who fights without one). */
export const UNARMED: WeaponEntry = { id: 'unarmed', name: 'Bare hands', kind: 'weapon', category: 'unarmed', damage: 1, damageBonus: 0 };
