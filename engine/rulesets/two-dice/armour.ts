import { hasTrait } from '../../core/fields';
import type { TraitDefinition } from '../../core/ruleset';

// The armour table and the traits the text names, as data the rules, the forms and the reference
// panel read.

/** How heavy a character's armour is. */
export type ArmourWeight = 'none' | 'light' | 'medium' | 'heavy';
export const ARMOUR_WEIGHTS: readonly ArmourWeight[] = ['none', 'light', 'medium', 'heavy'];

/** What one weight of armour does. */
export interface ArmourRow {
  label: string;
  /** Points of damage reduction. */
  reduction: number;
  /** Without Armor Training the wearer's tests named by the setting are at disadvantage. */
  hindersUntrained: boolean;
  /** Traits without which it can't be worn at all. */
  requires: readonly string[];
  /** How sneaking goes in it. */
  sneaking: 'normal' | 'disadvantage' | 'impossible';
  /** Feet taken off the wearer's movement. */
  slows: number;
}

export const ARMOUR: Readonly<Record<ArmourWeight, ArmourRow>> = {
  none: { label: 'No armour', reduction: 0, hindersUntrained: false, requires: [], sneaking: 'normal', slows: 0 },
  light: { label: 'Light armour', reduction: 1, hindersUntrained: false, requires: [], sneaking: 'normal', slows: 0 },
  medium: { label: 'Medium armour', reduction: 2, hindersUntrained: true, requires: [], sneaking: 'disadvantage', slows: 0 },
  heavy: { label: 'Heavy armour', reduction: 3, hindersUntrained: false, requires: ['armorTraining', 'strong'], sneaking: 'impossible', slows: 5 },
};

/** The yes/no traits the text names, with what each changes here. */
export const TWO_DICE_TRAITS: readonly TraitDefinition[] = [
  { key: 'vigilant', label: 'Vigilant', hint: 'Rolls 3d6 for initiative and wins ties against those without it.' },
  { key: 'armorTraining', label: 'Armor Training', hint: 'Medium armour without disadvantage; with Strong, heavy armour.' },
  { key: 'strong', label: 'Strong', hint: 'With Armor Training, may wear heavy armour.' },
  { key: 'unarmedFighter', label: 'Unarmed Fighter', hint: 'Unarmed attacks deal damage; no penalty evading armed foes unarmed.' },
  { key: 'robust', label: 'Robust', hint: 'A bonus to stabilisation tests (a setting).' },
  { key: 'hardToKill', label: 'Hard to Kill', hint: 'A bigger bonus to stabilisation tests (a setting).' },
  { key: 'medic', label: 'Medic', hint: 'Tending someone who has fallen adds to their stabilisation test (a setting).' },
  { key: 'resilient', label: 'Resilient', hint: 'Recovers more hit points per night of sleep (a campaign rest).' },
];

const TRAIT_LABEL = new Map(TWO_DICE_TRAITS.map((t) => [t.key, t.label]));

/**
 * Why a character with these traits can't wear this armour ("Heavy armour needs Armor Training
 * and Strong; Ann lacks Strong."), or null when they can.
 */
export function armourRefusal(name: string, weight: ArmourWeight, who: { traits?: readonly string[] }): string | null {
  const missing = ARMOUR[weight].requires.filter((t) => !hasTrait(who, t));
  if (missing.length === 0) return null;
  const needs = ARMOUR[weight].requires.map((t) => TRAIT_LABEL.get(t) ?? t).join(' and ');
  return `${ARMOUR[weight].label} needs ${needs}; ${name} lacks ${missing.map((t) => TRAIT_LABEL.get(t) ?? t).join(' and ')}. Give them the trait first, or choose lighter armour.`;
}
