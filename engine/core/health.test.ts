import { describe, expect, it } from 'vitest';
import { findRuleset, healthDescriptor, isOutOfFight, sideLeftStanding, statusOf, type Combatant, type Mark, type Ruleset } from '../index';

function fighter(tracks: Combatant['tracks'], marks: Mark[] = []): Combatant {
  return {
    id: 'c1', name: 'Ada', factionId: 'f1', stats: {}, tracks, conditions: [], notes: '', concealed: false, initiative: null,
    zoneId: null, borderId: null, marks, resources: [], templateId: null,
  };
}

const zones = findRuleset('zones') as Ruleset;
const freeform = findRuleset('freeform') as Ruleset;

describe('a combatant status, one answer for rows, map, log and player view', () => {
  it('reads the health track: unhurt at full, hurt above half, badly hurt at half or less, down at 0', () => {
    const at = (value: number) => statusOf(zones, fighter({ health: { value, max: 10 } }));
    expect(at(10)).toEqual({ level: 'fine', how: null, why: '' });
    expect(at(6)).toEqual({ level: 'hurt', how: null, why: '6 of 10 Health' });
    expect(at(5)).toEqual({ level: 'badly-hurt', how: null, why: '5 of 10 Health' });
    expect(at(0)).toEqual({ level: 'down', how: 'down', why: 'at 0 Health' });
    expect(statusOf(freeform, fighter({ hp: { value: 0, max: 7 } }))).toEqual({ level: 'down', how: 'down', why: 'at 0 HP' });
  });

  it('puts the GM’s marks before health: dead, then surrendered, then fled', () => {
    expect(statusOf(zones, fighter({ health: { value: 0, max: 10 } }, ['retreated', 'dead'])).how).toBe('dead');
    expect(statusOf(zones, fighter({ health: { value: 10, max: 10 } }, ['surrendered'])).level).toBe('out');
    expect(statusOf(freeform, fighter({ hp: { value: 3, max: 7 } }, ['retreated']))).toEqual({ level: 'out', how: 'fled', why: 'fled the fight' });
    // Steadiness is no way out of a fight.
    expect(statusOf(zones, fighter({ health: { value: 10, max: 10 } }, ['morale-immune'])).level).toBe('fine');
  });

  it('counts down and out as out of the fight, and shows both as "down" to the players', () => {
    for (const [c, out] of [
      [fighter({ health: { value: 0, max: 10 } }), true],
      [fighter({ health: { value: 9, max: 10 } }, ['surrendered']), true],
      [fighter({ health: { value: 1, max: 10 } }), false],
    ] as const) {
      expect(isOutOfFight(zones, c)).toBe(out);
      expect(healthDescriptor(c, zones) === 'down').toBe(out);
    }
  });

  it('treats a combatant of a ruleset this build lacks as unhurt unless marked out', () => {
    expect(statusOf(undefined, fighter({ hp: { value: 0, max: 7 } })).level).toBe('fine');
    expect(statusOf(undefined, fighter({}, ['dead'])).how).toBe('dead');
  });
});

describe('a fight decided', () => {
  const on = (factionId: string, hp: number, marks: Mark[] = []): Combatant => ({ ...fighter({ health: { value: hp, max: 10 } }, marks), id: `${factionId}-${hp}-${marks.join('')}`, factionId });

  it('names the one side still fighting once every opponent has conceded or is out of the fight', () => {
    expect(sideLeftStanding({ combatants: [on('f1', 5), on('f2', 3)] }, zones)).toBeNull();
    expect(sideLeftStanding({ combatants: [on('f1', 5), on('f2', 0), on('f2', 4, ['surrendered'])] }, zones)).toBe('f1');
    expect(sideLeftStanding({ combatants: [on('f1', 5), on('f2', 0), on('f3', 2)] }, zones)).toBeNull();
  });

  it('names none while a single side is all there is, or nobody is left', () => {
    expect(sideLeftStanding({ combatants: [on('f1', 5), on('f1', 2)] }, zones)).toBeNull();
    expect(sideLeftStanding({ combatants: [on('f1', 0), on('f2', 0)] }, zones)).toBeNull();
  });
});
