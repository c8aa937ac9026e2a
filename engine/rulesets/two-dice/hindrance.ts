import type { Combatant } from '../../core/state';
import { hasTrait } from '../../core/fields';
import { ARMOUR } from './armour';
import { personOf } from './person';
import type { TwoDiceSettings } from './settings';

// What armour does to a character's tests: medium armour without Armor Training puts the tests
// the setting names at disadvantage; sneaking is always at disadvantage in medium armour and
// impossible in heavy.

/** The kinds of test the rules tell apart. */
export type TestKind = 'attack' | 'evade' | 'extricate' | 'sneak' | 'other';

const PHYSICAL: readonly TestKind[] = ['attack', 'evade', 'extricate'];

/** Why the character's armour puts this test at disadvantage, or null. */
export function hindered(c: Combatant, test: TestKind, settings: Pick<TwoDiceSettings, 'mediumArmourTests'>): string | null {
  const armour = ARMOUR[personOf(c).armour];
  if (test === 'sneak' && armour.sneaking === 'disadvantage') return `sneaking in ${armour.label.toLowerCase()}`;
  if (!armour.hindersUntrained || hasTrait(c, 'armorTraining')) return null;
  const named = settings.mediumArmourTests === 'all' || (settings.mediumArmourTests === 'attacks' ? test === 'attack' : PHYSICAL.includes(test));
  return named ? `${armour.label.toLowerCase()} without Armor Training` : null;
}

/** Why the character can't sneak at all (heavy armour), or null. */
export function cannotSneak(c: Combatant): string | null {
  const armour = ARMOUR[personOf(c).armour];
  return armour.sneaking === 'impossible' ? `${c.name} can't sneak in ${armour.label.toLowerCase()}.` : null;
}
