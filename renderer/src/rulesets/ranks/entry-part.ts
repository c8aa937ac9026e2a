import { checkSheet, type SheetEntry } from '../../../../engine/rulesets/ranks/index';
import type { EntryRules, OwnEntry } from '../panels';
import { sheetDraft, type SheetEntryDraft } from './sheet-input';

// Skill Ranks' part of a party or bestiary entry: `sheet`, their skills (dice, bonus, fixed
// value) and weapons (category, damage dice), checked by the engine's own rules. Ids are the
// fight's business: an entry keeps none, and each fight gives new ones.

const withoutId = ({ id: _id, ...rest }: SheetEntryDraft | SheetEntry): SheetEntryDraft => rest as SheetEntryDraft;

export const ranksEntryRules: EntryRules = {
  read(data) {
    const checked = checkSheet(data.sheet ?? [], [], (n) => `g${n + 1}`);
    if (!Array.isArray(checked)) return { ok: false, problems: [`Sheet: ${checked.message}`] };
    return { ok: true, value: { sheet: checked.map(withoutId) } };
  },
  draft: (data): OwnEntry => ({ sheet: sheetDraft(data).map(withoutId) }),
  toCommand(own) {
    const sheet = sheetDraft(own).map(withoutId);
    return sheet.length > 0 ? { rules: { sheet } } : {};
  },
  tags: (own) => {
    const n = sheetDraft(own).length;
    return n > 0 ? [`${n} on the sheet`] : [];
  },
  imports: [{ name: 'sheet', key: 'sheet' }],
};
