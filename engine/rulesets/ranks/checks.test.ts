import { describe, expect, it } from 'vitest';
import { forcedDice } from '../../test-support';
import type { Condition } from '../../core/state';
import { outcomeOf, planCheck, rollCheck, writeDice } from './checks';
import { RANKS_CONDITIONS } from './conditions';
import { ranksSettings } from './settings';

// A check: skill dice of the setting's die, what conditions do to it, result points and their ranks.

const DEFAULTS = ranksSettings({});
const under = (...ids: string[]): { conditions: Condition[] } => ({
  conditions: ids.map((id, i) => {
    const d = RANKS_CONDITIONS.find((k) => k.id === id);
    if (!d) throw new Error(id);
    return { id: `k${i}`, name: d.name, timer: null, effects: [...d.effects] };
  }),
});
const THREE = { dice: 3, bonus: 1 };

describe('Skill Ranks: a check', () => {
  it('rolls the skill\'s dice of the set die and adds its bonus', () => {
    expect(writeDice(THREE)).toBe('3D+1');
    expect(planCheck(under(), THREE, undefined, DEFAULTS).notation).toBe('3d6+1');
    expect(planCheck(under(), THREE, undefined, ranksSettings({ die: 10 })).notation).toBe('3d10+1');
  });

  it('takes 2 off for Stunned, a die for Hurt, a die off Dexterity checks only for Wounded', () => {
    expect(planCheck(under('damage-1'), THREE, 'strength', DEFAULTS)).toMatchObject({ pool: 3, modifier: -1, from: ['Stunned'] });
    expect(planCheck(under('damage-2'), THREE, 'strength', DEFAULTS)).toMatchObject({ pool: 2, modifier: 1 });
    expect(planCheck(under('damage-3'), THREE, 'dexterity', DEFAULTS).pool).toBe(2);
    expect(planCheck(under('damage-3'), THREE, 'strength', DEFAULTS).pool).toBe(3);
    // Exhausted: Strength; Demoralized: Presence.
    expect(planCheck(under('fatigue-4'), THREE, 'strength', DEFAULTS).pool).toBe(2);
    expect(planCheck(under('composure-4'), THREE, 'presence', DEFAULTS).pool).toBe(2);
    expect(planCheck(under('composure-4'), THREE, 'dexterity', DEFAULTS).pool).toBe(3);
  });

  it('never rolls fewer than one die', () => {
    expect(planCheck(under('damage-2', 'damage-3'), { dice: 1, bonus: 0 }, 'dexterity', DEFAULTS)).toMatchObject({ pool: 1, notation: '1d6' });
  });

  it('rolls a die more and keeps the best for advantage, the worst for disadvantage (or, as set, the check twice)', () => {
    expect(planCheck(under(), THREE, undefined, DEFAULTS, { edge: 'advantage' }).notation).toBe('4d6kh3+1');
    const breathless = planCheck(under('fatigue-1'), THREE, undefined, DEFAULTS);
    expect(breathless).toMatchObject({ edge: 'disadvantage', notation: '4d6kl3+1', times: 1 });
    // Advantage and disadvantage together cancel.
    expect(planCheck(under('fatigue-1'), THREE, undefined, DEFAULTS, { edge: 'advantage' })).toMatchObject({ edge: null, notation: '3d6+1' });
    const twice = planCheck(under('fatigue-1'), THREE, undefined, ranksSettings({ advantage: 'twice' }));
    expect(twice).toMatchObject({ notation: '3d6+1', times: 2 });
    const forced = forcedDice([6, 6, 6, 1, 1, 2]);
    const rolled = rollCheck(twice, { int: (min, max) => forced.int(min, max), state: () => [0, 0, 0, 0] });
    expect(rolled.rolls.map((r) => r.total)).toEqual([19, 5]);
    expect(rolled.total).toBe(5);
  });

  it('counts result points over the difficulty in ranks of 5: 1 to 5 is rank 1, 6 to 10 rank 2', () => {
    expect(outcomeOf(15, 10, DEFAULTS)).toEqual({ success: true, points: 5, ranks: 1 });
    expect(outcomeOf(16, 10, DEFAULTS)).toEqual({ success: true, points: 6, ranks: 2 });
    expect(outcomeOf(35, 10, DEFAULTS)).toEqual({ success: true, points: 25, ranks: 5 });
    // Meeting the difficulty succeeds with no result points (a setting), or fails.
    expect(outcomeOf(10, 10, DEFAULTS)).toEqual({ success: true, points: 0, ranks: 0 });
    expect(outcomeOf(10, 10, ranksSettings({ meetSucceeds: false })).success).toBe(false);
    expect(outcomeOf(10, 10, ranksSettings({ resultPoints: 'over-plus-one' }))).toEqual({ success: true, points: 1, ranks: 1 });
    // A failure's points short make ranks too (a failed movement check's fatigue).
    expect(outcomeOf(4, 10, DEFAULTS)).toEqual({ success: false, points: -6, ranks: 2 });
    expect(outcomeOf(12, 10, ranksSettings({ rankSize: 2 })).ranks).toBe(1);
  });
});
