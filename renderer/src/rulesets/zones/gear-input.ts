import type { GearInput } from '../../../../engine/rulesets/zones/index';
import type { CombatantExtras, OwnEntry } from '../panels';

/** The gear in the add form's Zones fields: `add-combatant`'s `rules: { gear }`, empty if none yet. */
export function gearInputOf(extras: CombatantExtras): GearInput[] {
  const rules = extras.rules;
  if (typeof rules !== 'object' || rules === null || !('gear' in rules)) return [];
  return Array.isArray(rules.gear) ? (rules.gear as GearInput[]) : [];
}

/** Zones & Factions' part of a party or bestiary entry, as the form and the fight read it. */
export interface ZonesEntry {
  gear: GearInput[];
  fearless: boolean;
}

/** The entry's part read back: only the part's own `read` and `draft` make it, so the shapes are theirs. */
export function zonesEntry(own: OwnEntry): ZonesEntry {
  return { gear: Array.isArray(own.gear) ? (own.gear as GearInput[]) : [], fearless: own.fearless === true };
}
