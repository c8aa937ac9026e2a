import { describe, expect, it } from 'vitest';
import { dispatch } from '../encounter/encounter';
import { isFailure } from './checks';
import { isRecord } from '../json';
import { checkGearList, gearPieceProblem, type GearDeclaration } from './gear';
import { ZONES_GEAR } from '../rulesets/zones/gear';
import { failure } from '../result';
import { orderedBy, testEncounter, testRuleset, withRulesets } from '../testing/test-ruleset';

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

  it("refuses by the declaration's rules between fields, given the piece with its defaults", () => {
    // A blade that deals Shock must say what kind of damage: piercing only.
    const PICKY: GearDeclaration = { ...ARMS, check: (g) => (g.kind === 'blade' && g.shock !== 0 && g.type !== 'pierce' ? failure('gear/shock', `${g.name} deals Shock only piercing.`) : null) };
    const refused = checkGearList(PICKY, [{ name: 'Axe', kind: 'blade', shock: 2 }], [], fresh);
    expect(isFailure(refused) ? refused.message : 'accepted').toBe('Axe deals Shock only piercing.');
    expect(isFailure(checkGearList(PICKY, [{ name: 'Spear', kind: 'blade', shock: 2, type: 'pierce' }, { name: 'Axe', kind: 'blade' }], [], fresh))).toBe(false);
  });
});

describe('gearPieceProblem: what the gear form shows beside a piece', () => {
  // A piece as the form holds it: a name, a kind and whichever fields are written.
  const problem = (declaration: GearDeclaration, piece: { name: string; kind: string; [field: string]: unknown }) => gearPieceProblem(declaration, piece);

  it("says what Zones & Factions' check refuses: a ranged or indirect weapon's range below 1, never a melee one's", () => {
    expect(problem(ZONES_GEAR, { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 0 })).toBe('Bow is a ranged weapon: give it a range of at least 1 zone.');
    expect(problem(ZONES_GEAR, { name: ' Mortar ', kind: 'weapon', reach: 'indirect', range: 0 })).toBe('Mortar is an indirect weapon: give it a range of at least 1 zone.');
    expect(problem(ZONES_GEAR, { name: 'Bow', kind: 'weapon', reach: 'ranged', range: 1 })).toBeNull();
    expect(problem(ZONES_GEAR, { name: 'Bow', kind: 'weapon', reach: 'ranged' })).toBeNull();
    expect(problem(ZONES_GEAR, { name: 'Knife', kind: 'weapon', reach: 'melee', range: 0 })).toBeNull();
    expect(problem(ZONES_GEAR, { name: 'Buckler', kind: 'shield', reach: 'ranged', range: 0 })).toBeNull();
    expect(problem(ARMS, { name: 'Axe', kind: 'blade' })).toBeNull();
  });
});

// A ruleset whose characters carry that gear in their own part, checked by the generic check.
const ownRuleset = testRuleset('armed', {
  character: {
    gear: ARMS,
  },
  turn: {
    order: orderedBy('speed'),
  },
  own: {
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
  },
});;
const RULESETS = withRulesets(ownRuleset);

describe('a ruleset that declares its gear', () => {
  it('adds characters with their gear checked, and refuses gear its declaration does not allow', () => {
    const enc = testEncounter('armed', 'Armoury', 1, RULESETS);
    const added = dispatch(enc, { type: 'add-combatant', name: 'Ida', factionId: 'f1', rules: { gear: [{ name: 'Spear', kind: 'blade', type: 'pierce' }] } });
    expect(added.encounter.state.combatants[0]?.rules).toEqual({ gear: [{ id: expect.stringMatching(/^g\d+$/), name: 'Spear', kind: 'blade', shock: 0, type: 'pierce' }] });
    const refused = dispatch(enc, { type: 'add-combatant', name: 'Ida', factionId: 'f1', rules: { gear: [{ name: 'Spear', kind: 'blade', type: 'blunt' }] } });
    expect(refused).toMatchObject({ ok: false, message: 'Damage type must be one of: Slashing, Piercing.' });
  });
});
