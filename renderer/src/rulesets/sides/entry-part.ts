import { checkSidesGear } from '../../../../engine/rulesets/sides/index';
import type { EntryRules, OwnEntry } from '../panels';
import { weaponsDraft, withoutId, type WeaponDraft } from './weapons-input';

// Sides & Shock's part of a party or bestiary entry: `gear`, the weapons they carry (damage die,
// attribute, combat skill, Shock, ranges), checked by the engine's own rules. Ids are the fight's
// business: an entry keeps none, and each fight gives new ones.

export const sidesEntryRules: EntryRules = {
  read(data) {
    const checked = checkSidesGear(data.gear ?? [], [], (n) => `g${n + 1}`);
    if (!Array.isArray(checked)) return { ok: false, problems: [`Weapons: ${checked.message}`] };
    return { ok: true, value: { gear: checked.map((w) => withoutId({ ...w })) } };
  },
  draft: (data): OwnEntry => ({ gear: weaponsDraft(data).map(withoutId) }),
  toCommand(own) {
    const gear: WeaponDraft[] = weaponsDraft(own).map(withoutId);
    return gear.length > 0 ? { rules: { gear } } : {};
  },
  // One tag naming what they carry, short enough for a list row (the list keys tags by their text).
  tags: (own) => {
    const names = [...new Set(weaponsDraft(own).map((w) => w.name.trim()).filter((n) => n !== ''))];
    if (names.length === 0) return [];
    return [names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ')];
  },
  imports: [{ name: 'gear', key: 'gear' }],
};
