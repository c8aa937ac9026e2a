import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, type Combatant, type Ruleset, BUILTIN_RULESETS } from '../../../../engine/index';
import { personOf as sidesPerson } from '../../../../engine/rulesets/sides/index';
import { heldIds, personOf as threeActionsPerson } from '../../../../engine/rulesets/three-actions/index';
import { personOf as ranksPerson } from '../../../../engine/rulesets/ranks/index';
import { entryPartOf, newTemplate, ownTags, templateData, templateItem, type Template } from '../../roster/template';
import { validateTemplate } from '../../roster/template-check';
import { addCommandFor } from '../../roster/template-fight';
import { ruleset } from '../../roster/test-support';
import type { EntryRules } from '../panels';

// Party and bestiary entries made by the generic gear part: each ruleset's list (and its own
// fields beside it) kept in the entry, checked by the engine's rules in the ruleset's words, and
// brought into a fight, where each piece gets an id of that fight.

/** Two copies of an entry brought into a new fight of its ruleset, as the roster sends them. */
function broughtTwice(r: Ruleset, name: string, template: Template): Combatant[] {
  const created = createEncounter({ id: 'e', name: 'Ford', rulesetId: r.id, seed: 1 }, BUILTIN_RULESETS);
  if (!created.ok) throw new Error(created.message);
  const added = dispatch(created.encounter, addCommandFor(templateItem(name, template), template, { factionId: 'f1', quantity: 2, ruleset: r }));
  if (!added.ok) throw new Error(added.message);
  return added.encounter.state.combatants;
}

/** The entry rules the roster finds for a ruleset. */
function entryRules(r: Ruleset): EntryRules {
  const rules = entryPartOf(r);
  if (!rules) throw new Error(`${r.name} has no entry part`);
  return rules;
}

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
    const [first, second] = broughtTwice(sides, 'Brannoc', brannoc).map((c) => sidesPerson(c).gear);
    expect(first).toMatchObject([
      { name: 'Sword', damage: '1d8', attribute: 'either', shock: 2, shockAc: 13 },
      { name: 'Shortbow', use: 'ranged-two', range: 50, longRange: 100, reload: 'bow' },
    ]);
    // Two copies: their weapons are their own.
    expect(new Set([...(first ?? []), ...(second ?? [])].map((w) => w.id)).size).toBe(4);
  });

  it('keeps no ids in the entry, and a new entry carries nothing', () => {
    const read = entryRules(sides).read({ gear: [{ id: 'g7', name: 'Club', kind: 'weapon', damage: '1d4' }] });
    expect(read.ok).toBe(true);
    const gear = read.ok ? (read.value.gear as Record<string, unknown>[]) : [];
    expect(gear[0]).toMatchObject({ name: 'Club', damage: '1d4' });
    expect(gear[0]).not.toHaveProperty('id');
    expect(entryRules(sides).draft({})).toEqual({ gear: [] });
    expect(entryRules(sides).toCommand({ gear: [] })).toEqual({});
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

// A Three Actions party or bestiary entry: the weapons and items the character carries, beside
// the stats and tracks every ruleset keeps, into a fight (where the pieces get their ids).

const threeActions = ruleset('three-actions');
const boudica: Template = {
  ...newTemplate(threeActions),
  gear: [
    { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' },
    { name: 'Round shield', kind: 'item', block: 3, parry: 1, durability: 10 },
  ],
  tests: { fortify: 'd6+d4+1' },
};

describe('a Three Actions entry', () => {
  it('keeps its gear and brings it into every fight with ids of that fight', () => {
    expect(validateTemplate(templateData(boudica), threeActions).ok).toBe(true);
    const combatants = broughtTwice(threeActions, 'Boudica', boudica);
    const [first, second] = combatants.map((c) => threeActionsPerson(c).gear);
    expect(first).toMatchObject([{ name: 'Spear', test: 'd6+d6+1', critOn: 19 }, { name: 'Round shield', block: 3, durability: 10 }]);
    expect(threeActionsPerson(combatants[0]!).tests).toEqual({ fortify: 'd6+d4+1', dodge: null });
    // Two copies: their pieces are their own.
    expect(new Set([...(first ?? []), ...(second ?? [])].map((g) => g.id)).size).toBe(4);
  });

  it('says what is in hand when the fight starts; an entry from before that holds all it carries', () => {
    const created = createEncounter({ id: 'e', name: 'Next', rulesetId: 'three-actions', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const held = (entry: Template) => {
      const added = dispatch(created.encounter, addCommandFor(templateItem('Boudica', entry), entry, { factionId: 'f1', quantity: 1, ruleset: threeActions }));
      if (!added.ok) throw new Error(added.message);
      const c = added.encounter.state.combatants[0]!;
      return { names: heldIds(threeActionsPerson(c)).map((id) => threeActionsPerson(c).gear.find((g) => g.id === id)?.name) };
    };
    // Her shield on her back: only the spear in hand.
    const onBack: Template = {
      ...boudica,
      gear: [
        { name: 'Spear', kind: 'weapon', test: 'd6+d6+1', damage: 4, critDamage: 8, critOn: 19, damageType: 'physical', delivery: 'melee' },
        { name: 'Round shield', kind: 'item', block: 3, parry: 1, durability: 10, inHand: false },
      ],
    };
    // Kept through the entry's own check (as saved and read back).
    const saved = validateTemplate(templateData(onBack), threeActions);
    if (!saved.ok) throw new Error(saved.problems.join(' '));
    expect(held(saved.value).names).toEqual(['Spear']);
    // Saying nothing (saved before hands were kept): everything carried is in hand.
    expect(held(boudica).names).toEqual(['Spear', 'Round shield']);
  });

  it('refuses gear it cannot keep, in words', () => {
    const bad = (gear: unknown) => {
      const checked = validateTemplate({ ...templateData(boudica), gear }, threeActions);
      return checked.ok ? '' : checked.problems.join(' ');
    };
    expect(bad([{ name: 'Sling', kind: 'weapon', test: 'lots' }])).toMatch(/^Gear: /);
    expect(bad([{ name: 'Plank', kind: 'item', durability: -2 }])).toMatch(/^Gear: /);
    expect(bad('a sword')).toMatch(/^Gear: /);
    const checked = validateTemplate({ ...templateData(boudica), tests: { dodge: 'fast' } }, threeActions);
    expect(checked.ok ? '' : checked.problems.join(' ')).toMatch(/^The dodge test: /);
  });
});

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
    const [first, second] = broughtTwice(ranks, 'Ann', ann).map((c) => ranksPerson(c).sheet);
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
