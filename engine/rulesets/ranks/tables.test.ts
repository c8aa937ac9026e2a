import { describe, expect, it } from 'vitest';
import { findRuleset } from '../../core/registry';
import { RANKS } from './conditions';
import { ADVANTAGES, ATTACK_SKILL, DEFENCE, DIFFICULTY_BANDS, REACH, RECOVERY } from './tables';
import './testing';

// The text's tables against its own numbers.

describe('Skill Ranks: the tables', () => {
  it('reaches as the reach table says: close to 5 ft, martial and light 5 to 10 ft, long 10 to 15 ft', () => {
    expect(REACH.close).toEqual({ min: 0, max: 5 });
    expect(REACH.martial).toEqual({ min: 5, max: 10 });
    expect(REACH.light).toEqual({ min: 5, max: 10 });
    expect(REACH.long).toEqual({ min: 10, max: 15 });
  });

  it('pairs each attack skill with the defence the text names', () => {
    expect(ATTACK_SKILL).toMatchObject({
      unarmed: { attack: 'strike', defence: 'block' },
      martial: { attack: 'martial', defence: 'deflect' },
      long: { attack: 'long', defence: 'deflect' },
      close: { attack: 'close', defence: 'block' },
      light: { attack: 'light', defence: 'parry' },
    });
  });

  it('needs 5 ft of distance and clearance to defend with a martial or long weapon, none otherwise', () => {
    expect(DEFENCE.none).toMatchObject({ skill: 'block', against: ['unarmed', 'close'], distance: 0, clearance: 0 });
    expect(DEFENCE.light).toMatchObject({ skill: 'parry', against: ['light'], distance: 0, clearance: 0 });
    expect(DEFENCE.martial).toMatchObject({ skill: 'deflect', against: ['martial', 'long'], distance: 5, clearance: 5 });
    expect(DEFENCE.long).toMatchObject({ skill: 'deflect', distance: 5, clearance: 5 });
  });

  it('names five difficulty bands moving 20 to 60 ft and climbing 10 to 30 ft, shifting 5D to 9D', () => {
    expect(DIFFICULTY_BANDS.map((b) => b.name)).toEqual(['Very easy', 'Easy', 'Moderate', 'Difficult', 'Very difficult']);
    expect(DIFFICULTY_BANDS.map((b) => b.distance)).toEqual([20, 30, 40, 50, 60]);
    expect(DIFFICULTY_BANDS.map((b) => b.ascent.split(',')[0])).toEqual(['10 ft', '15 ft', '20 ft', '25 ft', '30 ft']);
    expect(DIFFICULTY_BANDS.map((b) => /up to (\d)D/.exec(b.shift)?.[1])).toEqual(['5', '6', '7', '8', '9']);
  });

  it('recovers a condition of the rank made, and shortens durations at ranks 2 to 4', () => {
    expect(RECOVERY.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(RECOVERY[1]?.effect).toMatch(/1D rounds/);
    expect(RECOVERY[2]?.effect).toMatch(/scene .* end of the encounter/);
    expect(RECOVERY[3]?.effect).toMatch(/end with the scene/);
  });

  it('buys +2 or advantage at rank 1, +1D or a bonus action at 2, +1D to a skill or a full action at 3', () => {
    expect(ADVANTAGES.map((a) => a.effects.length)).toEqual([2, 2, 2, 1, 1]);
    expect(ADVANTAGES[0]?.effects).toEqual(['+2 to one check, this turn', 'Advantage on one check']);
    expect(ADVANTAGES[1]?.effects[1]).toMatch(/bonus action/);
    expect(ADVANTAGES[2]?.effects[1]).toMatch(/full action/);
  });

  it('names the five ranks of each track as the text does, rank 5 out of action', () => {
    const names = (track: string) => RANKS.filter((r) => r.track === track).map((r) => r.name);
    expect(names('damage')).toEqual(['Stunned', 'Hurt', 'Wounded', 'Incapacitated', 'Out of action']);
    expect(names('fatigue')).toEqual(['Breathless', 'Winded', 'Tired', 'Exhausted', 'Out of action']);
    expect(names('composure')).toEqual(['Startled', 'Disoriented', 'Discouraged', 'Demoralized', 'Out of action']);
  });

  it('has every table in the reference panel', () => {
    const titles = findRuleset('ranks')?.references.map((r) => r.title) ?? [];
    for (const t of ['Reach', 'Defence', 'Movement difficulty', 'Recovery', 'Advantages', 'Damage conditions', 'Fatigue conditions', 'Composure conditions']) expect(titles).toContain(t);
  });
});
