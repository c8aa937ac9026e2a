import { describe, expect, it } from 'vitest';
import type { Encounter } from '../../encounter/encounter';
import { logEntries } from '../../log/entries';
import { ENEMIES, idOf, refuse, run, stepWithDice } from '../../test-support';
import { personOf } from './person';
import { BOWS, SWORD, SWORDS, addT, newTwoDice } from './testing';

// Heavy armour: "Requires the Armor Training trait to use. Requires the Strong trait to use" — for
// as long as it is used, not only when it is put on.
// "Each character begins with a single weapon proficiency. Additional proficiencies, or mastery,
// can be purchased with a trait slot. Alternatively, a character can forgo weapon proficiency for
// an additional trait slot."

const knight = () => run(newTwoDice(), addT('Ann', { traits: ['armorTraining', 'strong'], kit: { armour: 'heavy', weapons: [SWORD], proficiencies: [SWORDS] } }), addT('Orc', { factionId: ENEMIES }));
const lastLine = (e: Encounter) => logEntries(e).at(-1)?.text ?? '';
const traitsOf = (e: Encounter, name: string) => e.state.combatants.find((c) => c.name === name)?.traits ?? [];
const armourOf = (e: Encounter, name: string) => personOf(e.state.combatants.find((c) => c.name === name)!).armour;

describe('2d6 & Vigilant heavy armour, all the time it is worn', () => {
  it('refuses taking Strong or Armor Training from someone in heavy armour, mid-fight too', () => {
    const fight = stepWithDice(knight(), [6, 6, 1, 1], { type: 'start-combat' }).encounter;
    for (const trait of ['strong', 'armorTraining']) {
      const refused = refuse(fight, { type: 'set-trait', combatantId: idOf(fight, 'Ann'), trait, on: false });
      expect(refused.code).toBe('two-dice/armour-needs');
      expect(refused.overridable).toBe(true);
      expect(refused.message).toBe(`Ann wears heavy armour, which needs Armor Training and Strong all the time it is worn. Take the armour off first (edit their kit), or rule it anyway to leave it on without ${trait === 'strong' ? 'Strong' : 'Armor Training'}.`);
    }
  });

  it('lets the trait go once the armour is off, and keeps the armour on by the GM\'s ruling', () => {
    const e = knight();
    const off = run(e, { type: 'two-dice/set-kit', combatantId: idOf(e, 'Ann'), kit: { armour: 'light' } }, { type: 'set-trait', combatantId: idOf(e, 'Ann'), trait: 'strong', on: false });
    expect(traitsOf(off, 'Ann')).toEqual(['armorTraining']);
    const ruled = run(e, { type: 'set-trait', combatantId: idOf(e, 'Ann'), trait: 'strong', on: false, gmRuling: true });
    expect(traitsOf(ruled, 'Ann')).toEqual(['armorTraining']);
    expect(armourOf(ruled, 'Ann')).toBe('heavy');
    expect(ruled.events.at(-1)).toMatchObject({ type: 'trait-set', ruling: true });
    expect(lastLine(ruled)).toBe("Ann is no longer Strong (the GM's ruling).");
    // Ruled once, the sheet is not refused again for a step that makes it no worse.
    expect(run(ruled, { type: 'set-stat', combatantId: idOf(e, 'Ann'), stat: 'move', value: 25 }).events.at(-1)).toMatchObject({ type: 'stat-set', value: 25 });
  });

  it('refuses heavy armour on someone without both traits, added or given it, unless the GM rules it', () => {
    const lacking = refuse(newTwoDice(), addT('Ann', { traits: ['armorTraining'], kit: { armour: 'heavy' } }));
    expect(lacking).toMatchObject({ code: 'two-dice/armour-needs', overridable: true });
    expect(lacking.message).toBe('Heavy armour needs Armor Training and Strong; Ann lacks Strong. Give them the trait first, or choose lighter armour.');
    const added = run(newTwoDice(), { ...addT('Ann', { traits: ['armorTraining'], kit: { armour: 'heavy' } }), gmRuling: true });
    expect(added.events.at(-1)).toMatchObject({ type: 'combatant-added', ruling: true });
    expect(lastLine(added)).toBe("Ann is added (the GM's ruling).");
    const plain = run(newTwoDice(), addT('Bo'));
    const kit = { type: 'two-dice/set-kit' as const, combatantId: idOf(plain, 'Bo'), kit: { armour: 'heavy' } };
    expect(refuse(plain, kit).code).toBe('two-dice/armour-needs');
    const ruledKit = run(plain, { ...kit, gmRuling: true });
    expect(armourOf(ruledKit, 'Bo')).toBe('heavy');
    expect(lastLine(ruledKit)).toBe("Bo has heavy armour (the GM's ruling).");
  });
});

