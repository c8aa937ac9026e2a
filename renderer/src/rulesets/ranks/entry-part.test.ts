import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, BUILTIN_RULESETS } from '../../../../engine/index';
import { personOf } from '../../../../engine/rulesets/ranks/index';
import { newTemplate, templateData, templateItem, type Template } from '../../roster/template';
import { validateTemplate } from '../../roster/template-check';
import { addCommandFor } from '../../roster/template-fight';
import { ruleset } from '../../roster/test-support';

// A Skill Ranks party or bestiary entry: the skills and weapons on the character's sheet, beside
// the stats every ruleset keeps, into a fight (where the entries get their ids).

const ranks = ruleset('ranks');
const ann: Template = {
  ...newTemplate(ranks),
  sheet: [
    { name: 'Sword', kind: 'skill', skill: 'martial', dice: 3, bonus: 1, fixed: 11 },
    { name: 'Longsword', kind: 'weapon', category: 'martial', damage: 4, damageBonus: 0 },
  ],
};

describe('a Skill Ranks entry', () => {
  it('keeps its sheet and brings it into every fight with ids of that fight', () => {
    expect(validateTemplate(templateData(ann), ranks).ok).toBe(true);
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'ranks', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const added = dispatch(created.encounter, addCommandFor(templateItem('Ann', ann), ann, { factionId: 'f1', quantity: 2, ruleset: ranks }));
    if (!added.ok) throw new Error(added.message);
    const [first, second] = added.encounter.state.combatants.map((c) => personOf(c).sheet);
    expect(first).toMatchObject([{ name: 'Sword', skill: 'martial', dice: 3, bonus: 1, fixed: 11 }, { name: 'Longsword', category: 'martial', damage: 4 }]);
    expect(new Set([...(first ?? []), ...(second ?? [])].map((g) => g.id)).size).toBe(4);
  });

  it('refuses a sheet it cannot keep, in words', () => {
    const bad = (sheet: unknown) => {
      const checked = validateTemplate({ ...templateData(ann), sheet }, ranks);
      return checked.ok ? '' : checked.problems.join(' ');
    };
    expect(bad([{ name: 'Juggling', kind: 'skill', skill: 'juggling' }])).toMatch(/^Sheet: Skill must be one of/);
    expect(bad([{ name: 'Club', kind: 'weapon', damage: 0 }])).toMatch(/^Sheet: Damage dice/);
    expect(bad('a sword')).toMatch(/^Sheet: /);
  });
});
