// Zones & Factions' part of a party or bestiary entry read back, for its entry rules, its editor
// fields and what a fight leaves on the entry.
import type { GearInput } from '../../../../engine/rulesets/zones/index';
import type { OwnEntry } from '../panels';

/** Zones & Factions' part of a party or bestiary entry, as the form and the fight read it. */
export interface ZonesEntry {
  gear: GearInput[];
  fearless: boolean;
}

/** The entry's part read back: only the part's own `read` and `draft` make it, so the shapes are theirs. */
export function zonesEntry(own: OwnEntry): ZonesEntry {
  return { gear: Array.isArray(own.gear) ? (own.gear as GearInput[]) : [], fearless: own.fearless === true };
}
