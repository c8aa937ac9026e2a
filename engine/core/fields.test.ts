import { describe, expect, it } from 'vitest';
import {
  checkFieldValues,
  createEncounter,
  exportMarkdown,
  hasTrait,
  individualInitiative,
  logEntries,
  replay,
  rollNotation,
  type Encounter,
  type FieldDefinition,
  type LogMeta,
  BUILTIN_RULESETS,
} from '../index';
import { refuse, run } from '../test-support';
import { testRuleset, withRulesets } from '../testing/test-ruleset';

// Values a ruleset declares instead of the core knowing them: fields (a weapon's Shock, its damage
// dice, a damage type) checked against their declaration, and yes/no traits that its rules read.
// Shaped like 2d6 & Vigilant: initiative is 2d6, or 3d6 for a character with the Vigilant trait,
// and a tie goes to the one with Vigilant.

const WEAPON: readonly FieldDefinition[] = [
  { key: 'name', label: 'Name', hint: '', kind: 'text', default: 'Weapon', maxLength: 40 },
  { key: 'damage', label: 'Damage', hint: '', kind: 'dice', default: 'd6' },
  { key: 'shock', label: 'Shock', hint: 'Damage dealt even on a miss.', kind: 'number', default: 0, min: 0, max: 10 },
  { key: 'heavy', label: 'Heavy', hint: '', kind: 'boolean', default: false },
  { key: 'type', label: 'Damage type', hint: '', kind: 'choice', default: 'slash', options: [{ value: 'slash', label: 'Slashing' }, { value: 'pierce', label: 'Piercing' }] },
];

describe('declared fields', () => {
  it('take their defaults, keep what is given, and refuse what the declaration does not allow', () => {
    expect(checkFieldValues(WEAPON, { name: ' Spear ', damage: '1d8+1', type: 'pierce' }, 'A weapon')).toEqual({ name: 'Spear', damage: '1d8+1', shock: 0, heavy: false, type: 'pierce' });
    expect(checkFieldValues(WEAPON, { shock: 11 }, 'A weapon')).toMatchObject({ ok: false, code: 'input/range' });
    expect(checkFieldValues(WEAPON, { damage: 'lots' }, 'A weapon')).toMatchObject({ ok: false, code: 'input/dice' });
    expect(checkFieldValues(WEAPON, { type: 'blunt' }, 'A weapon')).toMatchObject({ ok: false, message: 'Damage type must be one of: Slashing, Piercing.' });
    expect(checkFieldValues(WEAPON, { heavy: 'yes' }, 'A weapon')).toMatchObject({ ok: false, message: 'Heavy is on or off.' });
    expect(checkFieldValues(WEAPON, { name: 'x'.repeat(41) }, 'A weapon')).toMatchObject({ ok: false, code: 'input/text' });
    expect(checkFieldValues(WEAPON, { reach: 2 }, 'A weapon')).toMatchObject({ ok: false, message: 'A weapon has no field "reach"; its fields are: name, damage, shock, heavy, type.' });
    expect(checkFieldValues(WEAPON, [], 'A weapon')).toMatchObject({ ok: false, code: 'input/fields' });
  });
});

const vigilant = testRuleset('vigilant', {
  character: {
    traits: [{ key: 'vigilant', label: 'Vigilant', hint: 'Rolls 3d6 for initiative and wins ties.' }],
  },
  turn: {
    order: individualInitiative({
      score: (c, random) => {
        const rolled = rollNotation(hasTrait(c, 'vigilant') ? '3d6' : '2d6', random);
        if (!rolled.ok) throw new Error(rolled.message);
        return { roll: rolled.value, total: rolled.value.total };
      },
      breakTie: (a, b) => Number(hasTrait(b, 'vigilant')) - Number(hasTrait(a, 'vigilant')),
      tiebreak: (_c, random) => {
        const rolled = rollNotation('2d6', random);
        if (!rolled.ok) throw new Error(rolled.message);
        return rolled.value;
      },
    }),
  },
});
const RULESETS = withRulesets(vigilant);
;

function fight(): Encounter {
  const created = createEncounter({ id: 'e', name: 'Watch', rulesetId: 'vigilant', seed: 3 }, RULESETS);
  if (!created.ok) throw new Error(created.message);
  return run(created.encounter, { type: 'add-combatant', name: 'Ada', factionId: 'f1', traits: ['vigilant'] }, { type: 'add-combatant', name: 'Bo', factionId: 'f2' });
}
const id = (enc: Encounter, name: string) => enc.state.combatants.find((c) => c.name === name)?.id ?? '';

describe('traits', () => {
  it('are read by the ruleset’s rules: a Vigilant character rolls three dice for initiative', () => {
    const enc = run(fight(), { type: 'start-combat' });
    const rolls = enc.events.flatMap((e) => (e.type === 'combat-started' ? e.initiative : []));
    expect(rolls.map((r) => [enc.state.combatants.find((c) => c.id === r.combatantId)?.name, r.roll?.notation])).toEqual(
      expect.arrayContaining([
        ['Ada', '3d6'],
        ['Bo', '2d6'],
      ]),
    );
    expect(replay(enc.events, RULESETS)).toEqual(enc.state);
  });

  it('are given and taken away by the GM, told in the GM’s log only', () => {
    let enc = fight();
    expect(hasTrait(enc.state.combatants[0] ?? {}, 'vigilant')).toBe(true);
    enc = run(enc, { type: 'set-trait', combatantId: id(enc, 'Bo'), trait: 'vigilant', on: true }, { type: 'set-trait', combatantId: id(enc, 'Ada'), trait: 'vigilant', on: false });
    expect(enc.state.combatants.map((c) => [c.name, c.traits])).toEqual([
      ['Ada', []],
      ['Bo', ['vigilant']],
    ]);
    expect(logEntries(enc).slice(-2).map((e) => e.text)).toEqual(['Bo is now Vigilant.', 'Ada is no longer Vigilant.']);
    const meta: LogMeta = { campaignName: 'Proof', exportedAt: '2026-11-24T12:00:00.000Z' };
    expect(exportMarkdown(enc, meta, { audience: 'players', dice: true, overrides: true })).not.toContain('Vigilant');
  });

  it('must be the ruleset’s own', () => {
    const enc = fight();
    expect(refuse(enc, { type: 'add-combatant', name: 'Cy', factionId: 'f1', traits: ['lucky'] }).message).toBe('vigilant has no trait "lucky"; its traits are: vigilant.');
    expect(refuse(enc, { type: 'set-trait', combatantId: id(enc, 'Bo'), trait: 'lucky', on: true }).code).toBe('input/traits');
    expect(refuse(enc, { type: 'add-combatant', name: 'Cy', factionId: 'f1', traits: 'vigilant' } as never).code).toBe('input/traits');
    const freeform = createEncounter({ id: 'f', name: 'Free', rulesetId: 'freeform', seed: 1 }, RULESETS);
    if (!freeform.ok) throw new Error(freeform.message);
    expect(refuse(freeform.encounter, { type: 'add-combatant', name: 'Cy', factionId: 'f1', traits: ['vigilant'] }).message).toBe('Freeform has no traits.');
  });
});
