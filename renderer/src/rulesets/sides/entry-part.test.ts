import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, BUILTIN_RULESETS } from '../../../../engine/index';
import { personOf } from '../../../../engine/rulesets/sides/index';
import { newTemplate, ownTags, templateData, templateItem, type Template } from '../../roster/template';
import { validateTemplate } from '../../roster/template-check';
import { addCommandFor } from '../../roster/template-fight';
import { ruleset } from '../../roster/test-support';
import { sidesEntryRules } from './entry-part';

// A Sides & Shock party or bestiary entry: the weapons the character carries, beside the stats
// and tracks every ruleset keeps, into a fight (where each weapon gets an id of that fight).

const sides = ruleset('sides');
const brannoc: Template = {
  ...newTemplate(sides),
  gear: [
    { name: 'Sword', kind: 'weapon', damage: '1d8', attribute: 'either', skill: 'stab', use: 'melee', shock: 2, shockAc: 13 },
    { name: 'Shortbow', kind: 'weapon', damage: '1d6', attribute: 'dex', skill: 'shoot', use: 'ranged-two', range: 50, longRange: 100, reload: 'bow' },
  ],
};

describe('a Sides & Shock entry', () => {
  it('keeps its weapons and brings them into every fight with ids of that fight', () => {
    expect(validateTemplate(templateData(brannoc), sides).ok).toBe(true);
    const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: 'sides', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const command = addCommandFor(templateItem('Brannoc', brannoc), brannoc, { factionId: 'f1', quantity: 2, ruleset: sides });
    const added = dispatch(created.encounter, command);
    if (!added.ok) throw new Error(added.message);
    const [first, second] = added.encounter.state.combatants.map((c) => personOf(c).gear);
    expect(first).toMatchObject([
      { name: 'Sword', damage: '1d8', attribute: 'either', shock: 2, shockAc: 13 },
      { name: 'Shortbow', use: 'ranged-two', range: 50, longRange: 100, reload: 'bow' },
    ]);
    // Two copies: their weapons are their own.
    expect(new Set([...(first ?? []), ...(second ?? [])].map((w) => w.id)).size).toBe(4);
  });

  it('keeps no ids in the entry, and a new entry carries nothing', () => {
    const read = sidesEntryRules.read({ gear: [{ id: 'g7', name: 'Club', kind: 'weapon', damage: '1d4' }] });
    expect(read.ok).toBe(true);
    const gear = read.ok ? (read.value.gear as Record<string, unknown>[]) : [];
    expect(gear[0]).toMatchObject({ name: 'Club', damage: '1d4' });
    expect(gear[0]).not.toHaveProperty('id');
    expect(sidesEntryRules.draft({})).toEqual({ gear: [] });
    expect(sidesEntryRules.toCommand({ gear: [] })).toEqual({});
  });

  it('names what they carry in the lists', () => {
    expect(ownTags(brannoc, sides)).toEqual(['Sword, Shortbow']);
    expect(ownTags(newTemplate(sides), sides)).toEqual([]);
  });

  it('refuses weapons it cannot keep, in words', () => {
    const bad = (gear: unknown) => {
      const checked = validateTemplate({ ...templateData(brannoc), gear }, sides);
      return checked.ok ? '' : checked.problems.join(' ');
    };
    expect(bad([{ name: 'Sling', kind: 'weapon', damage: 'lots' }])).toMatch(/^Weapons: /);
    expect(bad([{ name: 'Javelin', kind: 'weapon', use: 'thrown', range: 60, longRange: 30 }])).toMatch(/^Weapons: Javelin: its long range can't be shorter/);
    expect(bad('a sword')).toMatch(/^Weapons: /);
  });
});
