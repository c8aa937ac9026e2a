import { checkThreeActionsGear, type Gear } from '../../../../engine/rulesets/three-actions/index';
import type { EntryRules, OwnEntry } from '../panels';
import { gearDraft, type GearPieceDraft } from './gear-input';

// Three Actions' part of a party or bestiary entry: `gear` (weapons with their attack test,
// damage and critical; items that block or parry, with their durability), checked by the engine's
// own gear rules. Ids are the fight's business: an entry keeps none, and each fight gives new ones.

const withoutId = ({ id: _id, ...rest }: GearPieceDraft | Gear): GearPieceDraft => rest as GearPieceDraft;

export const threeActionsEntryRules: EntryRules = {
  read(data) {
    const checked = checkThreeActionsGear(data.gear ?? [], [], (n) => `g${n + 1}`);
    if (!Array.isArray(checked)) return { ok: false, problems: [`Gear: ${checked.message}`] };
    return { ok: true, value: { gear: checked.map(withoutId) } };
  },
  draft: (data): OwnEntry => ({ gear: gearDraft(data).map(withoutId) }),
  toCommand(own) {
    const gear = gearDraft(own).map(withoutId);
    return gear.length > 0 ? { rules: { gear } } : {};
  },
  imports: [{ name: 'gear', key: 'gear' }],
};