describe('2d6 & Vigilant trait slots', () => {
  it('counts traits and every proficiency past the first, and each mastery, against Trait slots (3 by default)', () => {
    // Vigilant, Strong, Armor Training and a second proficiency: 4 slots of 3.
    const over = refuse(newTwoDice(), addT('Ann', { traits: ['vigilant', 'strong', 'armorTraining'], kit: { proficiencies: [SWORDS, BOWS] } }));
    expect(over).toMatchObject({ code: 'two-dice/trait-slots', overridable: true });
    expect(over.message).toBe(
      'Ann has 3 trait slots, but takes 4: Vigilant, Armor Training, Strong, another proficiency (bows). The first weapon proficiency is free; each other one, and each mastery, takes a slot like a trait. Raise Trait slots if the character has more, or take something off.',
    );
    expect(run(newTwoDice(), addT('Ann', { traitSlots: 4, traits: ['vigilant', 'strong', 'armorTraining'], kit: { proficiencies: [SWORDS, BOWS] } })).state.combatants).toHaveLength(1);
    // Mastery of the one proficiency takes a slot too.
    const mastery = refuse(newTwoDice(), addT('Ann', { traitSlots: 1, traits: ['vigilant'], kit: { proficiencies: [{ ...SWORDS, level: 'mastery' }] } }));
    expect(mastery.message).toContain('takes 2: Vigilant, mastery of one-handed swords');
    expect(run(newTwoDice(), addT('Ann', { traitSlots: 1, traits: ['vigilant'], kit: { proficiencies: [SWORDS] } })).state.combatants).toHaveLength(1);
  });

  it('gives one more slot to a character who forgoes weapon proficiency', () => {
    expect(run(newTwoDice(), addT('Ann', { traitSlots: 1, traits: ['vigilant', 'strong'] })).state.combatants).toHaveLength(1);
    const refused = refuse(newTwoDice(), addT('Ann', { traitSlots: 1, traits: ['vigilant', 'strong', 'medic'] }));
    expect(refused.message).toContain('Ann has 1 trait slot, and 1 more for having no weapon proficiency, but takes 3');
  });

  it('checks a trait given, a proficiency added to the kit and Trait slots lowered, and takes the GM\'s ruling', () => {
    const e = run(newTwoDice(), addT('Ann', { traits: ['vigilant', 'strong'], kit: { proficiencies: [SWORDS] } }));
    const ann = idOf(e, 'Ann');
    expect(run(e, { type: 'set-trait', combatantId: ann, trait: 'medic', on: true }).state.combatants[0]?.traits).toContain('medic');
    expect(refuse(e, { type: 'two-dice/set-kit', combatantId: ann, kit: { proficiencies: [SWORDS, BOWS, { ...BOWS, name: 'Slings' }] } }).code).toBe('two-dice/trait-slots');
    expect(refuse(e, { type: 'set-stat', combatantId: ann, stat: 'traitSlots', value: 1 }).code).toBe('two-dice/trait-slots');
    const full = run(e, { type: 'set-trait', combatantId: ann, trait: 'medic', on: true });
    expect(refuse(full, { type: 'set-trait', combatantId: ann, trait: 'robust', on: true }).code).toBe('two-dice/trait-slots');
    const ruled = run(full, { type: 'set-trait', combatantId: ann, trait: 'robust', on: true, gmRuling: true });
    expect(ruled.events.at(-1)).toMatchObject({ type: 'trait-set', ruling: true });
  });

  it("leaves monsters out unless the setting counts everyone's slots, and counts nobody's when it says so", () => {
    const brute = addT('Ogre', { factionId: ENEMIES, traitSlots: 0, traits: ['vigilant', 'strong', 'robust'], kit: { proficiencies: [SWORDS, BOWS] } });
    expect(run(newTwoDice(), brute).state.combatants).toHaveLength(1);
    const everyone = run(newTwoDice(), { type: 'set-setting', key: 'traitSlotsFor', value: 'everyone' });
    expect(refuse(everyone, brute).code).toBe('two-dice/trait-slots');
    const nobody = run(newTwoDice(), { type: 'set-setting', key: 'traitSlotsFor', value: 'nobody' });
    expect(run(nobody, { ...brute, factionId: 'f1' }).state.combatants).toHaveLength(1);
  });
});
