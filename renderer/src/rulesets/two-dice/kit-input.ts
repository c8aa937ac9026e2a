import { isRecord, type Combatant } from '../../../../engine/index';
import { ARMOUR_WEIGHTS, personOf, PROFICIENCIES, WEAPONS, type ArmourWeight } from '../../../../engine/rulesets/two-dice/index';
import { piecesOf, withoutId } from '../gear/gear-draft';
import type { GearDraft } from '../gear/gear-part';
import type { CombatantExtras } from '../panels';

// A character's kit as the forms edit it: armour by weight, and weapons and proficiencies as
// pieces of the generic gear form (each with a name and a kind). What the engine checks and
// keeps (ids, the rules between armour and traits) is the engine's; this only shapes the input.

export interface KitDraft {
  armour: ArmourWeight;
  /** Name, category, subclass. */
  weapons: GearDraft[];
  /** A subclass (its name) in a category, proficient or mastered. */
  proficiencies: GearDraft[];
}

export const EMPTY_KIT: KitDraft = { armour: 'none', weapons: [], proficiencies: [] };

/** The kit in a draft of the kit's fields (the add form's extras, an entry's own part), as far as it reads. */
export function kitDraft(raw: unknown): KitDraft {
  if (!isRecord(raw)) return EMPTY_KIT;
  return {
    armour: ARMOUR_WEIGHTS.includes(raw.armour as ArmourWeight) ? (raw.armour as ArmourWeight) : 'none',
    weapons: piecesOf(WEAPONS, raw.weapons),
    proficiencies: piecesOf(PROFICIENCIES, raw.proficiencies),
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
  return { armour: kit.armour, weapons: kit.weapons.map(withoutId), proficiencies: kit.proficiencies.map(withoutId) };
}
