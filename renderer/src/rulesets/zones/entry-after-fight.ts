import { isRecord, type JsonValue } from '../../../../engine/index';
import type { GearWear } from '../../../../engine/rulesets/zones/index';
import type { OwnEntry } from '../panels';
import { zonesEntry } from './gear-input';

const WEARS: readonly GearWear[] = ['sound', 'damaged', 'broken'];

/**
 * A party member's gear after the fight: each piece takes the wear the character's piece of the
 * same name ended with (what `zones.aftermath` keeps); gear the fight did not have stays as it was.
 */
export function gearWornAfterFight(own: OwnEntry, kept: JsonValue): OwnEntry {
  if (!Array.isArray(kept)) return own;
  const key = (name: string) => name.trim().toLocaleLowerCase();
  const wearOf = new Map<string, GearWear>();
  for (const item of kept) {
    if (!isRecord(item)) continue;
    const wear = WEARS.find((w) => w === item.wear);
    if (typeof item.name === 'string' && wear && !wearOf.has(key(item.name))) wearOf.set(key(item.name), wear);
  }
  return { ...own, gear: zonesEntry(own).gear.map((g) => ({ ...g, ...(wearOf.has(key(g.name)) ? { wear: wearOf.get(key(g.name)) } : {}) })) };
}
