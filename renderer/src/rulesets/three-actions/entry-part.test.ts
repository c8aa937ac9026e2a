import { describe, expect, it } from 'vitest';
import { aftermathOf, createEncounter, dispatch, findRuleset, type Command, type Encounter, BUILTIN_RULESETS } from '../../../../engine/index';
import { heldIds, personOf } from '../../../../engine/rulesets/three-actions/index';
import { keptAfterFight } from '../../roster/aftermath';
import { newTemplate, templateData, templateItem, type Template } from '../../roster/template';
import { validateTemplate } from '../../roster/template-check';
import { addCommandFor } from '../../roster/template-fight';
import { ruleset } from '../../roster/test-support';

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
    const created = createEncounter({ id: 'e', name: 'Next', rulesetId: 'three-actions', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const command = addCommandFor(templateItem('Boudica', boudica), boudica, { factionId: 'f1', quantity: 2, ruleset: threeActions });
    const added = dispatch(created.encounter, command);
    if (!added.ok) throw new Error(added.message);
    const [first, second] = added.encounter.state.combatants.map((c) => personOf(c).gear);
    expect(first).toMatchObject([{ name: 'Spear', test: 'd6+d6+1', critOn: 19 }, { name: 'Round shield', block: 3, durability: 10 }]);
    expect(personOf(added.encounter.state.combatants[0]!).tests).toEqual({ fortify: 'd6+d4+1', dodge: null });
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
      return { names: heldIds(personOf(c)).map((id) => personOf(c).gear.find((g) => g.id === id)?.name) };
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

  it('carries a death difficulty raised by cheating death back to the party sheet, for good', () => {
    const created = createEncounter({ id: 'e', name: 'Bridge', rulesetId: 'three-actions', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const step = (e: Encounter, command: Command): Encounter => {
      const done = dispatch(e, command);
      if (!done.ok) throw new Error(done.message);
      return done.encounter;
    };
    let e = step(created.encounter, addCommandFor(templateItem('Boudica', boudica), boudica, { factionId: 'f1', quantity: 1, ruleset: threeActions }));
    e = step(e, { type: 'start-combat', initiativeFactionId: 'f1' });
    const id = e.state.combatants[0]!.id;
    // 30 damage: past her 12 endurance and 12 health; the luck test (a 14 typed) cheats death.
    e = step(e, { type: 'damage', combatantId: id, amount: 30 });
    e = step(e, { type: 'answer-prompt', promptId: e.state.prompts![0]!.id, answer: { luck: 14 } });
    const aftermath = aftermathOf(e.state, findRuleset('three-actions')!, id);
    if (!aftermath) throw new Error('no aftermath for Boudica');
    const kept = keptAfterFight(boudica, aftermath);
    expect(kept.stats).toMatchObject({ deathDifficulty: 15 });
  });
});
