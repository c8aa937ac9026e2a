import type { GearInput } from '../../../../engine/rulesets/zones/index';
import type { CombatantExtras } from '../panels';

/** The gear in the add form's Zones fields: `add-combatant`'s `rules: { gear }`, empty if none yet. */
export function gearInputOf(extras: CombatantExtras): GearInput[] {
  const rules = extras.rules;
  if (typeof rules !== 'object' || rules === null || !('gear' in rules)) return [];
  return Array.isArray(rules.gear) ? (rules.gear as GearInput[]) : [];
}
