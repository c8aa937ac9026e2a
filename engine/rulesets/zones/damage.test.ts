import { describe, expect, it } from 'vitest';
import { randomFrom, seedState } from '../../dice/random';
import { manualRoll, type Roll } from '../../dice/roll';
import type { GearItem } from './gear';
import { forcedDice } from '../../test-support';
import { armourOf, isImpaired, rollDamage, wearFromBlow, weaponBreaks } from './damage';

function gear(name: string, kind: GearItem['kind'], overrides: Partial<GearItem> = {}): GearItem {
  return {
    id: name.toLowerCase(),
    name,
    kind,
    damage: kind === 'weapon' ? 'd8' : null,
    reach: 'melee',
    range: 0,
    blast: false,
    protection: kind === 'weapon' ? 0 : 1,
    improvised: false,
    wear: 'sound',
    used: false,
    ...overrides,
  };
}

function rolled(notation: string, dice: number[]): Roll {
  const r = manualRoll(notation, dice);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

function mustRoll(...args: Parameters<typeof rollDamage>) {
  const r = rollDamage(...args);
  if (!r.ok) throw new Error(r.message);
  return r.value;
}

describe('isImpaired', () => {
  it('is false only when the blow is armed, full strength and the target in plain view', () => {
    expect(isImpaired({ unarmed: false, holdBack: false, concealment: false })).toBe(false);
  });

  it('is true for each reason on its own', () => {
    expect(isImpaired({ unarmed: true, holdBack: false, concealment: false })).toBe(true);
    expect(isImpaired({ unarmed: false, holdBack: true, concealment: false })).toBe(true);
    expect(isImpaired({ unarmed: false, holdBack: false, concealment: true })).toBe(true);
  });

  it('does not stack: several reasons are still just impaired', () => {
    expect(isImpaired({ unarmed: true, holdBack: true, concealment: true })).toBe(true);
  });
});

describe('rollDamage', () => {
  it('rolls once and counts it in full when not impaired', () => {
    const dice = forcedDice([6]);
    const r = mustRoll('d8', false, 'lower-of-two', dice);
    expect(r.total).toBe(6);
    expect(r.rolls).toHaveLength(1);
    expect(r.kept).toBe(r.rolls[0]);
    expect(dice.used()).toBe(1);
  });

  it('adds modifiers in the notation', () => {
    expect(mustRoll('d6+2', false, 'halved', forcedDice([3])).total).toBe(5);
  });

  it('lower-of-two: rolls twice and keeps the lower total, whichever came first', () => {
    const a = mustRoll('d8', true, 'lower-of-two', forcedDice([7, 2]));
    expect(a.rolls.map((r) => r.total)).toEqual([7, 2]);
    expect(a.total).toBe(2);
    expect(a.kept).toBe(a.rolls[1]);
    const b = mustRoll('d8', true, 'lower-of-two', forcedDice([3, 5]));
    expect(b.total).toBe(3);
    expect(b.kept).toBe(b.rolls[0]);
  });

  it('lower-of-two: compares whole totals, not single dice', () => {
    // 1+6 = 7 against 3+3 = 6: the second roll is lower even though the first has the lowest die.
    const r = mustRoll('2d6', true, 'lower-of-two', forcedDice([1, 6, 3, 3]));
    expect(r.total).toBe(6);
    expect(r.kept).toBe(r.rolls[1]);
  });

  it('lower-of-two: keeps the first roll on a tie', () => {
    const r = mustRoll('d4', true, 'lower-of-two', forcedDice([3, 3]));
    expect(r.kept).toBe(r.rolls[0]);
    expect(r.total).toBe(3);
  });

  it('halved: rolls once and halves, rounding down', () => {
    const dice = forcedDice([7]);
    const r = mustRoll('d8', true, 'halved', dice);
    expect(r.total).toBe(3);
    expect(r.rolls).toHaveLength(1);
    expect(r.kept.total).toBe(7);
    expect(dice.used()).toBe(1);
    expect(mustRoll('d8', true, 'halved', forcedDice([8])).total).toBe(4);
  });

  it('halved: a roll of 1 still deals 1', () => {
    expect(mustRoll('d4', true, 'halved', forcedDice([1])).total).toBe(1);
  });

  it('never deals less than nothing when a modifier drags the roll below zero', () => {
    expect(mustRoll('d4-3', false, 'halved', forcedDice([1])).total).toBe(0);
    expect(mustRoll('d4-3', true, 'halved', forcedDice([1])).total).toBe(0);
    expect(mustRoll('d4-3', true, 'lower-of-two', forcedDice([1, 4])).total).toBe(0);
  });

  it('hands back the parser failure for bad notation, rolling nothing', () => {
    const dice = forcedDice([]);
    const r = rollDamage('d8 fire', false, 'halved', dice);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('dice/bad-notation');
    expect(dice.used()).toBe(0);
  });

  it('lower-of-two averages below a plain roll, halved below that (random check)', () => {
    const source = randomFrom(seedState(17));
    const mean = (impaired: boolean, mode: 'lower-of-two' | 'halved') => {
      let sum = 0;
      for (let i = 0; i < 10_000; i++) sum += mustRoll('d8', impaired, mode, source).total;
      return sum / 10_000;
    };
    // Exact means for a d8: 4.5 plain, 3.1875 lower of two, 2.125 halved with the minimum of 1.
    expect(mean(false, 'halved')).toBeCloseTo(4.5, 1);
    expect(mean(true, 'lower-of-two')).toBeCloseTo(3.1875, 1);
    expect(mean(true, 'halved')).toBeCloseTo(2.125, 1);
  });
});

describe('armourOf', () => {
  const mail = gear('Mail', 'armour', { protection: 2 });
  const shield = gear('Shield', 'shield', { protection: 1 });

  it('adds up armour and shields', () => {
    expect(armourOf([mail, shield], false, false)).toBe(3);
  });

  it('is 0 with no gear', () => {
    expect(armourOf([], false, false)).toBe(0);
  });

  it('counts damaged gear but not broken gear', () => {
    expect(armourOf([{ ...mail, wear: 'damaged' }, { ...shield, wear: 'broken' }], false, false)).toBe(2);
  });

  it('ignores weapons even if they carry a protection number', () => {
    expect(armourOf([gear('Sword', 'weapon', { protection: 3 }), shield], false, false)).toBe(1);
  });

  it('adds 1 for cover, unless the attack penetrates it', () => {
    expect(armourOf([mail], true, false)).toBe(3);
    expect(armourOf([mail], true, true)).toBe(2);
    expect(armourOf([], true, false)).toBe(1);
  });

  it('ignores "penetrates" when there is no cover to go through', () => {
    expect(armourOf([mail], false, true)).toBe(2);
  });
});

describe('wearFromBlow', () => {
  const mail = gear('Mail', 'armour');
  const shield = gear('Shield', 'shield');

  it('breaks a damaged shield at exactly the threshold', () => {
    const r = wearFromBlow([mail, { ...shield, wear: 'damaged' }], 8, 8);
    expect(r.broke).toEqual(['Shield']);
    expect(r.gear.map((g) => g.wear)).toEqual(['sound', 'broken']);
  });

  it('breaks nothing one below the threshold', () => {
    const before = [{ ...mail, wear: 'damaged' as const }, { ...shield, wear: 'damaged' as const }];
    const r = wearFromBlow(before, 7, 8);
    expect(r.broke).toEqual([]);
    expect(r.gear).toEqual(before);
  });

  it('breaks the shield first when both shield and armour are damaged, and only one item', () => {
    const r = wearFromBlow([{ ...mail, wear: 'damaged' }, { ...shield, wear: 'damaged' }], 12, 8);
    expect(r.broke).toEqual(['Shield']);
    expect(r.gear.map((g) => g.wear)).toEqual(['damaged', 'broken']);
  });

  it('breaks damaged armour when there is no damaged shield', () => {
    const r = wearFromBlow([{ ...mail, wear: 'damaged' }, shield], 9, 8);
    expect(r.broke).toEqual(['Mail']);
    expect(r.gear.map((g) => g.wear)).toEqual(['broken', 'sound']);
  });

  it('passes over a shield that is already broken', () => {
    const r = wearFromBlow([{ ...shield, wear: 'broken' }, { ...mail, wear: 'damaged' }], 8, 8);
    expect(r.broke).toEqual(['Mail']);
  });

  it('treats improvised shields and armour as damaged', () => {
    expect(wearFromBlow([mail, { ...shield, name: 'Door', improvised: true }], 8, 8).broke).toEqual(['Door']);
    expect(wearFromBlow([{ ...mail, name: 'Pot lid', improvised: true }], 8, 8).broke).toEqual(['Pot lid']);
  });

  it('leaves sound gear and damaged weapons alone', () => {
    const r = wearFromBlow([mail, shield, gear('Axe', 'weapon', { wear: 'damaged' })], 20, 8);
    expect(r.broke).toEqual([]);
    expect(r.gear.every((g) => g.wear !== 'broken')).toBe(true);
  });

  it('breaks the first of two damaged shields only', () => {
    const r = wearFromBlow([{ ...shield, id: 'a', name: 'Buckler', wear: 'damaged' }, { ...shield, id: 'b', name: 'Tower', wear: 'damaged' }], 8, 8);
    expect(r.broke).toEqual(['Buckler']);
    expect(r.gear.map((g) => g.wear)).toEqual(['broken', 'damaged']);
  });

  it('does not change the list it was given', () => {
    const before = [{ ...shield, wear: 'damaged' as const }];
    wearFromBlow(before, 10, 8);
    expect(before[0]?.wear).toBe('damaged');
  });
});

describe('weaponBreaks', () => {
  const axe = gear('Axe', 'weapon');

  it('breaks a damaged weapon when the damage die shows 1', () => {
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('d8', [1]))).toBe(true);
  });

  it('does not break it on any other number', () => {
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('d8', [2]))).toBe(false);
  });

  it('never breaks a sound weapon, even on a 1', () => {
    expect(weaponBreaks(axe, rolled('d8', [1]))).toBe(false);
  });

  it('treats an improvised weapon as damaged', () => {
    expect(weaponBreaks({ ...axe, improvised: true }, rolled('d6', [1]))).toBe(true);
  });

  it('breaks a damaged shield used to bash', () => {
    expect(weaponBreaks(gear('Shield', 'shield', { wear: 'damaged' }), rolled('d4', [1]))).toBe(true);
  });

  it('never breaks armour or gear already broken', () => {
    expect(weaponBreaks(gear('Mail', 'armour', { wear: 'damaged' }), rolled('d4', [1]))).toBe(false);
    expect(weaponBreaks({ ...axe, wear: 'broken' }, rolled('d8', [1]))).toBe(false);
  });

  it('looks at every die of the roll, and only at dice that counted', () => {
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('2d6', [4, 1]))).toBe(true);
    // 2d6kh1 keeps the 5; the dropped 1 doesn't count.
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('2d6kh1', [1, 5]))).toBe(false);
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('2d6kl1', [1, 5]))).toBe(true);
  });

  it('reads the die, not the total: d4+3 showing 1 still breaks', () => {
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('d4+3', [1]))).toBe(true);
    expect(weaponBreaks({ ...axe, wear: 'damaged' }, rolled('d4-1', [2]))).toBe(false);
  });
});
