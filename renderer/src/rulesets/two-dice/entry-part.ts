import * as v from 'valibot';
import { ARMOUR, ARMOUR_WEIGHTS, CATEGORY_LABEL, entryProblems, slotsCountedForEntry, type ArmourWeight, type Sheet } from '../../../../engine/rulesets/two-dice/index';
import { capitalise, listEntryProblem, listOf, shortText, shown } from '../../roster/schema';
import type { EntryRules } from '../panels';
import { kitDraft, plainKit } from './kit-input';

// 2d6 & Vigilant's part of a party or bestiary entry: `armour` (by weight), `weapons` (name,
// category, subclass) and `proficiencies` (a subclass in a category, proficient or mastered).
// Hit points and traits are every ruleset's and kept beside them.

const CATEGORIES = Object.keys(CATEGORY_LABEL) as [string, ...string[]];
const WEAPON_CATEGORIES = CATEGORIES.filter((c) => c !== 'unarmed') as [string, ...string[]];

const armourSchema = v.picklist(ARMOUR_WEIGHTS as unknown as [ArmourWeight, ...ArmourWeight[]], (i) => `armour ${shown(i.input)} should be none, light, medium or heavy`);

const weaponSchema = v.object(
  {
    name: shortText('the name'),
    category: v.optional(v.picklist(CATEGORIES, (i) => `category ${shown(i.input)} should be one of ${CATEGORIES.join(', ')}`), 'light-melee'),
    subclass: v.optional(v.pipe(v.string((i) => `subclass should be text, not ${shown(i.input)}`), v.maxLength(40, 'subclass is longer than 40 characters')), ''),
  },
  (i) => `should be a group of fields (name, category, subclass), not ${shown(i.input)}`,
);

const proficiencySchema = v.object(
  {
    name: shortText('the subclass'),
    category: v.optional(v.picklist(WEAPON_CATEGORIES, (i) => `category ${shown(i.input)} should be one of ${WEAPON_CATEGORIES.join(', ')}`), 'light-melee'),
    level: v.optional(v.picklist(['proficient', 'mastery'], (i) => `level ${shown(i.input)} should be proficient or mastery`), 'proficient'),
  },
  (i) => `should be a group of fields (name, category, level), not ${shown(i.input)}`,
);

const partSchema = v.object({
  armour: v.optional(armourSchema, 'none'),
  weapons: v.optional(listOf('weapons', weaponSchema, 12), []),
  proficiencies: v.optional(listOf('proficiencies', proficiencySchema, 12), []),
});

/** The sheet the rules between traits, stats and kit read, from a whole entry's data. */
function sheetOfEntry(data: Readonly<Record<string, unknown>>): Sheet {
  const kit = kitDraft(data);
  const stats = typeof data.stats === 'object' && data.stats !== null ? (data.stats as Record<string, number>) : {};
  const traits = Array.isArray(data.traits) ? data.traits.filter((t): t is string => typeof t === 'string') : [];
  return { traits, stats, kit: { armour: kit.armour, proficiencies: kit.proficiencies.map((p) => ({ name: p.name, level: p.level === 'mastery' ? 'mastery' : 'proficient' })) } };
}

export const twoDiceEntryRules: EntryRules = {
  read(data) {
    const parsed = v.safeParse(partSchema, data, { abortPipeEarly: true });
    if (parsed.success) {
      const { armour, weapons, proficiencies } = parsed.output;
      return { ok: true, value: { armour, weapons: weapons.map((w) => ({ ...w })), proficiencies: proficiencies.map((p) => ({ ...p })) } };
    }
    return {
      ok: false,
      problems: parsed.issues.map((issue) => listEntryProblem(issue, data, 'weapons', 'Weapon') ?? listEntryProblem(issue, data, 'proficiencies', 'Proficiency') ?? capitalise(issue.message)),
    };
  },
  draft: (data) => {
    const kit = kitDraft(data);
    return { armour: kit.armour, weapons: kit.weapons, proficiencies: kit.proficiencies };
  },
  toCommand(own) {
    const kit = plainKit(kitDraft(own));
    const empty = kit.armour === 'none' && kit.weapons.length === 0 && kit.proficiencies.length === 0;
    return empty ? {} : { rules: kit };
  },
  // Heavy armour's traits, and the trait slots (the party's only, unless the campaign's setting says otherwise): the engine's rules.
  refusals: (data, context) => entryProblems('the character', sheetOfEntry(data), slotsCountedForEntry(context.party, context.settings)),
  tags: (own) => {
    const kit = kitDraft(own);
    return kit.armour === 'none' ? [] : [ARMOUR[kit.armour].label];
  },
  imports: [
    {
      name: 'armour',
      key: 'armour',
      hint: 'is none, light, medium or heavy',
      example: 'light',
      fromCell: (cell) => {
        const value = cell.trim().toLowerCase() || 'none';
        return ARMOUR_WEIGHTS.includes(value as ArmourWeight) ? { ok: true, value } : { ok: false, problem: 'should be none, light, medium or heavy' };
      },
    },
    { name: 'weapons', key: 'weapons' },
    { name: 'proficiencies', key: 'proficiencies' },
  ],
};
