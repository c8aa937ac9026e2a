import { describe, expect, it } from 'vitest';
import { createEncounter, dispatch, BUILTIN_RULESETS } from '../../../../engine/index';
import { personOf } from '../../../../engine/rulesets/two-dice/index';
import { entryRefusals, keyStats, newTemplate, templateData, templateItem, type Template } from '../../roster/template';
import { validateTemplate } from '../../roster/template-check';
import { addCommandFor, afterRest } from '../../roster/template-fight';
import { ruleset } from '../../roster/test-support';

// A 2d6 & Vigilant party or bestiary entry: its kit (armour, weapons, proficiencies) beside the
// traits and hit points every ruleset keeps, into a fight and back, and what a night's sleep gives.

const twoDice = ruleset('two-dice');
const ann: Template = {
  ...newTemplate(twoDice),
  tracks: { hp: 4 },
  traits: ['vigilant'],
  armour: 'light',
  weapons: [{ name: 'Longsword', category: 'heavy-melee', subclass: 'Two-handed swords' }],
  proficiencies: [{ name: 'Two-handed swords', category: 'heavy-melee', level: 'mastery' }],
};

describe('a 2d6 & Vigilant entry', () => {
  it('keeps its kit and brings it into a fight, where the engine gives the pieces their ids', () => {
    const checked = validateTemplate(templateData(ann), twoDice);
    expect(checked.ok).toBe(true);
    const command = addCommandFor(templateItem('Ann', ann), ann, { factionId: 'f1', quantity: 1, ruleset: twoDice });
    const created = createEncounter({ id: 'e', name: 'Next', rulesetId: 'two-dice', seed: 1 }, BUILTIN_RULESETS);
    if (!created.ok) throw new Error(created.message);
    const added = dispatch(created.encounter, command);
    if (!added.ok) throw new Error(added.message);
    const person = personOf(added.encounter.state.combatants[0]!);
    expect(person.armour).toBe('light');
    expect(person.weapons).toMatchObject([{ name: 'Longsword', category: 'heavy-melee', subclass: 'Two-handed swords' }]);
    expect(person.proficiencies).toMatchObject([{ name: 'Two-handed swords', level: 'mastery' }]);
    expect(added.encounter.state.combatants[0]?.traits).toEqual(['vigilant']);
  });

  it('refuses a kit it cannot keep, in words', () => {
    const bad = (data: object) => {
      const checked = validateTemplate({ ...templateData(ann), ...data }, twoDice);
      return checked.ok ? '' : checked.problems.join(' ');
    };
    expect(bad({ armour: 'plate' })).toMatch(/Armour "plate" should be none, light, medium or heavy/);
    expect(bad({ weapons: [{ name: 'Sling', category: 'thrown' }] })).toMatch(/Weapon 1.*category "thrown"/);
    expect(bad({ proficiencies: [{ name: 'Bows', level: 'expert' }] })).toMatch(/level "expert" should be proficient or mastery/);
  });

  it('heals 1 HP a sleep, and the Resilient what the setting says, never past the maximum', () => {
    const hurt: Template = { ...ann, current: { hp: 1 } };
    expect(afterRest(hurt, twoDice.between?.rest, {}).current).toEqual({ hp: 2 });
    const resilient: Template = { ...hurt, traits: ['resilient'] };
    expect(afterRest(resilient, twoDice.between?.rest, {}).current).toEqual({ hp: 3 });
    expect(afterRest(resilient, twoDice.between?.rest, { resilientHeal: 5 }).current).toBeUndefined();
    expect(keyStats(afterRest(resilient, twoDice.between?.rest, {}), twoDice)).toMatch(/HP 3\/4/);
    // Rulesets that say nothing of rest leave health for the GM.
    expect(afterRest(hurt).current).toEqual({ hp: 1 });
  });

  // "Each character begins with a single weapon proficiency. Additional proficiencies, or mastery,
  // can be purchased with a trait slot." Heavy armour "Requires the Armor Training trait … the
  // Strong trait". The engine's sheet rules, named in the editor before saving.
  it("names what the sheet's rules refuse: heavy armour without its traits, and the party's trait slots (the bestiary's only when the campaign says)", () => {
    const party = { party: true, settings: {} };
    const bestiary = { party: false, settings: {} };
    expect(entryRefusals(ann, twoDice, party)).toEqual([]);
    const knight: Template = { ...ann, armour: 'heavy', traits: ['vigilant', 'strong'], stats: { ...ann.stats, traitSlots: 1 } };
    expect(entryRefusals(knight, twoDice, party)).toEqual([
      'Heavy armour needs Armor Training and Strong; the character lacks Armor Training. Give them the trait first, or choose lighter armour.',
      'The character has 1 trait slot, but takes 3: Vigilant, Strong, mastery of two-handed swords. The first weapon proficiency is free; each other one, and each mastery, takes a slot like a trait. Raise Trait slots if the character has more, or take something off.',
    ]);
    expect(entryRefusals(knight, twoDice, bestiary)).toHaveLength(1);
    expect(entryRefusals(knight, twoDice, { party: false, settings: { traitSlotsFor: 'everyone' } })).toHaveLength(2);
    expect(entryRefusals(knight, twoDice, { party: true, settings: { traitSlotsFor: 'nobody' } })).toHaveLength(1);
  });
});
