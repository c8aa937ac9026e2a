import { describe, expect, it } from 'vitest';
import { chaseOdds, chaseVerdict } from './chase';

const pace = (speed: number, stamina: number) => ({ speed, stamina });

describe('chaseVerdict', () => {
  it('lets a faster fleer escape without a save', () => {
    expect(chaseVerdict(pace(3, 2), pace(2, 2))).toEqual({ kind: 'escapes', reason: 'They get away, no save needed: the fleers are faster.' });
  });

  it('lets a fleer that lasts longer escape without a save', () => {
    expect(chaseVerdict(pace(2, 5), pace(2, 3))).toEqual({
      kind: 'escapes',
      reason: 'They get away, no save needed: the fleers can keep going longer.',
    });
  });

  it('names both edges when the fleer has both', () => {
    expect(chaseVerdict(pace(3, 5), pace(2, 3)).reason).toBe('They get away, no save needed: the fleers are faster and can keep going longer.');
  });

  it('lets the fleer escape when it wins on one count and loses on the other, as the text reads', () => {
    expect(chaseVerdict(pace(3, 1), pace(2, 4)).kind).toBe('escapes');
    expect(chaseVerdict(pace(1, 4), pace(2, 1)).kind).toBe('escapes');
  });

  it('catches a slower fleer that lasts no longer', () => {
    expect(chaseVerdict(pace(1, 2), pace(2, 2))).toEqual({ kind: 'caught', reason: "They can't get away: the fleers are slower." });
  });

  it('catches a fleer that tires sooner and is no faster', () => {
    expect(chaseVerdict(pace(2, 1), pace(2, 2))).toEqual({ kind: 'caught', reason: "They can't get away: the fleers tire sooner." });
  });

  it('names both shortfalls when the fleer has both', () => {
    expect(chaseVerdict(pace(1, 1), pace(2, 2)).reason).toBe("They can't get away: the fleers are slower and tire sooner.");
  });

  it('calls for an AGI save when both sides are level on both counts', () => {
    const v = chaseVerdict(pace(2, 3), pace(2, 3));
    expect(v.kind).toBe('save');
    expect(v.reason).toMatch(/^Each fleer makes an AGI save: /);
  });
});

describe('chaseOdds', () => {
  it('is certain for a clean escape and hopeless when caught, whatever the AGI', () => {
    for (const agi of [0, 10, 20]) {
      expect(chaseOdds(agi, { kind: 'escapes' })).toBe(1);
      expect(chaseOdds(agi, { kind: 'caught' })).toBe(0);
    }
  });

  it('is the roll-under chance for a save: AGI 12 passes on 1 to 12 of a d20', () => {
    expect(chaseOdds(12, { kind: 'save' })).toBeCloseTo(0.6);
    expect(chaseOdds(0, { kind: 'save' })).toBe(0);
    expect(chaseOdds(20, { kind: 'save' })).toBe(1);
  });

  it('takes a verdict straight from chaseVerdict', () => {
    expect(chaseOdds(5, chaseVerdict(pace(2, 2), pace(2, 2)))).toBeCloseTo(0.25);
    expect(chaseOdds(5, chaseVerdict(pace(4, 2), pace(2, 2)))).toBe(1);
  });
});
