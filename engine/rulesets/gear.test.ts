import { describe, expect, it } from 'vitest';
import { dispatch } from '../encounter/encounter';
import { isFailure } from '../encounter/checks';
import { isRecord } from '../json';
import { checkGearList, type GearDeclaration } from './gear';
import { registerRuleset } from './registry';
import { orderedBy, testEncounter, testRuleset } from '../testing/test-ruleset';

// Gear as a ruleset declares it, checked field by field by the generic check: what the coming
// rulesets' weapons and shields (Shock, durability, damage type) get without a check of their own.

const ARMS: GearDeclaration = {
  max: 3,
  kinds: [
    {
      id: 'blade',
      label: 'Blade',
      fresh: { name: 'Sword' },
      fields: [
        { key: 'shock', label: 'Shock', hint: 'Damage on a miss.', kind: 'number', default: 0, min: 0, max: 5 },
        { key: 'type', label: 'Damage type', hint: 'What it does.', kind: 'choice', default: 'slash', options: [{ value: 'slash', label: 'Slashing' }, { value: 'pierce', label: 'Piercing' }] },
      ],
    },
    { id: 'shield', label: 'Shield', fresh: { name: 'Shield' }, fields: [{ key: 'durability', label: 'Durability', hint: 'Blocks before it breaks.', kind: 'number', default: 3, min: 0, max: 10 }] },
  ],
};

const fresh = (n: number) => `g${n + 1}`;

describe('checkGearList', () => {
  it('fills each kind’s defaults, keeps the ids it is given and gives the rest fresh ones', () => {
    const checked = checkGearList(ARMS, [{ id: 'g7', name: ' Axe ', kind: 'blade', shock: 2 }, { name: 'Buckler', kind: 'shield' }], [{ id: 'g7' }], fresh);
    expect(checked).toEqual([
      { id: 'g7', name: 'Axe', kind: 'blade', shock: 2, type: 'slash' },
      { id: 'g1', name: 'Buckler', kind: 'shield', durability: 3 },
    ]);
  });

  it('refuses with a sentence naming the piece and the field', () => {
    const refusal = (inputs: unknown) => {
      const checked = checkGearList(ARMS, inputs, [], fresh);
      return isFailure(checked) ? checked.message : 'accepted';
    };
    expect(refusal([{ name: 'Axe', kind: 'blade', shock: 9 }])).toBe('Shock must be between 0 and 5; got 9.');
    expect(refusal([{ name: 'Axe', kind: 'blade', reach: 2 }])).toBe('Axe has no field "reach"; its fields are: shock, type.');
    expect(refusal([{ name: 'Axe', kind: 'bow' }])).toBe('Axe must be one of: blade, shield.');
    expect(refusal([{ kind: 'blade' }])).toBe('Give the piece of gear a name.');
    expect(refusal('Axe')).toBe('Gear is a list of pieces, such as [{ "name": "Axe", "kind": "blade" }].');
    expect(refusal([1, 2, 3, 4])).toBe('A character carries at most 3 pieces of gear here.');
  });
});

// A ruleset whose characters carry that gear in their own part, checked by the generic check.
registerRuleset(
  testRuleset('armed', {
    turns: orderedBy('speed'),
    gear: ARMS,
    slice: {
      encounter: {},
      combatant: { gear: [] },
      newCombatant: {
        freshIds: (input) => (isRecord(input) && Array.isArray(input.gear) ? input.gear.length : 0),
        part(_state, input, freshId) {
          const gear = checkGearList(ARMS, isRecord(input) ? input.gear : undefined, [], (n) => freshId('g', n));
          return isFailure(gear) ? gear : { ok: true, value: { gear } };
        },
      },
    },
  }),
);

describe('a ruleset that declares its gear', () => {
  it('adds characters with their gear checked, and refuses gear its declaration does not allow', () => {
    const enc = testEncounter('armed', 'Armoury');
    const added = dispatch(enc, { type: 'add-combatant', name: 'Ida', factionId: 'f1', rules: { gear: [{ name: 'Spear', kind: 'blade', type: 'pierce' }] } });
    expect(added.encounter.state.combatants[0]?.rules).toEqual({ gear: [{ id: expect.stringMatching(/^g\d+$/), name: 'Spear', kind: 'blade', shock: 0, type: 'pierce' }] });
    const refused = dispatch(enc, { type: 'add-combatant', name: 'Ida', factionId: 'f1', rules: { gear: [{ name: 'Spear', kind: 'blade', type: 'blunt' }] } });
    expect(refused).toMatchObject({ ok: false, message: 'Damage type must be one of: Slashing, Piercing.' });
  });
});
