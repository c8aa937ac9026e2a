import type { Combatant } from '../../../../engine/index';
import { ARMOUR_WEIGHTS, personOf, type ArmourWeight } from '../../../../engine/rulesets/two-dice/index';
import type { CombatantExtras } from '../panels';

// A character's kit as the forms edit it: armour by weight, and weapons and proficiencies as
// pieces of the generic gear form (each with a name and a kind). What the engine checks and
// keeps (ids, the rules between armour and traits) is the engine's; this only shapes the input.

export interface WeaponPiece {
  id?: string;
  name: string;
  kind: string;
  category?: string;
  subclass?: string;
}

export interface ProficiencyPiece {
  id?: string;
  name: string;
  kind: string;
  category?: string;
  level?: string;
}

export interface KitDraft {
  armour: ArmourWeight;
  weapons: WeaponPiece[];
  proficiencies: ProficiencyPiece[];
}

export const EMPTY_KIT: KitDraft = { armour: 'none', weapons: [], proficiencies: [] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function pieces<T extends { name: string; kind: string }>(list: unknown, kind: string): T[] {
  return Array.isArray(list) ? list.filter(isRecord).map((p) => ({ ...p, name: String(p.name ?? ''), kind }) as unknown as T) : [];
}

/** The kit in a draft of the kit's fields (the add form's extras, an entry's own part), as far as it reads. */
export function kitDraft(raw: unknown): KitDraft {
  if (!isRecord(raw)) return EMPTY_KIT;
  return {
    armour: ARMOUR_WEIGHTS.includes(raw.armour as ArmourWeight) ? (raw.armour as ArmourWeight) : 'none',
    weapons: pieces<WeaponPiece>(raw.weapons, 'weapon'),
    proficiencies: pieces<ProficiencyPiece>(raw.proficiencies, 'proficiency'),
  };
}

/** The add form's kit. */
export const kitOfExtras = (extras: CombatantExtras): KitDraft => kitDraft(extras.rules);

/** A character's kit as kept, for the edit form (pieces keep their ids, so the engine keeps them too). */
export function kitOfCombatant(c: Combatant): KitDraft {
  const p = personOf(c);
  return {
    armour: p.armour,
    weapons: p.weapons.map((w) => ({ id: w.id, name: w.name, kind: 'weapon', category: w.category, subclass: w.subclass })),
    proficiencies: p.proficiencies.map((x) => ({ id: x.id, name: x.name, kind: 'proficiency', category: x.category, level: x.level })),
  };
}

/** A kit without ids: plain JSON for a campaign entry or a new character. */
export function plainKit(kit: KitDraft): KitDraft {
  const strip = <T extends { id?: string }>({ id: _id, ...rest }: T): Omit<T, 'id'> => rest;
  return { armour: kit.armour, weapons: kit.weapons.map(strip), proficiencies: kit.proficiencies.map(strip) };
}
