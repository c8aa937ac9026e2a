import { describe, expect, it } from 'vitest';
import { randomFrom, seedState } from '../../dice/random';
import type { Combatant } from '../../core/state';
import type { GearItem } from './gear';
import { forcedDice } from '../../test-support';
import { durabilityRoll, gearToRoll } from './wear';

function item(name: string, overrides: Partial<GearItem> = {}): GearItem {
  return {
    id: name.toLowerCase(),
    name,
    kind: 'weapon',
    damage: 'd6',
    reach: 'melee',
    range: 0,
    blast: false,
    protection: 0,
    improvised: false,
    wear: 'sound',
    used: true,
    ...overrides,
  };
}

function carrying(id: string, gear: GearItem[], dead = false): Combatant {
  return {
    id,
    name: id,
    factionId: 'f1',
    stats: {},
    tracks: {},
    conditions: [],
    notes: '',
    concealed: false,
    initiative: null,
    zoneId: null,
    borderId: null,
    marks: dead ? ['dead'] : [],
    resources: [],
    templateId: null,
    rules: { grabbedBy: null, gear },
  };
}

describe('durabilityRoll', () => {
  it('rolls the die from the setting', () => {
    const r = durabilityRoll(item('Sword'), forcedDice([4]), 6, 1);
    expect(r.roll.notation).toBe('d6');
    expect(r.roll.total).toBe(4);
  });

  it('damages sound gear on a result at the failing number or below', () => {
    expect(durabilityRoll(item('Sword'), forcedDice([1]), 6, 1).wear).toBe('damaged');
    expect(durabilityRoll(item('Sword'), forcedDice([2]), 6, 2).wear).toBe('damaged');
  });

  it('leaves gear as it was one above the failing number', () => {
    expect(durabilityRoll(item('Sword'), forcedDice([2]), 6, 1).wear).toBe('sound');
    expect(durabilityRoll(item('Sword', { wear: 'damaged' }), forcedDice([6]), 6, 1).wear).toBe('damaged');
  });

  it('breaks damaged gear on a failure, one step at a time', () => {
    expect(durabilityRoll(item('Sword', { wear: 'damaged' }), forcedDice([1]), 6, 1).wear).toBe('broken');
  });

  it('breaks improvised gear on a failure, since it counts as damaged already', () => {
    expect(durabilityRoll(item('Chair leg', { improvised: true }), forcedDice([1]), 6, 1).wear).toBe('broken');
    expect(durabilityRoll(item('Chair leg', { improvised: true }), forcedDice([3]), 6, 1).wear).toBe('sound');
  });

  it('wears shields and armour just like weapons', () => {
    expect(durabilityRoll(item('Shield', { kind: 'shield', damage: null }), forcedDice([1]), 6, 1).wear).toBe('damaged');
    expect(durabilityRoll(item('Mail', { kind: 'armour', damage: null, wear: 'damaged' }), forcedDice([1]), 6, 1).wear).toBe('broken');
  });

  it('still rolls for broken gear but leaves it broken', () => {
    const dice = forcedDice([6]);
    const r = durabilityRoll(item('Sword', { wear: 'broken' }), dice, 6, 1);
    expect(r.wear).toBe('broken');
    expect(dice.used()).toBe(1);
    expect(durabilityRoll(item('Sword', { wear: 'broken' }), forcedDice([1]), 6, 1).wear).toBe('broken');
  });

  it('never wears gear with a failing number of 0, and always with one at the die size', () => {
    const source = randomFrom(seedState(5));
    for (let i = 0; i < 200; i++) {
      expect(durabilityRoll(item('Sword'), source, 6, 0).wear).toBe('sound');
      expect(durabilityRoll(item('Sword'), source, 6, 6).wear).toBe('damaged');
    }
  });

  it('fails about failsOn in die times (random check)', () => {
    const source = randomFrom(seedState(11));
    let failures = 0;
    for (let i = 0; i < 10_000; i++) if (durabilityRoll(item('Sword'), source, 10, 3).wear === 'damaged') failures++;
    expect(failures / 10_000).toBeCloseTo(0.3, 1);
  });

  it('uses at least a d2 when the setting is nonsense', () => {
    expect(durabilityRoll(item('Sword'), forcedDice([2]), 0, 1).roll.notation).toBe('d2');
  });
});

describe('gearToRoll', () => {
  it('lists used weapons, shields and armour with their owners, in order', () => {
    const sword = item('Sword');
    const shield = item('Shield', { kind: 'shield', damage: null });
    const mail = item('Mail', { kind: 'armour', damage: null, wear: 'damaged' });
    const bow = item('Bow', { reach: 'ranged', range: 4 });
    expect(gearToRoll([carrying('a', [sword, shield]), carrying('b', [mail, bow])])).toEqual([
      { combatantId: 'a', item: sword },
      { combatantId: 'a', item: shield },
      { combatantId: 'b', item: mail },
      { combatantId: 'b', item: bow },
    ]);
  });

  it('leaves out gear that was never used', () => {
    const spare = item('Spare dagger', { used: false });
    expect(gearToRoll([carrying('a', [spare, item('Sword')])]).map((e) => e.item.name)).toEqual(['Sword']);
  });

  it('leaves out gear that is already broken', () => {
    expect(gearToRoll([carrying('a', [item('Sword', { wear: 'broken' }), item('Axe', { wear: 'damaged' })])]).map((e) => e.item.name)).toEqual(['Axe']);
  });

  it("includes the fallen's gear: it was used in the fight all the same", () => {
    expect(gearToRoll([carrying('a', [item('Sword')], true)])).toHaveLength(1);
  });

  it('is empty when nobody used anything', () => {
    expect(gearToRoll([])).toEqual([]);
    expect(gearToRoll([carrying('a', [])])).toEqual([]);
  });
});
